/* Motion descriptors from a real kineticd, in the binary encoding: one connection subscribes with motion descriptors,
 * another to frames, and a script of commands (a spring, a timing curve combining with it, a bouncy spring taking
 * over, a jump, a held drag whose spring is retargeted every 10 ms and so comes as spring updates, a channel whose
 * delayed curve has no closed form, an element inserted, removed mid-transition and inserted again) runs. Every frame's value of a channel described in closed form must equal
 * what the library's evaluator gives for the frame's time from the descriptor in force, to 1e-9 relative; the
 * channel without one must be described as "frames", and the motion subscriber must get frames for it.
 *
 * Order: the daemon writes each tick's motion message to the motion connection (connected first) before the tick's
 * frame to the other, so once a frame has been read, the descriptors in force at its time are readable; the loop reads
 * the frame connection first, then the motion connection, then compares. */
#define _GNU_SOURCE
#include <math.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "daemon.h"
#include "check.h"
#include "kinetic-client.h"

#define MAX_PENDING 4096

/* The channels compared: two defined ones, and an element's transition channels. */
#define CHANNELS 5
static const char *names[CHANNELS] = { "m.a", "m.b", "m.w.opacity", "m.w.scale", "m.w.offset" };
static const uint32_t dimensions[CHANNELS] = { 2, 2, 1, 2, 2 };

struct pending {
	uint64_t time_ns;
	bool present[CHANNELS];
	double value[CHANNELS][2];
};

static struct kinetic_client *motion_client, *frame_client;
static struct pending pending[MAX_PENDING];
static int pending_count, compared, motions, framed_motions, motion_frames, last_reply;
static int element_compared;
static double worst;

static void on_frame(void *data, const struct kinetic_frame *frame)
{
	(void)data;
	if (pending_count == MAX_PENDING)
		return;
	struct pending *p = &pending[pending_count];
	p->time_ns = frame->time_ns;
	for (int c = 0; c < CHANNELS; c++) {
		const struct kinetic_channel *channel = kinetic_client_find_channel(frame_client, names[c]);
		p->present[c] = channel != NULL;
		if (channel)
			memcpy(p->value[c], kinetic_frame_value(frame, channel), dimensions[c] * sizeof(double));
	}
	pending_count++;
}

static void on_motion_frame(void *data, const struct kinetic_frame *frame)
{
	(void)data;
	(void)frame;
	motion_frames++;
}

static void on_motion(void *data, const struct kinetic_channel *channel, struct kinetic_motion *motion)
{
	(void)data;
	motions++;
	if (kinetic_motion_kind(motion) == KINETIC_MOTION_FRAMES) {
		framed_motions++;
		CHECK(strcmp(channel->name, "m.b") == 0 && kinetic_motion_reason(motion) &&
		      strlen(kinetic_motion_reason(motion)) > 0, "%s described as frames: %s", channel->name,
		      kinetic_motion_reason(motion));
	}
}

static void on_reply(void *data, const struct kinetic_reply *reply)
{
	(void)data;
	CHECK(reply->ok, "command %lld: %s", (long long)reply->id, reply->json);
	last_reply = (int)reply->id;
}

/* Compares the pending frames with the evaluator, for the channels described in closed form. */
static void compare_pending(void)
{
	for (int i = 0; i < pending_count; i++) {
		for (int c = 0; c < CHANNELS; c++) {
			const struct kinetic_channel *channel = kinetic_client_find_channel(motion_client, names[c]);
			struct kinetic_motion *motion = channel ? kinetic_client_motion(motion_client, channel) : NULL;
			if (!pending[i].present[c] || !motion || kinetic_motion_kind(motion) == KINETIC_MOTION_FRAMES ||
			    kinetic_motion_time_ns(motion) > pending[i].time_ns)
				continue;
			double value[2], velocity[2];
			CHECK(kinetic_motion_evaluate(motion, pending[i].time_ns, value, velocity) == KINETIC_OK, "evaluate");
			for (uint32_t k = 0; k < dimensions[c]; k++) {
				double frame = pending[i].value[c][k];
				double error = fabs(value[k] - frame) / fmax(1, fabs(frame));
				worst = fmax(worst, error);
				CHECK(error <= 1e-9, "%s at %llu ns: evaluated %.17g, frame %.17g", names[c],
				      (unsigned long long)pending[i].time_ns, value[k], frame);
			}
			compared++;
			element_compared += c >= 2;
		}
	}
	pending_count = 0;
}

