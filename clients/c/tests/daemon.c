#define _GNU_SOURCE
#include "daemon.h"

#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <spawn.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

extern char **environ;

static int accepts(const char *path)
{
	int fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	struct sockaddr_un address = { .sun_family = AF_UNIX };
	if (strlen(path) >= sizeof address.sun_path)
		return 0;
	memcpy(address.sun_path, path, strlen(path) + 1);
	int connected = connect(fd, (struct sockaddr *)&address, sizeof address) == 0;
	close(fd);
	return connected;
}

/* Copies the file at `path` (the daemon's output) to standard error, so that a failure says why. */
static void print_file(const char *path)
{
	FILE *file = fopen(path, "r");
	char line[1024];
	while (file && fgets(line, sizeof line, file))
		fputs(line, stderr);
	if (file)
		fclose(file);
}

int test_daemon_start(struct test_daemon *daemon)
{
	const char *binary = getenv("KINETICD");
	if (!binary || !*binary) {
		fprintf(stderr, "KINETICD is not set: these tests need a kineticd (scripts/test-c.sh sets it)\n");
		return 77;
	}
	snprintf(daemon->folder, sizeof daemon->folder, "/tmp/kinetic-c-XXXXXX");
	if (!mkdtemp(daemon->folder)) {
		perror("mkdtemp");
		return 1;
	}
	snprintf(daemon->socket, sizeof daemon->socket, "%s/kineticd.sock", daemon->folder);
	char config[128], log[128];
	snprintf(config, sizeof config, "%s/kineticd.yaml", daemon->folder);
	snprintf(log, sizeof log, "%s/kineticd.log", daemon->folder);
	FILE *file = fopen(config, "w");
	if (!file || fputs("bindings: []\n", file) < 0 || fclose(file) != 0) {
		perror(config);
		return 1;
	}
	posix_spawn_file_actions_t actions;
	posix_spawn_file_actions_init(&actions);
	posix_spawn_file_actions_addopen(&actions, 1, log, O_WRONLY | O_CREAT | O_APPEND, 0644);
	posix_spawn_file_actions_adddup2(&actions, 1, 2);
	char *arguments[] = { (char *)binary, "--socket", daemon->socket, "--config", config, NULL };
	int error = posix_spawn(&daemon->pid, binary, &actions, NULL, arguments, environ);
	posix_spawn_file_actions_destroy(&actions);
	if (error) {
		fprintf(stderr, "starting %s: %s\n", binary, strerror(error));
		return 1;
	}
	for (int tries = 0; tries < 400; tries++) {
		if (accepts(daemon->socket))
			return 0;
		int status;
		if (waitpid(daemon->pid, &status, WNOHANG) == daemon->pid) {
			fprintf(stderr, "kineticd exited before listening; its output:\n");
			print_file(log);
			return 1;
		}
		nanosleep(&(struct timespec){ .tv_nsec = 50000000 }, NULL);
	}
	fprintf(stderr, "kineticd did not listen on %s within 20 s; its output:\n", daemon->socket);
	print_file(log);
	return 1;
}

int test_daemon_stop(struct test_daemon *daemon)
{
	int status = -1;
	if (daemon->pid > 0) {
		kill(daemon->pid, SIGTERM);
		if (waitpid(daemon->pid, &status, 0) != daemon->pid)
			status = -1;
	}
	char command[160];
	snprintf(command, sizeof command, "rm -rf '%s'", daemon->folder);
	if (system(command) != 0)
		fprintf(stderr, "could not remove %s\n", daemon->folder);
	return status;
}
