/*
 * One client of the motion benchmark (Benchmarks/daemon-bench.sh --only motion): subscribes to `touch.position` of
 * the kineticd at SOCKET either to frames or with motion descriptors, and for SECONDS shows the channel at 60 Hz as a
 * compositor would — at each display deadline the latest frame's value, or the descriptor evaluated at that deadline.
 * Prints the bytes it received (kinetic_client_bytes_received: every byte its recv calls returned), its CPU time
 * (getrusage: user + system, so wake-ups count), the messages and the values shown.
 * Usage: motion-client SOCKET frames|motion SECONDS
 */
#define _GNU_SOURCE
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <time.h>

#include "kinetic-client.h"

static double cpu_seconds(void)
{
	struct rusage usage;
	getrusage(RUSAGE_SELF, &usage);
	return (double)usage.ru_utime.tv_sec + usage.ru_utime.tv_usec / 1e6 + (double)usage.ru_stime.tv_sec +
	       usage.ru_stime.tv_usec / 1e6;
}

static uint64_t now_ns(void)
{
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}

static long frames, motions;
static void on_frame(void *data, const struct kinetic_frame *frame) { (void)data, (void)frame, frames++; }
static void on_motion(void *data, const struct kinetic_channel *channel, struct kinetic_motion *motion)
{
	(void)data, (void)channel, (void)motion, motions++;
}

int main(int argc, char **argv)
{
	if (argc != 4 || (strcmp(argv[2], "frames") && strcmp(argv[2], "motion"))) {
		fprintf(stderr, "usage: motion-client SOCKET frames|motion SECONDS\n");
		return 2;
	}
	bool motion = strcmp(argv[2], "motion") == 0;
	double seconds = atof(argv[3]);
	const struct kinetic_client_listener listener = { .size = sizeof listener, .frame = on_frame, .motion = on_motion };
	struct kinetic_client *client = NULL;
	int status = kinetic_client_connect(argv[1], motion ? "bench-motion" : "bench-frames", 5000, &listener, NULL,
					    &client);
	if (status != KINETIC_OK) {
		fprintf(stderr, "motion-client: %s\n", kinetic_connect_error_message());
		return 1;
	}
	const char *patterns[] = { "touch.position" };
	if (motion)
		kinetic_client_subscribe_motion(client, patterns, 1, 0);
	else
		kinetic_client_subscribe(client, patterns, 1, 0);
	/* One second to settle in, then the measured window. */
	uint64_t start = now_ns() + 1000000000u, end = start + (uint64_t)(seconds * 1e9), period = 16666667;
	uint64_t deadline = now_ns() + period;
	uint64_t bytes0 = 0;
	double cpu0 = 0, sum = 0;
	long shown = 0, frames0 = 0, motions0 = 0;
	bool measuring = false;
	for (;;) {
		uint64_t now = now_ns();
		if (!measuring && now >= start) {
			measuring = true;
			bytes0 = kinetic_client_bytes_received(client);
			cpu0 = cpu_seconds(), frames0 = frames, motions0 = motions;
		}
		if (now >= end)
			break;
		if (now >= deadline) {
			/* A display deadline: the value to show. */
			const struct kinetic_channel *channel = kinetic_client_find_channel(client, "touch.position");
			double value[2] = { 0, 0 };
			if (channel && motion) {
				struct kinetic_motion *m = kinetic_client_motion(client, channel);
				if (m && kinetic_motion_kind(m) != KINETIC_MOTION_FRAMES)
					kinetic_motion_evaluate(m, deadline, value, NULL);
				else if (kinetic_client_latest_frame(client))
					memcpy(value, kinetic_frame_value(kinetic_client_latest_frame(client), channel), sizeof value);
			} else if (channel && kinetic_client_latest_frame(client)) {
				memcpy(value, kinetic_frame_value(kinetic_client_latest_frame(client), channel), sizeof value);
			}
			sum += value[0];
			shown += measuring;
			deadline += period;
			continue;
		}
		struct pollfd fd = { .fd = kinetic_client_get_fd(client), .events = POLLIN };
		poll(&fd, 1, (int)((deadline - now) / 1000000) + 1);
		if (kinetic_client_dispatch(client) < 0) {
			fprintf(stderr, "motion-client: %s\n", kinetic_client_error_message(client));
			return 1;
		}
	}
	double cpu = cpu_seconds() - cpu0;
	double bytes = (double)(kinetic_client_bytes_received(client) - bytes0);
	printf("%s: %.0f bytes/s, CPU %.1f us/s, %ld frames, %ld descriptors, %ld values shown (checksum %g)\n",
	       argv[2], bytes / seconds, cpu / seconds * 1e6, frames - frames0, motions - motions0, shown, sum);
	kinetic_client_destroy(client);
	return 0;
}
