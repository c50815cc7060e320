/* libkinetic-client against a broken or hostile daemon: a stand-in (stand-in.h) sends a valid hello and then what the
 * protocol forbids — names that are not strings, numbers that are not finite, JSON with bytes after it or nested
 * 100 000 deep, frames that do not follow their schema, motion whose evaluation would overflow — or sends without
 * pause. Each must end the connection with KINETIC_E_PROTOCOL and a message naming what was wrong, never crash (the
 * test runs under ASan and UBSan), never reach the listener, and never hold one kinetic_client_dispatch() for more
 * than its 64 KiB. NULL clients get KINETIC_E_INVALID. */
#define _GNU_SOURCE
#include <math.h>
#include <poll.h>
#include <stdio.h>
#include <stdlib.h>
#include <stddef.h>
#include <string.h>
#include <sys/ioctl.h>
#include <time.h>

#include "check.h"
#include "kinetic-client.h"
#include "protocol.h" /* the binary motion codes, generated from protocol/kinetic.json */
#include "stand-in.h"

#define SCHEMA "{\"type\":\"schema\",\"generation\":1,\"channels\":[{\"name\":\"a\",\"dimension\":2,\"offset\":0}],\"count\":4}"

/* What the listener saw. */
static int schemas, frames, replies, events, motions;
/* Set by the event "test.end", which ends a script that should be read whole. */
static bool ended;
static void on_schema(void *data, const struct kinetic_schema *schema) { (void)data, (void)schema, schemas++; }
static void on_frame(void *data, const struct kinetic_frame *frame) { (void)data, (void)frame, frames++; }
static void on_reply(void *data, const struct kinetic_reply *reply) { (void)data, (void)reply, replies++; }
static void on_event(void *data, const struct kinetic_event *event)
{
	(void)data;
	if (strcmp(event->name, "test.end") == 0)
		ended = true;
	else
		events++;
}
static void on_motion(void *data, const struct kinetic_channel *channel, struct kinetic_motion *motion)
{
	(void)data, (void)channel, (void)motion, motions++;
}
static const struct kinetic_client_listener listener = {
	.size = sizeof listener, .schema = on_schema, .frame = on_frame, .reply = on_reply, .event = on_event,
	.motion = on_motion
};
/* The listener's size play() passes: as this test was compiled, or as an older caller's. */
static size_t listener_size = sizeof listener;

static unsigned char script[1 << 21];
static size_t script_length;

static void add(uint16_t type, const char *json) { script_length += stand_in_message(script + script_length, type, json, strlen(json)); }

static void add_frame(uint32_t generation, uint32_t count, const double *numbers, uint32_t written)
{
	unsigned char payload[24 + 8 * 16] = { 0 };
	memcpy(payload, &generation, 4); /* the tests run on little-endian machines, as the protocol's byte order is */
	memcpy(payload + 20, &count, 4);
	memcpy(payload + 24, numbers, 8 * (size_t)written);
	script_length += stand_in_message(script + script_length, 4, payload, 24 + 8 * (size_t)written);
}

/* Binary motion messages (docs/PROTOCOL.md "Motion descriptors in binary"), built number by number: a header of
 * generation, seq 1, time_ns 5, epoch_ns 1 and the entry count, then entries for channel "a" (position 0, two
 * components) unless a case says otherwise. */
static unsigned char motion[4096];
static size_t motion_length;

static void put(const void *bytes, size_t n)
{
	memcpy(motion + motion_length, bytes, n);
	motion_length += n;
}

static void put_u8(uint8_t x) { put(&x, 1); }
static void put_u32(uint32_t x) { put(&x, 4); }
static void put_f64(double x) { put(&x, 8); }

static void motion_begin(uint32_t generation, uint32_t count)
{
	uint64_t seq = 1, time = 5, epoch = 1;
	motion_length = 0;
	put_u32(generation);
	put(&seq, 8);
	put(&time, 8);
	put(&epoch, 8);
	put_u32(count);
}

