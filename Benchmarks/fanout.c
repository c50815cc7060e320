// Fan-out benchmark for kineticd: N binary subscribers of 16 two-dimensional
// channels that animate for the whole run. Reports, over the measuring window: frames per healthy
// subscriber, seq gaps (frames lost by clients that keep up), the daemon's CPU from /proc (schedstat), the age of
// frames when this process holds them (receive time − the tick's CLOCK_MONOTONIC time_ns), and tick
// lateness (time_ns against the 120 Hz grid) next to a clock_nanosleep loop run in the same process.
// Build: cc -O2 -pthread -o fanout fanout.c -lm.  Run: ./fanout SOCKET DAEMON_PID SUBSCRIBERS SECONDS
#define _GNU_SOURCE
#include <dirent.h>
#include <errno.h>
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/epoll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <time.h>
#include <unistd.h>

static uint64_t now_ns(void) { struct timespec t; clock_gettime(CLOCK_MONOTONIC, &t); return t.tv_sec * 1000000000ull + t.tv_nsec; }
static int cmp(const void *a, const void *b) { double x = *(const double *)a, y = *(const double *)b; return x < y ? -1 : x > y; }
static double pct(double *v, int n, double p) { if (!n) return 0; qsort(v, n, sizeof *v, cmp); return v[(int)(p * (n - 1))]; }

static int dial(const char *path) {
  int fd = socket(AF_UNIX, SOCK_STREAM, 0);
  struct sockaddr_un a = {.sun_family = AF_UNIX};
  strncpy(a.sun_path, path, sizeof a.sun_path - 1);
  if (connect(fd, (struct sockaddr *)&a, sizeof a) < 0) { perror("connect"); exit(1); }
  return fd;
}
static void send_binary(int fd, uint16_t type, const char *payload, size_t n) {
  uint8_t h[8]; uint32_t len = n + 4;
  memcpy(h, &len, 4); memcpy(h + 4, &type, 2); memset(h + 6, 0, 2);
  write(fd, h, 8); write(fd, payload, n);
}
// The daemon's CPU time in nanoseconds' precision: the first field of each of its threads' schedstat (time on a CPU),
// summed; /proc/PID/stat's clock ticks (10 ms) are too coarse for a ratio of two servers' 10-s windows.
static double cpu_seconds(int pid) {
  char path[64]; snprintf(path, sizeof path, "/proc/%d/task", pid);
  DIR *tasks = opendir(path); if (!tasks) return 0;
  double total = 0; struct dirent *task;
  while ((task = readdir(tasks))) {
    if (task->d_name[0] == '.') continue;
    char stat[320]; snprintf(stat, sizeof stat, "/proc/%d/task/%s/schedstat", pid, task->d_name);
    FILE *f = fopen(stat, "r"); if (!f) continue;
    unsigned long long ns = 0; if (fscanf(f, "%llu", &ns) == 1) total += ns / 1e9;
    fclose(f);
  }
  closedir(tasks);
  return total;
}

static volatile int sleeping = 1;
static double sleep_late[200000]; static int sleep_n;
static void *nanosleep_loop(void *arg) {
  (void)arg; uint64_t period = 1000000000ull / 120, t = now_ns() + period;
  while (sleeping && sleep_n < 200000) {
    struct timespec ts = {t / 1000000000ull, t % 1000000000ull};
    clock_nanosleep(CLOCK_MONOTONIC, TIMER_ABSTIME, &ts, NULL);
    sleep_late[sleep_n++] = (now_ns() - t) / 1000.0;
    t += period;
  }
  return NULL;
}

typedef struct { int fd; uint8_t buf[1 << 16]; size_t used; uint64_t last_seq, frames, gaps; } Sub;

