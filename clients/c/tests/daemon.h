/* A kineticd for the tests: the binary at $KINETICD, on a socket of its own in a new temporary folder. */
#ifndef KINETIC_TEST_DAEMON_H
#define KINETIC_TEST_DAEMON_H

#include <sys/types.h>

struct test_daemon {
	pid_t pid;
	char folder[64];
	char socket[128];
};

/* Starts it and waits until it accepts connections; returns 0, 77 (skip: $KINETICD unset) or 1. */
int test_daemon_start(struct test_daemon *daemon);
/* Stops it (SIGTERM) and removes its folder; returns its exit status, or -1. */
int test_daemon_stop(struct test_daemon *daemon);

#endif
