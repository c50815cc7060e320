/* SPDX-License-Identifier: Apache-2.0 */
/* kinetic-weston's state: the module (kinetic-weston.c), its connection to kineticd (connection.c) and the windows it
 * moves (windows.c). */
#ifndef KINETIC_WESTON_H
#define KINETIC_WESTON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <libweston/libweston.h>

/* The struct of `type` whose `member` is at `pointer` (libweston's helpers are not installed). */
#define kw_container_of(pointer, type, member) ((type *)((char *)(pointer) - offsetof(type, member)))

/* The elements of the windows in kineticd: weston.window.1, weston.window.2, … */
#define KW_ELEMENT_PREFIX "weston.window."

/* [kinetic] in weston.ini (clients/weston/README.md). */
struct kw_config {
	char *socket;
	char *transition;
	char *animation;
	char *follow;
	double follow_scale;
	bool frame_clock;
	bool transitions;
};

struct kw {
	struct weston_compositor *compositor;
	struct kw_config config;
	struct weston_log_scope *scope;
	struct wl_listener destroy_listener;
	struct wl_listener output_created_listener;
	struct wl_listener create_surface_listener;
	struct wl_list outputs; /* struct kw_output */
	struct wl_list windows; /* struct kw_window */
	struct wl_list trackers; /* struct kw_tracker: every surface's commit listener */
	uint32_t next_window;
	/* The connection: NULL while kineticd is absent. */
	struct kinetic_client *client;
	struct wl_event_source *fd_source;
	struct wl_event_source *reconnect_timer;
	int backoff_ms;
	/* Whether the last state logged was "connected", so that each change is logged once. */
	bool logged_connected, logged_absent;
	/* Whether the dispatch under way brought a schema, a frame or a motion. */
	bool changed;
	/* The vblank grid last given to kineticd (frame_clock). */
	uint64_t clock_refresh, clock_vblank;
};

struct kw_output {
	struct wl_list link;
	struct kw *kw;
	struct weston_output *output;
	struct weston_animation animation;
	bool hooked;
	struct wl_listener destroy_listener;
};

/* A toplevel the module moves: its element in kineticd, its view and the transform applied to it. */
struct kw_window {
	struct wl_list link;
	struct kw *kw;
	struct weston_surface *surface;
	/* The shell's view while the toplevel lives; then `ghost`, a view of its last picture, for the removal. */
	struct weston_view *view;
	struct weston_view *ghost;
	struct wl_listener view_destroy_listener;
	struct weston_transform transform;
	char element[48];
	/* The id of its insert command, whose reply carries the transition's scale anchor. */
	int64_t insert_id;
	/* Until kineticd has described the element's channels (or the connection is gone): drawn as before its map. */
	bool waiting;
	bool closing;
	/* The insert's scale anchor (unit point). */
	double anchor[2];
	/* The values applied last, to tell whether anything moved. */
	double applied[8];
	bool has_applied;
};

/* kinetic-weston.c */
uint64_t kw_next_presentation(const struct weston_output *output);
uint64_t kw_monotonic_ns(void);
void kw_motion_changed(struct kw *kw);
void kw_frame_clock(struct kw *kw, struct weston_output *output);

/* connection.c */
void kw_connect(struct kw *kw);
void kw_disconnect(struct kw *kw, const char *why);
void kw_flush(struct kw *kw);
void kw_log(struct kw *kw, const char *format, ...) __attribute__((format(printf, 2, 3)));

/* windows.c */
void kw_windows_init(struct kw *kw);
void kw_windows_destroy(struct kw *kw);
struct weston_view *kw_window_view(struct kw_window *window);
bool kw_window_apply(struct kw_window *window, uint64_t when);
void kw_windows_connection_lost(struct kw *kw);
void kw_window_removed(struct kw *kw, const char *element);
void kw_window_inserted(struct kw *kw, int64_t id, const char *json);

#endif
