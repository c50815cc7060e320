/* SPDX-License-Identifier: Apache-2.0 */
/*
 * test-window WIDTH HEIGHT RRGGBB: a Wayland client for clients/weston's tests. It maps one xdg_toplevel filled with
 * an opaque colour (wl_shm, the size the compositor asks for when it asks for one), prints "mapped" once the
 * compositor has taken its first buffer, and reads commands from stdin: "close" destroys the toplevel and its surface
 * (printing "closed"), "quit" (or the end of stdin) exits.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <poll.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include <wayland-client.h>

#include "xdg-shell-client-protocol.h"

struct window {
	struct wl_compositor *compositor;
	struct wl_shm *shm;
	struct xdg_wm_base *wm_base;
	struct wl_surface *surface;
	struct xdg_surface *xdg_surface;
	struct xdg_toplevel *toplevel;
	int width, height;
	uint32_t color;
	bool configured, drawn;
};

static void die(const char *what)
{
	fprintf(stderr, "test-window: %s\n", what);
	exit(1);
}

static void global(void *data, struct wl_registry *registry, uint32_t name, const char *interface, uint32_t version)
{
	(void)version;
	struct window *w = data;
	if (strcmp(interface, wl_compositor_interface.name) == 0)
		w->compositor = wl_registry_bind(registry, name, &wl_compositor_interface, 4);
	else if (strcmp(interface, wl_shm_interface.name) == 0)
		w->shm = wl_registry_bind(registry, name, &wl_shm_interface, 1);
	else if (strcmp(interface, xdg_wm_base_interface.name) == 0)
		w->wm_base = wl_registry_bind(registry, name, &xdg_wm_base_interface, 1);
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

static void buffer_release(void *data, struct wl_buffer *buffer)
{
	(void)data;
	wl_buffer_destroy(buffer);
}

static const struct wl_buffer_listener buffer_listener = { buffer_release };

/* A buffer of the window's size filled with its colour. */
static struct wl_buffer *solid_buffer(struct window *w)
{
	int stride = w->width * 4, size = stride * w->height;
	int fd = memfd_create("test-window", MFD_CLOEXEC);
	if (fd < 0 || ftruncate(fd, size) < 0)
		die("memfd");
	uint32_t *pixels = mmap(NULL, (size_t)size, PROT_READ | PROT_WRITE, MAP_SHARED, fd, 0);
	if (pixels == MAP_FAILED)
		die("mmap");
	for (int i = 0; i < w->width * w->height; i++)
		pixels[i] = 0xff000000u | w->color;
	munmap(pixels, (size_t)size);
	struct wl_shm_pool *pool = wl_shm_create_pool(w->shm, fd, size);
	struct wl_buffer *buffer = wl_shm_pool_create_buffer(pool, 0, w->width, w->height, stride, WL_SHM_FORMAT_XRGB8888);
	wl_shm_pool_destroy(pool);
	close(fd);
	wl_buffer_add_listener(buffer, &buffer_listener, NULL);
	return buffer;
}

static void surface_configure(void *data, struct xdg_surface *xdg_surface, uint32_t serial)
{
	struct window *w = data;
	xdg_surface_ack_configure(xdg_surface, serial);
	w->configured = true;
	wl_surface_attach(w->surface, solid_buffer(w), 0, 0);
	wl_surface_damage(w->surface, 0, 0, w->width, w->height);
	wl_surface_commit(w->surface);
	w->drawn = true;
}

static const struct xdg_surface_listener surface_listener = { surface_configure };

static void toplevel_configure(void *data, struct xdg_toplevel *toplevel, int32_t width, int32_t height,
			       struct wl_array *states)
{
	(void)toplevel, (void)states;
	struct window *w = data;
	if (width > 0 && height > 0)
		w->width = width, w->height = height;
}

static void toplevel_close(void *data, struct xdg_toplevel *toplevel)
{
	(void)data, (void)toplevel;
}

static const struct xdg_toplevel_listener toplevel_listener = { .configure = toplevel_configure, .close = toplevel_close };

/* Handles one line of stdin; returns false to exit. */
static bool command(struct window *w, struct wl_display *display, const char *line)
{
	if (strncmp(line, "close", 5) == 0 && w->toplevel) {
		xdg_toplevel_destroy(w->toplevel);
		xdg_surface_destroy(w->xdg_surface);
		wl_surface_destroy(w->surface);
		w->toplevel = NULL;
		wl_display_roundtrip(display);
		printf("closed\n");
		fflush(stdout);
		return true;
	}
	return strncmp(line, "quit", 4) != 0;
}

int main(int argc, char *argv[])
{
	if (argc != 4)
		die("usage: test-window WIDTH HEIGHT RRGGBB");
	struct window w = { .width = atoi(argv[1]), .height = atoi(argv[2]), .color = (uint32_t)strtoul(argv[3], NULL, 16) };
	struct wl_display *display = wl_display_connect(NULL);
	if (!display)
		die("no Wayland display (WAYLAND_DISPLAY)");
	wl_registry_add_listener(wl_display_get_registry(display), &registry_listener, &w);
	wl_display_roundtrip(display);
	if (!w.compositor || !w.shm || !w.wm_base)
		die("the compositor lacks wl_compositor, wl_shm or xdg_wm_base");
	xdg_wm_base_add_listener(w.wm_base, &wm_base_listener, NULL);
	w.surface = wl_compositor_create_surface(w.compositor);
	w.xdg_surface = xdg_wm_base_get_xdg_surface(w.wm_base, w.surface);
	xdg_surface_add_listener(w.xdg_surface, &surface_listener, &w);
	w.toplevel = xdg_surface_get_toplevel(w.xdg_surface);
	xdg_toplevel_add_listener(w.toplevel, &toplevel_listener, &w);
	xdg_toplevel_set_title(w.toplevel, "kinetic test window");
	wl_surface_commit(w.surface);
	while (!w.drawn && wl_display_dispatch(display) >= 0)
		continue;
	wl_display_roundtrip(display);
	printf("mapped %d %d\n", w.width, w.height);
	fflush(stdout);
	char line[64];
	for (;;) {
		wl_display_flush(display);
		struct pollfd fds[2] = { { wl_display_get_fd(display), POLLIN, 0 }, { STDIN_FILENO, POLLIN, 0 } };
		if (poll(fds, 2, -1) < 0 && errno != EINTR)
			die("poll");
		if (fds[0].revents && wl_display_dispatch(display) < 0)
			die("the compositor closed the connection");
		if (fds[1].revents && (!fgets(line, sizeof line, stdin) || !command(&w, display, line)))
			break;
	}
	wl_display_disconnect(display);
	return 0;
}