/* An animation entry's start: position 0, model (1, 2), interval (1, 2), begin 0; its term follows. */
static void animation(void)
{
	put_u32(0);
	put_u8(KINETIC_MOTION_ENTRY_ANIMATION);
	put_f64(1), put_f64(2), put_f64(1), put_f64(2), put_f64(0);
}

static void momentum_term(double travel, double decay, uint8_t regime, double omega0, double omega, double lambda,
			  double settling)
{
	put_u8(KINETIC_MOTION_TERM_MOMENTUM);
	put_f64(decay), put_f64(travel), put_f64(1), put_f64(0.5);
	put_u8(regime);
	put_f64(omega0), put_f64(omega), put_f64(lambda), put_f64(settling);
}

static void spring_term(void)
{
	put_u8(KINETIC_MOTION_TERM_SPRING);
	put_f64(157.91367041742973), put_f64(25.132741228718345);
	for (int i = 0; i < 6; i++)
		put_f64(0.5 * i); /* offset, velocity, force */
	put_f64(0.02);
}

static void add_motion(void) { script_length += stand_in_message(script + script_length, 9, motion, motion_length); }

static int64_t now_ms(void)
{
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	return (int64_t)now.tv_sec * 1000 + now.tv_nsec / 1000000;
}

/* Connects to a stand-in playing `script`, dispatches until a call fails or 3 s pass, and returns the failing status (0
 * when none failed); `message` gets the client's error message. Checks that a failed connection stays failed. */
static int play(const char *name, char *message, size_t size)
{
	schemas = frames = replies = events = motions = 0;
	ended = false;
	struct stand_in stand_in;
	if (stand_in_start(&stand_in, script, script_length, NULL, 0))
		return 1;
	struct kinetic_client *client = NULL;
	struct kinetic_client_listener sized = listener;
	sized.size = listener_size;
	int status = kinetic_client_connect(stand_in.socket, "test-hostile", 5000, &sized, NULL, &client);
	CHECK(status == KINETIC_OK, "%s: connect: %s", name, kinetic_connect_error_message());
	if (!client) {
		stand_in_stop(&stand_in);
		return 1;
	}
	int result = 0;
	for (int64_t deadline = now_ms() + 5000; !ended && now_ms() < deadline;) {
		struct pollfd poll_fd = { .fd = kinetic_client_get_fd(client), .events = POLLIN };
		poll(&poll_fd, 1, 100);
		result = kinetic_client_dispatch(client);
		if (result < 0)
			break;
		result = 0;
	}
	snprintf(message, size, "%s", kinetic_client_error_message(client));
	if (result < 0) {
		CHECK(kinetic_client_dispatch(client) == result && kinetic_client_list(client) == result &&
		      kinetic_client_flush(client) == result, "%s: the ended connection keeps answering %s", name,
		      kinetic_status_name(result));
		CHECK(kinetic_client_get_fd(client) >= 0, "%s: the descriptor stays valid until destroy", name);
	}
	kinetic_client_destroy(client);
	CHECK(stand_in_stop(&stand_in) == 0, "%s: the client's first message was a binary hello", name);
	return result;
}

/* A script of a valid hello then `json` as a message of `type` (NULL: the binary motion message built), which must
 * end the connection with `expected` and a message containing `words`. */
static void refused(const char *name, uint16_t type, const char *json, const char *words)
{
	script_length = stand_in_hello(script);
	if (type == 4 || type == 9)
		add(3, SCHEMA);
	if (json)
		add(type, json);
	else
		add_motion();
	char message[512];
	int status = play(name, message, sizeof message);
	CHECK(status == KINETIC_E_PROTOCOL, "%s: %s (%s)", name, kinetic_status_name(status), message);
	CHECK(strstr(message, words) && strstr(message, "reconnect") && !strchr(message, '\n'),
	      "%s: one line naming '%s' and the way out: %s", name, words, message);
	CHECK(replies == 0 && events == 0 && motions == 0, "%s: nothing of it reached the listener", name);
}

