/* SPDX-License-Identifier: Apache-2.0 */
/* The windows kinetic-weston moves: toplevels seen mapping through their surfaces' commits, each an element in kineticd
 * whose transition channels are applied to its view; the removal played on a view of the last picture. */
#define _GNU_SOURCE
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/json.h>
#include <libweston/libweston.h>
#include <libweston/weston-log.h>
#include <libweston-desktop/libweston-desktop.h>

#include "kinetic-client.h"
#include "kinetic-weston.h"

/* Every surface's commits, to see toplevels map and unmap. */
struct kw_tracker {
	struct wl_list link;
	struct kw *kw;
	struct weston_surface *surface;
	struct wl_listener commit_listener;
	struct wl_listener destroy_listener;
	struct kw_window *window;
	bool was_mapped;
};

static void window_destroy(struct kw_window *window);

struct weston_view *kw_window_view(struct kw_window *window)
{
	return window->closing ? window->ghost : window->view;
}

/* A channel of the schema in force with `dimension` components, or NULL. */
static const struct kinetic_channel *channel(struct kw *kw, const char *element, const char *suffix, uint32_t dimension)
{
	char name[96];
	snprintf(name, sizeof name, "%s%s%s", element, element[0] ? "." : "", suffix);
	const struct kinetic_channel *found = kinetic_client_find_channel(kw->client, name);
	return found && found->dimension == dimension ? found : NULL;
}

/*
 * A channel's value at `when` into `value` (its `dimension` numbers): its motion evaluated there, or its latest frame
 * for motion without a closed form. Returns 0 when it has no value yet, 1 at rest, 2 while it moves.
 */
static int channel_value(struct kw *kw, const struct kinetic_channel *c, uint64_t when, double *value)
{
	if (!c)
		return 0;
	struct kinetic_motion *motion = kinetic_client_motion(kw->client, c);
	double velocity[2];
	if (motion && kinetic_motion_kind(motion) != KINETIC_MOTION_FRAMES &&
	    kinetic_motion_evaluate(motion, when, value, velocity) == KINETIC_OK)
		return kinetic_motion_kind(motion) == KINETIC_MOTION_ANIMATION ? 2 : 1;
	const struct kinetic_frame *frame = kinetic_client_latest_frame(kw->client);
	if (!motion || !frame)
		return 0;
	memcpy(value, kinetic_frame_value(frame, c), c->dimension * sizeof(double));
	return 2;
}

/* The window `follow=` moves: the one with a seat's keyboard focus, or else the one mapped last. */
static struct kw_window *followed(struct kw *kw)
{
	struct weston_seat *seat;
	struct kw_window *window;
	wl_list_for_each(seat, &kw->compositor->seat_list, link) {
		struct weston_keyboard *keyboard = weston_seat_get_keyboard(seat);
		wl_list_for_each(window, &kw->windows, link)
			if (keyboard && keyboard->focus == window->surface && !window->closing)
				return window;
	}
	wl_list_for_each_reverse(window, &kw->windows, link)
		if (!window->closing)
			return window;
	return NULL;
}

/* The window's values at `when`: opacity, scale (2), offset (2, with the relative offset and follow= in pixels),
 * rotation (degrees). Returns whether any moves; *described is false until every transition channel has a value. */
static bool window_values(struct kw_window *window, uint64_t when, double values[6], bool *described)
{
	struct kw *kw = window->kw;
	double relative[2] = { 0, 0 }, follow[2] = { 0, 0 };
	values[0] = 1, values[1] = values[2] = 1, values[3] = values[4] = 0, values[5] = 0;
	int states[5] = {
		channel_value(kw, channel(kw, window->element, "opacity", 1), when, values),
		channel_value(kw, channel(kw, window->element, "scale", 2), when, values + 1),
		channel_value(kw, channel(kw, window->element, "offset", 2), when, values + 3),
		channel_value(kw, channel(kw, window->element, "relative_offset", 2), when, relative),
		channel_value(kw, channel(kw, window->element, "rotation", 1), when, values + 5),
	};
	int follow_state = 0;
	if (kw->config.follow && followed(kw) == window) {
		const struct kinetic_channel *c = kinetic_client_find_channel(kw->client, kw->config.follow);
		if (c && c->dimension <= 2)
			follow_state = channel_value(kw, c, when, follow);
	}
	*described = states[0] && states[1] && states[2] && states[3] && states[4];
	values[3] += relative[0] * window->surface->width + follow[0] * kw->config.follow_scale;
	values[4] += relative[1] * window->surface->height + follow[1] * kw->config.follow_scale;
	bool moving = follow_state == 2;
	for (int i = 0; i < 5; i++)
		moving |= states[i] == 2;
	return moving;
}

