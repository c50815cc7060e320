#!/usr/bin/env bash
# Daemon benchmarks that need no load generator (issue 6, scope 7), on release builds:
#   idle:   kineticd with no clients and nothing moving for 10 s: context switches (wake-ups) of all its
#           threads and CPU time, from /proc (target: zero wake-ups).
#   replay: deterministic offline replay speed: a 100-pass concatenation of Recordings/drag-hold.evemu
#           (about 100 s of input) through `kineticctl replay`; speed = simulated time / wall time
#           (target ≥ 1000× real time).
# Usage: Benchmarks/daemon-bench.sh   (builds `-c release` first)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
swift build -c release --product kineticd >/dev/null
swift build -c release --product kineticctl >/dev/null
bin="$(swift build -c release --show-bin-path)"
work="$(mktemp -d)"
trap 'kill "${pid:-0}" 2>/dev/null || true; rm -rf "$work"' EXIT

switches() {  # total context switches of every thread of $1
  local total=0
  for status in /proc/"$1"/task/*/status; do
    local v n
    v=$(awk '/^voluntary_ctxt_switches/ {print $2}' "$status")
    n=$(awk '/^nonvoluntary_ctxt_switches/ {print $2}' "$status")
    total=$((total + v + n))
  done
  echo "$total"
}
cputicks() { awk '{print $14 + $15}' /proc/"$1"/stat; }

"$bin/kineticd" --socket "$work/k.sock" --config /dev/null 2>"$work/log" &
pid=$!
sleep 2
s0=$(switches "$pid"); c0=$(cputicks "$pid")
sleep 10
s1=$(switches "$pid"); c1=$(cputicks "$pid")
threads=$(ls /proc/"$pid"/task | wc -l)
echo "idle 10 s: $((s1 - s0)) context switches over $threads threads, $(( (c1 - c0) * 1000 / $(getconf CLK_TCK) )) ms CPU"
kill "$pid"; wait "$pid" 2>/dev/null || true

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
            parts = line.split(None, 2)
            out.write("E: %.6f %s" % (float(parts[1]) + shift, parts[2]))
PY
start=$(date +%s.%N)
frames=$("$bin/kineticctl" replay "$work/long.evemu" | wc -l)
end=$(date +%s.%N)
python3 -c "
frames, wall = $frames, $end - $start
simulated = frames / 120
print(f'replay: {frames} frames = {simulated:.1f} s of 120 Hz ticks in {wall:.3f} s wall: {simulated / wall:.0f}x real time')
"