static void check_messages(void)
{
	refused("null name", 3, "{\"type\":\"schema\",\"generation\":1,\"channels\":[{\"name\":null,\"dimension\":1,"
		"\"offset\":0}],\"count\":2}", "name null");
	refused("numeric name", 3, "{\"type\":\"schema\",\"generation\":1,\"channels\":[{\"name\":12345,\"dimension\":1,"
		"\"offset\":0}],\"count\":2}", "name 12345");
	refused("NUL in a name", 3, "{\"type\":\"schema\",\"generation\":1,\"channels\":[{\"name\":\"a\\u0000b\","
		"\"dimension\":1,\"offset\":0}],\"count\":2}", "name");
	refused("dimension 0", 3, "{\"type\":\"schema\",\"generation\":1,\"channels\":[{\"name\":\"a\",\"dimension\":0,"
		"\"offset\":0}],\"count\":0}", "dimension 0");
	refused("overlapping offsets", 3, "{\"type\":\"schema\",\"generation\":1,\"channels\":[{\"name\":\"a\",\"dimension\""
		":1,\"offset\":0},{\"name\":\"b\",\"dimension\":1,\"offset\":1}],\"count\":4}", "offset 1");
	refused("count beyond the channels", 3, "{\"type\":\"schema\",\"generation\":1,\"channels\":[{\"name\":\"a\","
		"\"dimension\":1,\"offset\":0}],\"count\":4000}", "count 4000");
	refused("trailing garbage", 6, "{\"type\":\"reply\",\"id\":1,\"ok\":true} }{", "byte 34 of 36");
	refused("a reply without ok", 6, "{\"type\":\"reply\",\"id\":1}", "ok is nothing");
	refused("a refusal without its code", 6, "{\"type\":\"reply\",\"id\":1,\"ok\":false,\"error\":{}}", "code");
	refused("an event named by a number", 7, "{\"type\":\"event\",\"event\":7}", "name is 7");
	refused("an error without message", 8, "{\"type\":\"error\",\"code\":\"too_slow\"}", "message");
	refused("NaN", 7, "{\"type\":\"event\",\"event\":\"x\",\"value\":NaN}", "not finite");
	/* Binary motion messages the library cannot evaluate, or that break the form. */
	motion_begin(1, 1), put_u32(0), put_u8(KINETIC_MOTION_ENTRY_REST), put_f64(INFINITY), put_f64(0);
	refused("an infinite model", 9, NULL, "cannot evaluate");
	motion_begin(1, 1), put_u32(0), put_u8(KINETIC_MOTION_ENTRY_REST), put_f64(1e51), put_f64(0);
	refused("a motion value over 1e50", 9, NULL, "cannot evaluate");
	motion_begin(1, 1), animation(), momentum_term(1e308, 4, KINETIC_REGIME_UNDER, 12.566, 12, 3.7, 1.2);
	refused("a momentum whose evaluation overflows", 9, NULL, "cannot evaluate");
	motion_begin(1, 1), animation(), momentum_term(10, 4, KINETIC_REGIME_OVER, 1, -1, 0, 3);
	refused("an over-damped bounce whose rates divide by zero", 9, NULL, "cannot evaluate");
	motion_begin(1, 1), animation(), momentum_term(10, -4, KINETIC_REGIME_UNDER, 12.566, 12, 3.7, 1.2);
	refused("a momentum that grows", 9, NULL, "cannot evaluate");
	motion_begin(1, 1), animation(), put_u8(KINETIC_MOTION_TERM_CURVE), put_f64(1e300), put_f64(0), put_f64(0.58),
		put_f64(1), put_f64(0.3);
	refused("a curve whose x leaves [0, 1]", 9, NULL, "cannot evaluate");
	motion_begin(1, 1), put_u32(0), put_u8(KINETIC_MOTION_ENTRY_SPRING_UPDATE);
	for (int i = 0; i < 11; i++)
		put_f64(1);
	refused("a spring update of a channel without a spring", 9, NULL, "cannot evaluate");
	motion_begin(1, 1), animation(), put_u8(KINETIC_MOTION_TERM_SUM), put_u32(1000), put_f64(0);
	refused("a sum counting more entries than it holds", 9, NULL, "cannot evaluate");
	motion_begin(1, 1), put_u32(1), put_u8(KINETIC_MOTION_ENTRY_REST), put_f64(1), put_f64(2);
	refused("a position beyond the schema", 9, NULL, "position 1");
	motion_begin(2, 1), put_u32(0), put_u8(KINETIC_MOTION_ENTRY_REST), put_f64(1), put_f64(2);
	refused("another generation", 9, NULL, "generation 2");
	motion_begin(1, 1), put_u32(0), put_u8(KINETIC_MOTION_ENTRY_REST), put_f64(1), put_f64(2), put_u8(0);
	refused("a byte after the entries", 9, NULL, "1 bytes after");
	motion_length = 20;
	refused("a motion message shorter than its header", 9, NULL, "32");

	char deep[200016];
	size_t n = 100000;
	memset(deep, '[', n);
	memset(deep + n, ']', n);
	deep[2 * n] = '\0';
	refused("nested 100 000 deep", 7, deep, "nest");
	memset(deep, '[', 33);
	memset(deep + 33, ']', 33);
	deep[66] = '\0';
	refused("nested 33 deep", 7, deep, "nest");

	/* Frames against their schema. */
	double numbers[4] = { 1, 2, 3, 4 };
	const char *frame_cases[] = { "a frame before any schema", "a frame of 3 numbers for 4", "a frame of another generation",
				      "a frame carrying NaN" };
	for (int i = 0; i < 4; i++) {
		script_length = stand_in_hello(script);
		if (i > 0)
			add(3, SCHEMA);
		if (i == 3)
			numbers[2] = NAN;
		add_frame(i == 2 ? 2 : 1, i == 1 ? 3 : 4, numbers, i == 1 ? 3 : 4);
		char message[512];
		int status = play(frame_cases[i], message, sizeof message);
		CHECK(status == KINETIC_E_PROTOCOL && frames == 0, "%s: %s, %d frames (%s)", frame_cases[i],
		      kinetic_status_name(status), frames, message);
	}

	/* A length the protocol does not allow. */
	script_length = stand_in_hello(script);
	memcpy(script + script_length, "\x03\0\0\0\x07\0\0\0", 8);
	script_length += 8;
	char message[512];
	CHECK(play("length 3", message, sizeof message) == KINETIC_E_PROTOCOL && strstr(message, "length 3"), "%s",
	      message);

	/* The same kinds of messages, valid, all reach the listener: the checks refuse only what is wrong. */
	script_length = stand_in_hello(script);
	add(3, SCHEMA);
	numbers[2] = 3;
	add_frame(1, 4, numbers, 4);
	add(6, "{\"type\":\"reply\",\"id\":1,\"ok\":true} \n");
	add(6, "{\"type\":\"reply\",\"id\":2,\"ok\":false,\"error\":{\"code\":\"unknown_channel\",\"message\":\"no x\"}}");
	add(7, "{\"type\":\"event\",\"event\":\"gesture.began\",\"channel\":\"a\",\"id\":\"other-client\"}");
	motion_begin(1, 1), animation(), put_u8(KINETIC_MOTION_TERM_CURVE), put_f64(0.42), put_f64(0), put_f64(0.58),
		put_f64(1), put_f64(0.3);
	add_motion();
	motion_begin(1, 1), animation(), momentum_term(10, 4, KINETIC_REGIME_UNDER, 12.566, 12, 3.7, 1.2);
	add_motion();
	/* A rigid bounce: its ω₀ is +∞, which its regime does not use. */
	motion_begin(1, 1), animation(), momentum_term(10, 4, KINETIC_REGIME_RIGID, INFINITY, 0, 0, 0);
	add_motion();
	/* A spring, then an update of it in the same message. */
	motion_begin(1, 2), animation(), spring_term(), put_u32(0), put_u8(KINETIC_MOTION_ENTRY_SPRING_UPDATE);
	for (int i = 0; i < 11; i++)
		put_f64(i);
	add_motion();
	add(99, "anything: a later minor version's message type");
	add(7, "{\"type\":\"event\",\"event\":\"test.end\"}");
	CHECK(play("valid messages", message, sizeof message) == 0 && ended && schemas == 1 && frames == 1 && replies == 2 &&
	      events == 1 && motions == 5, "%d schemas, %d frames, %d replies, %d events, %d motions (%s)", schemas, frames,
	      replies, events, motions, message);

	/* A caller compiled before the motion callback was appended: its listener ends before it, so the library never
	 * reads past it, and motion is never called; everything else arrives as before. */
	listener_size = offsetof(struct kinetic_client_listener, motion);
	CHECK(play("an older listener", message, sizeof message) == 0 && ended && schemas == 1 && frames == 1 &&
	      replies == 2 && events == 1 && motions == 0, "%d schemas, %d frames, %d replies, %d events, %d motions (%s)",
	      schemas, frames, replies, events, motions, message);
	listener_size = sizeof listener;

	/* A listener without its size is refused, saying what to set. */
	struct stand_in stand_in;
	script_length = stand_in_hello(script);
	if (stand_in_start(&stand_in, script, script_length, NULL, 0) == 0) {
		struct kinetic_client_listener unsized = listener;
		unsized.size = 0;
		struct kinetic_client *client = NULL;
		int status = kinetic_client_connect(stand_in.socket, "test-hostile", 5000, &unsized, NULL, &client);
		CHECK(status == KINETIC_E_INVALID && !client &&
		      strstr(kinetic_connect_error_message(), "sizeof(struct kinetic_client_listener)"), "size 0: %s (%s)",
		      kinetic_status_name(status), kinetic_connect_error_message());
		stand_in_stop(&stand_in);
	}
}

