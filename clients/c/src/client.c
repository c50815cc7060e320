/* SPDX-License-Identifier: Apache-2.0 */
/* The connection: finding the socket, the hello, reading and writing messages, and the daemon's messages. */
#define _GNU_SOURCE
#include <errno.h>
#include <fcntl.h>
#include <grp.h>
#include <poll.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

#include <json-c/json.h>

#include "private.h"

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

int kinetic_fail(struct kinetic_client *client, int status, const char *format, ...)
{
	va_list arguments;
	va_start(arguments, format);
	vsnprintf(client->error, sizeof client->error, format, arguments);
	va_end(arguments);
	return status;
}

/* Ends the connection with `status`: the socket is shut down (it stays open, so that a host's poll set never holds a
 * reused descriptor, and reports POLLHUP), and every later call returns `status` with the same message. */
static int end_connection(struct kinetic_client *client, int status)
{
	if (!client->ended) {
		client->ended = status;
		shutdown(client->fd, SHUT_RDWR);
		client->out.length = 0;
		client->written = 0;
	}
	return status;
}

int kinetic_violation(struct kinetic_client *client, const char *format, ...)
{
	va_list arguments;
	va_start(arguments, format);
	vsnprintf(client->error, sizeof client->error, format, arguments);
	va_end(arguments);
	return end_connection(client, KINETIC_E_PROTOCOL);
}

static const char no_client[] = "no client (NULL): pass the client kinetic_client_connect() made";


static int connect_fail(int status, const char *format, ...)
{
	va_list arguments;
	va_start(arguments, format);
	vsnprintf(connect_error, sizeof connect_error, format, arguments);
	va_end(arguments);
	return status;
}

const char *kinetic_connect_error_message(void) { return connect_error; }
const char *kinetic_client_error_message(const struct kinetic_client *client)
{
	return client ? client->error : no_client;
}
int kinetic_client_get_fd(const struct kinetic_client *client) { return client ? client->fd : KINETIC_E_INVALID; }
bool kinetic_client_wants_write(const struct kinetic_client *client)
{
	return client && !client->ended && client->written < client->out.length;
}
bool kinetic_client_read_pending(const struct kinetic_client *client)
{
	return client && !client->ended && client->read_pending;
}
const char *kinetic_client_server(const struct kinetic_client *client) { return client ? client->server : no_client; }
double kinetic_client_tick_hz(const struct kinetic_client *client) { return client ? client->tick_hz : 0; }
int kinetic_client_server_minor(const struct kinetic_client *client)
{
	return client ? client->minor : KINETIC_E_INVALID;
}

const struct kinetic_frame *kinetic_client_latest_frame(const struct kinetic_client *client)
{
	return client && client->has_frame ? &client->latest : NULL;
}

const struct kinetic_schema *kinetic_client_schema(const struct kinetic_client *client)
{
	return client && client->has_schema ? &client->schema : NULL;
}

const struct kinetic_channel *kinetic_client_find_channel(const struct kinetic_client *client, const char *name)
{
	if (!client || !client->has_schema || !name)
		return NULL;
	for (size_t i = 0; i < client->schema.channel_count; i++)
		if (strcmp(client->channels[i].name, name) == 0)
			return &client->channels[i];
	return NULL;
}

/* Whether the environment variable `name` is set and not empty: its value, or NULL. */
static const char *set_variable(const char *name)
{
	const char *value = getenv(name);
	return value && *value ? value : NULL;
}

/* The protocol's socket rule (protocol/kinetic.json "socket"; docs/PROTOCOL.md "Finding the socket"), as kineticctl
 * and the Python package follow it: the caller's path; $KINETIC_SOCKET; the system service's socket as root or under
 * its unit (RUNTIME_DIRECTORY=/run/kinetic); $XDG_RUNTIME_DIR/kinetic/kineticd.sock. tests/test-socket.c runs the
 * description's cases. */
