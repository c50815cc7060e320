/* The example runs against a real kineticd as a user would run it (KINETIC_SOCKET set), exits 0, and its last line
 * says the panel rests exactly where it was sent: `test-example PATH [--motion]`, the example's option passed on. */
#define _GNU_SOURCE
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "daemon.h"

int main(int argc, char **argv)
{
	if (argc != 2 && argc != 3) {
		fprintf(stderr, "usage: test-example PATH-OF-compositor-loop [--motion]\n");
		return 2;
	}
	struct test_daemon daemon;
	int started = test_daemon_start(&daemon);
	if (started)
		return started;
	setenv("KINETIC_SOCKET", daemon.socket, 1);
	char command[1024];
	snprintf(command, sizeof command, "'%s'%s", argv[1], argc == 3 ? " --motion" : "");
	FILE *output = popen(command, "r");
	char line[256], last[256] = "", first[256] = "";
	int lines = 0;
	while (output && fgets(line, sizeof line, output)) {
		if (lines++ == 0)
			snprintf(first, sizeof first, "%s", line);
		snprintf(last, sizeof last, "%s", line);
	}
	int status = output ? pclose(output) : -1;
	test_daemon_stop(&daemon);
	int failures = 0;
	if (status != 0) {
		fprintf(stderr, "FAILED: compositor-loop exited with %d\n", status);
		failures++;
	}
	if (strcmp(last, "panel open at 300 px\n") != 0) {
		fprintf(stderr, "FAILED: the last line is \"%s\", not \"panel open at 300 px\"\n", last);
		failures++;
	}
	if (lines < 10 || !strstr(first, argc == 3 ? "motion for vblank " : "frame ")) {
		fprintf(stderr, "FAILED: %d lines, the first \"%s\"\n", lines, first);
		failures++;
	}
	if (!failures)
		printf("test-example: compositor-loop drew %d frames and ended on the target\n", lines - 1);
	return failures ? 1 : 0;
}
