#!/usr/bin/env bash
# Checks the unit files: `systemd-analyze verify` must print nothing at all (it only warns, exit 0, on
# unknown keys and bad values), and the service's `systemd-analyze security --offline=true` exposure
# must be at most 1.0 (shared/spec/daemon.md section 2.4).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
units="$root/systemd"
binary="${KINETICD_BINARY:-$root/.build/debug/kineticd}"
[ -x "$binary" ] || { echo "check-systemd: $binary is missing; build first (swift build --product kineticd)" >&2; exit 1; }

work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# verify needs ExecStart to exist: point it at the build product.
sed "s|/usr/bin/kineticd|$binary|" "$units/kineticd.service" > "$work/kineticd.service"
cp "$units/kineticd.socket" "$work/kineticd.socket"

if ! output="$(cd "$work" && systemd-analyze verify --man=no kineticd.socket kineticd.service 2>&1)"; then
  echo "$output" >&2
  echo "check-systemd: systemd-analyze verify failed" >&2
  exit 1
fi
if [ -n "$output" ]; then
  echo "$output" >&2
  echo "check-systemd: systemd-analyze verify printed warnings (treated as errors)" >&2
  exit 1
fi

# --threshold compares against the exposure times 10: 10 means 1.0.
if ! security="$(cd "$work" && systemd-analyze security --offline=true --no-pager --threshold=10 kineticd.service 2>&1)"; then
  echo "$security" | tail -5 >&2
  echo "check-systemd: exposure above 1.0" >&2
  exit 1
fi
score="$(echo "$security" | grep -o 'Overall exposure level for kineticd.service: [0-9.]*' | grep -o '[0-9.]*$')"
echo "check-systemd: verify clean, exposure $score (limit 1.0)"