static int find_socket(const char *explicit, char *path, size_t size)
{
	const char *variable = set_variable("KINETIC_SOCKET");
	const char *unit = getenv("RUNTIME_DIRECTORY");
	const char *runtime = set_variable("XDG_RUNTIME_DIR");
	if (explicit && *explicit)
		snprintf(path, size, "%s", explicit);
	else if (variable)
		snprintf(path, size, "%s", variable);
	else if (getuid() == 0 || (unit && strcmp(unit, "/run/kinetic") == 0))
		snprintf(path, size, "%s", KINETIC_SYSTEM_SOCKET);
	else if (runtime)
		snprintf(path, size, "%s/kinetic/kineticd.sock", runtime);
	else
		return connect_fail(KINETIC_E_NO_DAEMON,
				    "no socket to connect to: neither KINETIC_SOCKET nor XDG_RUNTIME_DIR is set; set "
				    "KINETIC_SOCKET to the daemon's socket (the system service's is %s), or pass its path",
				    KINETIC_SYSTEM_SOCKET);
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

/* The daemon's refusal of the hello (an error message in place of its hello). */
static int read_refusal(struct kinetic_client *client, const unsigned char *payload, size_t size)
{
	char problem[160];
	json_object *object = kinetic_json_parse(client->tokener, payload, size, problem, sizeof problem);
	const char *code = json_object_get_string(kinetic_json_member(object, "code", json_type_string));
	const char *text = json_object_get_string(kinetic_json_member(object, "message", json_type_string));
	bool version = code && strcmp(code, "version_unsupported") == 0;
	int status = connect_fail(version ? KINETIC_E_VERSION : KINETIC_E_PROTOCOL, "the daemon refused the hello: %.300s%s",
				  text ? text : "(no message)",
				  version ? "; install the libkinetic-client of the daemon's protocol version" : "");
	json_object_put(object);
	return status;
}

/* The daemon's hello, the first whole message in `in`: KNTC, u16 major, u16 minor, then its JSON object with its name
 * and tick rate. Its errors are the connection's (kinetic_connect_error_message()). */
static int accept_hello(struct kinetic_client *client)
{
	int status;
	const unsigned char *message = (unsigned char *)client->in.data;
	uint32_t length = kinetic_load_u32(message);
	uint16_t type = kinetic_load_u16(message + 4);
	const unsigned char *payload = message + KINETIC_HEADER_SIZE;
	size_t size = length - 4;
	if (type == KINETIC_MSG_ERROR)
		return read_refusal(client, payload, size);
	if (type != KINETIC_MSG_HELLO || size < 8 || memcmp(payload, "KNTC", 4) != 0)
		return connect_fail(KINETIC_E_PROTOCOL, "the daemon's first message is not a hello (type %u); is this "
				    "socket a kineticd's?", type);
	uint16_t major = kinetic_load_u16(payload + 4);
	if (major != KINETIC_PROTOCOL_MAJOR)
		return connect_fail(KINETIC_E_VERSION, "the daemon speaks protocol %u, this libkinetic-client %d; install "
				    "the libkinetic-client of protocol %u", major, KINETIC_PROTOCOL_MAJOR, major);
	client->minor = kinetic_load_u16(payload + 6);
	char problem[160];
	json_object *object = kinetic_json_parse(client->tokener, payload + 8, size - 8, problem, sizeof problem);
	json_object *server = kinetic_json_member(object, "server", json_type_string);
	json_object *rate = kinetic_json_member(object, "tick_hz", json_type_double);
	if (!rate)
		rate = kinetic_json_member(object, "tick_hz", json_type_int);
	double tick_hz = rate ? json_object_get_double(rate) : 0;
	if (!object || !json_object_is_type(object, json_type_object) || !server || !(tick_hz > 0)) {
		status = connect_fail(KINETIC_E_PROTOCOL, "the daemon's hello is not a kineticd's (%s; it needs a server name "
				      "and a tick_hz above 0); is this socket a kineticd's?", object ? "its fields" : problem);
		json_object_put(object);
		return status;
	}
	snprintf(client->server, sizeof client->server, "%s", json_object_get_string(server));
	client->tick_hz = tick_hz;
	json_object_put(object);
	/* The daemon may already have sent more (an event): keep it for the first dispatch. */
	size_t used = 4 + (size_t)length;
	memmove(client->in.data, client->in.data + used, client->in.length - used);
	client->in.length -= used;
	client->awaiting_hello = false;
	return KINETIC_OK;
}

/* "permission denied", naming the socket's mode and group and how to join it, as kineticctl and Python say it. */
static int permission_denied(const char *path)
{
	struct stat info;
	if (stat(path, &info) != 0)
		return connect_fail(KINETIC_E_SYSTEM, "permission denied to connect to %s", path);
	char group[256], buffer[4096];
	struct group entry, *found = NULL;
	if (getgrgid_r(info.st_gid, &entry, buffer, sizeof buffer, &found) == 0 && found)
		snprintf(group, sizeof group, "%s", found->gr_name);
	else
		snprintf(group, sizeof group, "gid %u", (unsigned)info.st_gid);
	return connect_fail(KINETIC_E_SYSTEM, "permission denied to connect to %s (the socket is mode %o, group %s); add "
			    "yourself to that group, as sudo usermod -aG %s $USER, then log in again", path,
			    (unsigned)(info.st_mode & 0777), group, group);
}

/* A socket connected to `path` (non-blocking when `nonblocking`: a daemon whose backlog is full is then an error, not
 * a wait), or a status with a message that says what to do. */
static int open_socket(const char *path, bool nonblocking, int *fd)
{
	struct sockaddr_un address = { .sun_family = AF_UNIX };
	if (strlen(path) >= sizeof address.sun_path)
		return connect_fail(KINETIC_E_INVALID, "socket path %s is longer than the %zu bytes a Unix socket's "
				    "path may have; use a shorter one", path, sizeof address.sun_path - 1);
	memcpy(address.sun_path, path, strlen(path) + 1);
	*fd = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC | (nonblocking ? SOCK_NONBLOCK : 0), 0);
	if (*fd < 0)
		return connect_fail(KINETIC_E_SYSTEM, "socket: %s", strerror(errno));
	if (connect(*fd, (struct sockaddr *)&address, sizeof address) == 0)
		return KINETIC_OK;
	int error = errno, status;
	/* The words kineticctl and the Python package use, with this library's way to name a socket. */
	if (error == ENOENT || error == ENOTDIR)
		status = connect_fail(KINETIC_E_NO_DAEMON, "no kineticd socket at %s: start kineticd (systemctl start "
				      "kineticd.socket, or run kineticd), or name its socket with socket_path or "
				      "$KINETIC_SOCKET", path);
	else if (error == ECONNREFUSED)
		status = connect_fail(KINETIC_E_NO_DAEMON, "nothing listens on %s: kineticd is not running (a stale "
				      "socket file); start it, or name another socket with socket_path", path);
	else if (error == EACCES || error == EPERM)
		status = permission_denied(path);
	else if (error == EAGAIN)
		status = connect_fail(KINETIC_E_NO_DAEMON, "kineticd at %s takes no more connections now (its backlog is "
				      "full); try again later", path);
	else
		status = connect_fail(KINETIC_E_SYSTEM, "connecting to %s: %s", path, strerror(error));
	close(*fd);
	*fd = -1;
	errno = error;
	return status;
}

