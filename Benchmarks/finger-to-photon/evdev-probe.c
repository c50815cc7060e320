/* SPDX-License-Identifier: Apache-2.0 */
/*
 * evdev-probe DEVICE: the kernel's timestamps of a touchscreen's events, for the finger-to-photon benchmark
 * (Benchmarks/finger-to-photon.sh). Reads DEVICE with libevdev on CLOCK_MONOTONIC (the clock of Weston's timeline and
 * wp_presentation on DRM, and of kineticd) and prints one line per input frame (SYN_REPORT):
 *   frame NS X TOUCHING
 * NS the frame's time, X the primary touch's ABS_X, TOUCHING 1 while BTN_TOUCH is down. It runs until killed; a
 * SYN_DROPPED is followed by libevdev's resync and said on stderr.
 */
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <libevdev/libevdev.h>

int main(int argc, char **argv)
{
	if (argc != 2) {
		fprintf(stderr, "usage: evdev-probe DEVICE\n");
		return 2;
	}
	setvbuf(stdout, NULL, _IOLBF, 0);
	int fd = open(argv[1], O_RDONLY | O_CLOEXEC);
	struct libevdev *device = NULL;
	int status = fd < 0 ? -errno : libevdev_new_from_fd(fd, &device);
	if (status < 0) {
		fprintf(stderr, "evdev-probe: %s: %s\n", argv[1], strerror(-status));
		return 1;
	}
	if (libevdev_set_clock_id(device, CLOCK_MONOTONIC) < 0) {
		fprintf(stderr, "evdev-probe: %s: cannot take CLOCK_MONOTONIC timestamps\n", argv[1]);
		return 1;
	}
	unsigned int flags = LIBEVDEV_READ_FLAG_NORMAL | LIBEVDEV_READ_FLAG_BLOCKING;
	for (;;) {
		struct input_event event;
		status = libevdev_next_event(device, flags, &event);
		if (status == LIBEVDEV_READ_STATUS_SYNC) {
			fprintf(stderr, "evdev-probe: events dropped; resynchronising\n");
			flags = LIBEVDEV_READ_FLAG_SYNC;
			continue;
		}
		if (status == -EAGAIN && flags == LIBEVDEV_READ_FLAG_SYNC) {
			flags = LIBEVDEV_READ_FLAG_NORMAL | LIBEVDEV_READ_FLAG_BLOCKING;
			continue;
		}
		if (status < 0) {
			fprintf(stderr, "evdev-probe: %s: %s\n", argv[1], strerror(-status));
			return 1;
		}
		if (event.type == EV_SYN && event.code == SYN_REPORT)
			printf("frame %lld %d %d\n",
			       (long long)event.input_event_sec * 1000000000LL + (long long)event.input_event_usec * 1000LL,
			       libevdev_get_event_value(device, EV_ABS, ABS_X),
			       libevdev_get_event_value(device, EV_KEY, BTN_TOUCH));
	}
}
