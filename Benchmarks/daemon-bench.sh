#!/usr/bin/env bash
# Daemon benchmarks that need no load generator, on release builds:
#   idle:   kineticd with no clients and nothing moving for 10 s: context switches (wake-ups) of all its
#           threads and CPU time, from /proc (target: zero wake-ups).
#   hover:  kineticd replaying a hovering mouse in real time (Recordings/real/PS2_Generic_Mouse.evemu: 53 s, 2 707 motion
#           frames, no button) with the default bindings, which follow no hover, and one subscriber of every channel:
#           frames it received after its first (the full state; target 0), and the daemon's context switches and CPU
#           over the replay, beside the idle figures above.
#   replay: deterministic offline replay speed: a 100-pass concatenation of Recordings/drag-hold.evemu
#           (about 100 s of input) through `kineticctl replay`; speed = simulated time / wall time, the median of
#           five runs (target ≥ 1000× real time).
#   fanout: 1 000 binary subscribers × 16 two-dimensional channels at 120 Hz for 10 s (Benchmarks/fanout.c): frames
#           lost by subscribers that keep up, daemon CPU, frame age at the subscriber, tick lateness next to a
#           clock_nanosleep loop in the same run; then the same client against a minimal C broadcaster of the same
#           frames (Benchmarks/broadcaster.c); seven such rounds, and the median of their ratios of kineticd's CPU
#           per subscriber-frame to the broadcaster's (target ≤ 1.2×).
#   latency: input event timestamp → subscriber holding the frame that contains it, during a real-time
#           looping replay of Recordings/swipe-fling.evemu (Benchmarks/latency.py, 20 s).
#   motion: a C client shown touch.position at 60 Hz (Benchmarks/motion-client.c) from frames and, beside it, from motion
#           descriptors, while kineticd loops a fling (Recordings/swipe-fling.evemu) and a held drag
#           (Recordings/drag-hold.evemu) in real time: bytes received per second and client CPU per second for the one
#           channel, the medians of three 20-s runs (docs/PERFORMANCE.md, "Motion descriptors").
#   stall:  the worst input each protocol limit allows (Benchmarks/stall.py): the event loop's stall as another
#           client's status round-trip, medians of five runs (docs/STALL.md; target ≤ 50 ms each, p99 ≤ 100 ms).
# Usage: Benchmarks/daemon-bench.sh [--only idle|hover|replay|fanout|latency|motion|stall]   (builds `-c release` without the macro trait first)
set -euo pipefail
only="${2:-}"
if [ "${1:-}" = "--only" ]; then
  case "$only" in idle|hover|replay|fanout|latency|motion|stall) ;; *) echo "usage: $0 [--only idle|hover|replay|fanout|latency|motion|stall]" >&2; exit 2 ;; esac