/* Queues the binary hello and sends it: blocking when the socket is (nothing else is queued), otherwise as much as
 * the socket takes, the rest left to kinetic_client_flush(). */
static int send_hello(struct kinetic_client *client, const char *client_name, bool nonblocking)
{
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
	if (too_large || client->out.failed)
		return connect_fail(KINETIC_E_TOO_LARGE, "the client name is too long; use a shorter one");
	if (nonblocking) {
		int status = kinetic_client_flush(client);
		return status < 0 ? connect_fail(status, "sending the hello: %s", client->error) : KINETIC_OK;
	}
	for (size_t sent = 0; sent < client->out.length;) {
		ssize_t wrote = send(client->fd, client->out.data + sent, client->out.length - sent, MSG_NOSIGNAL);
		if (wrote < 0 && errno == EINTR)
			continue;
		if (wrote < 0)
			return connect_fail(KINETIC_E_SYSTEM, "sending the hello: %s", strerror(errno));
		sent += (size_t)wrote;
	}
	client->out.length = 0;
	return KINETIC_OK;
}

int kinetic_connection_open(int fd, const char *client_name, int timeout_ms, const struct kinetic_client_listener *listener,
			void *data, struct kinetic_client **out)
{
	if (listener && listener->size < offsetof(struct kinetic_client_listener, schema) + sizeof listener->schema) {
		close(fd);
		return connect_fail(KINETIC_E_INVALID, "the listener's size is %zu; set it to sizeof(struct "
				    "kinetic_client_listener)", listener->size);
	}
	struct kinetic_client *client = calloc(1, sizeof *client);
	if (!client) {
		close(fd);
		return connect_fail(KINETIC_E_NO_MEMORY, "out of memory");
	}
	client->fd = fd;
	client->in.limit = KINETIC_HEADER_SIZE + KINETIC_MAX_MESSAGE + KINETIC_DISPATCH_BYTES;
	client->out.limit = SIZE_MAX / 2;
	client->next_id = 1;
	client->data = data;
	/* The caller's listener as far as it goes: callbacks appended after it was compiled stay NULL. */
	if (listener)
		memcpy(&client->listener, listener, listener->size < sizeof *listener ? listener->size : sizeof *listener);
	client->c_locale = newlocale(LC_NUMERIC_MASK, "C", (locale_t)0);
	client->tokener = kinetic_json_tokener();
	client->awaiting_hello = true;
	bool nonblocking = timeout_ms < 0;
	int status = !client->c_locale || !client->tokener ? connect_fail(KINETIC_E_NO_MEMORY, "out of memory") :
		send_hello(client, client_name, nonblocking);
	if (status == KINETIC_OK && !nonblocking)
		status = read_message_blocking(client, monotonic_ms() + (timeout_ms > 0 ? timeout_ms : 5000));
	if (status == KINETIC_OK && !nonblocking)
		status = accept_hello(client);
	int flags = status == KINETIC_OK ? fcntl(client->fd, F_GETFL) : 0;
	if (status == KINETIC_OK && (flags < 0 || fcntl(client->fd, F_SETFL, flags | O_NONBLOCK) < 0))
		status = connect_fail(KINETIC_E_SYSTEM, "fcntl: %s", strerror(errno));
	if (status < 0) {
		kinetic_client_destroy(client);
		return status;
	}
	*out = client;
	return KINETIC_OK;
}

