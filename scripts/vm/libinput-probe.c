// SPDX-License-Identifier: Apache-2.0
// What libinput makes of one evdev device, for the side-by-side harness (scripts/vm/side-by-side.sh): two libinput
// contexts on libinput's path backend read the device at once, one with the adaptive pointer acceleration profile and
// one with the flat profile, both at speed 0; every pointer motion, scroll and gesture event is printed as one line
// of tab-separated fields, times in microseconds on the kernel's clock (the events' own):
//
//   motion   PROFILE TIME_US DX DY DX_UNACCELERATED DY_UNACCELERATED
//   scroll   TIME_US FINGER_V FINGER_H        (two-finger scroll; 0 0 ends it)
//   gesture  TYPE PHASE TIME_US FINGERS DX_UNACCELERATED DY_UNACCELERATED CANCELLED SCALE   (adaptive context only;
//            SCALE: a pinch's, 1 otherwise)
//
// and `ready` once both contexts have the device. It stops on SIGTERM or SIGINT, after reading what is queued.
// Usage: libinput-probe /dev/input/eventN
#include <errno.h>
#include <fcntl.h>
#include <libinput.h>
#include <poll.h>
#include <signal.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

static volatile sig_atomic_t stopping;
static void stop(int signal) { (void)signal; stopping = 1; }

static int open_restricted(const char *path, int flags, void *data) {
    (void)data;
    int fd = open(path, flags | O_CLOEXEC);
    return fd < 0 ? -errno : fd;
}
static void close_restricted(int fd, void *data) { (void)data; close(fd); }
static const struct libinput_interface interface = {open_restricted, close_restricted};

static const char *gesture_type(enum libinput_event_type type) {
    switch (type) {
    case LIBINPUT_EVENT_GESTURE_SWIPE_BEGIN: case LIBINPUT_EVENT_GESTURE_SWIPE_UPDATE: case LIBINPUT_EVENT_GESTURE_SWIPE_END:
        return "swipe";
    case LIBINPUT_EVENT_GESTURE_PINCH_BEGIN: case LIBINPUT_EVENT_GESTURE_PINCH_UPDATE: case LIBINPUT_EVENT_GESTURE_PINCH_END:
        return "pinch";
    case LIBINPUT_EVENT_GESTURE_HOLD_BEGIN: case LIBINPUT_EVENT_GESTURE_HOLD_END:
        return "hold";
    default:
        return NULL;
    }
}

static const char *gesture_phase(enum libinput_event_type type) {
    switch (type) {
    case LIBINPUT_EVENT_GESTURE_SWIPE_BEGIN: case LIBINPUT_EVENT_GESTURE_PINCH_BEGIN: case LIBINPUT_EVENT_GESTURE_HOLD_BEGIN:
        return "began";
    case LIBINPUT_EVENT_GESTURE_SWIPE_END: case LIBINPUT_EVENT_GESTURE_PINCH_END: case LIBINPUT_EVENT_GESTURE_HOLD_END:
        return "ended";
    default:
        return "changed";
    }
}

