/* SPDX-License-Identifier: Apache-2.0 */
/* What the daemon sends, read as untrusted input: every message is checked against the protocol (docs/PROTOCOL.md)
 * before anything of it reaches the client's state or the listener, and any violation ends the connection with
 * KINETIC_E_PROTOCOL and a one-line message. A compositor that loads this library must survive a broken or hostile
 * daemon: nothing here trusts a length, a type, a name or a number that it has not checked. */
#define _GNU_SOURCE
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>

#include "private.h"

/* What every violation's message ends with: the way out. */
#define REPORT "; the connection is closed: reconnect, and report this if the daemon is a kineticd"

json_tokener *kinetic_json_tokener(void)
{
	/* json-c's depth is the number of containers nested, as the protocol's (32 nested arrays parse, 33 do not). */
	json_tokener *tokener = json_tokener_new_ex(KINETIC_MAX_NESTING);
	if (tokener)
		json_tokener_set_flags(tokener, JSON_TOKENER_STRICT | JSON_TOKENER_VALIDATE_UTF8);
	return tokener;
}

/* The first number in `object` that is not finite (json-c reads NaN, Infinity and 1e999 as such), or NULL when all
 * are; depth is bounded by the tokener's nesting limit. */
static json_object *first_non_finite(json_object *object)
{
	switch (json_object_get_type(object)) {
	case json_type_double:
		return isfinite(json_object_get_double(object)) ? NULL : object;
	case json_type_array:
		for (size_t i = 0; i < json_object_array_length(object); i++) {
			json_object *found = first_non_finite(json_object_array_get_idx(object, i));
			if (found)
				return found;
		}
		return NULL;
	case json_type_object: {
		json_object_object_foreach(object, key, value) {
			(void)key;
			json_object *found = first_non_finite(value);
			if (found)
				return found;
		}
		return NULL;
	}
	default:
		return NULL;
	}
}

json_object *kinetic_json_parse(json_tokener *tokener, const unsigned char *payload, size_t size, char *problem,
				size_t problem_size)
{
	json_tokener_reset(tokener);
	if (size > KINETIC_MAX_MESSAGE) {
		snprintf(problem, problem_size, "%zu bytes of JSON, over the protocol's %u", size, KINETIC_MAX_MESSAGE);
		return NULL;
	}
	json_object *object = json_tokener_parse_ex(tokener, (const char *)payload, (int)size);
	enum json_tokener_error error = json_tokener_get_error(tokener);
	size_t end = json_tokener_get_parse_end(tokener);
	json_tokener_reset(tokener);
	if (!object || error != json_tokener_success) {
		json_object_put(object);
		snprintf(problem, problem_size, "JSON that does not parse (%s at byte %zu of %zu)",
			 error == json_tokener_continue ? "it ends early" : json_tokener_error_desc(error), end, size);
		return NULL;
	}
	for (size_t i = end; i < size; i++) {
		if (!strchr(" \t\r\n", payload[i])) {
			json_object_put(object);
			snprintf(problem, problem_size, "JSON followed by %zu more bytes from byte %zu (one value per message)",
				 size - i, i);
			return NULL;
		}
	}
	json_object *bad = first_non_finite(object);
	if (bad) {
		snprintf(problem, problem_size, "a number that is not finite (%s)", json_object_to_json_string(bad));
		json_object_put(object);
		return NULL;
	}
	return object;
}

bool kinetic_valid_name(const char *name, size_t length)
{
	if (!name || length == 0 || length > KINETIC_MAX_NAME)
		return false;
	for (size_t i = 0; i < length; i++) {
		unsigned char byte = (unsigned char)name[i];
		/* C0 controls (NUL included), DEL, and C1 controls (U+0080–U+009F: 0xC2 0x80–0x9F in UTF-8). */
		if (byte < 0x20 || byte == 0x7f || byte == '"' || byte == '\\' || byte == '*' || byte == '?')
			return false;
		if (byte == 0xc2 && i + 1 < length && (unsigned char)name[i + 1] <= 0x9f)
			return false;
	}
	return true;
}

json_object *kinetic_json_member(json_object *object, const char *key, json_type type)
{
	json_object *field = NULL;
	if (!json_object_object_get_ex(object, key, &field) || !json_object_is_type(field, type))
		return NULL;
	return field;
}

/* The member `key` when absent or null (false), or when of `type` (true, *out set); a member of another type is a
 * violation, reported by the caller. */
static bool optional_member(json_object *object, const char *key, json_type type, json_object **out, bool *wrong)
{
	json_object *field = NULL;
	*out = NULL;
	if (!json_object_object_get_ex(object, key, &field) || json_object_is_type(field, json_type_null))
		return false;
	if (!json_object_is_type(field, type)) {
		*wrong = true;
		return false;
	}
	*out = field;
	return true;
}

