/*
 * The systemd VM suite's witness of a display's vblanks (scripts/vm/systemd-guest-test.sh, phase: auto):
 *
 *   vblank-probe DRIVER SECONDS
 *
 * Finds the DRM card whose driver is DRIVER (vkms, built for the guest's kernel by scripts/vm/vkms.sh), lights its
 * first connected output with a blank framebuffer of its preferred mode (as DRM master, so that the CRTC runs and
 * gives vblanks), then for SECONDS prints every vblank it sees as "SEQUENCE TIME_NS", reading the latest one with
 * DRM_IOCTL_CRTC_GET_SEQUENCE every 2 ms — the same ioctl kineticd reads, but every vblank of the run, for the
 * test to compare kineticd's frame times with. It holds the output lit until it exits.
 */
#define _GNU_SOURCE
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

#include <xf86drm.h>
#include <xf86drmMode.h>

static int fail(const char *what)
{
	perror(what);
	return 1;
}

int main(int argc, char **argv)
{
	if (argc != 3) {
		fprintf(stderr, "usage: vblank-probe DRIVER SECONDS\n");
		return 2;
	}
	int fd = -1;
	for (int card = 0; card < 8 && fd < 0; card++) {
		char path[32];
		snprintf(path, sizeof path, "/dev/dri/card%d", card);
		int candidate = open(path, O_RDWR | O_CLOEXEC);
		if (candidate < 0)
			continue;
		drmVersionPtr version = drmGetVersion(candidate);
		if (version && strcmp(version->name, argv[1]) == 0)
			fd = candidate;
		else
			close(candidate);
		drmFreeVersion(version);
	}
	if (fd < 0) {
		fprintf(stderr, "vblank-probe: no DRM card with driver %s\n", argv[1]);
		return 1;
	}
	drmModeResPtr resources = drmModeGetResources(fd);
	if (!resources || resources->count_crtcs < 1)
		return fail("drmModeGetResources");
	drmModeConnectorPtr connector = NULL;
	for (int i = 0; i < resources->count_connectors && !connector; i++) {
		drmModeConnectorPtr candidate = drmModeGetConnector(fd, resources->connectors[i]);
		if (candidate && candidate->connection == DRM_MODE_CONNECTED && candidate->count_modes > 0)
			connector = candidate;
		else
			drmModeFreeConnector(candidate);
	}
	if (!connector) {
		fprintf(stderr, "vblank-probe: no connected output on the %s card\n", argv[1]);
		return 1;
	}
	drmModeModeInfo mode = connector->modes[0];
	for (int i = 0; i < connector->count_modes; i++)
		if (connector->modes[i].type & DRM_MODE_TYPE_PREFERRED)
			mode = connector->modes[i];
	uint32_t crtc = resources->crtcs[0], handle = 0, pitch = 0, framebuffer = 0;
	uint64_t size = 0;
	if (drmModeCreateDumbBuffer(fd, mode.hdisplay, mode.vdisplay, 32, 0, &handle, &pitch, &size) != 0)
		return fail("drmModeCreateDumbBuffer");
	if (drmModeAddFB(fd, mode.hdisplay, mode.vdisplay, 24, 32, pitch, handle, &framebuffer) != 0)
		return fail("drmModeAddFB");
	if (drmModeSetCrtc(fd, crtc, framebuffer, 0, 0, &connector->connector_id, 1, &mode) != 0)
		return fail("drmModeSetCrtc");
	fprintf(stderr, "vblank-probe: %s CRTC %u lit at %ux%u, %u Hz\n", argv[1], crtc, mode.hdisplay, mode.vdisplay,
		mode.vrefresh);
	fflush(stderr);

	struct timespec start, now;
	clock_gettime(CLOCK_MONOTONIC, &start);
	uint64_t last = 0;
	double seconds = atof(argv[2]);
	do {
		uint64_t sequence = 0, time = 0;
		if (drmCrtcGetSequence(fd, crtc, &sequence, &time) == 0 && sequence != last) {
			printf("%llu %llu\n", (unsigned long long)sequence, (unsigned long long)time);
			fflush(stdout);
			last = sequence;
		}
		nanosleep(&(struct timespec){ .tv_nsec = 2000000 }, NULL);
		clock_gettime(CLOCK_MONOTONIC, &now);
	} while ((double)(now.tv_sec - start.tv_sec) + (double)(now.tv_nsec - start.tv_nsec) / 1e9 < seconds);
	return 0;
}