/* A daemon that sends frames without pause: each dispatch reads at most 64 KiB, and returns. */
static void check_bounded_dispatch(void)
{
	script_length = stand_in_hello(script);
	add(3, SCHEMA);
	size_t start = script_length;
	double numbers[4] = { 1, 2, 3, 4 };
	/* Frames in sends of 1 000 (a Unix socket's queue counts each send's overhead: single small frames never fill
	 * 64 KiB of it). */
	for (int i = 0; i < 1000; i++)
		add_frame(1, 4, numbers, 4);
	struct stand_in stand_in;
	if (stand_in_start(&stand_in, script, start, script + start, script_length - start))
		return;
	struct kinetic_client *client = NULL;
	kinetic_client_connect(stand_in.socket, "test-hostile", 5000, &listener, NULL, &client);
	CHECK(client, "connect: %s", kinetic_connect_error_message());
	/* Waits (at most 5 s) until the socket holds more than one dispatch may read, whatever the machine's speed. */
	int queued = 0;
	for (int64_t deadline = now_ms() + 5000; client && queued <= 65536 && now_ms() < deadline;) {
		nanosleep(&(struct timespec){ .tv_nsec = 1000000 }, NULL);
		ioctl(kinetic_client_get_fd(client), FIONREAD, &queued);
	}
	uint64_t largest = 0, first = 0, total = 0;
	int pending = 0;
	for (int call = 0; client && call < 100; call++) {
		uint64_t before = kinetic_client_bytes_received(client);
		int handled = kinetic_client_dispatch(client);
		CHECK(handled >= 0, "dispatch %d: %s", call, kinetic_client_error_message(client));
		uint64_t read = kinetic_client_bytes_received(client) - before;
		first = call == 0 ? read : first;
		total += read;
		largest = read > largest ? read : largest;
		pending += kinetic_client_read_pending(client);
		struct pollfd poll_fd = { .fd = kinetic_client_get_fd(client), .events = POLLIN };
		poll(&poll_fd, 1, 1000);
	}
	CHECK(first == 65536 && pending > 0, "with more than 64 KiB waiting, a dispatch reads 64 KiB and says more waits: "
	      "%llu bytes", (unsigned long long)first);
	CHECK(largest <= 65536, "one dispatch reads at most 64 KiB: %llu bytes", (unsigned long long)largest);
	printf("test-hostile: 100 dispatches against a daemon sending without pause read %llu bytes, at most %llu in one\n",
	       (unsigned long long)total, (unsigned long long)largest);
	kinetic_client_destroy(client);
	stand_in_stop(&stand_in);
}

