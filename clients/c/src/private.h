/* SPDX-License-Identifier: Apache-2.0 */
/* Internals of libkinetic-client shared by its source files. */
#ifndef KINETIC_CLIENT_PRIVATE_H
#define KINETIC_CLIENT_PRIVATE_H

#include <locale.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <json.h>

#include "kinetic-client.h"

#include "protocol.h"

/* The protocol's limits (protocol/kinetic.json, through protocol.h), under the names the readers use. */
#define KINETIC_MAX_MESSAGE KINETIC_LIMIT_MESSAGE_BYTES
/* length (4) + type (2) + flags (2). */
#define KINETIC_HEADER_SIZE 8
#define KINETIC_MAX_COMPONENTS KINETIC_LIMIT_DIMENSION
#define KINETIC_MAX_NESTING KINETIC_LIMIT_JSON_DEPTH
#define KINETIC_MAX_CHANNELS KINETIC_LIMIT_CHANNELS
#define KINETIC_MAX_FRAME_NUMBERS KINETIC_LIMIT_FRAME_NUMBERS
#define KINETIC_MAX_NAME KINETIC_LIMIT_CHANNEL_NAME_BYTES
#define KINETIC_MAX_MOTION_MAGNITUDE KINETIC_LIMIT_MOTION_MAGNITUDE
#define KINETIC_DISPATCH_BYTES KINETIC_LIMIT_DISPATCH_READ_BYTES

/* What a call on a NULL client, or on a client whose connection has ended, returns. */
#define CHECK_CLIENT(client)                      \
	do {                                      \
		if (!(client))                    \
			return KINETIC_E_INVALID; \
		if ((client)->ended)              \
			return (client)->ended;   \
	} while (0)

/* kinetic_motion_parse() of an entry json-c has already read. */
int kinetic_motion_read_object(json_object *object, uint64_t epoch_ns, uint64_t time_ns, struct kinetic_motion **out);
/* One entry of a binary motion message after its position (docs/PROTOCOL.md "Motion descriptors in binary"), for
 * `channel` of `dimension` components whose motion was `previous` (NULL: none), from `*bytes` (`*left` of them),
 * which it moves past the entry. KINETIC_OK with *out to kinetic_motion_destroy(), KINETIC_E_PROTOCOL for bytes that
 * are not such an entry (nothing is read past `*left`), or KINETIC_E_NO_MEMORY. */
int kinetic_motion_read_binary(const unsigned char **bytes, size_t *left, const char *channel, uint32_t dimension,
			       const struct kinetic_motion *previous, uint64_t epoch_ns, uint64_t time_ns,
			       struct kinetic_motion **out);

/* The member `key` of `object` when it has `type`, or NULL: the one typed lookup of the daemon's JSON messages. */
json_object *kinetic_json_member(json_object *object, const char *key, json_type type);

/* A growable byte buffer; `failed` once an append ran out of memory or past `limit`. */
struct kinetic_buffer {
	char *data;
	size_t length;
	size_t capacity;
	size_t limit;
	bool failed;
};

bool kinetic_buffer_reserve(struct kinetic_buffer *buffer, size_t extra);
void kinetic_buffer_append(struct kinetic_buffer *buffer, const void *bytes, size_t count);
void kinetic_buffer_free(struct kinetic_buffer *buffer);

/* A JSON object being written: kinetic_json_begin, then members, then kinetic_json_end. Numbers are written in the
 * C locale whatever the caller's (a compositor may run in a locale whose decimal separator is a comma). */
struct kinetic_json {
	struct kinetic_buffer text;
	locale_t c_locale;
	bool first;
	/* Set when an argument was refused (a number not finite, a NULL string); `problem` says which. */
	bool invalid;
	char problem[160];
};

void kinetic_json_begin(struct kinetic_json *json, locale_t c_locale);
void kinetic_json_key(struct kinetic_json *json, const char *key);
void kinetic_json_string(struct kinetic_json *json, const char *key, const char *value);
void kinetic_json_integer(struct kinetic_json *json, const char *key, int64_t value);
void kinetic_json_number(struct kinetic_json *json, const char *key, double value);
void kinetic_json_bool(struct kinetic_json *json, const char *key, bool value);
void kinetic_json_numbers(struct kinetic_json *json, const char *key, const double *values, size_t count);
void kinetic_json_strings(struct kinetic_json *json, const char *key, const char *const *values, size_t count);
/* Writes `"key":` then `count` values of an object {"name": [numbers]} (animate's `changes`). */
void kinetic_json_changes(struct kinetic_json *json, const char *key, const struct kinetic_change *changes,
			  size_t count);
