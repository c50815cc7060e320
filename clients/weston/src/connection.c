/* SPDX-License-Identifier: Apache-2.0 */
/* kinetic-weston's connection to kineticd: non-blocking, read from Weston's event loop, reconnected with backoff. */
#define _GNU_SOURCE
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <libweston/libweston.h>
#include <libweston/weston-log.h>

#include "kinetic-client.h"
#include "kinetic-weston.h"

/* Reconnection: the first retry after 100 ms, doubling to 5 s. */
#define BACKOFF_FIRST_MS 100
#define BACKOFF_MAX_MS 5000

void kw_log(struct kw *kw, const char *format, ...)
{
	(void)kw;
	char line[640];
	va_list arguments;
	va_start(arguments, format);
	vsnprintf(line, sizeof line, format, arguments);
	va_end(arguments);
	weston_log("kinetic-weston: %s\n", line);
}

/* A schema, a frame or a channel's motion: applied once the dispatch has read every message it read (a motion message
 * describes its channels one callback at a time, and a frame must not mix the new motion of one with the old of
 * another). */
static void on_schema(void *data, const struct kinetic_schema *schema)
{
	(void)schema;
	((struct kw *)data)->changed = true;
}

static void on_frame(void *data, const struct kinetic_frame *frame)
{
	(void)frame;
	((struct kw *)data)->changed = true;
}

static void on_motion(void *data, const struct kinetic_channel *channel, struct kinetic_motion *motion)
{
	(void)channel;
	(void)motion;
	((struct kw *)data)->changed = true;
}

static void on_reply(void *data, const struct kinetic_reply *reply)
{
	struct kw *kw = data;
	if (!reply->ok)
		kw_log(kw, "kineticd refused command %lld: %s (%s); check [kinetic] in weston.ini", (long long)reply->id,
		       reply->error_message ? reply->error_message : "", reply->error_code ? reply->error_code : "");
	kw_window_inserted(kw, reply->id, reply->ok ? reply->json : NULL);
}

static void on_event(void *data, const struct kinetic_event *event)
{
	if (strcmp(event->name, "animation.removed") == 0 && event->channel)
		kw_window_removed(data, event->channel);
}

static void on_error(void *data, const char *code, const char *message)
{
	kw_log(data, "kineticd says %s: %s", code, message);
}

static const struct kinetic_client_listener listener = {
	.size = sizeof listener,
	.schema = on_schema,
	.frame = on_frame,
	.reply = on_reply,
	.event = on_event,
	.error = on_error,
	.motion = on_motion,
};

/* The fd source's events: readable, and writable while output is queued. */
static void update_mask(struct kw *kw)
{
	if (kw->fd_source)
		wl_event_source_fd_update(kw->fd_source, WL_EVENT_READABLE |
					  (kinetic_client_wants_write(kw->client) ? WL_EVENT_WRITABLE : 0));
}

void kw_flush(struct kw *kw)
{
	if (!kw->client)
		return;
	if (kinetic_client_flush(kw->client) < 0) {
		kw_disconnect(kw, kinetic_client_error_message(kw->client));
		return;
	}
	update_mask(kw);
}

static int reconnect(void *data)
{
	kw_connect(data);
	return 0;
}

static void schedule_reconnect(struct kw *kw)
{
	struct wl_event_loop *loop = wl_display_get_event_loop(kw->compositor->wl_display);
	if (!kw->reconnect_timer)
		kw->reconnect_timer = wl_event_loop_add_timer(loop, reconnect, kw);
	kw->backoff_ms = kw->backoff_ms ? kw->backoff_ms * 2 : BACKOFF_FIRST_MS;
	if (kw->backoff_ms > BACKOFF_MAX_MS)
		kw->backoff_ms = BACKOFF_MAX_MS;
	if (kw->reconnect_timer)
		wl_event_source_timer_update(kw->reconnect_timer, kw->backoff_ms);
}

/* One dispatch per wake-up: what it leaves in the socket keeps the fd readable, so Weston's loop comes back to it. */
static int on_fd(int fd, uint32_t mask, void *data)
{
	(void)fd;
	(void)mask;
	struct kw *kw = data;
	kw->changed = false;
	if (kinetic_client_dispatch(kw->client) < 0) {
		kw_disconnect(kw, kinetic_client_error_message(kw->client));
		return 0;
	}
	if (kw->changed)
		kw_motion_changed(kw);
	if (kinetic_client_ready(kw->client) && !kw->logged_connected) {
		kw_log(kw, "connected to %s; windows move with its transitions", kinetic_client_server(kw->client));
		kw->logged_connected = true;
		kw->logged_absent = false;
		kw->backoff_ms = 0;
	}
	update_mask(kw);
	return 0;
}

/* The subscription: the windows' elements, and the channel `follow=` names. */
static void subscribe(struct kw *kw)
{
	char pattern[64];
	snprintf(pattern, sizeof pattern, "%s*", KW_ELEMENT_PREFIX);
	const char *patterns[2] = { pattern, kw->config.follow };
	kinetic_client_subscribe_motion(kw->client, patterns, kw->config.follow ? 2 : 1, 0);
}

void kw_connect(struct kw *kw)
{
	if (kw->client)
		return;
	int status = kinetic_client_connect_nonblocking(kw->config.socket, "kinetic-weston", &listener, kw, &kw->client);
	if (status < 0) {
		if (!kw->logged_absent)
			kw_log(kw, "%s (the module's socket_path is socket= in weston.ini's [kinetic]); windows map and "
			       "unmap at once until kineticd is there (retrying)", kinetic_connect_error_message());
		kw->logged_absent = true;
		kw->logged_connected = false;
		schedule_reconnect(kw);
		return;
	}
	struct wl_event_loop *loop = wl_display_get_event_loop(kw->compositor->wl_display);
	kw->fd_source = wl_event_loop_add_fd(loop, kinetic_client_get_fd(kw->client), WL_EVENT_READABLE, on_fd, kw);
	if (!kw->fd_source) {
		kinetic_client_destroy(kw->client);
		kw->client = NULL;
		schedule_reconnect(kw);
		return;
	}
	kw->clock_refresh = kw->clock_vblank = 0;
	subscribe(kw);
	kw_flush(kw);
}

void kw_disconnect(struct kw *kw, const char *why)
{
	if (!kw->client)
		return;
	if (why && (kw->logged_connected || !kw->logged_absent))
		kw_log(kw, "lost kineticd: %s; windows map and unmap at once until it is back (reconnecting)", why);
	if (why) {
		kw->logged_connected = false;
		kw->logged_absent = true;
	}
	wl_event_source_remove(kw->fd_source);
	kw->fd_source = NULL;
	kinetic_client_destroy(kw->client);
	kw->client = NULL;
	kw_windows_connection_lost(kw);
	if (why)
		schedule_reconnect(kw);
}
