#!/usr/bin/env bash
# An idle kineticd makes no wake-ups: after a client has animated a channel and gone, and
# with no devices and nothing moving, not one thread of the daemon is scheduled over 3 s. This is an
# invariant, not a timing: a sleeping thread's context-switch counters (/proc/PID/task/*/status) only
# move when something wakes it, however loaded the machine is. Regressions it catches: a tick clock
# left running, a polling loop, a Task.sleep, Swift concurrency's default executor arming libdispatch's
# 1 Hz workqueue monitor (see Sources/KineticServer/Service/IdleExecutor.swift).
# The idle figures with CPU time are in docs/PERFORMANCE.md, "kineticd" (Benchmarks/daemon-bench.sh --only idle).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
source "$root/scripts/test-build.sh"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
# The build's kineticd, and the executable the package installs (kinetic, run through a link named kineticd).
if [ -n "${KINETICD_BINARY:-}" ]; then
  binaries=("$KINETICD_BINARY")
else
  ln -s "$(test_bin)/kinetic" "$work/kineticd"
  binaries=("$(test_bin)/kineticd" "$work/kineticd")
fi
for binary in "${binaries[@]}"; do
[ -x "$binary" ] || { echo "check-idle: $binary is missing; build first (make test builds it)" >&2; exit 1; }
python3 - "$binary" "$work" "$root/scripts" <<'PY'
import json, os, signal, subprocess, sys, time
sys.dont_write_bytecode = True
sys.path.insert(0, sys.argv[3])
from unixclient import connect_when_listening
binary, work = sys.argv[1], sys.argv[2]
sock_path = os.path.join(work, "k.sock")
daemon = subprocess.Popen([binary, "--socket", sock_path, "--config", "/dev/null"], stderr=subprocess.DEVNULL)

def switches():
    counts = {}
    for tid in os.listdir(f"/proc/{daemon.pid}/task"):
        fields = dict(line.split(":", 1) for line in open(f"/proc/{daemon.pid}/task/{tid}/status"))
        name = fields["Name"].strip()
        counts[f"{tid} {name}"] = int(fields["voluntary_ctxt_switches"]) + int(fields["nonvoluntary_ctxt_switches"])
    return counts

try:
    client = connect_when_listening(sock_path)
    client.settimeout(10)
    lines = client.makefile()
    def send(obj):
        client.sendall((json.dumps(obj) + "\n").encode())
    def until(pred):
        while True:
            message = json.loads(lines.readline())
            if pred(message):
                return message
    # Some work first, so the check covers a daemon that has ticked and gone quiet, not a fresh one.
    send({"type": "subscribe", "channels": ["*"]})
    send({"type": "command", "id": 1, "op": "define", "channel": "probe", "dimension": 1, "initial": [0]})
    assert until(lambda m: m.get("type") == "reply")["ok"], "define failed"
    send({"type": "command", "id": 2, "op": "animate", "channel": "probe", "to": [1],
          "animation": ".spring(duration: 0.2)", "completion": "removed"})
    assert until(lambda m: m.get("type") == "reply")["ok"], "animate failed"
    until(lambda m: m.get("type") == "event" and m.get("event") == "animation.removed")
    client.close()
    time.sleep(0.5)
    before = switches()
    time.sleep(3)
    after = switches()
    woken = {t: after[t] - before.get(t, 0) for t in after if after[t] != before.get(t, 0)}
    if woken:
        sys.exit(f"check-idle: an idle kineticd woke up within 3 s (thread: context switches): {woken}")
    daemon.send_signal(signal.SIGTERM)
    assert daemon.wait(timeout=10) == 0, "kineticd did not exit 0 on SIGTERM"
    print(f"check-idle: an idle kineticd ({binary}) made no wake-ups over 3 s ({len(after)} threads)")
finally:
    if daemon.poll() is None:
        daemon.kill()
PY
done