void kinetic_json_end(struct kinetic_json *json);
void kinetic_json_free(struct kinetic_json *json);

/* A command's object begun with its type, id and op (the id is returned); the writer adds its fields, then
 * kinetic_queue_command() queues it and returns the id, or a negative status (commands.c, generated). */
int64_t kinetic_begin_command(struct kinetic_client *client, struct kinetic_json *json, const char *op);
int64_t kinetic_queue_command(struct kinetic_client *client, struct kinetic_json *json, int64_t id);

/* The connection (client.c); its messages are read by messages.c. */
struct kinetic_client {
	int fd;
	struct kinetic_client_listener listener;
	void *data;
	locale_t c_locale;
	struct kinetic_buffer in;
	struct kinetic_buffer out;
	/* Bytes of `out` already written. */
	size_t written;
	int64_t next_id;
	char server[128];
	double tick_hz;
	int minor;
	/* The schema in force: its channels, their names (one block), and the frame's numbers. */
	struct kinetic_schema schema;
	bool has_schema;
	struct kinetic_channel *channels;
	char *names;
	double *numbers;
	/* The latest frame of the schema in force (its numbers are `numbers`). */
	struct kinetic_frame latest;
	bool has_frame;
	json_tokener *tokener;
	char error[512];
	/* The latest motion of each channel of the schema in force (same order), or NULL; and the motion callback. */
	struct kinetic_motion **motions;
	/* Every byte read from the daemon. */
	uint64_t bytes_received;
	/* Whether the last dispatch's read filled its KINETIC_DISPATCH_BYTES (the socket may hold more). */
	bool read_pending;
	/* Once the connection has ended (the daemon closed it, or sent what the protocol forbids): the status every later
	 * call returns, with `error` saying why. */
	int ended;
	/* Until the daemon's hello has been read (a non-blocking connection's first dispatches). */
	bool awaiting_hello;
};

/* Sets the client's error message and returns `status`. */
int kinetic_fail(struct kinetic_client *client, int status, const char *format, ...)
	__attribute__((format(printf, 3, 4)));

/* Ends the connection for something the daemon sent that the protocol forbids: KINETIC_E_PROTOCOL, with a message that
 * says what was wrong and what to do. */
int kinetic_violation(struct kinetic_client *client, const char *format, ...) __attribute__((format(printf, 2, 3)));

/* kinetic_client_connect() on a socket already connected to the daemon, which the client owns from then on (closed
 * on failure too): the hello exchange, then the client. For the fuzz targets, which play the daemon on a socketpair. */
int kinetic_connection_open(int fd, const char *client_name, int timeout_ms, const struct kinetic_client_listener *listener,
			void *data, struct kinetic_client **out);

/* Handles one whole message of `type` (messages.c): validates it, updates the client and calls the listener. */
int kinetic_handle_message(struct kinetic_client *client, uint16_t type, const unsigned char *payload, size_t size);

/* Parses `payload` as one JSON value as the daemon's messages are: strict JSON in UTF-8, nothing after it but
 * whitespace, nested at most KINETIC_MAX_NESTING deep, every number finite. NULL with `problem` filled otherwise. */
json_object *kinetic_json_parse(json_tokener *tokener, const unsigned char *payload, size_t size, char *problem,
				size_t problem_size);

/* A tokener for kinetic_json_parse(). */
json_tokener *kinetic_json_tokener(void);

/* Whether `name` (of `length` bytes) is a channel or element name as the protocol defines it: 1 to 256 bytes, no
 * control character, no '"', '\\', '*' or '?' (its UTF-8 is already checked by the parser). */
bool kinetic_valid_name(const char *name, size_t length);

/* Little-endian reads and writes, whatever the host's byte order. */
static inline uint16_t kinetic_load_u16(const unsigned char *p) { return (uint16_t)(p[0] | (p[1] << 8)); }
static inline uint32_t kinetic_load_u32(const unsigned char *p)
{
	return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) | ((uint32_t)p[3] << 24);
}
static inline uint64_t kinetic_load_u64(const unsigned char *p)
{
	return (uint64_t)kinetic_load_u32(p) | ((uint64_t)kinetic_load_u32(p + 4) << 32);
}
static inline void kinetic_store_u16(unsigned char *p, uint16_t v)
{
	p[0] = (unsigned char)v;
	p[1] = (unsigned char)(v >> 8);
}
static inline void kinetic_store_u32(unsigned char *p, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		p[i] = (unsigned char)(v >> (8 * i));
}

#endif