static void drain(struct libinput *li, const char *profile, int *added) {
    libinput_dispatch(li);
    struct libinput_event *event;
    while ((event = libinput_get_event(li)) != NULL) {
        enum libinput_event_type type = libinput_event_get_type(event);
        if (type == LIBINPUT_EVENT_DEVICE_ADDED) {
            (*added)++;
        } else if (type == LIBINPUT_EVENT_POINTER_MOTION) {
            struct libinput_event_pointer *p = libinput_event_get_pointer_event(event);
            printf("motion\t%s\t%llu\t%.17g\t%.17g\t%.17g\t%.17g\n", profile,
                   (unsigned long long)libinput_event_pointer_get_time_usec(p), libinput_event_pointer_get_dx(p),
                   libinput_event_pointer_get_dy(p), libinput_event_pointer_get_dx_unaccelerated(p),
                   libinput_event_pointer_get_dy_unaccelerated(p));
        } else if (type == LIBINPUT_EVENT_POINTER_SCROLL_FINGER && strcmp(profile, "adaptive") == 0) {
            struct libinput_event_pointer *p = libinput_event_get_pointer_event(event);
            double v = libinput_event_pointer_has_axis(p, LIBINPUT_POINTER_AXIS_SCROLL_VERTICAL)
                ? libinput_event_pointer_get_scroll_value(p, LIBINPUT_POINTER_AXIS_SCROLL_VERTICAL) : 0;
            double h = libinput_event_pointer_has_axis(p, LIBINPUT_POINTER_AXIS_SCROLL_HORIZONTAL)
                ? libinput_event_pointer_get_scroll_value(p, LIBINPUT_POINTER_AXIS_SCROLL_HORIZONTAL) : 0;
            printf("scroll\t%llu\t%.17g\t%.17g\n", (unsigned long long)libinput_event_pointer_get_time_usec(p), v, h);
        } else if (gesture_type(type) != NULL && strcmp(profile, "adaptive") == 0) {
            struct libinput_event_gesture *g = libinput_event_get_gesture_event(event);
            int has_delta = type == LIBINPUT_EVENT_GESTURE_SWIPE_UPDATE || type == LIBINPUT_EVENT_GESTURE_PINCH_UPDATE;
            int ends = strcmp(gesture_phase(type), "ended") == 0;
            int pinch = type == LIBINPUT_EVENT_GESTURE_PINCH_UPDATE || type == LIBINPUT_EVENT_GESTURE_PINCH_END;
            printf("gesture\t%s\t%s\t%llu\t%d\t%.17g\t%.17g\t%d\t%.17g\n", gesture_type(type), gesture_phase(type),
                   (unsigned long long)libinput_event_gesture_get_time_usec(g), libinput_event_gesture_get_finger_count(g),
                   has_delta ? libinput_event_gesture_get_dx_unaccelerated(g) : 0,
                   has_delta ? libinput_event_gesture_get_dy_unaccelerated(g) : 0,
                   ends ? libinput_event_gesture_get_cancelled(g) : 0, pinch ? libinput_event_gesture_get_scale(g) : 1.0);
        }
        libinput_event_destroy(event);
    }
    fflush(stdout);
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: libinput-probe /dev/input/eventN\n");
        return 2;
    }
    signal(SIGTERM, stop);
    signal(SIGINT, stop);
    const char *profiles[2] = {"adaptive", "flat"};
    struct libinput *contexts[2];
    int added[2] = {0, 0};
    for (int i = 0; i < 2; i++) {
        contexts[i] = libinput_path_create_context(&interface, NULL);
        struct libinput_device *device = contexts[i] ? libinput_path_add_device(contexts[i], argv[1]) : NULL;
        if (device == NULL) {
            fprintf(stderr, "libinput-probe: libinput does not take %s (not an input device udev tagged?)\n", argv[1]);
            return 1;
        }
        enum libinput_config_accel_profile profile =
            i == 0 ? LIBINPUT_CONFIG_ACCEL_PROFILE_ADAPTIVE : LIBINPUT_CONFIG_ACCEL_PROFILE_FLAT;
        if (libinput_device_config_accel_is_available(device) &&
            (libinput_device_config_accel_set_profile(device, profile) != LIBINPUT_CONFIG_STATUS_SUCCESS ||
             libinput_device_config_accel_set_speed(device, 0) != LIBINPUT_CONFIG_STATUS_SUCCESS)) {
            fprintf(stderr, "libinput-probe: cannot set the %s profile on %s\n", profiles[i], argv[1]);
            return 1;
        }
    }
    int announced = 0;
    while (!stopping) {
        struct pollfd fds[2] = {{libinput_get_fd(contexts[0]), POLLIN, 0}, {libinput_get_fd(contexts[1]), POLLIN, 0}};
        if (poll(fds, 2, 100) < 0 && errno != EINTR) break;
        for (int i = 0; i < 2; i++) drain(contexts[i], profiles[i], &added[i]);
        if (!announced && added[0] && added[1]) {
            printf("ready\n");
            fflush(stdout);
            announced = 1;
        }
    }
    for (int i = 0; i < 2; i++) {
        drain(contexts[i], profiles[i], &added[i]);
        libinput_unref(contexts[i]);
    }
    return 0;
}