/* The transform of `values` about the scale anchor, in the surface's coordinates (before the view's position). */
static void set_matrix(struct kw_window *window, const double values[6])
{
	struct weston_matrix *matrix = &window->transform.matrix;
	float ax = (float)(window->anchor[0] * window->surface->width);
	float ay = (float)(window->anchor[1] * window->surface->height);
	double radians = values[5] * M_PI / 180;
	weston_matrix_init(matrix);
	weston_matrix_translate(matrix, -ax, -ay, 0);
	weston_matrix_scale(matrix, (float)values[1], (float)values[2], 1);
	if (values[5] != 0)
		weston_matrix_rotate_xy(matrix, (float)cos(radians), (float)sin(radians));
	weston_matrix_translate(matrix, ax + (float)values[3], ay + (float)values[4], 0);
}

/* Applies the window's motion for the frame presented at `when` (CLOCK_MONOTONIC); returns whether it moves. */
bool kw_window_apply(struct kw_window *window, uint64_t when)
{
	struct weston_view *view = kw_window_view(window);
	if (!view || !window->kw->client)
		return false;
	double values[6];
	bool described;
	bool moving = window_values(window, when, values, &described);
	bool hidden = !described && window->waiting;
	if (hidden) {
		/* Not yet described: not shown yet, rather than shown at full size for a frame. */
		values[0] = 0;
		moving = true;
	} else {
		window->waiting = false;
	}
	if (values[0] < 0)
		values[0] = 0;
	if (values[0] > 1)
		values[0] = 1;
	if (window->has_applied && memcmp(values, window->applied, sizeof values) == 0)
		return moving;
	memcpy(window->applied, values, sizeof values);
	window->has_applied = true;
	/* At identity the transform is taken off the view: Weston then draws it as it would without the module (no
	 * filtering of its pixels). */
	bool identity = values[1] == 1 && values[2] == 1 && values[3] == 0 && values[4] == 0 && values[5] == 0;
	wl_list_remove(&window->transform.link);
	wl_list_init(&window->transform.link);
	if (!identity) {
		set_matrix(window, values);
		wl_list_insert(&view->geometry.transformation_list, &window->transform.link);
	}
	view->alpha = (float)values[0];
	weston_view_geometry_dirty(view);
	weston_view_schedule_repaint(view);
	if (weston_log_scope_is_enabled(window->kw->scope))
		weston_log_scope_printf(window->kw->scope, "frame %s at %llu (applied at %llu): opacity %.6f scale %.6f %.6f offset %.3f %.3f "
					"rotation %.4f size %d %d position %.0f %.0f%s\n", window->element,
					(unsigned long long)when, (unsigned long long)kw_monotonic_ns(), values[0], values[1], values[2], values[3], values[4],
					values[5], window->surface->width, window->surface->height,
					(double)view->geometry.x, (double)view->geometry.y,
					hidden ? " (hidden until described)" : "");
	return moving;
}

/* The toplevel's view: a view of a desktop surface with no transform parent (popups and subsurfaces have one). */
static struct weston_view *toplevel_view(struct weston_surface *surface)
{
	if (!weston_surface_is_desktop_surface(surface))
		return NULL;
	struct weston_view *view;
	wl_list_for_each(view, &surface->views, surface_link)
		if (!view->geometry.parent && weston_view_is_mapped(view))
			return view;
	return NULL;
}

static void view_destroyed(struct wl_listener *listener, void *data);

