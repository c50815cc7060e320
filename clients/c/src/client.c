/* The connection: finding the socket, the hello, reading and writing messages, and the daemon's messages. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#include <json-c/json.h>

#include "private.h"

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
	void (*motion_callback)(void *data, const struct kinetic_channel *channel, struct kinetic_motion *motion);
	void *motion_data;
	/* Every byte read from the daemon. */
	uint64_t bytes_received;
};

static _Thread_local char connect_error[512];

const char *kinetic_status_name(int status)
{
	switch (status) {
	case KINETIC_OK: return "KINETIC_OK";
	case KINETIC_E_SYSTEM: return "KINETIC_E_SYSTEM";
	case KINETIC_E_NO_DAEMON: return "KINETIC_E_NO_DAEMON";
	case KINETIC_E_VERSION: return "KINETIC_E_VERSION";
	case KINETIC_E_CLOSED: return "KINETIC_E_CLOSED";
	case KINETIC_E_PROTOCOL: return "KINETIC_E_PROTOCOL";
	case KINETIC_E_INVALID: return "KINETIC_E_INVALID";
	case KINETIC_E_TOO_LARGE: return "KINETIC_E_TOO_LARGE";
	case KINETIC_E_NO_MEMORY: return "KINETIC_E_NO_MEMORY";
	case KINETIC_E_TIMEOUT: return "KINETIC_E_TIMEOUT";
	default: return status >= 0 ? "KINETIC_OK" : "KINETIC_E_UNKNOWN";
	}
}

static int fail(struct kinetic_client *client, int status, const char *format, ...)
{
	va_list arguments;
	va_start(arguments, format);
	vsnprintf(client->error, sizeof client->error, format, arguments);
	va_end(arguments);
	return status;
}

static int connect_fail(int status, const char *format, ...)
{
	va_list arguments;
	va_start(arguments, format);
	vsnprintf(connect_error, sizeof connect_error, format, arguments);
	va_end(arguments);
	return status;
}

const char *kinetic_connect_error_message(void) { return connect_error; }
const char *kinetic_client_error_message(const struct kinetic_client *client) { return client->error; }
int kinetic_client_get_fd(const struct kinetic_client *client) { return client->fd; }
bool kinetic_client_wants_write(const struct kinetic_client *client) { return client->written < client->out.length; }
const char *kinetic_client_server(const struct kinetic_client *client) { return client->server; }
double kinetic_client_tick_hz(const struct kinetic_client *client) { return client->tick_hz; }
int kinetic_client_server_minor(const struct kinetic_client *client) { return client->minor; }

const struct kinetic_frame *kinetic_client_latest_frame(const struct kinetic_client *client)
{
	return client->has_frame ? &client->latest : NULL;
}

const struct kinetic_schema *kinetic_client_schema(const struct kinetic_client *client)
{
	return client->has_schema ? &client->schema : NULL;
}

const struct kinetic_channel *kinetic_client_find_channel(const struct kinetic_client *client, const char *name)
{
	if (!client->has_schema || !name)
		return NULL;
	for (size_t i = 0; i < client->schema.channel_count; i++)
		if (strcmp(client->channels[i].name, name) == 0)
			return &client->channels[i];
	return NULL;
}

/* kineticctl's rule (docs/PROTOCOL.md "Finding the socket"), without --socket. */
static int find_socket(char *path, size_t size)
{
	const char *variable = getenv("KINETIC_SOCKET");
	if (variable && *variable) {
		snprintf(path, size, "%s", variable);
		return KINETIC_OK;
	}
	if (geteuid() == 0) {
		snprintf(path, size, "/run/kinetic/kineticd.sock");
		return KINETIC_OK;
	}
	const char *runtime = getenv("XDG_RUNTIME_DIR");
	if (!runtime || !*runtime)
		return connect_fail(KINETIC_E_NO_DAEMON,
				    "no socket to connect to: neither KINETIC_SOCKET nor XDG_RUNTIME_DIR is set; set "
				    "KINETIC_SOCKET to the daemon's socket (the system service's is /run/kinetic/kineticd.sock)");
	snprintf(path, size, "%s/kinetic/kineticd.sock", runtime);
	return KINETIC_OK;
}

/* Appends a binary message: the header, then `payload`. */
static void append_message(struct kinetic_buffer *out, uint16_t type, const void *prefix, size_t prefix_length,
			   const struct kinetic_buffer *payload)
{
	unsigned char header[KINETIC_HEADER_SIZE];
	kinetic_store_u32(header, (uint32_t)(4 + prefix_length + payload->length));
	kinetic_store_u16(header + 4, type);
	kinetic_store_u16(header + 6, 0);
	kinetic_buffer_append(out, header, sizeof header);
	kinetic_buffer_append(out, prefix, prefix_length);
	kinetic_buffer_append(out, payload->data, payload->length);
}

