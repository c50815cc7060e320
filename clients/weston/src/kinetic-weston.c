/* SPDX-License-Identifier: Apache-2.0 */
/*
 * kinetic-weston: a libweston 10 module that moves Weston's windows with kineticd's motion (clients/weston/README.md).
 *
 * Loaded beside the shell (desktop-shell, kiosk-shell) with `--modules=kinetic-weston.so` or `[core] modules=`, it
 * watches every surface's commits for a toplevel that maps, and asks kineticd for an element with the configured
 * transition ([kinetic] transition=, animation=). The element's channels come as motion descriptors, evaluated at the
 * time the frame being composed will be presented, and are applied to the window's view through a weston_transform
 * and its alpha. When the toplevel goes away, a view of its last picture (the surface is kept by a reference, as
 * desktop-shell's close fade keeps it) plays the removal until kineticd says `animation.removed`. `follow=` moves the
 * focused window by a channel of kineticd's bindings.
 *
 * Nothing blocks Weston: the connection is non-blocking (kinetic_client_connect_nonblocking()) and read from Weston's
 * event loop; while kineticd is absent, windows map and unmap at once, and the module reconnects with backoff. Repaints
 * are scheduled only while something it drives moves.
 */
#define _GNU_SOURCE
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include <libweston/libweston.h>
#include <libweston/weston-log.h>
#include <libweston/config-parser.h>
#include <libweston-desktop/libweston-desktop.h>
#include <weston.h>

#include "kinetic-client.h"
#include "kinetic-weston.h"

static uint64_t clock_ns(clockid_t clock)
{
	struct timespec now;
	clock_gettime(clock, &now);
	return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}

uint64_t kw_monotonic_ns(void)
{
	return clock_ns(CLOCK_MONOTONIC);
}

static uint64_t timespec_ns(const struct timespec *t)
{
	return (uint64_t)t->tv_sec * 1000000000u + (uint64_t)t->tv_nsec;
}

/* A time of the compositor's presentation clock (CLOCK_MONOTONIC_RAW on some backends) on CLOCK_MONOTONIC, the
 * daemon's. */
static uint64_t presentation_to_monotonic(const struct weston_compositor *compositor, uint64_t time)
{
	return time - clock_ns(compositor->presentation_clock) + clock_ns(CLOCK_MONOTONIC);
}

/* The output's refresh interval, ns (60 Hz when the mode does not say). */
static uint64_t refresh_ns(const struct weston_output *output)
{
	uint32_t millihertz = output->current_mode && output->current_mode->refresh ? output->current_mode->refresh : 60000;
	return 1000000000000u / millihertz;
}

/*
 * When the next frame composed for `output` will be presented, on CLOCK_MONOTONIC: its last presentation plus its
 * refresh while a repaint waits for its time; one refresh later while a frame is in flight (what changes now is
 * drawn in the frame after it); a refresh from now when the output is idle (its repaint loop starts again).
 */
uint64_t kw_next_presentation(const struct weston_output *output)
{
	uint64_t now = clock_ns(output->compositor->presentation_clock);
	uint64_t refresh = refresh_ns(output), last = timespec_ns(&output->frame_time);
	uint64_t next;
	if (output->repaint_status == REPAINT_SCHEDULED)
		next = timespec_ns(&output->next_repaint) + (uint64_t)output->compositor->repaint_msec * 1000000u;
	else if (output->repaint_status == REPAINT_AWAITING_COMPLETION && last > 0)
		next = last + 2 * refresh;
	else
		next = now + refresh;
	if (next < now)
		next = now;
	return presentation_to_monotonic(output->compositor, next);
}

/* The weston_output a view is on, or the first output. */
static struct weston_output *view_output(struct kw *kw, struct weston_view *view)
{
	if (view && view->output)
		return view->output;
	if (wl_list_empty(&kw->compositor->output_list))
		return NULL;
	return kw_container_of(kw->compositor->output_list.next, struct weston_output, link);
}

static struct kw_output *find_output(struct kw *kw, struct weston_output *output)
{
	struct kw_output *o;
	wl_list_for_each(o, &kw->outputs, link)
		if (o->output == output)
			return o;
	return NULL;
}

/* Keeps `output` repainting while something moves: its animation hook, and a repaint. */
static void keep_repainting(struct kw *kw, struct weston_output *output)
{
	struct kw_output *o = output ? find_output(kw, output) : NULL;
	if (!o)
		return;
	if (!o->hooked) {
		wl_list_insert(&output->animation_list, &o->animation.link);
		o->hooked = true;
	}
	weston_output_schedule_repaint(output);
}

/* Applies every window's motion for the frame `output` will present next; returns whether anything still moves. */
static bool apply_output(struct kw *kw, struct weston_output *output, uint64_t when)
{
	bool moving = false;
	struct kw_window *window;
	wl_list_for_each(window, &kw->windows, link) {
		struct weston_view *view = kw_window_view(window);
		if (view && view_output(kw, view) == output)
			moving |= kw_window_apply(window, when);
	}
	return moving;
}

/* The animation hook: after each repaint of its output, the values for the next frame, or off when nothing moves. */
static void output_frame(struct weston_animation *animation, struct weston_output *output, const struct timespec *time)
{
	(void)time;
	struct kw_output *o = kw_container_of(animation, struct kw_output, animation);
	kw_frame_clock(o->kw, output);
	if (apply_output(o->kw, output, kw_next_presentation(output))) {
		weston_output_schedule_repaint(output);
		return;
	}
	wl_list_remove(&o->animation.link);
	wl_list_init(&o->animation.link);
	o->hooked = false;
}

