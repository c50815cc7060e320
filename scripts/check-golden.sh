#!/usr/bin/env bash
# The deterministic outputs users see, byte for byte: `kineticctl replay` and `kineticctl plot` of every bundled
# recording and the test fixtures, plots of two symbol effects, and kinetic-showcase's table, each compared by SHA-256
# with Tests/Fixtures/golden-outputs.sha256. Those digests were recorded from the binaries of cf1a84c, the last commit
# whose binaries linked Foundation (and formatted with String(format:)), so the check shows that leaving Foundation
# changed no byte; the real devices' recordings (Recordings/real/) were added with the binaries of the commit that
# brought them, which changed no earlier digest. `--record` writes the digests of BIN_DIR's binaries instead (only
# when an output is meant to change).
# Usage: scripts/check-golden.sh BIN_DIR [--record]
set -euo pipefail
cd "$(dirname "$0")/.."
bin=$(cd "$1" && pwd)
digests=Tests/Fixtures/golden-outputs.sha256
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

outputs() {
  for recording in Recordings/*.evemu Recordings/*.libinput.yml Recordings/real/*.evemu Tests/Fixtures/example-swipe.*; do
    name=$(basename "$recording")
    "$bin/kineticctl" replay "$recording" > "$work/replay-$name.jsonl"
    "$bin/kineticctl" plot "$recording" -o "$work/plot-$name.svg" > /dev/null
  done
  "$bin/kineticctl" plot --effect .bounce -o "$work/effect-bounce.svg" > /dev/null
  "$bin/kineticctl" plot --effect .rotate --active 1.5 --seconds 3 -o "$work/effect-rotate.svg" > /dev/null
  "$bin/kinetic-showcase" > "$work/showcase.txt"
}

outputs
if [ "${2:-}" = --record ]; then
  (cd "$work" && sha256sum -- * | sort -k2) > "$digests"
  echo "check-golden: recorded $(wc -l < "$digests") digests in $digests"
  exit 0
fi
if ! (cd "$work" && sha256sum --quiet -c) < "$digests" > "$work/report" 2>&1; then
  sed 's/^/check-golden: /' "$work/report" >&2
  echo "check-golden: FAILED: an output differs from the recorded one ($digests); if the change is meant, record with --record and say why in the commit" >&2
  exit 1
fi
echo "check-golden: $(wc -l < "$digests") outputs byte-identical to the recorded ones"
