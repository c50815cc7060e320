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

/* The protocol's limit on a message after its length field, in both directions (docs/PROTOCOL.md "Limits"). */
#define KINETIC_MAX_MESSAGE (1u << 20)
/* length (4) + type (2) + flags (2). */
#define KINETIC_HEADER_SIZE 8
/* A value's components (docs/PROTOCOL.md "Limits"). */
#define KINETIC_MAX_COMPONENTS 64

enum kinetic_message_type {
	KINETIC_MSG_HELLO = 1,
	KINETIC_MSG_SUBSCRIBE = 2,
	KINETIC_MSG_SCHEMA = 3,
	KINETIC_MSG_FRAME = 4,
	KINETIC_MSG_COMMAND = 5,
	KINETIC_MSG_REPLY = 6,
	KINETIC_MSG_EVENT = 7,
	KINETIC_MSG_ERROR = 8,
	KINETIC_MSG_MOTION = 9,
};

/* kinetic_motion_parse() of an entry json-c has already read. */
int kinetic_motion_read_object(json_object *object, uint64_t epoch_ns, uint64_t time_ns, struct kinetic_motion **out);

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
