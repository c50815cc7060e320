#define _GNU_SOURCE
#include "FakeEvdev.h"
#include <dlfcn.h>
#include <errno.h>
#include <linux/input.h>
#include <pthread.h>
#include <stdarg.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>

#define MAX_DEVICES 16
#define MAX_SLOTS 64
#define BITS_BYTES ((KEY_MAX + 1) / 8)

struct fake_device {
    int in_use;
    ino_t inode;
    dev_t device;
    char name[128];
    struct input_id id;
    uint8_t properties[(INPUT_PROP_MAX + 1) / 8];
    uint8_t types[(EV_MAX + 1) / 8];
    uint8_t codes[EV_MAX + 1][BITS_BYTES];
    uint8_t keys[BITS_BYTES];
    struct input_absinfo abs[ABS_CNT];
    int32_t slots[ABS_MAX - ABS_MT_SLOT + 1][MAX_SLOTS];
    int grab_errno;
    int clock_requests[16];
};

static struct fake_device devices[MAX_DEVICES];
static int registered;
static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;

static void set_bit(uint8_t *bits, unsigned int bit) { bits[bit / 8] |= (uint8_t)(1u << (bit % 8)); }
static void put_bit(uint8_t *bits, unsigned int bit, int on) {
    if (on) set_bit(bits, bit); else bits[bit / 8] &= (uint8_t)~(1u << (bit % 8));
}

static struct fake_device *find(int fd) {
    struct stat st;
    if (fstat(fd, &st) != 0) return NULL;
    for (int i = 0; i < MAX_DEVICES; i++)
        if (devices[i].in_use && devices[i].inode == st.st_ino && devices[i].device == st.st_dev) return &devices[i];
    return NULL;
}

int fake_evdev_register(int fd, const char *name, uint16_t bustype, uint16_t vendor, uint16_t product,
                        uint16_t version) {
    struct stat st;
    if (fstat(fd, &st) != 0) return -1;
    pthread_mutex_lock(&lock);
    for (int i = 0; i < MAX_DEVICES; i++) {
        if (devices[i].in_use) continue;
        memset(&devices[i], 0, sizeof devices[i]);
        devices[i].in_use = 1;
        devices[i].inode = st.st_ino;
        devices[i].device = st.st_dev;
        strncpy(devices[i].name, name, sizeof devices[i].name - 1);
        devices[i].id = (struct input_id){ bustype, vendor, product, version };
        set_bit(devices[i].types, EV_SYN);
        for (unsigned int slot = 0; slot < MAX_SLOTS; slot++) devices[i].slots[ABS_MT_TRACKING_ID - ABS_MT_SLOT][slot] = -1;
        __atomic_add_fetch(&registered, 1, __ATOMIC_RELEASE);
        pthread_mutex_unlock(&lock);
        return 0;
    }
    pthread_mutex_unlock(&lock);
    return -1;
}

/// Locks the registry and returns the device behind `fd` (NULL if none); release with unlock().
static struct fake_device *locked(int fd) {
    pthread_mutex_lock(&lock);
    return find(fd);
}

static void unlock(void) { pthread_mutex_unlock(&lock); }

void fake_evdev_unregister(int fd) {
    struct fake_device *d = locked(fd);
    if (d) {
        d->in_use = 0;
        __atomic_sub_fetch(&registered, 1, __ATOMIC_RELEASE);
    }
    unlock();
}

void fake_evdev_enable_property(int fd, unsigned int property) {
    struct fake_device *d = locked(fd);
    if (d && property <= INPUT_PROP_MAX) set_bit(d->properties, property);
    unlock();
}

void fake_evdev_enable_code(int fd, unsigned int type, unsigned int code) {
    struct fake_device *d = locked(fd);
    if (d && type <= EV_MAX && code <= KEY_MAX) {
        set_bit(d->types, type);
        set_bit(d->codes[type], code);
    }
    unlock();
}

void fake_evdev_set_absinfo(int fd, unsigned int code, int32_t value, int32_t minimum, int32_t maximum,
                            int32_t resolution) {
    struct fake_device *d = locked(fd);
    if (d && code <= ABS_MAX) {
        d->abs[code].value = value;
        d->abs[code].minimum = minimum;
        d->abs[code].maximum = maximum;
        d->abs[code].resolution = resolution;
    }
    unlock();
}

void fake_evdev_set_key(int fd, unsigned int code, int down) {
    struct fake_device *d = locked(fd);
    if (d && code <= KEY_MAX) put_bit(d->keys, code, down);
    unlock();
}

