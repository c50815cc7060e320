/* libFuzzer target clientStream: the bytes a daemon sends after its hello, read by libkinetic-client through its real
 * path — a socketpair whose other end plays the daemon, kinetic_client_dispatch() in its 64 KiB steps, every check of
 * messages.c, the listener. What breaks it: a sanitizer report, a frame or a schema the listener gets that breaks the
 * protocol's rules, a motion whose evaluation is not finite, or a dispatch that reads more than its bound. */
#define _GNU_SOURCE
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <unistd.h>

#include "private.h"

#define BREAK(condition) do { if (!(condition)) abort(); } while (0)

static void on_schema(void *data, const struct kinetic_schema *schema)
{
	(void)data;
	uint32_t total = 0;
	for (size_t i = 0; i < schema->channel_count; i++) {
		BREAK(schema->channels[i].offset == total && strlen(schema->channels[i].name) >= 1);
		total += 2 * schema->channels[i].dimension;
	}
	BREAK(total == schema->count && schema->channel_count <= KINETIC_MAX_CHANNELS);
}

static void on_frame(void *data, const struct kinetic_frame *frame)
{
	(void)data;
	for (uint32_t i = 0; i < frame->count; i++)
		BREAK(isfinite(frame->numbers[i]));
}

static void on_motion(void *data, const struct kinetic_channel *channel, struct kinetic_motion *motion)
{
	(void)data;
	if (kinetic_motion_kind(motion) == KINETIC_MOTION_FRAMES)
		return;
	BREAK(kinetic_motion_dimension(motion) == channel->dimension);
	double value[KINETIC_MAX_COMPONENTS], velocity[KINETIC_MAX_COMPONENTS];
	static const uint64_t times[] = { 0, 16666667, 1000000000, 5000000000, 3000000000000ull, 1000000 };
	for (size_t t = 0; t < sizeof times / sizeof *times; t++) {
		BREAK(kinetic_motion_evaluate(motion, kinetic_motion_time_ns(motion) + times[t], value, velocity) == KINETIC_OK);
		for (uint32_t i = 0; i < kinetic_motion_dimension(motion); i++)
			BREAK(isfinite(value[i]) && !isinf(velocity[i]));
	}
}

static const struct kinetic_client_listener listener = {
	.size = sizeof listener, .schema = on_schema, .frame = on_frame, .motion = on_motion
};

static void send_all(int fd, const void *bytes, size_t length)
{
	for (size_t sent = 0; sent < length;) {
		ssize_t wrote = send(fd, (const char *)bytes + sent, length - sent, MSG_NOSIGNAL);
		if (wrote <= 0)
			return;
		sent += (size_t)wrote;
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	int pair[2];
	if (socketpair(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0, pair) < 0)
		return 0;
	const char hello_json[] = "{\"type\":\"hello\",\"server\":\"fuzz 1\",\"tick_hz\":120}";
	unsigned char hello[8 + 8 + sizeof hello_json];
	kinetic_store_u32(hello, (uint32_t)(4 + 8 + sizeof hello_json - 1));
	kinetic_store_u16(hello + 4, KINETIC_MSG_HELLO);
	kinetic_store_u16(hello + 6, 0);
	memcpy(hello + 8, "KNTC\x01\0\0\0", 8);
	memcpy(hello + 16, hello_json, sizeof hello_json - 1);
	send_all(pair[1], hello, sizeof hello - 1);
	struct kinetic_client *client = NULL;
	if (kinetic_connection_open(pair[0], "fuzz", 1000, &listener, NULL, &client) != KINETIC_OK) {
		close(pair[1]);
		return 0;
	}
	/* The daemon's end writes without blocking, the client dispatches, until every byte is read or the client has
	 * ended the connection. */
	size_t sent = 0;
	for (int rounds = 0; rounds < 100000; rounds++) {
		if (sent < size) {
			ssize_t wrote = send(pair[1], data + sent, size - sent, MSG_NOSIGNAL | MSG_DONTWAIT);
			if (wrote > 0)
				sent += (size_t)wrote;
		} else if (pair[1] >= 0) {
			close(pair[1]);
			pair[1] = -1;
		}
		uint64_t before = kinetic_client_bytes_received(client);
		int status = kinetic_client_dispatch(client);
		BREAK(kinetic_client_bytes_received(client) - before <= KINETIC_DISPATCH_BYTES);
		if (status < 0)
			break;
	}
	kinetic_client_destroy(client);
	if (pair[1] >= 0)
		close(pair[1]);
	return 0;
}