/* A toplevel mapped: its element inserted, its view kept hidden until described, its surface kept for the removal. */
static void window_mapped(struct kw_tracker *tracker)
{
	struct kw *kw = tracker->kw;
	struct weston_view *view = toplevel_view(tracker->surface);
	if (!view || !kw->config.transitions || !kw->client || !kinetic_client_ready(kw->client))
		return;
	struct kw_window *window = zalloc(sizeof *window);
	struct weston_view *ghost = window ? weston_view_create(tracker->surface) : NULL;
	if (!ghost) {
		free(window);
		return;
	}
	window->kw = kw;
	window->surface = tracker->surface;
	window->view = view;
	window->ghost = ghost;
	window->waiting = true;
	window->anchor[0] = window->anchor[1] = 0.5;
	snprintf(window->element, sizeof window->element, "%s%u", KW_ELEMENT_PREFIX, ++kw->next_window);
	/* Kept alive past the client's wl_surface, as desktop-shell keeps it for its fade-out. */
	tracker->surface->ref_count++;
	window->view_destroy_listener.notify = view_destroyed;
	wl_signal_add(&view->destroy_signal, &window->view_destroy_listener);
	weston_matrix_init(&window->transform.matrix);
	wl_list_insert(&view->geometry.transformation_list, &window->transform.link);
	wl_list_insert(kw->windows.prev, &window->link);
	tracker->window = window;
	window->insert_id = kinetic_client_insert(kw->client, window->element, kw->config.transition,
						  kw->config.animation);
	kw_flush(kw);
	kw_motion_changed(kw);
}

/* The shell's view goes (the toplevel was destroyed): the removal plays on the ghost, in the view's place. */
static void view_destroyed(struct wl_listener *listener, void *data)
{
	(void)data;
	struct kw_window *window = kw_container_of(listener, struct kw_window, view_destroy_listener);
	struct kw *kw = window->kw;
	struct weston_view *view = window->view;
	wl_list_remove(&window->view_destroy_listener.link);
	wl_list_init(&window->view_destroy_listener.link);
	wl_list_remove(&window->transform.link);
	wl_list_init(&window->transform.link);
	window->view = NULL;
	if (!kw->client || !kinetic_client_ready(kw->client) || !weston_view_is_mapped(view) ||
	    window->surface->width == 0) {
		window_destroy(window);
		return;
	}
	struct weston_view *ghost = window->ghost;
	weston_view_set_output(ghost, view->output);
	weston_view_set_position(ghost, view->geometry.x, view->geometry.y);
	weston_layer_entry_insert(&view->layer_link, &ghost->layer_link);
	ghost->is_mapped = true;
	ghost->alpha = view->alpha;
	wl_list_insert(&ghost->geometry.transformation_list, &window->transform.link);
	weston_view_geometry_dirty(ghost);
	window->closing = true;
	kinetic_client_remove_element(kw->client, window->element, NULL, kw->config.animation);
	kw_flush(kw);
	kw_motion_changed(kw);
}

/* Forgets a window: its transform off its view, its ghost gone, the surface's reference given back. */
static void window_destroy(struct kw_window *window)
{
	struct kw_tracker *tracker;
	wl_list_for_each(tracker, &window->kw->trackers, link)
		if (tracker->window == window)
			tracker->window = NULL;
	wl_list_remove(&window->link);
	wl_list_remove(&window->view_destroy_listener.link);
	wl_list_remove(&window->transform.link);
	if (window->view) {
		window->view->alpha = 1;
		weston_view_geometry_dirty(window->view);
		weston_view_schedule_repaint(window->view);
	}
	if (weston_view_is_mapped(window->ghost))
		weston_view_damage_below(window->ghost);
	weston_view_destroy(window->ghost);
	weston_compositor_schedule_repaint(window->kw->compositor);
	/* The module's reference: the surface goes now if its client has let it go. */
	weston_surface_destroy(window->surface);
	free(window);
}

void kw_window_removed(struct kw *kw, const char *element)
{
	struct kw_window *window, *next;
	wl_list_for_each_safe(window, next, &kw->windows, link) {
		if (window->closing && strcmp(window->element, element) == 0) {
			window_destroy(window);
			weston_log_scope_printf(kw->scope, "removed %s\n", element);
		}
	}
}

