/* SPDX-License-Identifier: Apache-2.0 */
/* The JSON objects libkinetic-client sends: every command and the subscribe. */
#define _GNU_SOURCE
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "private.h"

bool kinetic_buffer_reserve(struct kinetic_buffer *buffer, size_t extra)
{
	if (buffer->failed)
		return false;
	if (extra > buffer->limit || buffer->length > buffer->limit - extra) {
		buffer->failed = true;
		return false;
	}
	size_t needed = buffer->length + extra;
	if (needed <= buffer->capacity)
		return true;
	size_t capacity = buffer->capacity ? buffer->capacity : 256;
	while (capacity < needed)
		capacity *= 2;
	char *grown = realloc(buffer->data, capacity);
	if (!grown) {
		buffer->failed = true;
		return false;
	}
	buffer->data = grown;
	buffer->capacity = capacity;
	return true;
}

void kinetic_buffer_append(struct kinetic_buffer *buffer, const void *bytes, size_t count)
{
	if (!kinetic_buffer_reserve(buffer, count))
		return;
	if (count)
		memcpy(buffer->data + buffer->length, bytes, count);
	buffer->length += count;
}

void kinetic_buffer_free(struct kinetic_buffer *buffer)
{
	free(buffer->data);
	*buffer = (struct kinetic_buffer){ 0 };
}

static void append_text(struct kinetic_json *json, const char *text)
{
	kinetic_buffer_append(&json->text, text, strlen(text));
}

static void refuse(struct kinetic_json *json, const char *format, ...)
{
	if (json->invalid)
		return;
	json->invalid = true;
	va_list arguments;
	va_start(arguments, format);
	vsnprintf(json->problem, sizeof json->problem, format, arguments);
	va_end(arguments);
}

void kinetic_json_begin(struct kinetic_json *json, locale_t c_locale)
{
	*json = (struct kinetic_json){ .text = { .limit = KINETIC_MAX_MESSAGE }, .c_locale = c_locale, .first = true };
	append_text(json, "{");
}

/* A JSON string: quotes, backslashes and control characters escaped; other bytes (UTF-8) as they are, for the
 * daemon to check. */
static void append_string(struct kinetic_json *json, const char *value)
{
	append_text(json, "\"");
	for (const unsigned char *p = (const unsigned char *)value; *p; p++) {
		char escaped[8];
		if (*p == '"' || *p == '\\') {
			escaped[0] = '\\';
			escaped[1] = (char)*p;
			kinetic_buffer_append(&json->text, escaped, 2);
		} else if (*p < 0x20) {
			snprintf(escaped, sizeof escaped, "\\u%04x", *p);
			append_text(json, escaped);
		} else {
			kinetic_buffer_append(&json->text, p, 1);
		}
	}
	append_text(json, "\"");
}

void kinetic_json_key(struct kinetic_json *json, const char *key)
{
	if (!json->first)
		append_text(json, ",");
	json->first = false;
	append_string(json, key);
	append_text(json, ":");
}

void kinetic_json_string(struct kinetic_json *json, const char *key, const char *value)
{
	if (!value) {
		refuse(json, "%s is NULL; pass a string", key);
		return;
	}
	kinetic_json_key(json, key);
	append_string(json, value);
}

void kinetic_json_integer(struct kinetic_json *json, const char *key, int64_t value)
{
	char text[32];
	snprintf(text, sizeof text, "%lld", (long long)value);
	kinetic_json_key(json, key);
	append_text(json, text);
}

/* The shortest of %.15g, %.16g and %.17g that reads back as the same double, in the C locale. */
static void append_number(struct kinetic_json *json, const char *key, double value)
{
	if (!isfinite(value)) {
		refuse(json, "%s holds %g; the protocol carries finite numbers only", key, value);
		return;
	}
	locale_t previous = uselocale(json->c_locale);
	char text[40];
	for (int precision = 15; precision <= 17; precision++) {
		snprintf(text, sizeof text, "%.*g", precision, value);
		if (strtod(text, NULL) == value)
			break;
	}
	uselocale(previous);
	append_text(json, text);
}

void kinetic_json_number(struct kinetic_json *json, const char *key, double value)
{
	kinetic_json_key(json, key);
	append_number(json, key, value);
}

void kinetic_json_bool(struct kinetic_json *json, const char *key, bool value)
{
	kinetic_json_key(json, key);
	append_text(json, value ? "true" : "false");
}

static void append_numbers(struct kinetic_json *json, const char *key, const double *values, size_t count)
{
	if (!values || count < 1 || count > KINETIC_MAX_COMPONENTS) {
		refuse(json, "%s has %zu numbers%s; a value has 1 to %d", key, values ? count : 0,
		       values ? "" : " (NULL)", KINETIC_MAX_COMPONENTS);
		return;
	}
	append_text(json, "[");
	for (size_t i = 0; i < count; i++) {
		if (i)
			append_text(json, ",");
		append_number(json, key, values[i]);
	}
	append_text(json, "]");
}

void kinetic_json_numbers(struct kinetic_json *json, const char *key, const double *values, size_t count)
{
	kinetic_json_key(json, key);
	append_numbers(json, key, values, count);
}

void kinetic_json_strings(struct kinetic_json *json, const char *key, const char *const *values, size_t count)
{
	kinetic_json_key(json, key);
	append_text(json, "[");
	for (size_t i = 0; i < count; i++) {
		if (!values || !values[i]) {
			refuse(json, "%s[%zu] is NULL; pass a string", key, i);
			return;
		}
		if (i)
			append_text(json, ",");
		append_string(json, values[i]);
	}
	append_text(json, "]");
}

void kinetic_json_changes(struct kinetic_json *json, const char *key, const struct kinetic_change *changes,
			  size_t count)
{
	if (!changes || count < 1 || count > KINETIC_LIMIT_CHANGES) {
		refuse(json, "%s has %zu changes; an animation of changes takes 1 to %d", key, changes ? count : 0,
		       KINETIC_LIMIT_CHANGES);
		return;
	}
	kinetic_json_key(json, key);
	append_text(json, "{");
	for (size_t i = 0; i < count; i++) {
		if (!changes[i].channel) {
			refuse(json, "%s[%zu].channel is NULL; pass a channel name", key, i);
			return;
		}
		if (i)
			append_text(json, ",");
		append_string(json, changes[i].channel);
		append_text(json, ":");
		append_numbers(json, changes[i].channel, changes[i].value, changes[i].count);
	}
	append_text(json, "}");
}

void kinetic_json_end(struct kinetic_json *json)
{
	append_text(json, "}");
}

void kinetic_json_free(struct kinetic_json *json)
{
	kinetic_buffer_free(&json->text);
}
