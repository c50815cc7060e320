/* The tests' CHECK: counts a failure and says where, what and why, and goes on. */
#ifndef KINETIC_TEST_CHECK_H
#define KINETIC_TEST_CHECK_H

#include <stdio.h>

static int failures;

#define CHECK(condition, ...)                                                                  \
	do {                                                                                   \
		if (!(condition)) {                                                            \
			failures++;                                                            \
			fprintf(stderr, "%s:%d: FAILED: %s: ", __FILE__, __LINE__, #condition); \
			fprintf(stderr, __VA_ARGS__);                                          \
			fprintf(stderr, "\n");                                                 \
		}                                                                              \
	} while (0)

#endif
