/* A stand-in daemon for the tests: a child process on a socket of its own, which plays a script instead of kineticd. */
#ifndef KINETIC_TEST_STAND_IN_H
#define KINETIC_TEST_STAND_IN_H

#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

struct stand_in {
	pid_t pid;
	char folder[48];
	char socket[100];
};

/*
 * Starts it: it accepts one connection, reads the client's first message (the child exits with status 2 unless it is
 * a binary hello), sends `script`, then sends `repeat` again and again while the client reads (when `repeat` is not
 * NULL), or keeps the connection open until stopped. Returns 0 or 1.
 */
int stand_in_start(struct stand_in *stand_in, const void *script, size_t length, const void *repeat,
		   size_t repeat_length);

/* Stops it (SIGTERM) and removes its folder; returns the child's exit status (0 after SIGTERM), or -1. */
int stand_in_stop(struct stand_in *stand_in);

/* Writes a binary message of `type` whose payload is `payload_length` bytes at `payload` into `out`; returns its
 * length. A hello (type 1) gets the KNTC magic and the protocol version 1.0 before its payload. */
size_t stand_in_message(unsigned char *out, uint16_t type, const void *payload, size_t payload_length);

/* The hello of a kineticd of protocol 1.0, as a binary message, into `out`; returns its length. */
size_t stand_in_hello(unsigned char *out);

#endif
