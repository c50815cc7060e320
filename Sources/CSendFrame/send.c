#define _GNU_SOURCE
#include "CSendFrame.h"

#include <sys/socket.h>
#include <sys/syscall.h>
#include <unistd.h>

ssize_t kinetic_send_frame(int fd, const void *bytes, size_t count) {
  return syscall(SYS_sendto, fd, bytes, count, MSG_DONTWAIT | MSG_NOSIGNAL, NULL, 0);
}
