#!/usr/bin/env bash
# Checks the unit files: `systemd-analyze verify` must print nothing at all (it only warns, exit 0, on
# unknown keys and bad values), and the service's `systemd-analyze security --offline=true` exposure
# must be at most 1.0 (docs/DAEMON.md section 2.3).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
source "$root/scripts/test-build.sh"
units="$root/systemd"
binary="${KINETICD_BINARY:-$(test_bin)/kineticd}"
[ -x "$binary" ] || { echo "check-systemd: $binary is missing; build first (make test builds it)" >&2; exit 1; }

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

# The drop-in for rate_hz: auto and phase: auto (systemd/kineticd-display.conf) verifies clean with the service too.
mkdir -p "$work/kineticd.service.d"
cp "$units/kineticd-display.conf" "$work/kineticd.service.d/display.conf"
output="$(cd "$work" && systemd-analyze verify --man=no kineticd.socket kineticd.service 2>&1)" || { echo "$output" >&2; exit 1; }
[ -z "$output" ] || { echo "$output" >&2; echo "check-systemd: the display drop-in gives warnings" >&2; exit 1; }
rm -r "$work/kineticd.service.d"

# Socket activation and sd_notify with systemd's own tools: systemd-socket-activate passes the listening
# socket (LISTEN_FDS, as kineticd.socket would), a Python listener plays PID 1's NOTIFY_SOCKET.
if command -v systemd-socket-activate >/dev/null; then
  python3 - "$binary" "$work" "$root/scripts" <<'PY'
import json, os, signal, socket, subprocess, sys
sys.dont_write_bytecode = True
sys.path.insert(0, sys.argv[3])
from unixclient import connect_when_listening
binary, work = sys.argv[1], sys.argv[2]
notify_path, sock_path = os.path.join(work, "notify"), os.path.join(work, "kineticd.sock")
config = os.path.join(work, "kineticd.yaml")
with open(config, "w") as f:
    f.write("bindings:\n  - channel: alpha\n")
notify = socket.socket(socket.AF_UNIX, socket.SOCK_DGRAM)
notify.bind(notify_path)
notify.settimeout(10)
daemon = subprocess.Popen(["systemd-socket-activate", "-l", sock_path, "--fdname=clients",
                           "-E", "NOTIFY_SOCKET=" + notify_path, "-E", "WATCHDOG_USEC=200000", binary, "--config", config],
                          stderr=subprocess.DEVNULL)
try:
    # The activator execs kineticd on the first connection.
    client = connect_when_listening(sock_path)
    client.sendall(b'{"type":"command","id":1,"op":"status"}\n')
    client.settimeout(10)
    reply = json.loads(client.makefile().readline())
    assert reply.get("ok") is True, reply
    ready = notify.recv(4096).decode()
    assert ready.startswith("READY=1\nSTATUS=serving on socket-activated fd 3 (clients)"), ready
    # WATCHDOG_USEC=200000: a keep-alive every 100 ms from the event loop while serving.
    keepalives = [notify.recv(4096).decode() for _ in range(3)]
    assert keepalives == ["WATCHDOG=1"] * 3, keepalives
    # SIGHUP (ExecReload=): RELOADING=1 with MONOTONIC_USEC, the new bindings, READY=1 again.
    lines = client.makefile()
    with open(config, "w") as f:
        f.write("bindings:\n  - channel: beta\n    gesture: pinch\n")
    daemon.send_signal(signal.SIGHUP)
    notes = []
    while len(notes) < 2:
        note = notify.recv(4096).decode()
        if note != "WATCHDOG=1":
            notes.append(note)
    assert notes[0].startswith("RELOADING=1\nMONOTONIC_USEC="), notes
    assert notes[1].startswith("READY=1"), notes
    client.sendall(b'{"type":"command","id":2,"op":"list"}\n')
    listed = json.loads(lines.readline())
    assert [c["name"] for c in listed["channels"]] == ["beta"], listed
    daemon.send_signal(signal.SIGTERM)
    while True:
        stopping = notify.recv(4096).decode()
        if stopping != "WATCHDOG=1":
            break
    assert stopping.startswith("STOPPING=1"), stopping
    event = json.loads(lines.readline())
    assert event == {"type": "event", "event": "shutdown"}, event
    assert daemon.wait(timeout=10) == 0
    print("check-systemd: socket activation, READY=1, WATCHDOG=1 keep-alives, SIGHUP reload (RELOADING=1, READY=1), STOPPING=1 and the shutdown event work")
finally:
    if daemon.poll() is None:
        daemon.kill()
PY
else
  echo "check-systemd: systemd-socket-activate missing (package systemd); activation not checked" >&2
  exit 1
fi
