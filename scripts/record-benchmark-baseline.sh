#!/usr/bin/env bash
# `make bench-baseline`: records the last `make bench` (package-benchmark's baseline `latest`) as the baseline every
# later `make bench` is compared with (.benchmarkBaselines/TARGET/recorded/results.json, kept in the repository),
# written without package-benchmark's indentation, which is most of its size. Commit the result with the figures.
#
# Usage: scripts/record-benchmark-baseline.sh TARGET...   (the Makefile's BENCH_TARGET_NAMES)
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
store="$root/.benchmarkBaselines"
[ "$#" -gt 0 ] || { echo "usage: $0 TARGET... (make bench-baseline names them)" >&2; exit 2; }
targets=("$@")
for target in "${targets[@]}"; do
  [ -f "$store/$target/latest/results.json" ] || {
    echo "record-benchmark-baseline: no run of $target to record ($store/$target/latest/results.json is missing); run make bench first" >&2
    exit 1
  }
done
for target in "${targets[@]}"; do
  mkdir -p "$store/$target/recorded"
  python3 - "$store/$target/latest/results.json" "$store/$target/recorded/results.json" <<'PY'
import json, sys
baseline = json.load(open(sys.argv[1]))
baseline["baselineName"] = "recorded"
with open(sys.argv[2], "w") as out:
    json.dump(baseline, out, separators=(",", ":"), ensure_ascii=False)
    out.write("\n")
PY
  echo "record-benchmark-baseline: $target's last run is now the recorded baseline ($(du -k "$store/$target/recorded/results.json" | cut -f1) KiB)"
done