static int64_t monotonic_ms(void)
{
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	return (int64_t)now.tv_sec * 1000 + now.tv_nsec / 1000000;
}

/* Reads until `in` holds one whole message, for at most until `deadline` (CLOCK_MONOTONIC ms). */
static int read_message_blocking(struct kinetic_client *client, int64_t deadline)
{
	for (;;) {
		if (client->in.length >= KINETIC_HEADER_SIZE) {
			uint32_t length = kinetic_load_u32((unsigned char *)client->in.data);
			if (length < 4 || length > KINETIC_MAX_MESSAGE)
				return connect_fail(KINETIC_E_PROTOCOL, "the daemon's first message has length %u; "
						    "is this socket a kineticd's?", length);
			if (client->in.length >= 4 + (size_t)length)
				return KINETIC_OK;
		}
		int64_t left = deadline - monotonic_ms();
		if (left <= 0)
			return connect_fail(KINETIC_E_TIMEOUT, "the daemon did not answer the hello in time; check that "
					    "kineticd runs (systemctl status kineticd)");
		struct pollfd poll_fd = { .fd = client->fd, .events = POLLIN };
		int ready = poll(&poll_fd, 1, (int)left);
		if (ready < 0 && errno != EINTR)
			return connect_fail(KINETIC_E_SYSTEM, "poll: %s", strerror(errno));
		if (ready <= 0)
			continue;
		if (!kinetic_buffer_reserve(&client->in, 65536))
			return connect_fail(KINETIC_E_NO_MEMORY, "out of memory reading the daemon's hello");
		ssize_t got = recv(client->fd, client->in.data + client->in.length, 65536, 0);
		if (got == 0)
			return connect_fail(KINETIC_E_CLOSED, "the daemon closed the connection during the hello");
		if (got < 0 && errno != EINTR && errno != EAGAIN)
			return connect_fail(KINETIC_E_SYSTEM, "reading the daemon's hello: %s", strerror(errno));
		if (got > 0)
			client->in.length += (size_t)got;
	}
}

static int handle_message(struct kinetic_client *client, uint16_t type, const unsigned char *payload, size_t size);

/* The daemon's hello: KNTC, u16 major, u16 minor, then its JSON object. */
static int read_hello(struct kinetic_client *client, int timeout_ms)
{
	int status = read_message_blocking(client, monotonic_ms() + timeout_ms);
	if (status < 0)
		return status;
	const unsigned char *message = (unsigned char *)client->in.data;
	uint32_t length = kinetic_load_u32(message);
	uint16_t type = kinetic_load_u16(message + 4);
	const unsigned char *payload = message + KINETIC_HEADER_SIZE;
	size_t size = length - 4;
	if (type == KINETIC_MSG_ERROR) {
		json_object *object = json_tokener_parse_ex(client->tokener, (const char *)payload, (int)size);
		json_tokener_reset(client->tokener);
		json_object *code = NULL, *text = NULL;
		bool version = object && json_object_object_get_ex(object, "code", &code) &&
			strcmp(json_object_get_string(code), "version_unsupported") == 0;
		json_object_object_get_ex(object, "message", &text);
		status = connect_fail(version ? KINETIC_E_VERSION : KINETIC_E_PROTOCOL,
				      "the daemon refused the hello: %s%s",
				      text ? json_object_get_string(text) : "(no message)",
				      version ? "; install the libkinetic-client of the daemon's protocol version" : "");
		json_object_put(object);
		return status;
	}
	if (type != KINETIC_MSG_HELLO || size < 8 || memcmp(payload, "KNTC", 4) != 0)
		return connect_fail(KINETIC_E_PROTOCOL, "the daemon's first message is not a hello (type %u); is this "
				    "socket a kineticd's?", type);
	uint16_t major = kinetic_load_u16(payload + 4);
	if (major != KINETIC_PROTOCOL_MAJOR)
		return connect_fail(KINETIC_E_VERSION, "the daemon speaks protocol %u, this libkinetic-client %d; install "
				    "the libkinetic-client of protocol %u", major, KINETIC_PROTOCOL_MAJOR, major);
	client->minor = kinetic_load_u16(payload + 6);
	json_object *object = json_tokener_parse_ex(client->tokener, (const char *)payload + 8, (int)(size - 8));
	json_tokener_reset(client->tokener);
	json_object *field = NULL;
	if (object && json_object_object_get_ex(object, "server", &field))
		snprintf(client->server, sizeof client->server, "%s", json_object_get_string(field));
	if (object && json_object_object_get_ex(object, "tick_hz", &field))
		client->tick_hz = json_object_get_double(field);
	json_object_put(object);
	/* The daemon may already have sent more (an event): keep it for the first dispatch. */
	size_t used = 4 + (size_t)length;
	memmove(client->in.data, client->in.data + used, client->in.length - used);
	client->in.length -= used;
	return KINETIC_OK;
}

