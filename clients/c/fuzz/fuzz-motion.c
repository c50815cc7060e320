/* libFuzzer target clientMotion: one channel's motion descriptor through the library's reader and
 * kinetic_motion_evaluate() at times from its start to an hour later and back. Input starting with '{' is a JSON entry
 * (kinetic_motion_parse()); any other is a binary entry (docs/PROTOCOL.md "Motion descriptors in binary"): its first
 * byte gives the channel's dimension (1 + byte % 64), the rest is the entry after its position, read after a running
 * spring of that dimension, so that spring updates apply. What breaks it: a sanitizer report, a read past the input,
 * a loop that does not end, or a value that is not finite (velocities may be NaN where the engine reports none).
 * The entry is built and read little-endian, as the protocol is and the machines it runs on are. */
#define _GNU_SOURCE /* private.h uses locale_t */
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "private.h"

/* The spring a binary entry follows: an animation entry of `dimension` components. */
static struct kinetic_motion *running_spring(uint32_t dimension)
{
	unsigned char entry[1 + 16 * 64 + 8 + 1 + 16 + 24 * 64 + 8], *p = entry;
	double numbers[64];
	*p++ = KINETIC_MOTION_ENTRY_ANIMATION;
	for (uint32_t i = 0; i < dimension; i++)
		numbers[i] = 100 + i;
	memcpy(p, numbers, 8 * dimension); /* model */
	p += 8 * dimension;
	memcpy(p, numbers, 8 * dimension); /* interval */
	p += 8 * dimension;
	double begin = 0, stiffness = 157.91367041742973, damping = 25.132741228718345, clock = 0;
	memcpy(p, &begin, 8);
	p += 8;
	*p++ = KINETIC_MOTION_TERM_SPRING;
	memcpy(p, &stiffness, 8);
	memcpy(p + 8, &damping, 8);
	p += 16;
	memset(p, 0, 24 * dimension); /* offset, velocity, force */
	p += 24 * dimension;
	memcpy(p, &clock, 8);
	p += 8;
	const unsigned char *bytes = entry;
	size_t left = (size_t)(p - entry);
	struct kinetic_motion *motion = NULL;
	if (kinetic_motion_read_binary(&bytes, &left, "fuzz", dimension, NULL, 1000000000, 1000000000, &motion) != KINETIC_OK ||
	    left != 0)
		abort();
	return motion;
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct kinetic_motion *motion = NULL;
	if (size > 0 && data[0] == '{') {
		if (kinetic_motion_parse((const char *)data, size, 1000000000, 1000000000, &motion) != KINETIC_OK)
			return 0;
	} else if (size > 0) {
		uint32_t dimension = 1 + data[0] % 64;
		struct kinetic_motion *previous = running_spring(dimension);
		const unsigned char *bytes = data + 1;
		size_t left = size - 1;
		int status = kinetic_motion_read_binary(&bytes, &left, "fuzz", dimension, previous, 1000000000, 1000000000,
							&motion);
		kinetic_motion_destroy(previous);
		/* Never past the input: what is left is within it. */
		if (left > size - 1 || bytes < data + 1 || bytes > data + size)
			abort();
		if (status != KINETIC_OK)
			return 0;
	} else {
		return 0;
	}
	double value[64], velocity[64];
	static const uint64_t times[] = { 1000000000, 1016666667, 1100000000, 2000000000, 3601000000000ull, 1050000000 };
	for (size_t t = 0; t < sizeof times / sizeof *times; t++) {
		int status = kinetic_motion_evaluate(motion, times[t], value, velocity);
		if (status != KINETIC_OK)
			break;
		for (uint32_t i = 0; i < kinetic_motion_dimension(motion); i++)
			if (!isfinite(value[i]) || isinf(velocity[i]))
				abort();
	}
	kinetic_motion_destroy(motion);
	return 0;
}