int kinetic_client_connect(const char *socket_path, const char *client_name, int timeout_ms,
			   const struct kinetic_client_listener *listener, void *data, struct kinetic_client **out)
{
	if (!out)
		return connect_fail(KINETIC_E_INVALID, "kinetic_client_connect: out is NULL; pass where to put the client");
	*out = NULL;
	connect_error[0] = '\0';
	char path[sizeof(((struct sockaddr_un *)0)->sun_path) + 1];
	int status = find_socket(socket_path, path, sizeof path);
	if (status < 0)
		return status;
	int fd = -1;
	status = open_socket(path, timeout_ms < 0, &fd);
	return status < 0 ? status : kinetic_connection_open(fd, client_name, timeout_ms, listener, data, out);
}

int kinetic_client_connect_nonblocking(const char *socket_path, const char *client_name,
				       const struct kinetic_client_listener *listener, void *data,
				       struct kinetic_client **out)
{
	return kinetic_client_connect(socket_path, client_name, -1, listener, data, out);
}

bool kinetic_client_ready(const struct kinetic_client *client)
{
	return client && !client->ended && !client->awaiting_hello;
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
	CHECK_CLIENT(client);
	while (client->written < client->out.length) {
		ssize_t wrote = send(client->fd, client->out.data + client->written, client->out.length - client->written,
				     MSG_NOSIGNAL | MSG_DONTWAIT);
		if (wrote < 0 && errno == EINTR)
			continue;
		if (wrote < 0 && (errno == EAGAIN || errno == EWOULDBLOCK))
			return 1;
		if (wrote < 0) {
			if (errno == EPIPE || errno == ECONNRESET) {
				kinetic_fail(client, KINETIC_E_CLOSED, "the daemon closed the connection; reconnect");
				return end_connection(client, KINETIC_E_CLOSED);
			}
			return kinetic_fail(client, KINETIC_E_SYSTEM, "writing to the daemon: %s", strerror(errno));
		}
		client->written += (size_t)wrote;
	}
	client->out.length = 0;
	client->written = 0;
	return 0;
}