/* The member `key` of `object` as JSON for an error message ("nothing" when there is no such member; the caller
 * cuts it to fit one line). */
static const char *shown(json_object *object, const char *key)
{
	json_object *value = NULL;
	if (!json_object_object_get_ex(object, key, &value))
		return "nothing";
	return value ? json_object_to_json_string_ext(value, JSON_C_TO_STRING_PLAIN) : "null";
}

/* An integer member within [minimum, maximum], or false. */
static bool integer_member(json_object *object, const char *key, int64_t minimum, int64_t maximum, int64_t *out)
{
	json_object *field = kinetic_json_member(object, key, json_type_int);
	if (!field)
		return false;
	int64_t value = json_object_get_int64(field);
	/* json-c keeps an integer over INT64_MAX as unsigned and answers INT64_MAX: out of every range here. */
	if (value < minimum || value > maximum || (value == INT64_MAX && json_object_get_uint64(field) != INT64_MAX))
		return false;
	*out = value;
	return true;
}

static void free_schema_parts(struct kinetic_channel *list, char *names, double *numbers, struct kinetic_motion **motions)
{
	free(list);
	free(names);
	free(numbers);
	free(motions);
}

/* One channel of a schema, checked: its name, dimension 1–64, and offset where the channel before it ended. */
static int read_schema_channel(struct kinetic_client *client, json_object *channel, size_t index, uint32_t offset,
			       struct kinetic_channel *out, size_t *name_length)
{
	json_object *name = json_object_is_type(channel, json_type_object) ?
		kinetic_json_member(channel, "name", json_type_string) : NULL;
	if (!name || !kinetic_valid_name(json_object_get_string(name), (size_t)json_object_get_string_len(name)))
		return kinetic_violation(client, "the daemon sent a schema whose channel %zu has the name %.80s (a name is a "
					 "string of 1 to %d bytes without control characters, '\"', '\\', '*' or '?')" REPORT,
					 index, shown(channel, "name"), KINETIC_MAX_NAME);
	int64_t dimension = 0, at = 0;
	if (!integer_member(channel, "dimension", 1, KINETIC_MAX_COMPONENTS, &dimension))
		return kinetic_violation(client, "the daemon sent a schema whose channel %s has the dimension %.40s (1 to %d "
					 "accepted)" REPORT, json_object_get_string(name),
					 shown(channel, "dimension"), KINETIC_MAX_COMPONENTS);
	if (!integer_member(channel, "offset", offset, offset, &at))
		return kinetic_violation(client, "the daemon sent a schema whose channel %s has the offset %.40s (the "
					 "channel before it ends at %u)" REPORT, json_object_get_string(name),
					 shown(channel, "offset"), offset);
	*out = (struct kinetic_channel){ .name = NULL, .dimension = (uint32_t)dimension, .offset = offset };
	*name_length = (size_t)json_object_get_string_len(name);
	return KINETIC_OK;
}

/* The channels' names, checked already, into one block of `names`, each channel pointing at its own. */
static void copy_names(json_object *channels, const size_t *lengths, struct kinetic_channel *list, size_t count,
		       char *names)
{
	char *next = names;
	for (size_t i = 0; i < count; i++) {
		json_object *name = json_object_object_get(json_object_array_get_idx(channels, i), "name");
		memcpy(next, json_object_get_string(name), lengths[i]);
		next[lengths[i]] = '\0';
		list[i].name = next;
		next += lengths[i] + 1;
	}
}

/* Motions of channels still in the new schema carry over to `motions` (a new schema comes when a channel is added or
 * removed); the others are destroyed. */
static void carry_motions(struct kinetic_client *client, const struct kinetic_channel *list, size_t count,
			  struct kinetic_motion **motions)
{
	for (size_t j = 0; client->motions && j < client->schema.channel_count; j++) {
		for (size_t i = 0; client->motions[j] && i < count; i++) {
			if (!motions[i] && strcmp(list[i].name, client->channels[j].name) == 0) {
				motions[i] = client->motions[j];
				client->motions[j] = NULL;
			}
		}
		kinetic_motion_destroy(client->motions[j]);
	}
}