static int64_t now_ms(void)
{
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	return (int64_t)now.tv_sec * 1000 + now.tv_nsec / 1000000;
}

/* Runs both connections for `ms` milliseconds. */
static bool run_for(int ms)
{
	int64_t deadline = now_ms() + ms;
	for (int64_t left; (left = deadline - now_ms()) > 0;) {
		struct pollfd fds[2] = {
			{ .fd = kinetic_client_get_fd(frame_client),
			  .events = POLLIN | (kinetic_client_wants_write(frame_client) ? POLLOUT : 0) },
			{ .fd = kinetic_client_get_fd(motion_client),
			  .events = POLLIN | (kinetic_client_wants_write(motion_client) ? POLLOUT : 0) },
		};
		poll(fds, 2, (int)left);
		if (kinetic_client_dispatch(frame_client) < 0 || kinetic_client_dispatch(motion_client) < 0) {
			fprintf(stderr, "dispatch: %s / %s\n", kinetic_client_error_message(frame_client),
				kinetic_client_error_message(motion_client));
			return false;
		}
		compare_pending();
	}
	return true;
}

/* A description whose sub-step clock addition cannot move (1e14 s, where 1/300 s is below half a unit in the last
 * place, half a second before the elapsed time, so no catch-up) ends on the model instead of looping; and one that is
 * not a descriptor is refused. */
static void check_hostile_descriptions(void)
{
	const char *absurd = "{\"channel\":\"x\",\"kind\":\"animation\",\"model\":[5],\"interval\":[1],\"begin\":-1e14,"
			     "\"term\":{\"kind\":\"spring\",\"stiffness\":100,\"damping\":20,\"offset\":[0],"
			     "\"velocity\":[0],\"force\":[0],\"clock\":1e14}}";
	struct kinetic_motion *motion = NULL;
	CHECK(kinetic_motion_parse(absurd, strlen(absurd), 0, 0, &motion) == KINETIC_OK, "the absurd description parses");
	double value = 0, velocity = 1;
	if (motion)
		kinetic_motion_evaluate(motion, 500000000, &value, &velocity);
	CHECK(value == 5 && velocity == 0, "ends on the model: %g, %g", value, velocity);
	kinetic_motion_destroy(motion);
	const char *wrong[] = { "{\"channel\":\"x\",\"kind\":\"wobble\",\"model\":[1]}", "[1,2]", "{\"kind\":\"rest\"}",
				"{\"channel\":\"x\",\"kind\":\"animation\",\"model\":[1],\"interval\":[1,2],\"begin\":0,"
				"\"term\":{\"kind\":\"curve\",\"p1\":[0,0],\"p2\":[1,1],\"duration\":1}}" };
	for (size_t i = 0; i < sizeof wrong / sizeof *wrong; i++) {
		motion = NULL;
		CHECK(kinetic_motion_parse(wrong[i], strlen(wrong[i]), 0, 0, &motion) == KINETIC_E_PROTOCOL && !motion,
		      "refused: %s", wrong[i]);
	}
}

