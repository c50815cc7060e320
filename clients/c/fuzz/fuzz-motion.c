/* libFuzzer target clientMotion: one channel's motion descriptor, as JSON, through kinetic_motion_parse() and
 * kinetic_motion_evaluate() at times from its start to an hour later and back. What breaks it: a sanitizer report, a
 * loop that does not end, or a value that is not finite (velocities may be NaN where the engine reports none). */
#include <math.h>
#include <stdlib.h>

#include "kinetic-client.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	struct kinetic_motion *motion = NULL;
	if (kinetic_motion_parse((const char *)data, size, 1000000000, 1000000000, &motion) != KINETIC_OK)
		return 0;
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