/* The hello of a non-blocking connection, once it is whole in `in`: 1 when taken, 0 while it is not whole, or the
 * status that ended the connection (its message the hello's error). */
static int take_hello(struct kinetic_client *client)
{
	if (client->in.length < KINETIC_HEADER_SIZE)
		return 0;
	uint32_t length = kinetic_load_u32((unsigned char *)client->in.data);
	if (length >= 4 && length <= KINETIC_MAX_MESSAGE && client->in.length < 4 + (size_t)length)
		return 0;
	int status = length < 4 || length > KINETIC_MAX_MESSAGE ?
		connect_fail(KINETIC_E_PROTOCOL, "the daemon's first message has length %u; is this socket a kineticd's?",
			     length) :
		accept_hello(client);
	if (status == KINETIC_OK)
		return 1;
	kinetic_fail(client, status, "%s", connect_error);
	return end_connection(client, status);
}

/* Handles every whole message in the input buffer; returns how many, or a negative status. */
static int handle_buffered(struct kinetic_client *client)
{
	int handled = 0;
	size_t used = 0;
	int status = KINETIC_OK;
	if (client->awaiting_hello) {
		status = take_hello(client);
		if (status <= 0)
			return status;
		handled++;
	}
	while (client->in.length - used >= KINETIC_HEADER_SIZE) {
		const unsigned char *message = (unsigned char *)client->in.data + used;
		uint32_t length = kinetic_load_u32(message);
		if (length < 4 || length > KINETIC_MAX_MESSAGE) {
			status = kinetic_violation(client, "the daemon sent a message of length %u (4 to %u accepted); the "
						   "connection is closed: reconnect", length, KINETIC_MAX_MESSAGE);
			break;
		}
		if (client->in.length - used < 4 + (size_t)length)
			break;
		status = kinetic_handle_message(client, kinetic_load_u16(message + 4), message + KINETIC_HEADER_SIZE,
						length - 4);
		if (status < 0)
			break;
		used += 4 + (size_t)length;
		handled++;
	}
	memmove(client->in.data, client->in.data + used, client->in.length - used);
	client->in.length -= used;
	return status < 0 ? status : handled;
}