int main(void)
{
	check_hostile_descriptions();
	struct test_daemon daemon;
	int started = test_daemon_start(&daemon);
	if (started)
		return started;
	const struct kinetic_client_listener motion_listener = {
		.size = sizeof motion_listener, .frame = on_motion_frame, .reply = on_reply, .motion = on_motion
	};
	const struct kinetic_client_listener frame_listener = { .size = sizeof frame_listener, .frame = on_frame,
									 .reply = on_reply };
	int status = kinetic_client_connect(daemon.socket, "test-motion", 10000, &motion_listener, NULL, &motion_client);
	CHECK(status == KINETIC_OK, "connect: %s", kinetic_connect_error_message());
	status = status ? status : kinetic_client_connect(daemon.socket, "test-frames", 10000, &frame_listener, NULL,
							  &frame_client);
	CHECK(status == KINETIC_OK, "connect: %s", kinetic_connect_error_message());
	if (status != KINETIC_OK) {
		test_daemon_stop(&daemon);
		return 1;
	}
	const char *patterns[] = { "m.*" };
	CHECK(kinetic_client_subscribe_motion(motion_client, patterns, 1, 0) == 0, "subscribe with motion");
	CHECK(kinetic_client_subscribe(frame_client, patterns, 1, 0) == 0, "subscribe");
	double zero[2] = { 0, 0 };
	kinetic_client_define(frame_client, "m.a", 2, zero);
	kinetic_client_define(frame_client, "m.b", 2, zero);
	run_for(100);
	/* m.a: a spring, a timing curve combining with it, a bouncy spring taking over, a jump, a last spring. */
	double a1[2] = { 300, -120 }, a2[2] = { -50, 80 }, a3[2] = { 10, 10 }, a4[2] = { 500, 500 }, a5[2] = { 0, 1 };
	kinetic_client_animate(frame_client, "m.a", a1, 2, ".spring", 0);
	/* m.b: a delayed curve, which has no closed form: its values come in frames. */
	double b1[2] = { 40, 40 };
	kinetic_client_animate(frame_client, "m.b", b1, 2, ".easeIn(duration: 0.3).delay(0.1)", 0);
	run_for(130);
	kinetic_client_animate(frame_client, "m.a", a2, 2, ".easeInOut(duration: 0.3)", 0);
	run_for(110);
	kinetic_client_animate(frame_client, "m.a", a3, 2, ".bouncy", 0);
	run_for(300);
	kinetic_client_set(frame_client, "m.a", a4, 2);
	run_for(50);
	kinetic_client_animate(frame_client, "m.a", a5, 2, ".snappy", 0);
	run_for(1500);
	/* A held drag: m.a retargeted by an interactive spring every 10 ms. After the first description each retarget
	 * reaches the motion subscriber as a spring update (docs/PROTOCOL.md "Motion descriptors in binary"): a message of
	 * 8 + 32 + 4 + 89 bytes where a full description takes 8 + 32 + 4 + 114. */
	run_for(50);
	uint64_t bytes_before = kinetic_client_bytes_received(motion_client);
	int motions_before = motions;
	for (int n = 1; n <= 30; n++) {
		double to[2] = { 4.0 * n, -2.0 * n };
		kinetic_client_animate(frame_client, "m.a", to, 2, ".interactiveSpring", 0);
		run_for(10);
	}
	uint64_t drag_bytes = kinetic_client_bytes_received(motion_client) - bytes_before;
	int drag_motions = motions - motions_before;
	CHECK(drag_motions >= 10 && drag_bytes <= (uint64_t)drag_motions * 140,
	      "a held drag's %d descriptors took %llu bytes (spring updates take 133 each)", drag_motions,
	      (unsigned long long)drag_bytes);
	run_for(1000);
	/* An element: the default window transition, removed mid-way (it turns round, keeping its springs' velocity),
	 * inserted again during the removal. Its channels are described in closed form. */
	kinetic_client_insert(frame_client, "m.w", ".scale(0.9).combined(with: .opacity)", ".smooth(duration: 0.3)");
	run_for(120);
	kinetic_client_remove_element(frame_client, "m.w", NULL, ".smooth(duration: 0.3)");
	run_for(90);
	kinetic_client_insert(frame_client, "m.w", NULL, ".bouncy");
	run_for(900);
	CHECK(compared >= 100, "%d values compared", compared);
	CHECK(element_compared >= 60, "%d element values compared", element_compared);
	CHECK(framed_motions >= 1 && motion_frames > 0, "m.b described as frames (%d) and its frames sent (%d)",
	      framed_motions, motion_frames);
	CHECK(motions >= 6, "%d motion descriptors", motions);
	printf("test-motion: %d descriptors, %d frame values matched the evaluator (%d of an element's transition; worst "
	       "relative error %.3g); %d frames to the motion subscriber while a channel had no closed form\n", motions,
	       compared, element_compared, worst, motion_frames);
	kinetic_client_destroy(motion_client);
	kinetic_client_destroy(frame_client);
	CHECK(test_daemon_stop(&daemon) == 0, "kineticd exits 0 on SIGTERM");
	return failures ? 1 : 0;
}