/* The schema's channels, their names and a frame's numbers, replacing the previous ones. */
static int read_schema(struct kinetic_client *client, json_object *object)
{
	json_object *channels = kinetic_json_member(object, "channels", json_type_array);
	int64_t generation = 0, total = 0;
	if (!channels || json_object_array_length(channels) > KINETIC_MAX_CHANNELS)
		return kinetic_violation(client, "the daemon sent a schema whose channels are %.40s (an array of at most %d)"
					 REPORT, shown(object, "channels"), KINETIC_MAX_CHANNELS);
	if (!integer_member(object, "generation", 0, UINT32_MAX, &generation))
		return kinetic_violation(client, "the daemon sent a schema whose generation is %.40s (0 to 2^32 - 1 accepted)"
					 REPORT, shown(object, "generation"));
	if (!integer_member(object, "count", 0, KINETIC_MAX_FRAME_NUMBERS, &total))
		return kinetic_violation(client, "the daemon sent a schema whose count is %.40s (0 to %d accepted)" REPORT,
					 shown(object, "count"), KINETIC_MAX_FRAME_NUMBERS);
	size_t count = json_object_array_length(channels);
	struct kinetic_channel *list = calloc(count ? count : 1, sizeof *list);
	size_t *lengths = calloc(count ? count : 1, sizeof *lengths);
	if (!list || !lengths) {
		free(list);
		free(lengths);
		return kinetic_fail(client, KINETIC_E_NO_MEMORY, "out of memory for a schema of %zu channels", count);
	}
	size_t names_size = 0;
	uint32_t offset = 0;
	for (size_t i = 0; i < count; i++) {
		int status = read_schema_channel(client, json_object_array_get_idx(channels, i), i, offset, &list[i],
						 &lengths[i]);
		if (status < 0) {
			free(list);
			free(lengths);
			return status;
		}
		offset += 2 * list[i].dimension;
		names_size += lengths[i] + 1;
	}
	if (offset != (uint32_t)total) {
		free(list);
		free(lengths);
		return kinetic_violation(client, "the daemon sent a schema whose count %u is not its channels' %u numbers "
					 "(2 per component)" REPORT, (uint32_t)total, offset);
	}
	char *names = malloc(names_size ? names_size : 1);
	double *numbers = calloc(total ? (size_t)total : 1, sizeof *numbers);
	struct kinetic_motion **motions = calloc(count ? count : 1, sizeof *motions);
	if (!names || !numbers || !motions) {
		free(lengths);
		free_schema_parts(list, names, numbers, motions);
		return kinetic_fail(client, KINETIC_E_NO_MEMORY, "out of memory for a schema of %zu channels", count);
	}
	copy_names(channels, lengths, list, count, names);
	free(lengths);
	carry_motions(client, list, count, motions);
	free_schema_parts(client->channels, client->names, client->numbers, client->motions);
	client->motions = motions;
	client->channels = list;
	client->names = names;
	client->numbers = numbers;
	client->schema = (struct kinetic_schema){
		.generation = (uint32_t)generation,
		.channel_count = count,
		.channels = list,
		.count = (uint32_t)total,
	};
	client->has_schema = true;
	client->has_frame = false;
	if (client->listener.schema)
		client->listener.schema(client->data, &client->schema);
	return KINETIC_OK;
}

/* A binary frame: u32 generation, u64 seq, u64 time_ns, u32 count, count f64 — read into the schema's numbers. */
static int read_frame(struct kinetic_client *client, const unsigned char *payload, size_t size)
{
	if (size < 24)
		return kinetic_violation(client, "the daemon sent a frame of %zu bytes (a frame has at least 24)" REPORT, size);
	struct kinetic_frame frame = {
		.generation = kinetic_load_u32(payload),
		.seq = kinetic_load_u64(payload + 4),
		.time_ns = kinetic_load_u64(payload + 12),
		.count = kinetic_load_u32(payload + 20),
	};
	if (!client->has_schema)
		return kinetic_violation(client, "the daemon sent a frame (generation %u) before any schema" REPORT,
					 frame.generation);
	if (frame.generation != client->schema.generation || frame.count != client->schema.count ||
	    size != 24 + 8 * (size_t)frame.count)
		return kinetic_violation(client, "the daemon sent a frame (generation %u, %u numbers, %zu bytes) that does not "
					 "follow the schema in force (generation %u, %u numbers)" REPORT, frame.generation,
					 frame.count, size, client->schema.generation, client->schema.count);
	/* Checked whole before the numbers are kept: the latest frame stays the last valid one. */
	for (uint32_t i = 0; i < frame.count; i++) {
		uint64_t bits = kinetic_load_u64(payload + 24 + 8 * (size_t)i);
		double number;
		memcpy(&number, &bits, sizeof number);
		if (!isfinite(number))
			return kinetic_violation(client, "the daemon sent a frame whose number %u is not finite (%g)" REPORT, i,
						 number);
	}
	for (uint32_t i = 0; i < frame.count; i++) {
		uint64_t bits = kinetic_load_u64(payload + 24 + 8 * (size_t)i);
		memcpy(&client->numbers[i], &bits, sizeof bits);
	}
	frame.numbers = client->numbers;
	client->latest = frame;
	client->has_frame = true;
	if (client->listener.frame)
		client->listener.frame(client->data, &frame);
	return KINETIC_OK;
}

