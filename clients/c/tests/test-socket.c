/* The socket rule of kinetic_client_connect() against the protocol's description: each case of protocol/kinetic.json
 * "socket" (tests/socket-cases.h, generated) in a child process with that environment alone and, when this test runs
 * as root, that uid. No daemon listens at any of the paths, so the connection fails, and its message names the path
 * the rule chose (or says that there is none). Cases of uid 0 are skipped, saying so, when the test is not root. */
#define _GNU_SOURCE
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "kinetic-client.h"
#include "socket-cases.h"

/* In a child: the case's environment and uid, then a connection attempt; writes its status and message to `out`. */
static void attempt(const struct socket_case *c, int out)
{
	clearenv();
	for (const char *const *entry = c->environment; *entry; entry++)
		putenv((char *)*entry);
	if (getuid() == 0 && c->uid != 0 && setuid(c->uid) != 0)
		_exit(3);
	struct kinetic_client *client = NULL;
	int status = kinetic_client_connect(c->explicit, "test-socket", 1000, NULL, NULL, &client);
	dprintf(out, "%d %s", status, status < 0 ? kinetic_connect_error_message() : "connected");
	kinetic_client_destroy(client);
	_exit(0);
}

int main(void)
{
	size_t count = sizeof socket_cases / sizeof socket_cases[0], ran = 0;
	for (size_t i = 0; i < count; i++) {
		const struct socket_case *c = &socket_cases[i];
		if (c->uid == 0 && getuid() != 0) {
			printf("test-socket: case %zu is root's; skipped as uid %u\n", i, getuid());
			continue;
		}
		int pipe_fds[2];
		if (pipe(pipe_fds) != 0)
			return 2;
		pid_t child = fork();
		if (child == 0) {
			close(pipe_fds[0]);
			attempt(c, pipe_fds[1]);
		}
		close(pipe_fds[1]);
		char said[1024] = "";
		ssize_t got, total = 0;
		while ((got = read(pipe_fds[0], said + total, sizeof said - 1 - (size_t)total)) > 0)
			total += got;
		said[total] = '\0';
		close(pipe_fds[0]);
		int wait_status = 0;
		waitpid(child, &wait_status, 0);
		CHECK(WIFEXITED(wait_status) && WEXITSTATUS(wait_status) == 0, "case %zu: the child ended with %d", i,
		      wait_status);
		if (c->path) {
			char at[512];
			snprintf(at, sizeof at, " %s:", c->path);
			CHECK(strstr(said, at) != NULL, "case %zu: expected the path %s, the client said: %s", i, c->path, said);
		} else {
			CHECK(strstr(said, "no socket to connect to") != NULL, "case %zu: expected no path, the client said: %s",
			      i, said);
		}
		ran++;
	}
	printf("test-socket: %zu of %zu cases of the socket rule ran, %d failed\n", ran, count, failures);
	return failures ? 1 : 0;
}