/* kinetic_client_connect_nonblocking() against a daemon that never answers the hello: it returns a client at once (the
 * blocking connect would wait and time out), which queues commands and is not ready; against one that answers, the
 * hello and what follows come through dispatch; against one that refuses the hello, dispatch fails with its reason. */
static void check_nonblocking_connect(void)
{
	struct stand_in stand_in;
	struct kinetic_client *client = NULL;
	if (stand_in_start(&stand_in, script, 0, NULL, 0))
		return;
	CHECK(kinetic_client_connect_nonblocking(stand_in.socket, "test-hostile", &listener, NULL, &client) == KINETIC_OK,
	      "non-blocking connect to a silent daemon: %s", kinetic_connect_error_message());
	const char *patterns[] = { "*" };
	CHECK(client && !kinetic_client_ready(client) && kinetic_client_subscribe(client, patterns, 1, 0) == 0,
	      "a silent daemon's client is not ready and queues a subscription");
	struct pollfd poll_fd = { .fd = kinetic_client_get_fd(client), .events = POLLIN };
	poll(&poll_fd, 1, 100);
	CHECK(kinetic_client_dispatch(client) == 0 && !kinetic_client_ready(client), "nothing to dispatch, still not ready");
	kinetic_client_destroy(client);
	CHECK(stand_in_stop(&stand_in) == 0, "the silent daemon got a binary hello");

	schemas = 0;
	script_length = stand_in_hello(script);
	add(3, SCHEMA);
	if (stand_in_start(&stand_in, script, script_length, NULL, 0))
		return;
	client = NULL;
	kinetic_client_connect_nonblocking(stand_in.socket, "test-hostile", &listener, NULL, &client);
	for (int64_t deadline = now_ms() + 5000; client && schemas == 0 && now_ms() < deadline;) {
		poll_fd.fd = kinetic_client_get_fd(client);
		poll(&poll_fd, 1, 100);
		CHECK(kinetic_client_dispatch(client) >= 0, "dispatch: %s", kinetic_client_error_message(client));
	}
	CHECK(client && kinetic_client_ready(client) && schemas == 1 && strlen(kinetic_client_server(client)) > 0,
	      "the hello and the schema after it came through dispatch (ready %d, %d schemas)",
	      client && kinetic_client_ready(client), schemas);
	kinetic_client_destroy(client);
	stand_in_stop(&stand_in);

	script_length = 0;
	add(8, "{\"type\":\"error\",\"code\":\"version_unsupported\",\"message\":\"protocol 9 only\"}");
	if (stand_in_start(&stand_in, script, script_length, NULL, 0))
		return;
	client = NULL;
	kinetic_client_connect_nonblocking(stand_in.socket, "test-hostile", &listener, NULL, &client);
	int status = 0;
	for (int64_t deadline = now_ms() + 5000; client && status == 0 && now_ms() < deadline;) {
		poll_fd.fd = kinetic_client_get_fd(client);
		poll(&poll_fd, 1, 100);
		status = kinetic_client_dispatch(client);
	}
	CHECK(status == KINETIC_E_VERSION && strstr(kinetic_client_error_message(client), "protocol 9 only") &&
	      !kinetic_client_ready(client), "a refused hello ends the connection: %s (%s)", kinetic_status_name(status),
	      client ? kinetic_client_error_message(client) : "no client");
	kinetic_client_destroy(client);
	stand_in_stop(&stand_in);
}

