/* What kinetic_client_connect says when there is no daemon, when the daemon speaks another protocol version, and when
 * it does not answer: a stand-in server (a child process on a socket of its own) plays each part. */
#define _GNU_SOURCE
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

#include "check.h"
#include "kinetic-client.h"


enum part { HELLO_OF_MAJOR_2, VERSION_ERROR, SILENCE };

static void put_u32(unsigned char *p, uint32_t v) { for (int i = 0; i < 4; i++) p[i] = (unsigned char)(v >> (8 * i)); }

/* Accepts one connection, reads the hello, and answers as `part` says. */
static pid_t serve(const char *path, enum part part)
{
	int listener = socket(AF_UNIX, SOCK_STREAM, 0);
	struct sockaddr_un address = { .sun_family = AF_UNIX };
	snprintf(address.sun_path, sizeof address.sun_path, "%s", path);
	unlink(path);
	if (bind(listener, (struct sockaddr *)&address, sizeof address) < 0 || listen(listener, 1) < 0) {
		perror("stand-in server");
		exit(1);
	}
	pid_t pid = fork();
	if (pid != 0) {
		close(listener);
		return pid;
	}
	int connection = accept(listener, NULL, NULL);
	unsigned char hello[512];
	ssize_t got = read(connection, hello, sizeof hello);
	if (got < 12 || memcmp(hello + 8, "KNTC", 4) != 0)
		_exit(2); /* the client's first message must be a binary hello */
	unsigned char reply[256] = { 0 };
	size_t length = 0;
	if (part == HELLO_OF_MAJOR_2) {
		const char *json = "{\"type\":\"hello\",\"protocol\":2,\"minor\":0,\"server\":\"kineticd 9\"}";
		put_u32(reply, (uint32_t)(4 + 8 + strlen(json)));
		reply[4] = 1; /* hello */
		memcpy(reply + 8, "KNTC", 4);
		reply[12] = 2; /* major 2, minor 0 */
		memcpy(reply + 16, json, strlen(json));
		length = 16 + strlen(json);
	} else if (part == VERSION_ERROR) {
		const char *json = "{\"type\":\"error\",\"code\":\"version_unsupported\",\"message\":\"protocol 7 is not supported\"}";
		put_u32(reply, (uint32_t)(4 + strlen(json)));
		reply[4] = 8; /* error */
		memcpy(reply + 8, json, strlen(json));
		length = 8 + strlen(json);
	} else {
		pause();
	}
	if (write(connection, reply, length) != (ssize_t)length)
		_exit(3);
	sleep(1);
	_exit(0);
}

int main(void)
{
	char folder[] = "/tmp/kinetic-c-version-XXXXXX";
	if (!mkdtemp(folder))
		return 1;
	char path[128];
	snprintf(path, sizeof path, "%s/stand-in.sock", folder);
	struct kinetic_client *client = (struct kinetic_client *)1;

	int status = kinetic_client_connect(path, NULL, 1000, NULL, NULL, &client);
	CHECK(status == KINETIC_E_NO_DAEMON && client == NULL, "nothing there: %s", kinetic_status_name(status));
	CHECK(strstr(kinetic_connect_error_message(), path) && strstr(kinetic_connect_error_message(), "KINETIC_SOCKET"),
	      "the message names the socket and the way out: %s", kinetic_connect_error_message());

	pid_t server = serve(path, HELLO_OF_MAJOR_2);
	status = kinetic_client_connect(path, NULL, 5000, NULL, NULL, &client);
	CHECK(status == KINETIC_E_VERSION && client == NULL, "major 2: %s", kinetic_status_name(status));
	CHECK(strstr(kinetic_connect_error_message(), "protocol 2"), "names the daemon's version: %s",
	      kinetic_connect_error_message());
	int exit_status;
	waitpid(server, &exit_status, 0);
	CHECK(WIFEXITED(exit_status) && WEXITSTATUS(exit_status) == 0, "the client sent a binary hello (%d)", exit_status);

	server = serve(path, VERSION_ERROR);
	status = kinetic_client_connect(path, NULL, 5000, NULL, NULL, &client);
	CHECK(status == KINETIC_E_VERSION, "version_unsupported: %s", kinetic_status_name(status));
	CHECK(strstr(kinetic_connect_error_message(), "protocol 7 is not supported"), "passes the daemon's words on: %s",
	      kinetic_connect_error_message());
	waitpid(server, &exit_status, 0);

	server = serve(path, SILENCE);
	status = kinetic_client_connect(path, NULL, 200, NULL, NULL, &client);
	CHECK(status == KINETIC_E_TIMEOUT, "no answer: %s", kinetic_status_name(status));
	kill(server, SIGTERM);
	waitpid(server, &exit_status, 0);

	unlink(path);
	rmdir(folder);
	if (failures)
		fprintf(stderr, "test-version: %d checks failed\n", failures);
	else
		printf("test-version: every check passed\n");
	return failures ? 1 : 0;
}
