/* "No allocation per frame": after the schema, reading frames allocates nothing. The test counts every malloc, calloc
 * and realloc of the process — the library's included, since a definition in the executable takes precedence for the
 * shared libraries it loads — while it receives frames of a moving channel from a real kineticd. Built without the
 * sanitizers, whose own allocators these definitions would displace (scripts/test-c.sh builds it apart). */
#define _GNU_SOURCE
#include <poll.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

#include "daemon.h"
#include "kinetic-client.h"

extern void *__libc_malloc(size_t size);
extern void *__libc_calloc(size_t count, size_t size);
extern void *__libc_realloc(void *pointer, size_t size);

static bool counting;
static size_t allocations;

void *malloc(size_t size)
{
	allocations += counting;
	return __libc_malloc(size);
}

void *calloc(size_t count, size_t size)
{
	allocations += counting;
	return __libc_calloc(count, size);
}

void *realloc(void *pointer, size_t size)
{
	allocations += counting;
	return __libc_realloc(pointer, size);
}

static int frames, replies, others;
static void on_frame(void *data, const struct kinetic_frame *frame) { (void)data; (void)frame; frames++; }
static void on_reply(void *data, const struct kinetic_reply *reply) { (void)data; (void)reply; replies++; }
static void on_other(void *data, const struct kinetic_schema *schema) { (void)data; (void)schema; others++; }

/* Dispatches until `*counter` reaches `target`, for at most 10 s. */
static bool pump(struct kinetic_client *client, int *counter, int target)
{
	struct timespec start, now;
	clock_gettime(CLOCK_MONOTONIC, &start);
	while (*counter < target) {
		struct pollfd fd = { .fd = kinetic_client_get_fd(client), .events = POLLIN };
		poll(&fd, 1, 100);
		if (kinetic_client_dispatch(client) < 0)
			return false;
		clock_gettime(CLOCK_MONOTONIC, &now);
		if (now.tv_sec - start.tv_sec > 10)
			return false;
	}
	return true;
}

int main(void)
{
	struct test_daemon daemon;
	int started = test_daemon_start(&daemon);
	if (started)
		return started;
	const struct kinetic_client_listener listener = { .size = sizeof listener, .frame = on_frame, .reply = on_reply,
							  .schema = on_other };
	struct kinetic_client *client;
	if (kinetic_client_connect(daemon.socket, "test-allocations", 10000, &listener, NULL, &client) < 0) {
		fprintf(stderr, "connect: %s\n", kinetic_connect_error_message());
		test_daemon_stop(&daemon);
		return 1;
	}
	const char *channels[] = { "moving" };
	double far[3] = { 1000, -500, 250 };
	kinetic_client_subscribe(client, channels, 1, 0);
	kinetic_client_define(client, "moving", 3, NULL);
	kinetic_client_animate(client, "moving", far, 3, ".linear(duration: 3)", KINETIC_COMPLETION_NONE);
	bool ready = pump(client, &replies, 2) && pump(client, &frames, frames + 2);
	/* From here only frames arrive (no completion was asked for, no other client): count. */
	int before = frames, schemas = others;
	counting = true;
	bool received = ready && pump(client, &frames, before + 60);
	counting = false;
	int counted = frames - before;
	kinetic_client_destroy(client);
	test_daemon_stop(&daemon);
	if (!received || others != schemas) {
		fprintf(stderr, "FAILED: %d frames received while counting (wanted 60), %d new schemas\n", counted,
			others - schemas);
		return 1;
	}
	if (allocations != 0) {
		fprintf(stderr, "FAILED: %zu allocations while %d frames were read\n", allocations, counted);
		return 1;
	}
	printf("test-allocations: %d frames read with no allocation\n", counted);
	return 0;
}
