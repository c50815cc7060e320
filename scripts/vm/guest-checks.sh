# shellcheck shell=bash
# What the systemd guest's scripts share (scripts/vm/systemd-guest-test.sh, Benchmarks/finger-to-photon/guest.sh):
# the check lines the host reads ("vm-systemd: ok - NAME", "vm-systemd: FAIL - NAME: DETAIL"), their counts, and the
# bounded waits. Sourced after setting $work (a folder for a check's output).
passed=0
failed=0

ok() { echo "vm-systemd: ok - $1"; passed=$((passed + 1)); }
fail() { echo "vm-systemd: FAIL - $1: $2"; failed=$((failed + 1)); }
check() { # check NAME COMMAND... — the command's success decides
  local name="$1"; shift
  if "$@" >"$work/check.out" 2>&1; then ok "$name"; else fail "$name" "$(tail -c 400 "$work/check.out" | tr '\n' ' ')"; fi
}
# until_true SECONDS COMMAND... — polls until the command succeeds or the bound passes: after 0.1 s, then 0.2, then
# every 0.4 s. Each poll starts processes, which cost the emulated CPUs (and the host's) dearly: polling every
# 0.1 s, the wait for the watchdog alone took 8.9 CPU-seconds of the guest's in 7.7 s; now 5.7 in 7.3 (/proc/stat read
# at each check in a one-off run, 2026-11-27).
until_true() {
  local limit=$((SECONDS + $1)) pause=0.1
  shift
  while ! "$@" >/dev/null 2>&1; do
    [ "$SECONDS" -lt "$limit" ] || return 1
    sleep "$pause"
    case "$pause" in 0.1) pause=0.2 ;; 0.2) pause=0.4 ;; esac
  done
}
# end PID... — SIGTERM, then up to 30 s for each to exit, then SIGKILL: no wait here is unbounded.
end() {
  kill "$@" 2>/dev/null
  local pid
  for pid in "$@"; do until_true 30 bash -c "! kill -0 $pid" || kill -KILL "$pid" 2>/dev/null; done
  wait "$@" 2>/dev/null
}