void fake_evdev_set_slot_value(int fd, unsigned int slot, unsigned int code, int32_t value) {
    struct fake_device *d = locked(fd);
    if (d && slot < MAX_SLOTS && code >= ABS_MT_SLOT && code <= ABS_MAX) d->slots[code - ABS_MT_SLOT][slot] = value;
    unlock();
}

void fake_evdev_set_grab_errno(int fd, int error) {
    struct fake_device *d = locked(fd);
    if (d) d->grab_errno = error;
    unlock();
}

int fake_evdev_clock_requests(int fd, int clock_id) {
    struct fake_device *d = locked(fd);
    int count = d && clock_id >= 0 && clock_id < 16 ? d->clock_requests[clock_id] : 0;
    unlock();
    return count;
}

static int copy_out(void *argument, const void *data, size_t available, size_t length) {
    size_t n = length < available ? length : available;
    memset(argument, 0, length);
    memcpy(argument, data, n);
    return (int)n;
}

/// Answers one evdev request; returns -1 with errno set on failure.
static int answer(struct fake_device *d, unsigned long request, void *argument) {
    unsigned int type = _IOC_TYPE(request), nr = _IOC_NR(request), size = _IOC_SIZE(request);
    if (type != 'E') { errno = ENOTTY; return -1; }
    if (request == EVIOCGVERSION) { *(int *)argument = EV_VERSION; return 0; }
    if (request == EVIOCGID) { *(struct input_id *)argument = d->id; return 0; }
    if (request == EVIOCGRAB) { if (d->grab_errno) { errno = d->grab_errno; return -1; } return 0; }
    if (request == EVIOCSCLOCKID) {
        int clock_id = *(int *)argument;
        if (clock_id >= 0 && clock_id < 16) d->clock_requests[clock_id]++;
        return 0;
    }
    if (request == EVIOCGREP) { errno = EINVAL; return -1; }
    if (_IOC_DIR(request) != _IOC_READ) { errno = EINVAL; return -1; }
    if (nr == 0x06) return copy_out(argument, d->name, strlen(d->name) + 1, size);
    if (nr == 0x07 || nr == 0x08) { errno = ENOENT; return -1; }
    if (nr == 0x09) return copy_out(argument, d->properties, sizeof d->properties, size);
    if (nr == 0x18) return copy_out(argument, d->keys, sizeof d->keys, size);
    if (nr == 0x19 || nr == 0x1a || nr == 0x1b) { static const uint8_t none[BITS_BYTES]; return copy_out(argument, none, sizeof none, size); }
    if (nr == 0x0a) {
        // struct input_mt_request_layout: the requested code, then one value per slot.
        uint32_t code = *(uint32_t *)argument;
        int32_t *values = (int32_t *)argument + 1;
        size_t count = size / sizeof(int32_t) - 1;
        if (code < ABS_MT_SLOT || code > ABS_MAX) { errno = EINVAL; return -1; }
        for (size_t slot = 0; slot < count; slot++) values[slot] = slot < MAX_SLOTS ? d->slots[code - ABS_MT_SLOT][slot] : 0;
        return 0;
    }
    if (nr == 0x20) return copy_out(argument, d->types, sizeof d->types, size);
    if (nr > 0x20 && nr <= 0x20 + EV_MAX) return copy_out(argument, d->codes[nr - 0x20], BITS_BYTES, size);
    if (nr >= 0x40 && nr <= 0x40 + ABS_MAX && size == sizeof(struct input_absinfo)) {
        *(struct input_absinfo *)argument = d->abs[nr - 0x40];
        return 0;
    }
    errno = EINVAL;
    return -1;
}

int ioctl(int fd, unsigned long request, ...) {
    va_list arguments;
    va_start(arguments, request);
    void *argument = va_arg(arguments, void *);
    va_end(arguments);
    if (__atomic_load_n(&registered, __ATOMIC_ACQUIRE) > 0) {
        pthread_mutex_lock(&lock);
        struct fake_device *d = find(fd);
        if (d) {
            int rc = answer(d, request, argument);
            pthread_mutex_unlock(&lock);
            return rc;
        }
        pthread_mutex_unlock(&lock);
    }
    typedef int (*ioctl_function)(int, unsigned long, ...);
    static ioctl_function next;
    ioctl_function function = __atomic_load_n(&next, __ATOMIC_ACQUIRE);
    if (!function) {
        function = (ioctl_function)dlsym(RTLD_NEXT, "ioctl");
        __atomic_store_n(&next, function, __ATOMIC_RELEASE);
    }
    return function(fd, request, argument);
}
