/* SPDX-License-Identifier: Apache-2.0 */
/*
 * The loop a compositor would copy: kineticd's socket beside the display's vblank in one poll(), the daemon's ticks
 * locked to the display (frame_clock), and at each vblank the latest frame drawn.
 *
 * With --motion it subscribes to motion descriptors instead (docs/PROTOCOL.md, "Motion descriptors") and at each
 * vblank evaluates the panel's motion for that vblank's time: no frames on the socket while the spring runs.
 *
 * Here a timerfd at 60 Hz stands in for the display's vblank events (a compositor has them from DRM or its backend),
 * and drawing is a printed line. It slides a panel 300 px with a spring and exits once the panel rests there.
 *
 *   cc compositor-loop.c $(pkg-config --cflags --libs kinetic-client) -o compositor-loop
 *   ./compositor-loop [--motion]   # the daemon at $KINETIC_SOCKET (or the system's)
 */
#define _GNU_SOURCE
#include <inttypes.h>
#include <poll.h>
#include <stdio.h>
#include <string.h>
#include <sys/timerfd.h>
#include <time.h>
#include <unistd.h>

#include <kinetic-client.h>

#define REFRESH_NS 16666667u

static bool removed;

static void on_event(void *data, const struct kinetic_event *event)
{
	(void)data;
	if (strcmp(event->name, "animation.removed") == 0)
		removed = true;
}

static void on_reply(void *data, const struct kinetic_reply *reply)
{
	(void)data;
	if (!reply->ok)
		fprintf(stderr, "compositor-loop: command %" PRId64 " refused: %s: %s\n", reply->id, reply->error_code,
			reply->error_message);
}

static uint64_t monotonic_ns(void)
{
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}

/* The display: a timerfd that fires every REFRESH_NS from *vblank, the first vblank's time. */
static int open_display(uint64_t *vblank)
{
	int display = timerfd_create(CLOCK_MONOTONIC, TFD_CLOEXEC | TFD_NONBLOCK);
	*vblank = monotonic_ns() + REFRESH_NS;
	struct itimerspec timing = {
		.it_value = { .tv_sec = (time_t)(*vblank / 1000000000u), .tv_nsec = (long)(*vblank % 1000000000u) },
		.it_interval = { .tv_nsec = REFRESH_NS },
	};
	timerfd_settime(display, TFD_TIMER_ABSTIME, &timing, NULL);
	return display;
}

/* A vblank with motion descriptors: draws the panel where its motion puts it at the next vblank. Returns whether
 * the panel has come to rest where it was going. */
static bool draw_motion(struct kinetic_client *client, uint64_t vblank)
{
	const struct kinetic_channel *panel = kinetic_client_find_channel(client, "panel.offset");
	struct kinetic_motion *described = panel ? kinetic_client_motion(client, panel) : NULL;
	double offset, velocity;
	if (!described || kinetic_motion_kind(described) == KINETIC_MOTION_FRAMES ||
	    kinetic_motion_evaluate(described, vblank + REFRESH_NS, &offset, &velocity) < 0)
		return false;
	printf("motion for vblank %" PRIu64 " ns: panel at %.3f px, %.1f px/s\n", vblank + REFRESH_NS, offset, velocity);
	if (!removed || kinetic_motion_kind(described) != KINETIC_MOTION_REST)
		return false;
	printf("panel open at %.17g px\n", offset);
	return true;
}

/* A vblank with frames: draws the latest frame, if a new one came since *drawn_seq. Returns whether the panel has
 * come to rest where it was going. */
static bool draw_frame(struct kinetic_client *client, uint64_t *drawn_seq)
{
	const struct kinetic_frame *frame = kinetic_client_latest_frame(client);
	const struct kinetic_channel *panel = kinetic_client_find_channel(client, "panel.offset");
	if (!frame || !panel || frame->seq == *drawn_seq)
		return false;
	*drawn_seq = frame->seq;
	double offset = kinetic_frame_value(frame, panel)[0], velocity = kinetic_frame_velocity(frame, panel)[0];
	printf("frame %" PRIu64 " for vblank %" PRIu64 " ns: panel at %.3f px, %.1f px/s\n", frame->seq, frame->time_ns,
	       offset, velocity);
	if (!removed || velocity != 0)
		return false;
	printf("panel open at %.17g px\n", offset);
	return true;
}

int main(int argc, char **argv)
{
	bool motion = argc > 1 && strcmp(argv[1], "--motion") == 0;
	if (argc > 2 || (argc == 2 && !motion)) {
		fprintf(stderr, "usage: compositor-loop [--motion]\n");
		return 2;
	}
	const struct kinetic_client_listener listener = { .size = sizeof listener, .event = on_event, .reply = on_reply };
	struct kinetic_client *client;
	if (kinetic_client_connect(NULL, "compositor-loop", 5000, &listener, NULL, &client) < 0) {
		fprintf(stderr, "compositor-loop: %s\n", kinetic_connect_error_message());
		return 1;
	}
	uint64_t vblank;
	int display = open_display(&vblank);

	const char *channels[] = { "panel.offset" };
	double closed[1] = { 0 }, open[1] = { 300 };
	if (motion)
		kinetic_client_subscribe_motion(client, channels, 1, 0);
	else
		kinetic_client_subscribe(client, channels, 1, 0);
	kinetic_client_define(client, "panel.offset", 1, closed);
	kinetic_client_frame_clock(client, REFRESH_NS, vblank, -1);
	kinetic_client_animate(client, "panel.offset", open, 1, ".spring(duration: 0.4, bounce: 0.15)",
			       KINETIC_COMPLETION_REMOVED);

	int status = 0;
	uint64_t drawn_seq = 0;
	for (bool done = false; !done;) {
		struct pollfd fds[2] = {
			{ .fd = kinetic_client_get_fd(client),
			  .events = POLLIN | (kinetic_client_wants_write(client) ? POLLOUT : 0) },
			{ .fd = display, .events = POLLIN },
		};
		if (poll(fds, 2, 2000) <= 0) {
			fprintf(stderr, "compositor-loop: nothing from the daemon or the display for 2 s\n");
			status = 1;
			break;
		}
		if (fds[0].revents && kinetic_client_dispatch(client) < 0) {
			fprintf(stderr, "compositor-loop: %s\n", kinetic_client_error_message(client));
			status = 1;
			break;
		}
		uint64_t vblanks;
		if (!(fds[1].revents & POLLIN) || read(display, &vblanks, sizeof vblanks) != sizeof vblanks)
			continue;
		vblank += vblanks * REFRESH_NS;
		done = motion ? draw_motion(client, vblank) : draw_frame(client, &drawn_seq);
	}
	kinetic_client_destroy(client);
	close(display);
	return status;
}
