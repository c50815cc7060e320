#ifndef KINETIC_CSENDFRAME_H
#define KINETIC_CSENDFRAME_H

#include <stddef.h>
#include <sys/types.h>

/// Sends `count` bytes from `bytes` on the connected socket `fd` without blocking and without SIGPIPE
/// (`MSG_DONTWAIT | MSG_NOSIGNAL`): the bytes the kernel took, or -1 with errno set.
///
/// The same system call as glibc's `send`, made through `syscall(2)`: `send` is a cancellation point, and in a
/// process with more than one thread glibc brackets every call with the bookkeeping of asynchronous cancellation
/// (`__pthread_enable_asynccancel` and `__pthread_disable_asynccancel`), which kineticd never uses. At 120 000 frames a
/// second that bracket was 1.3 % of the daemon's CPU in the fan-out benchmark (docs/PERFORMANCE.md, "Fan-out").
ssize_t kinetic_send_frame(int fd, const void *_Nonnull bytes, size_t count);

#endif