int main(int argc, char **argv) {
  if (argc < 5) { fprintf(stderr, "usage: %s SOCKET DAEMON_PID SUBSCRIBERS SECONDS\n", argv[0]); return 2; }
  const char *path = argv[1]; int pid = atoi(argv[2]), n = atoi(argv[3]); double seconds = atof(argv[4]);
  // The control connection owns the 16 channels; they live as long as it stays open.
  int control = dial(path); char line[512];
  for (int c = 0; c < 16; c++) {
    int k = snprintf(line, sizeof line,
      "{\"type\":\"command\",\"id\":%d,\"op\":\"define\",\"channel\":\"bench.%d\",\"dimension\":2}\n"
      "{\"type\":\"command\",\"id\":%d,\"op\":\"animate\",\"channel\":\"bench.%d\",\"to\":[100000,%d],\"animation\":\".linear(duration: 3600)\"}\n",
      c, c, 100 + c, c, c);
    write(control, line, k);
  }
  usleep(200000);
  int ep = epoll_create1(0); Sub *subs = calloc(n, sizeof *subs);
  const char hello[] = "KNTC\x01\x00\x00\x00{\"client\":\"fanout\"}";
  const char sub[] = "{\"type\":\"subscribe\",\"channels\":[\"bench.*\"]}";
  for (int i = 0; i < n; i++) {
    subs[i].fd = dial(path);
    send_binary(subs[i].fd, 1, hello, sizeof hello - 1);
    send_binary(subs[i].fd, 2, sub, sizeof sub - 1);
    struct epoll_event e = {.events = EPOLLIN, .data.u32 = i};
    epoll_ctl(ep, EPOLL_CTL_ADD, subs[i].fd, &e);
  }
  pthread_t sleeper; pthread_create(&sleeper, NULL, nanosleep_loop, NULL);
  double *age = malloc(sizeof(double) * 2000000), *tick_time = malloc(sizeof(double) * 200000);
  int ages = 0, ticks = 0;
  uint64_t warm = now_ns() + 1000000000ull, end = warm + (uint64_t)(seconds * 1e9);
  double cpu0 = 0; int measuring = 0;
  struct epoll_event ev[256];
  while (now_ns() < end) {
    if (!measuring && now_ns() >= warm) {
      measuring = 1; cpu0 = cpu_seconds(pid);
      for (int i = 0; i < n; i++) subs[i].frames = subs[i].gaps = 0;
    }
    int k = epoll_wait(ep, ev, 256, 100);
    for (int j = 0; j < k; j++) {
      Sub *s = &subs[ev[j].data.u32];
      ssize_t r = read(s->fd, s->buf + s->used, sizeof s->buf - s->used);
      if (r <= 0) { fprintf(stderr, "subscriber %u closed\n", ev[j].data.u32); return 1; }
      uint64_t received = now_ns(); s->used += r; size_t off = 0;
      while (s->used - off >= 8) {
        uint32_t len; uint16_t type; memcpy(&len, s->buf + off, 4); memcpy(&type, s->buf + off + 4, 2);
        if (s->used - off < 4 + len) break;
        if (type == 4) {
          uint64_t seq, t; memcpy(&seq, s->buf + off + 12, 8); memcpy(&t, s->buf + off + 20, 8);
          if (measuring) {
            s->frames++;
            if (s->last_seq && seq > s->last_seq + 1) s->gaps += seq - s->last_seq - 1;
            if (ages < 2000000) age[ages++] = (received - t) / 1000.0;
            if (s == subs && ticks < 200000) tick_time[ticks++] = (double)t;
          }
          s->last_seq = seq;
        }
        off += 4 + len;
      }
      memmove(s->buf, s->buf + off, s->used - off); s->used -= off;
    }
  }
  double cpu = cpu_seconds(pid) - cpu0;
  sleeping = 0; pthread_join(sleeper, NULL);
  uint64_t frames = 0, gaps = 0; for (int i = 0; i < n; i++) { frames += subs[i].frames; gaps += subs[i].gaps; }
  // Tick lateness: time_ns minus the grid through the earliest tick (grid origin = min over k of t_k − k·period).
  double period = 1e9 / 120, origin = 1e30; static double late[200000];
  for (int i = 0; i < ticks; i++) { double o = tick_time[i] - i * period; if (o < origin) origin = o; }
  for (int i = 0; i < ticks; i++) late[i] = (tick_time[i] - (origin + i * period)) / 1000.0;
  printf("subscribers %d x 16 two-dimensional channels, %.0f s window\n", n, seconds);
  printf("frames per subscriber %.1f (%.1f/s), lost by subscribers: %llu\n", (double)frames / n, (double)frames / n / seconds, (unsigned long long)gaps);
  printf("daemon CPU %.1f %% of one core\n", cpu / seconds * 100);
  printf("frame age at the subscriber (us): p50 %.0f p99 %.0f max %.0f\n", pct(age, ages, .5), pct(age, ages, .99), pct(age, ages, 1));
  printf("tick lateness (us): p50 %.0f p99 %.0f max %.0f; clock_nanosleep loop: p50 %.0f p99 %.0f max %.0f\n",
         pct(late, ticks, .5), pct(late, ticks, .99), pct(late, ticks, 1),
         pct(sleep_late, sleep_n, .5), pct(sleep_late, sleep_n, .99), pct(sleep_late, sleep_n, 1));
  return 0;
}