int kinetic_client_dispatch(struct kinetic_client *client)
{
	CHECK_CLIENT(client);
	/* One read of at most KINETIC_DISPATCH_BYTES: a daemon that sends without pause cannot hold the caller's loop
	 * (what is left keeps the descriptor readable, and kinetic_client_read_pending() says so). */
	if (!kinetic_buffer_reserve(&client->in, KINETIC_DISPATCH_BYTES))
		return kinetic_fail(client, KINETIC_E_NO_MEMORY, "out of memory reading from the daemon");
	ssize_t got;
	do
		got = recv(client->fd, client->in.data + client->in.length, KINETIC_DISPATCH_BYTES, MSG_DONTWAIT);
	while (got < 0 && errno == EINTR);
	bool closed = got == 0 || (got < 0 && errno == ECONNRESET);
	if (got < 0 && !closed && errno != EAGAIN && errno != EWOULDBLOCK)
		return kinetic_fail(client, KINETIC_E_SYSTEM, "reading from the daemon: %s", strerror(errno));
	if (got > 0) {
		client->bytes_received += (uint64_t)got;
		client->in.length += (size_t)got;
	}
	client->read_pending = got == KINETIC_DISPATCH_BYTES;
	int handled = handle_buffered(client);
	if (handled < 0)
		return handled;
	if (closed) {
		/* The daemon's last error, if it sent one, says why: copied first, since the message is written over it. */
		char last[sizeof client->error];
		memcpy(last, client->error, sizeof last);
		kinetic_fail(client, KINETIC_E_CLOSED, "the daemon closed the connection%s%.400s; reconnect",
			     last[0] ? " after " : "", last);
		return end_connection(client, KINETIC_E_CLOSED);
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
		result = kinetic_fail(client, KINETIC_E_INVALID, "%s", json->problem);
	else if (json->text.failed)
		result = kinetic_fail(client, KINETIC_E_TOO_LARGE, "the message is over the protocol's %u bytes; send less at "
			      "once", KINETIC_MAX_MESSAGE);
	else {
		size_t before = client->out.length;
		append_message(&client->out, type, NULL, 0, &json->text);
		if (client->out.failed) {
			client->out.failed = false;
			client->out.length = before;
			result = kinetic_fail(client, KINETIC_E_NO_MEMORY, "out of memory queueing a message");
		}
	}
	kinetic_json_free(json);
	if (result > 0 && type == KINETIC_MSG_COMMAND)
		client->next_id++;
	return result;
}

/* A command's object with its type, id and op; the caller adds the fields and queues it (commands.c). */
int64_t kinetic_begin_command(struct kinetic_client *client, struct kinetic_json *json, const char *op)
{
	kinetic_json_begin(json, client->c_locale);
	kinetic_json_string(json, "type", "command");
	kinetic_json_integer(json, "id", client->next_id);
	kinetic_json_string(json, "op", op);
	return client->next_id;
}

/* The subscribe message, with "motion": true when `motion`. */
static int64_t subscribe(struct kinetic_client *client, const char *const *patterns, size_t pattern_count,
			 double max_rate_hz, bool motion)
{
	CHECK_CLIENT(client);
	struct kinetic_json json;
	kinetic_json_begin(&json, client->c_locale);
	kinetic_json_string(&json, "type", "subscribe");
	kinetic_json_strings(&json, "channels", patterns, pattern_count);
	if (max_rate_hz != 0)
		kinetic_json_number(&json, "max_rate_hz", max_rate_hz);
	if (motion)
		kinetic_json_bool(&json, "motion", true);
	int64_t status = queue(client, KINETIC_MSG_SUBSCRIBE, &json, 0);
	return status < 0 ? status : 0;
}

int64_t kinetic_client_subscribe(struct kinetic_client *client, const char *const *patterns, size_t pattern_count,
				 double max_rate_hz)
{
	return subscribe(client, patterns, pattern_count, max_rate_hz, false);
}

int64_t kinetic_client_subscribe_motion(struct kinetic_client *client, const char *const *patterns,
					size_t pattern_count, double max_rate_hz)
{
	return subscribe(client, patterns, pattern_count, max_rate_hz, true);
}

uint64_t kinetic_client_bytes_received(const struct kinetic_client *client)
{
	return client ? client->bytes_received : 0;
}

struct kinetic_motion *kinetic_client_motion(const struct kinetic_client *client,
					     const struct kinetic_channel *channel)
{
	if (!client || !client->has_schema || !channel || channel < client->channels ||
	    channel >= client->channels + client->schema.channel_count)
		return NULL;
	return client->motions[channel - client->channels];
}

int64_t kinetic_queue_command(struct kinetic_client *client, struct kinetic_json *json, int64_t id)
{
	return queue(client, KINETIC_MSG_COMMAND, json, id);
}
