/* SPDX-License-Identifier: Apache-2.0 */
/*
 * touch-client WIDTH HEIGHT: Weston's own touch path, for Benchmarks/finger-to-photon.sh.
 * A Wayland client that maps one fullscreen xdg_toplevel (wl_shm, grey) with a dark bar across it, and moves the bar to each
 * wl_touch down and motion's x, as an application that draws under the finger does: one commit per frame (a frame
 * callback paces it), each with wp_presentation feedback. It prints, one line each, on stdout:
 *   clock ID                       wp_presentation's clock (CLOCK_MONOTONIC is 1)
 *   mapped                         once the compositor has taken the first buffer
 *   touch TIME_MS X                each down and motion: the event's time (ms) and surface x
 *   commit SEQ X NS                each commit: its number, the bar's x and when it was made (CLOCK_MONOTONIC ns)
 *   presented SEQ NS FLAGS         the presentation of commit SEQ: its time (ns on the clock above) and flags
 *   discarded SEQ                  a commit that was never shown
 * It runs until killed.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <time.h>
#include <unistd.h>

#include <wayland-client.h>

#include "presentation-time-client-protocol.h"
#include "xdg-shell-client-protocol.h"

struct buffer {
	struct wl_buffer *buffer;
	uint32_t *pixels;
	bool busy;
};

struct client {
	struct wl_compositor *compositor;
	struct wl_shm *shm;
	struct xdg_wm_base *wm_base;
	struct wl_seat *seat;
	struct wl_touch *touch;
	struct wp_presentation *presentation;
	struct wl_surface *surface;
	struct xdg_surface *xdg_surface;
	struct xdg_toplevel *toplevel;
	struct buffer buffers[3];
	int width, height;
	int bar, drawn_bar;
	bool configured, frame_pending, mapped;
	uint32_t seq;
};

static void die(const char *what)
{
	fprintf(stderr, "touch-client: %s\n", what);
	exit(1);
}

static uint64_t monotonic_ns(void)
{
	struct timespec now;
	clock_gettime(CLOCK_MONOTONIC, &now);
	return (uint64_t)now.tv_sec * 1000000000u + (uint64_t)now.tv_nsec;
}

static void buffer_release(void *data, struct wl_buffer *wl_buffer)
{
	(void)wl_buffer;
	((struct buffer *)data)->busy = false;
}

static const struct wl_buffer_listener buffer_listener = { buffer_release };

static void make_buffers(struct client *c)
{
	size_t stride = (size_t)c->width * 4, size = stride * (size_t)c->height;
	int fd = memfd_create("touch-client", MFD_CLOEXEC);
	if (fd < 0 || ftruncate(fd, (off_t)(size * 3)) < 0)
		die("cannot make shared memory for the buffers");
	uint8_t *memory = mmap(NULL, size * 3, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (memory == MAP_FAILED)
		die("cannot map the buffers' memory");
	struct wl_shm_pool *pool = wl_shm_create_pool(c->shm, fd, (int32_t)(size * 3));
	for (int i = 0; i < 3; i++) {
		c->buffers[i].pixels = (uint32_t *)(memory + size * (size_t)i);
		c->buffers[i].buffer = wl_shm_pool_create_buffer(pool, (int32_t)(size * (size_t)i), c->width, c->height,
								 (int32_t)stride, WL_SHM_FORMAT_XRGB8888);
		wl_buffer_add_listener(c->buffers[i].buffer, &buffer_listener, &c->buffers[i]);
	}
	wl_shm_pool_destroy(pool);
	close(fd);
}

static void feedback_sync_output(void *data, struct wp_presentation_feedback *feedback, struct wl_output *output)
{
	(void)data, (void)feedback, (void)output;
}

static void feedback_presented(void *data, struct wp_presentation_feedback *feedback, uint32_t tv_sec_hi,
			       uint32_t tv_sec_lo, uint32_t tv_nsec, uint32_t refresh, uint32_t seq_hi, uint32_t seq_lo,
			       uint32_t flags)
{
	(void)refresh, (void)seq_hi, (void)seq_lo;
	uint64_t seconds = ((uint64_t)tv_sec_hi << 32) | tv_sec_lo;
	printf("presented %u %llu %u\n", (unsigned)(uintptr_t)data,
	       (unsigned long long)(seconds * 1000000000u + tv_nsec), flags);
	wp_presentation_feedback_destroy(feedback);
}

static void feedback_discarded(void *data, struct wp_presentation_feedback *feedback)
{
	printf("discarded %u\n", (unsigned)(uintptr_t)data);
	wp_presentation_feedback_destroy(feedback);
}

static const struct wp_presentation_feedback_listener feedback_listener = {
	feedback_sync_output, feedback_presented, feedback_discarded
};

static void draw(struct client *c);

static void frame_done(void *data, struct wl_callback *callback, uint32_t time)
{
	(void)time;
	struct client *c = data;
	wl_callback_destroy(callback);
	c->frame_pending = false;
	if (c->bar != c->drawn_bar)
		draw(c);
}

static const struct wl_callback_listener frame_listener = { frame_done };

/* The bar at c->bar on a free buffer, committed with a frame callback and presentation feedback. */
static void draw(struct client *c)
{
	struct buffer *b = NULL;
	for (int i = 0; i < 3 && !b; i++)
		if (!c->buffers[i].busy)
			b = &c->buffers[i];
	if (!b)
		return; /* drawn again when a buffer comes back and the next frame callback fires */
	for (int y = 0; y < c->height; y++)
		for (int x = 0; x < c->width; x++)
			b->pixels[y * c->width + x] = x >= c->bar - 4 && x < c->bar + 4 ? 0xff202020 : 0xffb0b0b0;
	b->busy = true;
	wl_surface_attach(c->surface, b->buffer, 0, 0);
	wl_surface_damage_buffer(c->surface, 0, 0, c->width, c->height);
	wl_callback_add_listener(wl_surface_frame(c->surface), &frame_listener, c);
	c->seq++;
	if (c->presentation)
		wp_presentation_feedback_add_listener(wp_presentation_feedback(c->presentation, c->surface),
						      &feedback_listener, (void *)(uintptr_t)c->seq);
	wl_surface_commit(c->surface);
	c->frame_pending = true;
	c->drawn_bar = c->bar;
	printf("commit %u %d %llu\n", c->seq, c->bar, (unsigned long long)monotonic_ns());
}