static const char *string_field(json_object *object, const char *key)
{
	return json_object_get_string(kinetic_json_member(object, key, json_type_string));
}

/* A message's "id": the command's integer id, 0 when absent or null; a command id of another type (a string, which
 * only another client's command may carry) is 0 too, since no command of this client has it. */
static int64_t id_field(json_object *object)
{
	return json_object_get_int64(kinetic_json_member(object, "id", json_type_int));
}

/* A motion message, binary (docs/PROTOCOL.md "Motion descriptors in binary"): u32 generation, u64 seq, u64 time_ns,
 * u64 epoch_ns, u32 count, then per entry a u32 position in the schema and the descriptor. Each replaces the one the
 * client held for that channel (the one a spring update applies to), then the motion callback. */
static int read_motion(struct kinetic_client *client, const unsigned char *payload, size_t size)
{
	if (size < 32)
		return kinetic_violation(client, "the daemon sent a motion message of %zu bytes (its header has 32)" REPORT,
					 size);
	uint32_t generation = kinetic_load_u32(payload), count = kinetic_load_u32(payload + 28);
	uint64_t time = kinetic_load_u64(payload + 12), epoch = kinetic_load_u64(payload + 20);
	if (!client->has_schema || generation != client->schema.generation || count > KINETIC_MAX_CHANNELS)
		return kinetic_violation(client, "the daemon sent a motion message of %u entries for schema generation %u, "
					 "not the one in force (%u), or with more entries than %d" REPORT, count, generation,
					 client->has_schema ? client->schema.generation : 0, KINETIC_MAX_CHANNELS);
	/* Read whole before any of it is kept: a message that breaks the form changes nothing the listener sees. */
	struct kinetic_motion **read = calloc(count ? count : 1, sizeof *read);
	uint32_t *positions = calloc(count ? count : 1, sizeof *positions);
	if (!read || !positions) {
		free(read);
		free(positions);
		return kinetic_fail(client, KINETIC_E_NO_MEMORY, "out of memory for a motion message");
	}
	const unsigned char *p = payload + 32;
	size_t left = size - 32;
	int status = KINETIC_OK;
	char problem[320] = "";
	for (uint32_t i = 0; i < count && status == KINETIC_OK; i++) {
		uint32_t position = left >= 4 ? kinetic_load_u32(p) : UINT32_MAX;
		if (position >= client->schema.channel_count) {
			snprintf(problem, sizeof problem, "a motion entry for position %u of a schema of %zu channels", position,
				 client->schema.channel_count);
			status = KINETIC_E_PROTOCOL;
			break;
		}
		p += 4;
		left -= 4;
		/* A spring update applies to the channel's latest description: earlier in this message, or held. */
		const struct kinetic_motion *previous = client->motions[position];
		for (uint32_t j = 0; j < i; j++)
			if (positions[j] == position)
				previous = read[j];
		const struct kinetic_channel *channel = &client->channels[position];
		uint8_t kind = left ? p[0] : 0;
		status = kinetic_motion_read_binary(&p, &left, channel->name, channel->dimension, previous, epoch, time,
						    &read[i]);
		positions[i] = position;
		if (status == KINETIC_E_PROTOCOL)
			snprintf(problem, sizeof problem, "a motion entry for %.200s (kind %u) this library cannot evaluate",
				 channel->name, kind);
	}
	if (status == KINETIC_OK && left != 0) {
		snprintf(problem, sizeof problem, "%zu bytes after a motion message's %u entries", left, count);
		status = KINETIC_E_PROTOCOL;
	}
	if (status != KINETIC_OK) {
		for (uint32_t i = 0; i < count; i++)
			kinetic_motion_destroy(read[i]);
		free(read);
		free(positions);
		return status == KINETIC_E_NO_MEMORY ? kinetic_fail(client, status, "out of memory for a channel's motion")
						     : kinetic_violation(client, "the daemon sent %s" REPORT, problem);
	}
	for (uint32_t i = 0; i < count; i++) {
		const struct kinetic_channel *channel = &client->channels[positions[i]];
		kinetic_motion_destroy(client->motions[positions[i]]);
		client->motions[positions[i]] = read[i];
		if (client->listener.motion)
			client->listener.motion(client->data, channel, read[i]);
	}
	free(read);
	free(positions);
	return KINETIC_OK;
}

