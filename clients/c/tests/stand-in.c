/* The stand-in daemon (stand-in.h). */
#define _GNU_SOURCE
#include "stand-in.h"

#include <errno.h>
#include <stdbool.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <unistd.h>

static void put_u16(unsigned char *p, uint16_t v) { p[0] = (unsigned char)v, p[1] = (unsigned char)(v >> 8); }
static void put_u32(unsigned char *p, uint32_t v)
{
	for (int i = 0; i < 4; i++)
		p[i] = (unsigned char)(v >> (8 * i));
}

size_t stand_in_message(unsigned char *out, uint16_t type, const void *payload, size_t payload_length)
{
	size_t prefix = type == 1 ? 8 : 0;
	put_u32(out, (uint32_t)(4 + prefix + payload_length));
	put_u16(out + 4, type);
	put_u16(out + 6, 0);
	if (prefix) {
		memcpy(out + 8, "KNTC", 4);
		put_u16(out + 12, 1);
		put_u16(out + 14, 0);
	}
	memcpy(out + 8 + prefix, payload, payload_length);
	return 8 + prefix + payload_length;
}

size_t stand_in_hello(unsigned char *out)
{
	const char *json = "{\"type\":\"hello\",\"server\":\"stand-in 1\",\"tick_hz\":120,\"encoding\":\"binary\"}";
	return stand_in_message(out, 1, json, strlen(json));
}

static bool send_all(int fd, const unsigned char *bytes, size_t length)
{
	for (size_t sent = 0; sent < length;) {
		ssize_t wrote = send(fd, bytes + sent, length - sent, MSG_NOSIGNAL);
		if (wrote < 0 && errno == EINTR)
			continue;
		if (wrote <= 0)
			return false;
		sent += (size_t)wrote;
	}
	return true;
}

static void play(int listener, const void *script, size_t length, const void *repeat, size_t repeat_length)
{
	int connection = accept(listener, NULL, NULL);
	unsigned char hello[512];
	ssize_t got = read(connection, hello, sizeof hello);
	if (got < 12 || memcmp(hello + 8, "KNTC", 4) != 0)
		_exit(2);
	if (!send_all(connection, script, length))
		_exit(0); /* the client went away: it may, after a violation */
	while (repeat && send_all(connection, repeat, repeat_length))
		;
	pause();
	_exit(0);
}

int stand_in_start(struct stand_in *stand_in, const void *script, size_t length, const void *repeat,
		   size_t repeat_length)
{
	snprintf(stand_in->folder, sizeof stand_in->folder, "/tmp/kinetic-c-stand-in-XXXXXX");
	if (!mkdtemp(stand_in->folder))
		return 1;
	snprintf(stand_in->socket, sizeof stand_in->socket, "%s/stand-in.sock", stand_in->folder);
	int listener = socket(AF_UNIX, SOCK_STREAM | SOCK_CLOEXEC, 0);
	struct sockaddr_un address = { .sun_family = AF_UNIX };
	memcpy(address.sun_path, stand_in->socket, strlen(stand_in->socket) + 1);
	if (listener < 0 || bind(listener, (struct sockaddr *)&address, sizeof address) < 0 || listen(listener, 1) < 0) {
		perror("stand-in daemon");
		return 1;
	}
	stand_in->pid = fork();
	if (stand_in->pid == 0)
		play(listener, script, length, repeat, repeat_length);
	close(listener);
	return stand_in->pid < 0 ? 1 : 0;
}

int stand_in_stop(struct stand_in *stand_in)
{
	int status = -1;
	kill(stand_in->pid, SIGTERM);
	if (waitpid(stand_in->pid, &status, 0) < 0)
		status = -1;
	else if (WIFSIGNALED(status) && WTERMSIG(status) == SIGTERM)
		status = 0;
	else
		status = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
	unlink(stand_in->socket);
	rmdir(stand_in->folder);
	return status;
}