void kw_window_inserted(struct kw *kw, int64_t id, const char *json)
{
	struct kw_window *window;
	wl_list_for_each(window, &kw->windows, link) {
		if (window->insert_id != id)
			continue;
		if (!json) {
			window->waiting = false; /* refused: shown as it is */
			return;
		}
		json_object *reply = json_tokener_parse(json), *anchor = NULL;
		if (reply && json_object_object_get_ex(reply, "scale_anchor", &anchor) &&
		    json_object_is_type(anchor, json_type_array) && json_object_array_length(anchor) == 2) {
			for (int i = 0; i < 2; i++) {
				double a = json_object_get_double(json_object_array_get_idx(anchor, (size_t)i));
				if (isfinite(a) && fabs(a) <= 16)
					window->anchor[i] = a;
			}
		}
		json_object_put(reply);
		return;
	}
}

/* kineticd went away: every window is shown as it is, at once; closing ones are gone. */
void kw_windows_connection_lost(struct kw *kw)
{
	struct kw_window *window, *next;
	wl_list_for_each_safe(window, next, &kw->windows, link)
		window_destroy(window);
}

static void surface_committed(struct wl_listener *listener, void *data)
{
	(void)data;
	struct kw_tracker *tracker = kw_container_of(listener, struct kw_tracker, commit_listener);
	/* libweston-desktop applies a toplevel's commit (and the shell maps it) in a commit listener of its own, added
	 * after this one: move to the end of the list, where this emission calls this listener again after it. */
	struct wl_list *listeners = &tracker->surface->commit_signal.listener_list;
	if (listener->link.next != listeners) {
		wl_list_remove(&listener->link);
		wl_list_insert(listeners->prev, &listener->link);
		return;
	}
	bool mapped = weston_surface_is_mapped(tracker->surface);
	if (mapped && !tracker->was_mapped && !tracker->window)
		window_mapped(tracker);
	else if (!mapped && tracker->was_mapped && tracker->window && !tracker->window->closing) {
		/* Unmapped by a null buffer: its picture is gone with the buffer, so the element goes at once. */
		if (tracker->kw->client)
			kinetic_client_remove(tracker->kw->client, tracker->window->element);
		window_destroy(tracker->window);
		kw_flush(tracker->kw);
	}
	tracker->was_mapped = mapped;
}

static void surface_destroyed(struct wl_listener *listener, void *data)
{
	(void)data;
	struct kw_tracker *tracker = kw_container_of(listener, struct kw_tracker, destroy_listener);
	wl_list_remove(&tracker->commit_listener.link);
	wl_list_remove(&tracker->destroy_listener.link);
	wl_list_remove(&tracker->link);
	free(tracker);
}

static void surface_created(struct wl_listener *listener, void *data)
{
	struct kw *kw = kw_container_of(listener, struct kw, create_surface_listener);
	struct weston_surface *surface = data;
	struct kw_tracker *tracker = zalloc(sizeof *tracker);
	if (!tracker)
		return;
	tracker->kw = kw;
	tracker->surface = surface;
	tracker->commit_listener.notify = surface_committed;
	wl_signal_add(&surface->commit_signal, &tracker->commit_listener);
	tracker->destroy_listener.notify = surface_destroyed;
	wl_signal_add(&surface->destroy_signal, &tracker->destroy_listener);
	wl_list_insert(&kw->trackers, &tracker->link);
}

void kw_windows_init(struct kw *kw)
{
	wl_list_init(&kw->trackers);
	kw->create_surface_listener.notify = surface_created;
	wl_signal_add(&kw->compositor->create_surface_signal, &kw->create_surface_listener);
}

/* Weston is shutting down (its layers are gone): the module lets go of its windows without touching their views,
 * which Weston destroys with their surfaces. */
void kw_windows_destroy(struct kw *kw)
{
	struct kw_window *window, *next_window;
	wl_list_for_each_safe(window, next_window, &kw->windows, link) {
		wl_list_remove(&window->link);
		wl_list_remove(&window->view_destroy_listener.link);
		wl_list_remove(&window->transform.link);
		free(window);
	}
	struct kw_tracker *tracker, *next;
	wl_list_for_each_safe(tracker, next, &kw->trackers, link)
		surface_destroyed(&tracker->destroy_listener, NULL);
}
