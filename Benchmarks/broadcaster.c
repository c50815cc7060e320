// The fan-out baseline: a minimal broadcaster in C that does only what kineticd's fan-out must do, so that
// Benchmarks/daemon-bench.sh --only fanout can state kineticd's CPU per subscriber-frame as a ratio to it, measured
// in the same run by the same client (fanout.c). It listens on a Unix socket, takes any connection (the control
// connection's JSON commands and the subscribers' binary hello and subscribe are read and ignored), and every
// 1/120 s, on a timerfd, encodes one binary frame of protocol 1 — 16 two-dimensional channels moving linearly,
// values and velocities, kineticd's layout for fanout.c's subscription — and writes it to every binary client with
// one non-blocking send each (a client that cannot take it misses that frame: latest wins, as in kineticd).
// No parsing, no engine, no layouts: the floor under any server of this protocol.
// Build: cc -O2 -o broadcaster broadcaster.c.  Run: ./broadcaster SOCKET
#define _GNU_SOURCE
#include <errno.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <sys/timerfd.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

enum { MAX_CLIENTS = 4096, CHANNELS = 16, NUMBERS = CHANNELS * 4 };

static uint64_t now_ns(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec * 1000000000ull + t.tv_nsec; }

int main(int argc, char **argv) {
  if (argc < 2) { fprintf(stderr, "usage: %s SOCKET\n", argv[0]); return 2; }
  int listener = socket(AF_UNIX, SOCK_STREAM | SOCK_NONBLOCK, 0);
  struct sockaddr_un address = {.sun_family = AF_UNIX};
  strncpy(address.sun_path, argv[1], sizeof address.sun_path - 1);
  unlink(argv[1]);
  if (bind(listener, (struct sockaddr *)&address, sizeof address) < 0 || listen(listener, 4096) < 0) { perror("listen"); return 1; }
  int timer = timerfd_create(CLOCK_MONOTONIC, 0);
  struct itimerspec every = {{0, 1000000000 / 120}, {0, 1000000000 / 120}};
  timerfd_settime(timer, 0, &every, NULL);
  int ep = epoll_create1(0);
  struct epoll_event e = {.events = EPOLLIN, .data.fd = listener};
  epoll_ctl(ep, EPOLL_CTL_ADD, listener, &e);
  e.data.fd = timer;
  epoll_ctl(ep, EPOLL_CTL_ADD, timer, &e);
  static int binary[MAX_CLIENTS]; static int kind[65536];  // per fd: 0 unknown, 1 JSON, 2 binary
  int subscribers = 0;
  uint8_t frame[8 + 24 + 8 * NUMBERS];
  uint64_t seq = 0, start = now_ns();
  char scratch[65536];
  struct epoll_event events[256];
  for (;;) {
    int n = epoll_wait(ep, events, 256, -1);
    for (int i = 0; i < n; i++) {
      int fd = events[i].data.fd;
      if (fd == listener) {
        int client;
        while ((client = accept4(listener, NULL, NULL, SOCK_NONBLOCK)) >= 0) {
          e.data.fd = client;
          epoll_ctl(ep, EPOLL_CTL_ADD, client, &e);
        }
      } else if (fd == timer) {
        uint64_t expirations; read(timer, &expirations, sizeof expirations);
        seq++;
        uint64_t t = now_ns();
        double seconds = (t - start) / 1e9;
        uint32_t length = sizeof frame - 4, generation = 1, count = NUMBERS;
        uint16_t type = 4, flags = 0;
        memcpy(frame, &length, 4); memcpy(frame + 4, &type, 2); memcpy(frame + 6, &flags, 2);
        memcpy(frame + 8, &generation, 4); memcpy(frame + 12, &seq, 8); memcpy(frame + 20, &t, 8); memcpy(frame + 28, &count, 4);
        double *numbers = (double *)(frame + 32);
        for (int c = 0; c < CHANNELS; c++) {
          double rate = 100000.0 / 3600;
          numbers[4 * c] = rate * seconds; numbers[4 * c + 1] = c;
          numbers[4 * c + 2] = rate; numbers[4 * c + 3] = 0;
        }
        for (int s = 0; s < subscribers; s++) send(binary[s], frame, sizeof frame, MSG_DONTWAIT | MSG_NOSIGNAL);
      } else {
        ssize_t r = read(fd, scratch, sizeof scratch);
        if (r <= 0) {
          if (r < 0 && errno == EAGAIN) continue;
          for (int s = 0; s < subscribers; s++) if (binary[s] == fd) { binary[s] = binary[--subscribers]; break; }
          if (fd < 65536) kind[fd] = 0;
          close(fd);
          continue;
        }
        if (fd < 65536 && kind[fd] == 0) {
          kind[fd] = scratch[0] == '{' ? 1 : 2;
          if (kind[fd] == 2 && subscribers < MAX_CLIENTS) binary[subscribers++] = fd;
        }
      }
    }
  }
}