static void moved(struct client *c, uint32_t time, wl_fixed_t x)
{
	c->bar = wl_fixed_to_int(x);
	printf("touch %u %d\n", time, c->bar);
	if (c->mapped && !c->frame_pending)
		draw(c);
}

static void touch_down(void *data, struct wl_touch *touch, uint32_t serial, uint32_t time, struct wl_surface *surface,
		       int32_t id, wl_fixed_t x, wl_fixed_t y)
{
	(void)touch, (void)serial, (void)surface, (void)id, (void)y;
	moved(data, time, x);
}

static void touch_up(void *data, struct wl_touch *touch, uint32_t serial, uint32_t time, int32_t id)
{
	(void)data, (void)touch, (void)serial, (void)time, (void)id;
}

static void touch_motion(void *data, struct wl_touch *touch, uint32_t time, int32_t id, wl_fixed_t x, wl_fixed_t y)
{
	(void)touch, (void)id, (void)y;
	moved(data, time, x);
}

static void touch_frame(void *data, struct wl_touch *touch)
{
	(void)data, (void)touch;
}

static void touch_cancel(void *data, struct wl_touch *touch)
{
	(void)data, (void)touch;
}

/* Shape and orientation (wl_seat 6) are not asked for: the seat is bound at version 5 at most. */
static const struct wl_touch_listener touch_listener = {
	.down = touch_down, .up = touch_up, .motion = touch_motion, .frame = touch_frame, .cancel = touch_cancel
};

static void seat_capabilities(void *data, struct wl_seat *seat, uint32_t capabilities)
{
	struct client *c = data;
	if ((capabilities & WL_SEAT_CAPABILITY_TOUCH) && !c->touch) {
		c->touch = wl_seat_get_touch(seat);
		wl_touch_add_listener(c->touch, &touch_listener, c);
	} else if (!(capabilities & WL_SEAT_CAPABILITY_TOUCH) && c->touch) {
		wl_touch_destroy(c->touch);
		c->touch = NULL;
	}
}

static void seat_name(void *data, struct wl_seat *seat, const char *name)
{
	(void)data, (void)seat, (void)name;
}

static const struct wl_seat_listener seat_listener = { seat_capabilities, seat_name };

static void presentation_clock(void *data, struct wp_presentation *presentation, uint32_t clock)
{
	(void)data, (void)presentation;
	printf("clock %u\n", clock);
}

static const struct wp_presentation_listener presentation_listener = { presentation_clock };