static void check_null_client(void)
{
	const char *patterns[] = { "*" };
	double value[1] = { 0 };
	struct kinetic_change change = { .channel = "a", .value = value, .count = 1 };
	struct kinetic_zoom zoom = { .element = "e" };
	const int64_t statuses[] = {
		kinetic_client_dispatch(NULL), kinetic_client_flush(NULL), kinetic_client_subscribe(NULL, patterns, 1, 0),
		kinetic_client_subscribe_motion(NULL, patterns, 1, 0), kinetic_client_define(NULL, "a", 1, value),
		kinetic_client_set(NULL, "a", value, 1), kinetic_client_animate(NULL, "a", value, 1, NULL, 0),
		kinetic_client_animate_changes(NULL, &change, 1, NULL, 0), kinetic_client_remove(NULL, "a"),
		kinetic_client_insert(NULL, "e", NULL, NULL), kinetic_client_remove_element(NULL, "e", NULL, NULL),
		kinetic_client_zoom(NULL, &zoom), kinetic_client_effect(NULL, "e", ".bounce", NULL, 0),
		kinetic_client_list(NULL), kinetic_client_status(NULL), kinetic_client_reload(NULL),
		kinetic_client_frame_clock(NULL, 16666667, 0, -1), kinetic_client_reduce_motion(NULL, true, 0),
		kinetic_client_get_fd(NULL), kinetic_client_server_minor(NULL),
		kinetic_client_connect("/nonexistent", NULL, 10, NULL, NULL, NULL),
		kinetic_motion_evaluate(NULL, 0, value, NULL), kinetic_motion_parse("{}", 2, 0, 0, NULL),
	};
	for (size_t i = 0; i < sizeof statuses / sizeof *statuses; i++)
		CHECK(statuses[i] == KINETIC_E_INVALID, "call %zu with NULL: %s", i, kinetic_status_name((int)statuses[i]));
	kinetic_client_destroy(NULL);
	CHECK(!kinetic_client_wants_write(NULL) && !kinetic_client_read_pending(NULL) && !kinetic_client_schema(NULL) &&
	      !kinetic_client_latest_frame(NULL) && !kinetic_client_find_channel(NULL, "a") &&
	      !kinetic_client_motion(NULL, NULL) && kinetic_client_bytes_received(NULL) == 0 &&
	      kinetic_client_tick_hz(NULL) == 0 && strstr(kinetic_client_error_message(NULL), "NULL") &&
	      strstr(kinetic_client_server(NULL), "NULL"), "accessors answer 'nothing' for NULL");
	CHECK(kinetic_motion_kind(NULL) == KINETIC_MOTION_FRAMES && !kinetic_motion_channel(NULL) &&
	      !kinetic_motion_reason(NULL) && kinetic_motion_dimension(NULL) == 0 && kinetic_motion_time_ns(NULL) == 0,
	      "motion accessors answer 'nothing' for NULL");
}

int main(void)
{
	check_null_client();
	check_messages();
	check_bounded_dispatch();
	check_nonblocking_connect();
	if (failures)
		fprintf(stderr, "test-hostile: %d checks failed\n", failures);
	else
		printf("test-hostile: every check passed\n");
	return failures ? 1 : 0;
}