static int read_reply(struct kinetic_client *client, json_object *object, const char *json)
{
	json_object *ok = kinetic_json_member(object, "ok", json_type_boolean), *error = NULL, *id = NULL;
	bool wrong = false;
	optional_member(object, "id", json_type_int, &id, &wrong);
	if (!ok || wrong)
		return kinetic_violation(client, "the daemon sent a reply whose ok is %.40s and id %.80s (a boolean, and an "
					 "integer for this library's commands)" REPORT, shown(object, "ok"),
					 shown(object, "id"));
	struct kinetic_reply reply = { .id = id_field(object), .ok = json_object_get_boolean(ok), .json = json };
	if (!reply.ok) {
		error = kinetic_json_member(object, "error", json_type_object);
		reply.error_code = error ? string_field(error, "code") : NULL;
		reply.error_message = error ? string_field(error, "message") : NULL;
		if (!reply.error_code || !reply.error_message)
			return kinetic_violation(client, "the daemon sent a refusal without its error's code and message "
						 "(strings)" REPORT);
	}
	if (client->listener.reply)
		client->listener.reply(client->data, &reply);
	return KINETIC_OK;
}

static int read_event(struct kinetic_client *client, json_object *object, const char *json)
{
	json_object *name = kinetic_json_member(object, "event", json_type_string), *id = NULL, *channel = NULL,
		    *element = NULL;
	bool wrong = false;
	/* A string id is another client's: an event with it is not for this library's commands. */
	if (!optional_member(object, "id", json_type_int, &id, &wrong) && wrong) {
		wrong = false;
		optional_member(object, "id", json_type_string, &id, &wrong);
	}
	optional_member(object, "channel", json_type_string, &channel, &wrong);
	optional_member(object, "element", json_type_string, &element, &wrong);
	if (!name || wrong)
		return kinetic_violation(client, "the daemon sent an event whose name is %.80s, or whose id, channel or element "
					 "is of the wrong type (a string name; an integer or string id; string channel and "
					 "element)" REPORT, shown(object, "event"));
	struct kinetic_event event = { .name = json_object_get_string(name), .id = id_field(object), .json = json };
	event.channel = channel ? json_object_get_string(channel) : element ? json_object_get_string(element) : NULL;
	if (client->listener.event)
		client->listener.event(client->data, &event);
	return KINETIC_OK;
}

static int read_error(struct kinetic_client *client, json_object *object)
{
	const char *code = string_field(object, "code"), *message = string_field(object, "message");
	if (!code || !message)
		return kinetic_violation(client, "the daemon sent an error without its code and message (strings)" REPORT);
	snprintf(client->error, sizeof client->error, "the daemon: %s: %.400s", code, message);
	if (client->listener.error)
		client->listener.error(client->data, code, message);
	return KINETIC_OK;
}

int kinetic_handle_message(struct kinetic_client *client, uint16_t type, const unsigned char *payload, size_t size)
{
	if (type == KINETIC_MSG_FRAME)
		return read_frame(client, payload, size);
	if (type == KINETIC_MSG_MOTION)
		return read_motion(client, payload, size);
	if (type == KINETIC_MSG_HELLO)
		return kinetic_violation(client, "the daemon sent a second hello" REPORT);
	if (type < KINETIC_MSG_HELLO || type > KINETIC_MSG_MOTION || type == KINETIC_MSG_SUBSCRIBE ||
	    type == KINETIC_MSG_COMMAND)
		/* A type a later minor version adds (or one only clients send): skipped, as the protocol says receivers do. */
		return KINETIC_OK;
	char problem[160];
	json_object *object = kinetic_json_parse(client->tokener, payload, size, problem, sizeof problem);
	if (!object)
		return kinetic_violation(client, "the daemon sent a message of type %u whose payload is %s" REPORT, type,
					 problem);
	if (!json_object_is_type(object, json_type_object)) {
		json_object_put(object);
		return kinetic_violation(client, "the daemon sent a message of type %u that is not a JSON object" REPORT, type);
	}
	int status = KINETIC_OK;
	const char *json = json_object_to_json_string_ext(object, JSON_C_TO_STRING_PLAIN);
	switch (type) {
	case KINETIC_MSG_SCHEMA:
		status = read_schema(client, object);
		break;
	case KINETIC_MSG_REPLY:
		status = read_reply(client, object, json);
		break;
	case KINETIC_MSG_EVENT:
		status = read_event(client, object, json);
		break;
	case KINETIC_MSG_ERROR:
		status = read_error(client, object);
		break;
	}
	json_object_put(object);
	return status;
}
