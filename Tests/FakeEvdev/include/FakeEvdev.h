#ifndef KINETIC_FAKE_EVDEV_H
#define KINETIC_FAKE_EVDEV_H
// A test double for the evdev ioctls (docs/INPUT.md §6.2, "ioctl interposition inside the test
// executable"): the test binary defines ioctl(), answers evdev requests for registered pipes from a device state
// the test controls, and forwards every other call to the C library. libevdev then works on a pipe: events are
// written into the pipe as struct input_event, and a resync after SYN_DROPPED reads the state set here.
#include <stdint.h>

/// Registers the pipe behind `fd` (any descriptor of it: it is matched by inode) as a fake evdev device with no
/// capabilities. Returns 0, or -1 when the registry is full or fstat fails.
int fake_evdev_register(int fd, const char *name, uint16_t bustype, uint16_t vendor, uint16_t product,
                        uint16_t version);
/// Forgets the device behind `fd`.
void fake_evdev_unregister(int fd);
/// Enables an input property (INPUT_PROP_*).
void fake_evdev_enable_property(int fd, unsigned int property);
/// Enables event `code` of `type` (and the type).
void fake_evdev_enable_code(int fd, unsigned int type, unsigned int code);
/// Sets the absinfo of an ABS code (value included).
void fake_evdev_set_absinfo(int fd, unsigned int code, int32_t value, int32_t minimum, int32_t maximum,
                            int32_t resolution);
/// Sets a key's state (0 up, 1 down).
void fake_evdev_set_key(int fd, unsigned int code, int down);
/// Sets the value of an ABS_MT_* code in a slot (slots 0…63).
void fake_evdev_set_slot_value(int fd, unsigned int slot, unsigned int code, int32_t value);
/// The errno EVIOCGRAB fails with (0: success).
void fake_evdev_set_grab_errno(int fd, int error);
/// How many EVIOCSCLOCKID requests asked for `clock_id`.
int fake_evdev_clock_requests(int fd, int clock_id);

#endif