int kinetic_client_connect(const char *socket_path, const char *client_name, int timeout_ms,
			   const struct kinetic_client_listener *listener, void *data, struct kinetic_client **out)
{
	*out = NULL;
	connect_error[0] = '\0';
	char path[sizeof(((struct sockaddr_un *)0)->sun_path) + 1];
	if (socket_path) {
		snprintf(path, sizeof path, "%s", socket_path);
	} else {
		int status = find_socket(path, sizeof path);
		if (status < 0)
			return status;
	}
	struct sockaddr_un address = { .sun_family = AF_UNIX };
	if (strlen(path) >= sizeof address.sun_path)
		return connect_fail(KINETIC_E_INVALID, "socket path %s is longer than the %zu bytes a Unix socket's "
				    "path may have; use a shorter one", path, sizeof address.sun_path - 1);
	memcpy(address.sun_path, path, strlen(path) + 1);

	struct kinetic_client *client = calloc(1, sizeof *client);
	if (!client)
		return connect_fail(KINETIC_E_NO_MEMORY, "out of memory");
	client->fd = -1;
	client->in.limit = KINETIC_HEADER_SIZE + KINETIC_MAX_MESSAGE + 65536;
	client->out.limit = SIZE_MAX / 2;
	client->next_id = 1;
	client->data = data;
	if (listener)
		client->listener = *listener;
	client->c_locale = newlocale(LC_NUMERIC_MASK, "C", (locale_t)0);
	client->tokener = json_tokener_new_ex(64);
	int status = KINETIC_OK;
	if (!client->c_locale || !client->tokener) {
		status = connect_fail(KINETIC_E_NO_MEMORY, "out of memory");
		goto failed;
	}
	client->fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	if (client->fd < 0) {
		status = connect_fail(KINETIC_E_SYSTEM, "socket: %s", strerror(errno));
		goto failed;
	}
	if (connect(client->fd, (struct sockaddr *)&address, sizeof address) < 0) {
		int error = errno;
		if (error == ENOENT || error == ECONNREFUSED)
			status = connect_fail(KINETIC_E_NO_DAEMON, "no kineticd at %s (%s); start it (systemctl start "
					      "kineticd.socket) or set KINETIC_SOCKET to its socket", path, strerror(error));
		else if (error == EACCES || error == EPERM)
			status = connect_fail(KINETIC_E_SYSTEM, "not allowed to open %s (%s); join the socket's group "
					      "(usually kinetic) and log in again", path, strerror(error));
		else
			status = connect_fail(KINETIC_E_SYSTEM, "connecting to %s: %s", path, strerror(error));
		errno = error;
		goto failed;
	}

	struct kinetic_json hello;
	kinetic_json_begin(&hello, client->c_locale);
	kinetic_json_string(&hello, "type", "hello");
	kinetic_json_integer(&hello, "protocol", KINETIC_PROTOCOL_MAJOR);
	kinetic_json_string(&hello, "client", client_name ? client_name : "libkinetic-client");
	kinetic_json_end(&hello);
	unsigned char prefix[8] = { 'K', 'N', 'T', 'C' };
	kinetic_store_u16(prefix + 4, KINETIC_PROTOCOL_MAJOR);
	kinetic_store_u16(prefix + 6, 0);
	append_message(&client->out, KINETIC_MSG_HELLO, prefix, sizeof prefix, &hello.text);
	bool too_large = hello.text.failed;
	kinetic_json_free(&hello);
	if (too_large || client->out.failed) {
		status = connect_fail(KINETIC_E_TOO_LARGE, "the client name is too long; use a shorter one");
		goto failed;
	}
	for (size_t sent = 0; sent < client->out.length;) {
		ssize_t wrote = send(client->fd, client->out.data + sent, client->out.length - sent, MSG_NOSIGNAL);
		if (wrote < 0 && errno == EINTR)
			continue;
		if (wrote < 0) {
			status = connect_fail(KINETIC_E_SYSTEM, "sending the hello: %s", strerror(errno));
			goto failed;
		}
		sent += (size_t)wrote;
	}
	client->out.length = 0;
	status = read_hello(client, timeout_ms > 0 ? timeout_ms : 5000);
	if (status < 0)
		goto failed;
	int flags = fcntl(client->fd, F_GETFL);
	if (flags < 0 || fcntl(client->fd, F_SETFL, flags | O_NONBLOCK) < 0) {
		status = connect_fail(KINETIC_E_SYSTEM, "fcntl: %s", strerror(errno));
		goto failed;
	}
	*out = client;
	return KINETIC_OK;

failed:
	kinetic_client_destroy(client);
	return status;
}