static void global(void *data, struct wl_registry *registry, uint32_t name, const char *interface, uint32_t version)
{
	struct client *c = data;
	if (strcmp(interface, wl_compositor_interface.name) == 0)
		c->compositor = wl_registry_bind(registry, name, &wl_compositor_interface, 4);
	else if (strcmp(interface, wl_shm_interface.name) == 0)
		c->shm = wl_registry_bind(registry, name, &wl_shm_interface, 1);
	else if (strcmp(interface, xdg_wm_base_interface.name) == 0)
		c->wm_base = wl_registry_bind(registry, name, &xdg_wm_base_interface, 1);
	else if (strcmp(interface, wl_seat_interface.name) == 0 && !c->seat) {
		c->seat = wl_registry_bind(registry, name, &wl_seat_interface, version < 5 ? version : 5);
		wl_seat_add_listener(c->seat, &seat_listener, c);
	} else if (strcmp(interface, wp_presentation_interface.name) == 0) {
		c->presentation = wl_registry_bind(registry, name, &wp_presentation_interface, 1);
		wp_presentation_add_listener(c->presentation, &presentation_listener, c);
	}
}

static void global_remove(void *data, struct wl_registry *registry, uint32_t name)
{
	(void)data, (void)registry, (void)name;
}

static const struct wl_registry_listener registry_listener = { global, global_remove };

static void ping(void *data, struct xdg_wm_base *base, uint32_t serial)
{
	(void)data;
	xdg_wm_base_pong(base, serial);
}

static const struct xdg_wm_base_listener wm_base_listener = { ping };

static void surface_configure(void *data, struct xdg_surface *xdg_surface, uint32_t serial)
{
	struct client *c = data;
	xdg_surface_ack_configure(xdg_surface, serial);
	c->configured = true;
}

static const struct xdg_surface_listener surface_listener = { surface_configure };

static void toplevel_configure(void *data, struct xdg_toplevel *toplevel, int32_t width, int32_t height,
			       struct wl_array *states)
{
	(void)data, (void)toplevel, (void)width, (void)height, (void)states;
}

static void toplevel_close(void *data, struct xdg_toplevel *toplevel)
{
	(void)data, (void)toplevel;
}

/* configure_bounds (xdg_wm_base 4) is not asked for: version 1 is bound. */
static const struct xdg_toplevel_listener toplevel_listener = { .configure = toplevel_configure, .close = toplevel_close };

int main(int argc, char **argv)
{
	struct client c = { 0 };
	if (argc != 3 || (c.width = atoi(argv[1])) <= 0 || (c.height = atoi(argv[2])) <= 0)
		die("usage: touch-client WIDTH HEIGHT");
	setvbuf(stdout, NULL, _IOLBF, 0);
	c.bar = c.drawn_bar = c.width / 2;
	struct wl_display *display = wl_display_connect(NULL);
	if (!display)
		die("cannot connect to the Wayland display ($WAYLAND_DISPLAY)");
	struct wl_registry *registry = wl_display_get_registry(display);
	wl_registry_add_listener(registry, &registry_listener, &c);
	wl_display_roundtrip(display);
	wl_display_roundtrip(display);
	if (!c.compositor || !c.shm || !c.wm_base)
		die("the compositor lacks wl_compositor, wl_shm or xdg_wm_base");
	if (!c.presentation)
		die("the compositor lacks wp_presentation");
	xdg_wm_base_add_listener(c.wm_base, &wm_base_listener, &c);
	make_buffers(&c);
	c.surface = wl_compositor_create_surface(c.compositor);
	c.xdg_surface = xdg_wm_base_get_xdg_surface(c.wm_base, c.surface);
	xdg_surface_add_listener(c.xdg_surface, &surface_listener, &c);
	c.toplevel = xdg_surface_get_toplevel(c.xdg_surface);
	xdg_toplevel_add_listener(c.toplevel, &toplevel_listener, &c);
	xdg_toplevel_set_title(c.toplevel, "touch-client");
	xdg_toplevel_set_fullscreen(c.toplevel, NULL);
	wl_surface_commit(c.surface);
	while (!c.configured)
		if (wl_display_dispatch(display) < 0)
			die("the compositor closed the connection");
	draw(&c);
	wl_display_roundtrip(display);
	c.mapped = true;
	printf("mapped\n");
	while (wl_display_dispatch(display) >= 0)
		;
	die("the compositor closed the connection");
}