/* Something changed (a descriptor, a frame, a window): apply it now for each output's next frame, and keep moving. */
void kw_motion_changed(struct kw *kw)
{
	struct kw_output *o;
	wl_list_for_each(o, &kw->outputs, link) {
		if (apply_output(kw, o->output, kw_next_presentation(o->output)))
			keep_repainting(kw, o->output);
		else
			weston_output_schedule_repaint(o->output);
	}
}

static void output_destroyed(struct wl_listener *listener, void *data)
{
	(void)data;
	struct kw_output *o = kw_container_of(listener, struct kw_output, destroy_listener);
	if (o->hooked)
		wl_list_remove(&o->animation.link);
	wl_list_remove(&o->destroy_listener.link);
	wl_list_remove(&o->link);
	free(o);
}

static void output_created(struct wl_listener *listener, void *data)
{
	struct kw *kw = kw_container_of(listener, struct kw, output_created_listener);
	struct weston_output *output = data;
	struct kw_output *o = zalloc(sizeof *o);
	if (!o)
		return;
	o->kw = kw;
	o->output = output;
	o->animation.frame = output_frame;
	wl_list_init(&o->animation.link);
	o->destroy_listener.notify = output_destroyed;
	wl_signal_add(&output->destroy_signal, &o->destroy_listener);
	wl_list_insert(kw->outputs.prev, &o->link);
}

/* Gives kineticd the vblank grid of the first output (frame_clock), when asked to, and again when its presentations
 * have drifted off the grid last given by more than a millisecond. */
void kw_frame_clock(struct kw *kw, struct weston_output *output)
{
	if (!kw->config.frame_clock || !kw->client || !kinetic_client_ready(kw->client) ||
	    output != view_output(kw, NULL) || output->frame_time.tv_sec == 0)
		return;
	uint64_t refresh = refresh_ns(output);
	uint64_t vblank = presentation_to_monotonic(output->compositor, timespec_ns(&output->frame_time));
	if (kw->clock_refresh == refresh && kw->clock_vblank) {
		uint64_t since = vblank > kw->clock_vblank ? vblank - kw->clock_vblank : kw->clock_vblank - vblank;
		uint64_t off = since % refresh;
		if (off < 1000000 || refresh - off < 1000000)
			return;
	}
	kw->clock_refresh = refresh;
	kw->clock_vblank = vblank;
	kinetic_client_frame_clock(kw->client, refresh, vblank, (int64_t)kw->compositor->repaint_msec * 1000000 + 1000000);
	kw_flush(kw);
}

static void read_config(struct kw *kw)
{
	struct weston_config *config = wet_get_config(kw->compositor);
	struct weston_config_section *section = weston_config_get_section(config, "kinetic", NULL, NULL);
	weston_config_section_get_string(section, "socket", &kw->config.socket, NULL);
	weston_config_section_get_string(section, "transition", &kw->config.transition,
					 ".scale(0.9).combined(with: .opacity)");
	weston_config_section_get_string(section, "animation", &kw->config.animation, ".smooth(duration: 0.3)");
	weston_config_section_get_string(section, "follow", &kw->config.follow, NULL);
	weston_config_section_get_double(section, "follow-scale", &kw->config.follow_scale, 1.0);
	weston_config_section_get_bool(section, "frame-clock", &kw->config.frame_clock, true);
	weston_config_section_get_bool(section, "transitions", &kw->config.transitions, true);
}

static void compositor_destroyed(struct wl_listener *listener, void *data)
{
	(void)data;
	struct kw *kw = kw_container_of(listener, struct kw, destroy_listener);
	kw_windows_destroy(kw);
	kw_disconnect(kw, NULL);
	if (kw->reconnect_timer)
		wl_event_source_remove(kw->reconnect_timer);
	struct kw_output *o, *next;
	wl_list_for_each_safe(o, next, &kw->outputs, link)
		output_destroyed(&o->destroy_listener, NULL);
	wl_list_remove(&kw->output_created_listener.link);
	wl_list_remove(&kw->create_surface_listener.link);
	free(kw->config.socket);
	free(kw->config.transition);
	free(kw->config.animation);
	free(kw->config.follow);
	/* Weston warns at exit about a scope still there. */
	weston_log_scope_destroy(kw->scope);
	free(kw);
}

WL_EXPORT int wet_module_init(struct weston_compositor *compositor, int *argc, char *argv[])
{
	(void)argc;
	(void)argv;
	struct kw *kw = zalloc(sizeof *kw);
	if (!kw)
		return -1;
	if (!weston_compositor_add_destroy_listener_once(compositor, &kw->destroy_listener, compositor_destroyed)) {
		free(kw);
		return 0;
	}
	kw->compositor = compositor;
	wl_list_init(&kw->outputs);
	wl_list_init(&kw->windows);
	read_config(kw);
	kw->scope = weston_compositor_add_log_scope(compositor, "kinetic",
						    "kinetic-weston: each frame's values for each window it moves\n",
						    NULL, NULL, NULL);
	kw->output_created_listener.notify = output_created;
	wl_signal_add(&compositor->output_created_signal, &kw->output_created_listener);
	struct weston_output *output;
	wl_list_for_each(output, &compositor->output_list, link)
		output_created(&kw->output_created_listener, output);
	kw_windows_init(kw);
	kw_connect(kw);
	return 0;
}