void kinetic_client_destroy(struct kinetic_client *client)
{
	if (!client)
		return;
	if (client->fd >= 0)
		close(client->fd);
	if (client->c_locale)
		freelocale(client->c_locale);
	if (client->tokener)
		json_tokener_free(client->tokener);
	kinetic_buffer_free(&client->in);
	kinetic_buffer_free(&client->out);
	for (size_t i = 0; client->motions && i < client->schema.channel_count; i++)
		kinetic_motion_destroy(client->motions[i]);
	free(client->motions);
	free(client->channels);
	free(client->names);
	free(client->numbers);
	free(client);
}

int kinetic_client_flush(struct kinetic_client *client)
{
	while (client->written < client->out.length) {
		ssize_t wrote = send(client->fd, client->out.data + client->written, client->out.length - client->written,
				     MSG_NOSIGNAL | MSG_DONTWAIT);
		if (wrote < 0 && errno == EINTR)
			continue;
		if (wrote < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
			return 1;
		if (wrote < 0) {
			if (errno == EPIPE || errno == ECONNRESET)
				return fail(client, KINETIC_E_CLOSED, "the daemon closed the connection; reconnect");
			return fail(client, KINETIC_E_SYSTEM, "writing to the daemon: %s", strerror(errno));
		}
		client->written += (size_t)wrote;
	}
	client->out.length = 0;
	client->written = 0;
	return 0;
}

/* The schema's channels, their names and a frame's numbers, replacing the previous ones. */
static int read_schema(struct kinetic_client *client, json_object *object)
{
	json_object *channels = NULL, *field = NULL;
	if (!json_object_object_get_ex(object, "channels", &channels) || !json_object_is_type(channels, json_type_array))
		return fail(client, KINETIC_E_PROTOCOL, "a schema without its channels");
	size_t count = json_object_array_length(channels);
	size_t names_size = 0;
	for (size_t i = 0; i < count; i++) {
		json_object *name = NULL;
		if (!json_object_object_get_ex(json_object_array_get_idx(channels, i), "name", &name))
			return fail(client, KINETIC_E_PROTOCOL, "a schema's channel without a name");
		names_size += (size_t)json_object_get_string_len(name) + 1;
	}
	uint32_t total = json_object_object_get_ex(object, "count", &field) ? (uint32_t)json_object_get_int64(field) : 0;
	struct kinetic_channel *list = calloc(count ? count : 1, sizeof *list);
	char *names = malloc(names_size ? names_size : 1);
	double *numbers = calloc(total ? total : 1, sizeof *numbers);
	struct kinetic_motion **motions = calloc(count ? count : 1, sizeof *motions);
	if (!list || !names || !numbers || !motions) {
		free(list);
		free(names);
		free(numbers);
		free(motions);
		return fail(client, KINETIC_E_NO_MEMORY, "out of memory for a schema of %zu channels", count);
	}
	char *next = names;
	for (size_t i = 0; i < count; i++) {
		json_object *channel = json_object_array_get_idx(channels, i), *name = NULL, *dimension = NULL,
			    *offset = NULL;
		json_object_object_get_ex(channel, "name", &name);
		json_object_object_get_ex(channel, "dimension", &dimension);
		json_object_object_get_ex(channel, "offset", &offset);
		size_t length = (size_t)json_object_get_string_len(name);
		memcpy(next, json_object_get_string(name), length + 1);
		list[i] = (struct kinetic_channel){ .name = next,
						    .dimension = (uint32_t)json_object_get_int64(dimension),
						    .offset = (uint32_t)json_object_get_int64(offset) };
		next += length + 1;
		if ((uint64_t)list[i].offset + 2 * (uint64_t)list[i].dimension > total) {
			free(list);
			free(names);
			free(numbers);
			free(motions);
			return fail(client, KINETIC_E_PROTOCOL, "schema channel %s lies outside the frame's %u numbers",
				    json_object_get_string(name), total);
		}
	}
	/* Motions of channels still in the schema carry over (a new schema comes when a channel is added or removed). */
	for (size_t j = 0; client->motions && j < client->schema.channel_count; j++) {
		for (size_t i = 0; client->motions[j] && i < count; i++) {
			if (!motions[i] && strcmp(list[i].name, client->channels[j].name) == 0) {
				motions[i] = client->motions[j];
				client->motions[j] = NULL;
			}
		}
		kinetic_motion_destroy(client->motions[j]);
	}
	free(client->motions);
	client->motions = motions;
	free(client->channels);
	free(client->names);
	free(client->numbers);
	client->channels = list;
	client->names = names;
	client->numbers = numbers;
	client->schema = (struct kinetic_schema){
		.generation = json_object_object_get_ex(object, "generation", &field) ?
			(uint32_t)json_object_get_int64(field) : 0,
		.channel_count = count,
		.channels = list,
		.count = total,
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
		return fail(client, KINETIC_E_PROTOCOL, "a frame of %zu bytes; frames have at least 24", size);
	struct kinetic_frame frame = {
		.generation = kinetic_load_u32(payload),
		.seq = kinetic_load_u64(payload + 4),
		.time_ns = kinetic_load_u64(payload + 12),
		.count = kinetic_load_u32(payload + 20),
	};
	if (!client->has_schema || frame.generation != client->schema.generation || frame.count != client->schema.count ||
	    size != 24 + 8 * (size_t)frame.count)
		return fail(client, KINETIC_E_PROTOCOL, "a frame (generation %u, %u numbers, %zu bytes) that does not "
			    "follow the schema in force", frame.generation, frame.count, size);
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

json_object *kinetic_json_member(json_object *object, const char *key, json_type type)
{
	json_object *field = NULL;
	if (!json_object_object_get_ex(object, key, &field) || !json_object_is_type(field, type))
		return NULL;
	return field;
}

static const char *string_field(json_object *object, const char *key)
{
	return json_object_get_string(kinetic_json_member(object, key, json_type_string));
}

static int64_t id_field(json_object *object)
{
	return json_object_get_int64(kinetic_json_member(object, "id", json_type_int));
}

/* A motion message: each channel's descriptor replaces the one the client held, then the motion callback. */
static int read_motion(struct kinetic_client *client, json_object *object)
{
	json_object *channels = kinetic_json_member(object, "channels", json_type_array);
	json_object *epoch = kinetic_json_member(object, "epoch_ns", json_type_int);
	if (!channels || !epoch)
		return fail(client, KINETIC_E_PROTOCOL, "a motion message without its channels or epoch_ns");
	uint64_t epoch_ns = json_object_get_uint64(epoch);
	uint64_t time_ns = json_object_get_uint64(kinetic_json_member(object, "time_ns", json_type_int));
	for (size_t i = 0; i < json_object_array_length(channels); i++) {
		struct kinetic_motion *motion = NULL;
		int status = kinetic_motion_read_object(json_object_array_get_idx(channels, i), epoch_ns, time_ns, &motion);
		if (status == KINETIC_E_NO_MEMORY)
			return fail(client, status, "out of memory for a channel's motion");
		if (status != KINETIC_OK)
			return fail(client, status, "the daemon sent a motion descriptor this library cannot read");
		const struct kinetic_channel *channel = kinetic_client_find_channel(client, kinetic_motion_channel(motion));
		if (!channel || (kinetic_motion_dimension(motion) != channel->dimension &&
				 kinetic_motion_kind(motion) != KINETIC_MOTION_FRAMES)) {
			/* A channel of an older schema (the daemon's next schema is on its way): nothing to keep. */
			kinetic_motion_destroy(motion);
			continue;
		}
		size_t index = (size_t)(channel - client->channels);
		kinetic_motion_destroy(client->motions[index]);
		client->motions[index] = motion;
		if (client->motion_callback)
			client->motion_callback(client->motion_data, channel, motion);
	}
	return KINETIC_OK;
}

static int handle_message(struct kinetic_client *client, uint16_t type, const unsigned char *payload, size_t size)
{
	if (type == KINETIC_MSG_FRAME)
		return read_frame(client, payload, size);
	if (type == KINETIC_MSG_HELLO)
		return KINETIC_OK;
	json_object *object = json_tokener_parse_ex(client->tokener, (const char *)payload, (int)size);
	enum json_tokener_error parse_error = json_tokener_get_error(client->tokener);
	json_tokener_reset(client->tokener);
	if (!object || parse_error != json_tokener_success || !json_object_is_type(object, json_type_object)) {
		json_object_put(object);
		return fail(client, KINETIC_E_PROTOCOL, "the daemon sent a message of type %u that is not a JSON object",
			    type);
	}
	int status = KINETIC_OK;
	const char *json = json_object_to_json_string_ext(object, JSON_C_TO_STRING_PLAIN);
	switch (type) {
	case KINETIC_MSG_SCHEMA:
		status = read_schema(client, object);
		break;
	case KINETIC_MSG_REPLY: {
		json_object *ok = NULL, *error = NULL;
		struct kinetic_reply reply = { .id = id_field(object), .json = json };
		reply.ok = json_object_object_get_ex(object, "ok", &ok) && json_object_get_boolean(ok);
		if (!reply.ok && json_object_object_get_ex(object, "error", &error)) {
			reply.error_code = string_field(error, "code");
			reply.error_message = string_field(error, "message");
		}
		if (client->listener.reply)
			client->listener.reply(client->data, &reply);
		break;
	}
	case KINETIC_MSG_EVENT: {
		struct kinetic_event event = { .name = string_field(object, "event"), .id = id_field(object), .json = json };
		event.channel = string_field(object, "channel");
		if (!event.channel)
			event.channel = string_field(object, "element");
		if (!event.name)
			status = fail(client, KINETIC_E_PROTOCOL, "an event without its name");
		else if (client->listener.event)
			client->listener.event(client->data, &event);
		break;
	}
	case KINETIC_MSG_MOTION:
		status = read_motion(client, object);
		break;
	case KINETIC_MSG_ERROR: {
		const char *code = string_field(object, "code"), *message = string_field(object, "message");
		snprintf(client->error, sizeof client->error, "the daemon: %s: %s", code ? code : "?",
			 message ? message : "");
		if (client->listener.error)
			client->listener.error(client->data, code ? code : "", message ? message : "");
		break;
	}
	default:
		/* A type a later minor version adds: skipped, as the protocol says receivers do. */
		break;
	}
	json_object_put(object);
	return status;
}

int kinetic_client_dispatch(struct kinetic_client *client)
{
	int handled = 0;
	bool closed = false;
	for (;;) {
		if (!kinetic_buffer_reserve(&client->in, 65536))
			return fail(client, KINETIC_E_NO_MEMORY, "out of memory reading from the daemon");
		ssize_t got = recv(client->fd, client->in.data + client->in.length, 65536, MSG_DONTWAIT);
		if (got > 0) {
			client->bytes_received += (uint64_t)got;
			client->in.length += (size_t)got;
		} else if (got == 0) {
			closed = true;
		} else if (errno == EINTR) {
			continue;
		} else if (errno != EAGAIN && errno != EWOULDBLOCK) {
			if (errno == ECONNRESET)
				closed = true;
			else
				return fail(client, KINETIC_E_SYSTEM, "reading from the daemon: %s", strerror(errno));
		}
		/* Every whole message read so far. */
		size_t used = 0;
		while (client->in.length - used >= KINETIC_HEADER_SIZE) {
			const unsigned char *message = (unsigned char *)client->in.data + used;
			uint32_t length = kinetic_load_u32(message);
			if (length < 4 || length > KINETIC_MAX_MESSAGE)
				return fail(client, KINETIC_E_PROTOCOL, "the daemon sent a message of length %u; the "
					    "protocol allows 4 to %u", length, KINETIC_MAX_MESSAGE);
			if (client->in.length - used < 4 + (size_t)length)
				break;
			int status = handle_message(client, kinetic_load_u16(message + 4), message + KINETIC_HEADER_SIZE,
						    length - 4);
			if (status < 0)
				return status;
			used += 4 + (size_t)length;
			handled++;
		}
		memmove(client->in.data, client->in.data + used, client->in.length - used);
		client->in.length -= used;
		if (got <= 0)
			break;
	}
	if (closed) {
		/* The daemon's last error, if it sent one, says why: copied first, since the message is written over it. */
		char last[sizeof client->error];
		memcpy(last, client->error, sizeof last);
		return fail(client, KINETIC_E_CLOSED, "the daemon closed the connection%s%.400s; reconnect",
			    last[0] ? " after " : "", last);
	}
	int status = kinetic_client_flush(client);
	return status < 0 ? status : handled;
}

/* Queues `json` as a message of `type`, with the next id when it is a command (the id is already in `json`). */
static int64_t queue(struct kinetic_client *client, uint16_t type, struct kinetic_json *json, int64_t id)
{
	kinetic_json_end(json);
	int64_t result = id;
	if (json->invalid)
		result = fail(client, KINETIC_E_INVALID, "%s", json->problem);
	else if (json->text.failed)
		result = fail(client, KINETIC_E_TOO_LARGE, "the message is over the protocol's %u bytes; send less at "
			      "once", KINETIC_MAX_MESSAGE);
	else {
		size_t before = client->out.length;
		append_message(&client->out, type, NULL, 0, &json->text);
		if (client->out.failed) {
			client->out.failed = false;
			client->out.length = before;
			result = fail(client, KINETIC_E_NO_MEMORY, "out of memory queueing a message");
		}
	}
	kinetic_json_free(json);
	if (result > 0 && type == KINETIC_MSG_COMMAND)
		client->next_id++;
	return result;
}

/* A command's object with its type, id and op; the caller adds the fields and queues it. */
static int64_t begin_command(struct kinetic_client *client, struct kinetic_json *json, const char *op)
{
	kinetic_json_begin(json, client->c_locale);
	kinetic_json_string(json, "type", "command");
	kinetic_json_integer(json, "id", client->next_id);
	kinetic_json_string(json, "op", op);
	return client->next_id;
}

static void optional_string(struct kinetic_json *json, const char *key, const char *value)
{
	if (value)
		kinetic_json_string(json, key, value);
}

static void completion_field(struct kinetic_json *json, enum kinetic_completion completion)
{
	if (completion == KINETIC_COMPLETION_LOGICALLY_COMPLETE)
		kinetic_json_string(json, "completion", "logicallyComplete");
	else if (completion == KINETIC_COMPLETION_REMOVED)
		kinetic_json_string(json, "completion", "removed");
}

/* The subscribe message, with "motion": true when `motion`. */
static int64_t subscribe(struct kinetic_client *client, const char *const *patterns, size_t pattern_count,
			 double rate_hz, bool motion)
{
	struct kinetic_json json;
	kinetic_json_begin(&json, client->c_locale);
	kinetic_json_string(&json, "type", "subscribe");
	kinetic_json_strings(&json, "channels", patterns, pattern_count);
	if (rate_hz != 0)
		kinetic_json_number(&json, "rate_hz", rate_hz);
	if (motion)
		kinetic_json_bool(&json, "motion", true);
	int64_t status = queue(client, KINETIC_MSG_SUBSCRIBE, &json, 0);
	return status < 0 ? status : 0;
}

int64_t kinetic_client_subscribe(struct kinetic_client *client, const char *const *patterns, size_t pattern_count,
				 double rate_hz)
{
	return subscribe(client, patterns, pattern_count, rate_hz, false);
}

int64_t kinetic_client_subscribe_motion(struct kinetic_client *client, const char *const *patterns,
					size_t pattern_count, double rate_hz)
{
	return subscribe(client, patterns, pattern_count, rate_hz, true);
}

void kinetic_client_on_motion(struct kinetic_client *client,
			      void (*motion)(void *data, const struct kinetic_channel *channel,
					     struct kinetic_motion *motion),
			      void *data)
{
	client->motion_callback = motion;
	client->motion_data = data;
}

uint64_t kinetic_client_bytes_received(const struct kinetic_client *client)
{
	return client->bytes_received;
}

struct kinetic_motion *kinetic_client_motion(const struct kinetic_client *client,
					     const struct kinetic_channel *channel)
{
	if (!client->has_schema || !channel || channel < client->channels ||
	    channel >= client->channels + client->schema.channel_count)
		return NULL;
	return client->motions[channel - client->channels];
}

int64_t kinetic_client_define(struct kinetic_client *client, const char *channel, uint32_t dimension,
			      const double *initial)
{
	struct kinetic_json json;
	int64_t id = begin_command(client, &json, "define");
	kinetic_json_string(&json, "channel", channel);
	kinetic_json_integer(&json, "dimension", dimension);
	if (initial)
		kinetic_json_numbers(&json, "initial", initial, dimension);
	return queue(client, KINETIC_MSG_COMMAND, &json, id);
}

int64_t kinetic_client_set(struct kinetic_client *client, const char *channel, const double *to, size_t count)
{
	struct kinetic_json json;
	int64_t id = begin_command(client, &json, "set");
	kinetic_json_string(&json, "channel", channel);
	kinetic_json_numbers(&json, "to", to, count);
	return queue(client, KINETIC_MSG_COMMAND, &json, id);
}

int64_t kinetic_client_animate(struct kinetic_client *client, const char *channel, const double *to, size_t count,
			       const char *animation, enum kinetic_completion completion)
{
	struct kinetic_json json;
	int64_t id = begin_command(client, &json, "animate");
	kinetic_json_string(&json, "channel", channel);
	kinetic_json_numbers(&json, "to", to, count);
	optional_string(&json, "animation", animation);
	completion_field(&json, completion);
	return queue(client, KINETIC_MSG_COMMAND, &json, id);
}

int64_t kinetic_client_animate_changes(struct kinetic_client *client, const struct kinetic_change *changes,
				       size_t change_count, const char *animation, enum kinetic_completion completion)
{
	struct kinetic_json json;
	int64_t id = begin_command(client, &json, "animate");
	kinetic_json_changes(&json, "changes", changes, change_count);
	optional_string(&json, "animation", animation);
	completion_field(&json, completion);
	return queue(client, KINETIC_MSG_COMMAND, &json, id);
}

int64_t kinetic_client_remove(struct kinetic_client *client, const char *channel)
{
	struct kinetic_json json;
	int64_t id = begin_command(client, &json, "remove");
	kinetic_json_string(&json, "channel", channel);
	return queue(client, KINETIC_MSG_COMMAND, &json, id);
}

/* insert and remove of an element: its name, and the optional transition and animation. */
static int64_t element_command(struct kinetic_client *client, const char *op, const char *element,
			       const char *transition, const char *animation)
{
	struct kinetic_json json;
	int64_t id = begin_command(client, &json, op);
	kinetic_json_string(&json, "element", element);
	optional_string(&json, "transition", transition);
	optional_string(&json, "animation", animation);
	return queue(client, KINETIC_MSG_COMMAND, &json, id);
}

int64_t kinetic_client_insert(struct kinetic_client *client, const char *element, const char *transition,
			      const char *animation)
{
	return element_command(client, "insert", element, transition, animation);
}

int64_t kinetic_client_remove_element(struct kinetic_client *client, const char *element, const char *transition,
				      const char *animation)
{
	return element_command(client, "remove", element, transition, animation);
}

int64_t kinetic_client_zoom(struct kinetic_client *client, const struct kinetic_zoom *zoom)
{
	static const char *const actions[] = { "present", "dismiss", "drag", "release" };
	if (!zoom || (unsigned)zoom->action > KINETIC_ZOOM_RELEASE)
		return fail(client, KINETIC_E_INVALID, "zoom is NULL or its action is not a kinetic_zoom_action");
	struct kinetic_json json;
	int64_t id = begin_command(client, &json, "zoom");
	kinetic_json_string(&json, "element", zoom->element);
	kinetic_json_string(&json, "action", actions[zoom->action]);
	if (zoom->source)
		kinetic_json_numbers(&json, "source", zoom->source, 4);
	if (zoom->destination)
		kinetic_json_numbers(&json, "destination", zoom->destination, 4);
	if (zoom->corner_radius)
		kinetic_json_numbers(&json, "corner_radius", zoom->corner_radius, 2);
	if (zoom->translation)
		kinetic_json_numbers(&json, "translation", zoom->translation, 2);
	if (zoom->velocity)
		kinetic_json_numbers(&json, "velocity", zoom->velocity, 2);
	optional_string(&json, "animation", zoom->animation);
	return queue(client, KINETIC_MSG_COMMAND, &json, id);
}

int64_t kinetic_client_effect(struct kinetic_client *client, const char *element, const char *effect,
			      const char *options, enum kinetic_effect_mode mode)
{
	struct kinetic_json json;
	int64_t id = begin_command(client, &json, "effect");
	kinetic_json_string(&json, "element", element);
	kinetic_json_string(&json, "effect", effect);
	optional_string(&json, "options", options);
	if (mode == KINETIC_EFFECT_TRIGGER)
		kinetic_json_bool(&json, "trigger", true);
	else
		kinetic_json_bool(&json, "active", mode == KINETIC_EFFECT_ACTIVE);
	return queue(client, KINETIC_MSG_COMMAND, &json, id);
}

static int64_t bare_command(struct kinetic_client *client, const char *op)
{
	struct kinetic_json json;
	int64_t id = begin_command(client, &json, op);
	return queue(client, KINETIC_MSG_COMMAND, &json, id);
}

int64_t kinetic_client_list(struct kinetic_client *client) { return bare_command(client, "list"); }
int64_t kinetic_client_status(struct kinetic_client *client) { return bare_command(client, "status"); }
int64_t kinetic_client_reload(struct kinetic_client *client) { return bare_command(client, "reload"); }

int64_t kinetic_client_frame_clock(struct kinetic_client *client, uint64_t refresh_ns, uint64_t last_vblank_ns,
				   int64_t lead_ns)
{
	if (refresh_ns > INT64_MAX || last_vblank_ns > INT64_MAX)
		return fail(client, KINETIC_E_INVALID, "frame_clock times must be below 2^63 ns");
	struct kinetic_json json;
	int64_t id = begin_command(client, &json, "frame_clock");
	kinetic_json_integer(&json, "refresh_ns", (int64_t)refresh_ns);
	kinetic_json_integer(&json, "last_vblank_ns", (int64_t)last_vblank_ns);
	if (lead_ns >= 0)
		kinetic_json_integer(&json, "lead_ns", lead_ns);
	return queue(client, KINETIC_MSG_COMMAND, &json, id);
}

int64_t kinetic_client_reduce_motion(struct kinetic_client *client, bool enabled,
				     enum kinetic_reduce_motion_scope scope)
{
	struct kinetic_json json;
	int64_t id = begin_command(client, &json, "reduce_motion");
	kinetic_json_bool(&json, "enabled", enabled);
	kinetic_json_string(&json, "scope", scope == KINETIC_SCOPE_CONNECTION ? "connection" : "daemon");
	return queue(client, KINETIC_MSG_COMMAND, &json, id);
}