elif [ $# -gt 0 ]; then
  echo "usage: $0 [--only idle|hover|replay|fanout|latency|motion|stall]" >&2; exit 2
fi
part() { [ -z "$only" ] || [ "$only" = "$1" ]; }
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
swift build -c release --disable-default-traits --product kineticd >/dev/null
swift build -c release --disable-default-traits --product kineticctl >/dev/null
bin="$(swift build -c release --disable-default-traits --show-bin-path)"
work="$(mktemp -d)"
trap 'if [ -n "${pid:-}" ]; then kill "$pid" 2>/dev/null || true; fi; rm -rf "$work"' EXIT

switches() {  # "tid:count" for every thread of $1 (voluntary + involuntary context switches)
  for status in /proc/"$1"/task/*/status; do
    awk -v tid="$(basename "$(dirname "$status")")" \
      '/^voluntary_ctxt_switches/ {v=$2} /^nonvoluntary_ctxt_switches/ {n=$2} END {print tid ":" v + n}' "$status"
  done
}
delta() {  # context switches between two samples; a thread that appeared counts from zero
  python3 -c "
import sys
a = dict(l.split(':') for l in sys.argv[1].split())
b = dict(l.split(':') for l in sys.argv[2].split())
print(sum(int(v) - int(a.get(t, 0)) for t, v in b.items()))" "$1" "$2"
}
cputicks() { awk '{print $14 + $15}' /proc/"$1"/stat; }

if part idle; then
"$bin/kineticd" --socket "$work/k.sock" --config /dev/null 2>"$work/log" &
pid=$!
sleep 2
s0=$(switches "$pid"); c0=$(cputicks "$pid")
sleep 10
s1=$(switches "$pid"); c1=$(cputicks "$pid")
threads=$(ls /proc/"$pid"/task | wc -l)
echo "idle 10 s: $(delta "$s0" "$s1") context switches over $threads threads, $(( (c1 - c0) * 1000 / $(getconf CLK_TCK) )) ms CPU"
kill "$pid"; wait "$pid" 2>/dev/null || true
fi

if part hover; then
"$bin/kineticd" --socket "$work/h.sock" --config /dev/null --replay "$root/Recordings/real/PS2_Generic_Mouse.evemu" 2>"$work/hover.log" &
pid=$!
until [ -S "$work/h.sock" ]; do sleep 0.1; done
"$bin/kineticctl" subscribe --socket "$work/h.sock" > "$work/hover.jsonl" 2>&1 &
subscriber=$!
sleep 1
s0=$(switches "$pid"); c0=$(cputicks "$pid")
sleep 54  # the recording's 53 s, and a second
s1=$(switches "$pid"); c1=$(cputicks "$pid")
kill "$subscriber"; wait "$subscriber" 2>/dev/null || true
frames=$(grep -c '"type":"frame"' "$work/hover.jsonl" || true)
echo "hover 54 s (a replayed PS/2 mouse, 2707 motion frames): $(( frames > 0 ? frames - 1 : 0 )) frames after the subscriber's first, $(delta "$s0" "$s1") context switches, $(( (c1 - c0) * 1000 / $(getconf CLK_TCK) )) ms CPU"
kill "$pid"; wait "$pid" 2>/dev/null || true
fi

if part replay; then
python3 - "$root/Recordings/drag-hold.evemu" "$work/long.evemu" <<'PY'
import sys
src, dst = sys.argv[1], sys.argv[2]
head, events = [], []
for line in open(src):
    (events if line.startswith("E:") else head).append(line)
last = float(events[-1].split()[1])
with open(dst, "w") as out:
    out.writelines(l for l in head if not l.startswith("#"))
    for k in range(100):
        shift = k * (last + 0.5)
        for line in events:
            parts = line.split("#")[0].split()
            out.write("E: %.6f %s %s %s\n" % (float(parts[1]) + shift, parts[2], parts[3], parts[4]))
PY
# Five runs; the median is the figure (one run is at the mercy of whatever else the machine does).
runs=()
for run in 1 2 3 4 5; do
  start=$(date +%s.%N)
  frames=$("$bin/kineticctl" replay "$work/long.evemu" | wc -l)
  end=$(date +%s.%N)
  runs+=("$frames:$(python3 -c "print($end - $start)")")
done
python3 - "${runs[@]}" <<'PY'
import statistics, sys
runs = [(int(f), float(w)) for f, w in (a.split(":") for a in sys.argv[1:])]
speeds = sorted(f / 120 / w for f, w in runs)
frames = runs[0][0]
print(f"replay: {frames} frames = {frames / 120:.1f} s of 120 Hz ticks; five runs: median {statistics.median(speeds):.0f}x "
      f"real time ({speeds[0]:.0f}-{speeds[-1]:.0f}x; target >= 1000x)")
PY
fi

if part motion; then
# libkinetic-client as a user would build it (meson, release), and the client against it.
meson setup --buildtype=release "$work/c" "$root/clients/c" >/dev/null
ninja -C "$work/c" >/dev/null
cc -O2 -std=c11 -I"$root/clients/c/include" -o "$work/motion-client" "$root/Benchmarks/motion-client.c" \
  -L"$work/c" -lkinetic-client -Wl,-rpath,"$work/c"
for recording in swipe-fling drag-hold; do
  for run in 1 2 3; do
    "$bin/kineticd" --socket "$work/m.sock" --replay "$root/Recordings/$recording.evemu" --loop 2>"$work/log" &
    pid=$!
    sleep 1
    "$work/motion-client" "$work/m.sock" frames 20 >> "$work/motion-$recording-frames.txt" &
    client=$!
    "$work/motion-client" "$work/m.sock" motion 20 >> "$work/motion-$recording-motion.txt"
    wait "$client"
    kill "$pid"; wait "$pid" 2>/dev/null || true
  done
done
python3 - "$work" <<'PY'
import re, statistics, sys
for recording, name in (("swipe-fling", "fling"), ("drag-hold", "held drag")):
    row = {}
    for mode in ("frames", "motion"):
        runs = [tuple(map(float, re.match(r"\w+: (\d+) bytes/s, CPU ([\d.]+) us/s, (\d+) frames, (\d+) descriptors", line).groups()))
                for line in open(f"{sys.argv[1]}/motion-{recording}-{mode}.txt")]
        row[mode] = [statistics.median(column) for column in zip(*runs)]
    f, m = row["frames"], row["motion"]
    print(f"motion {name} ({recording}): frames {f[0]:.0f} B/s, {f[1]:.0f} us CPU/s ({f[2]:.0f} frames in 20 s); "
          f"descriptors {m[0]:.0f} B/s, {m[1]:.0f} us CPU/s ({m[3]:.0f} descriptors, {m[2]:.0f} frames); "
          f"ratio descriptors/frames: bytes {m[0] / f[0]:.2f}, CPU {m[1] / f[1]:.2f}")
PY
fi

if part fanout; then
cc -O2 -pthread -o "$work/fanout" "$root/Benchmarks/fanout.c" -lm
cc -O2 -o "$work/broadcaster" "$root/Benchmarks/broadcaster.c"
printf 'max_clients: 2000\n' > "$work/fanout.yaml"
ulimit -n 8192
# Seven rounds, each kineticd and the minimal C broadcaster (Benchmarks/broadcaster.c) with the same client, the same
# subscribers and the same frames, each server on the first core and the client on the second. The figure is the
# median of the rounds' ratios: each ratio pairs two measurements 10 s apart, so that what the host does to both (one
# round's ratio swings by ±20 % on this shared virtual machine) cancels; the ratio of the medians is printed beside it.
# The order alternates (kineticd first in odd rounds, the broadcaster first in even ones), so that a host whose load
# drifts through the run favours neither.
rounds=7
# One round's measurement of one server: NAME (its results' and its log's file), SOCKET, then the server's command line.
fanout_round() {
  local name=$1 socket=$2
  shift 2
  taskset -c 0 "$@" 2>"$work/fanout-$name.log" &
  pid=$!
  sleep 1
  echo "-- round $run: $name"
  taskset -c 1 "$work/fanout" "$socket" "$pid" 1000 10 | tee "$work/fanout-$name-$run.txt"
  kill "$pid"; wait "$pid" 2>/dev/null || true
}
fanout_kineticd() { fanout_round kineticd "$work/f.sock" "$bin/kineticd" --socket "$work/f.sock" --config "$work/fanout.yaml"; }
fanout_baseline() { fanout_round baseline "$work/b.sock" "$work/broadcaster" "$work/b.sock"; }
for run in $(seq "$rounds"); do
  if (( run % 2 )); then fanout_kineticd; fanout_baseline; else fanout_baseline; fanout_kineticd; fi
done
python3 - "$work" "$rounds" <<'PY'
import re, statistics, sys
def measure(path):
    text = open(path).read()
    subscribers, seconds = map(float, re.search(r"subscribers (\d+) x .*?, (\d+) s window", text).groups())
    frames = float(re.search(r"frames per subscriber ([\d.]+)", text).group(1)) * subscribers
    lost = int(re.search(r"lost by subscribers: (\d+)", text).group(1))
    cpu = float(re.search(r"daemon CPU ([\d.]+) %", text).group(1)) / 100 * seconds
    return cpu / frames * 1e9, lost
rounds = int(sys.argv[2])
kinetic = [measure(f"{sys.argv[1]}/fanout-kineticd-{run}.txt") for run in range(1, rounds + 1)]
baseline = [measure(f"{sys.argv[1]}/fanout-baseline-{run}.txt") for run in range(1, rounds + 1)]
k, b = statistics.median(ns for ns, _ in kinetic), statistics.median(ns for ns, _ in baseline)
ratios = [kn / bn for (kn, _), (bn, _) in zip(kinetic, baseline)]
print(f"fan-out CPU per subscriber-frame over {rounds} rounds: median ratio kineticd / C broadcaster "
      f"{statistics.median(ratios):.2f}x (target <= 1.2x; rounds {', '.join(f'{r:.2f}x' for r in ratios)}); medians "
      f"kineticd {k:.0f} ns, broadcaster {b:.0f} ns ({k / b:.2f}x); frames lost: kineticd {sum(l for _, l in kinetic)}, "
      f"broadcaster {sum(l for _, l in baseline)}")
PY
fi

if part latency; then
"$bin/kineticd" --socket "$work/l.sock" --replay "$root/Recordings/swipe-fling.evemu" --loop 2>"$work/log" &
pid=$!
sleep 1
python3 "$root/Benchmarks/latency.py" "$work/l.sock" "$root/Recordings/swipe-fling.evemu" 20
kill "$pid"; wait "$pid" 2>/dev/null || true
fi

if part stall; then
  echo "== stall: the worst input at each limit, another client's status round-trip"
  python3 Benchmarks/stall.py "$bin/kineticd"
fi
