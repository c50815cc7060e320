#!/usr/bin/env python3
"""The event loop's stall under the worst input each limit allows (docs/PROTOCOL.md "Limits").

For each scenario a hostile client sends its input to a running kineticd and, at once, a second client sends
`status`; the stall is the time from the hostile input's last byte to the status reply. A background prober
sends `status` every 5 ms through the whole run, and its round-trips give the p99. Every scenario runs five
times; the table gives medians.

Usage: Benchmarks/stall.py KINETICD_BINARY   (Benchmarks/daemon-bench.sh --only stall builds and runs it)
"""
import json
import os
import socket
import statistics
import subprocess
import sys
import tempfile
import threading
import time

sys.path.insert(0, os.path.join(os.path.dirname(__file__), "..", "scripts"))
from unixclient import connect_when_listening  # noqa: E402

LIMIT = 1 << 20


class Connection:
    """A greeted JSON Lines connection, its replies read line by line."""

    def __init__(self, path):
        self.socket = connect_when_listening(path)
        self.lines = self.socket.makefile("rb")
        self.sendall(b'{"type":"hello","protocol":1}\n')
        self.lines.readline()

    def sendall(self, data):
        self.socket.sendall(data)

    def close(self):
        self.lines.close()
        self.socket.close()


def client(path):
    return Connection(path)


def read_reply(c, command_id):
    while True:
        line = c.lines.readline()
        if not line:
            raise EOFError("kineticd closed the connection")
        message = json.loads(line)
        if message.get("type") == "reply" and message.get("id") == command_id:
            return message


def command(op, **fields):
    return (json.dumps({"type": "command", "id": 1, "op": op, **fields}, ensure_ascii=False) + "\n").encode()


def marks(n):
    return "\u0301\u0316" * n


def scenarios():
    fill = LIMIT - 200
    yield "animate: 1 MiB line of combining marks", [command("animate", channel="touch.position", to=[0, 0], animation=".a" + marks(fill // 4))]
    yield "animate: 1 MiB ASCII expression", [command("animate", channel="touch.position", to=[0, 0], animation="." + "a" * fill)]
    yield "insert: 1 MiB transition", [command("insert", element="w", transition=".opacity" + ".a" * (fill // 2 - 8))]
    yield "effect: 1 MiB effect", [command("effect", element="e", effect=".bounce" + "(" * (fill - 8), trigger=True)]
    keys = ",".join('"k%d":0' % i for i in range(LIMIT // 12))[: LIMIT - 100]
    keys = keys[: keys.rfind(",")]
    yield "status: 1 MiB object of distinct keys", [('{"type":"command","id":1,"op":"status",' + keys + "}\n").encode()]
    numbers = ",".join(["-1.2345678901234567e-300"] * (LIMIT // 25))[: LIMIT - 100]
    numbers = numbers[: numbers.rfind(",")]
    yield "set: 1 MiB array of numbers", [('{"type":"command","id":1,"op":"set","channel":"touch.position","to":[' + numbers + "]}\n").encode()]
    yield "subscribe: 256 patterns of 16 bytes, *a*a*…", [(json.dumps({"type": "subscribe", "channels": ["*a" * 8] * 256}) + "\n").encode()]


def measure(path, payload, prober_rtts):
    hostile = client(path)
    other = client(path)
    hostile.sendall(b"".join(payload))
    start = time.monotonic()
    other.sendall(command("status"))
    read_reply(other, 1)
    stall = time.monotonic() - start
    hostile.close()
    other.close()
    return stall


def worst_configuration():
    """A configuration file at its 1 MiB limit whose every binding the loader must check: 1024 channels (the most a
    server holds), each with a spring of long but valid arguments and a snap release."""
    lines = ["rate_hz: 120", "bindings:"]
    size = 30
    channel = 0
    while True:
        entry = ("  - channel: c%04d\n    gesture: drag\n    animation: \".spring(response: 0.%s, dampingFraction: 0.8)\"\n"
                 "    release: {target: snap, snap_points: [[0, 0], [300, 0], [600, 0]]}" % (channel, "5" * 700))
        if size + len(entry) + 1 > (1 << 20) - 64 or channel == 1023:
            break
        lines.append(entry)
        size += len(entry) + 1
        channel += 1
    return "\n".join(lines) + "\n"


def reload_scenario(path, config_path):
    """A reload of the worst configuration (parsed off the event loop): the stall of another client meanwhile."""
    with open(config_path, "w") as f:
        f.write(worst_configuration())
    owner, other = client(path), client(path)
    owner.sendall(command("reload"))
    stalls = []
    replied = threading.Event()

    def wait():
        read_reply(owner, 1)
        replied.set()

    waiter = threading.Thread(target=wait)
    waiter.start()
    while not replied.is_set():
        start = time.monotonic()
        other.sendall(command("status"))
        read_reply(other, 1)
        stalls.append(time.monotonic() - start)
    waiter.join()
    with open(config_path, "w") as f:
        f.write("rate_hz: 120\n")
    owner.sendall(command("reload"))
    read_reply(owner, 1)
    owner.close()
    other.close()
    return max(stalls)


def check_config_seconds(binary, config_path):
    with open(config_path, "w") as f:
        f.write(worst_configuration())
    start = time.monotonic()
    subprocess.run([binary, "--check-config", config_path], check=True, stdout=subprocess.DEVNULL)
    return time.monotonic() - start


def subscribers_scenario(path, count, leave):
    """`count` clients, each subscribed with 16 patterns of 256 bytes of non-ASCII, then 10 inserts of elements with
    240-byte non-ASCII names; with `leave`, every client then disconnects at once. The worst moment."""
    subscribers = []
    for i in range(count):
        s = client(path)
        s.sendall((json.dumps({"type": "subscribe", "channels": ["*" + "é" * 127 + chr(0x41 + i % 26)] * 16}, ensure_ascii=False) + "\n").encode())
        subscribers.append(s)
    owner, other = client(path), client(path)

    def status_round_trip():
        start = time.monotonic()
        other.sendall(command("status"))
        read_reply(other, 1)
        return time.monotonic() - start

    stalls = []
    for n in range(10):
        owner.sendall(command("insert", element=("%02d" % n) + "é" * 119))
        stalls.append(status_round_trip())
    if leave:
        # The next tick matches the new channels against every subscription; then everyone leaves at once.
        time.sleep(0.05)
        for s in subscribers + [owner]:
            s.close()
        stalls.append(status_round_trip())
    else:
        for s in subscribers + [owner]:
            s.close()
    other.close()
    return max(stalls)


def main():
    binary = sys.argv[1]
    work = tempfile.mkdtemp()
    path = os.path.join(work, "k.sock")
    config_path = os.path.join(work, "kineticd.yaml")
    with open(config_path, "w") as f:
        f.write("rate_hz: 120\n")
    daemon = subprocess.Popen([binary, "--socket", path, "--config", config_path, "--log-level", "error"],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    rtts = []
    stop = threading.Event()

    def probe():
        c = client(path)
        while not stop.is_set():
            t = time.monotonic()
            c.sendall(command("status"))
            read_reply(c, 1)
            rtts.append(time.monotonic() - t)
            time.sleep(0.005)
        c.close()

    try:
        connect_when_listening(path).close()
        prober = threading.Thread(target=probe)
        prober.start()
        results = {}
        for name, payload in scenarios():
            results[name] = [measure(path, payload, rtts) for _ in range(5)]
        results["48 subscribers × 16 non-ASCII patterns, 10 inserts (worst insert)"] = [subscribers_scenario(path, 48, leave=False) for _ in range(5)]
        results["252 subscribers (max_clients 256) × 16 non-ASCII patterns, 10 inserts, all disconnect (worst)"] = [subscribers_scenario(path, 252, leave=True) for _ in range(5)]
        results["reload of a 1 MiB configuration (1023 bindings), parsed off the loop"] = [reload_scenario(path, config_path) for _ in range(5)]
        stop.set()
        prober.join()
        print("| input | stall, median of 5 (ms) | worst of 5 (ms) |")
        print("|---|---|---|")
        for name, values in results.items():
            print("| %s | %.1f | %.1f |" % (name, statistics.median(values) * 1e3, max(values) * 1e3))
        checks = [check_config_seconds(binary, os.path.join(work, "check.yaml")) for _ in range(5)]
        print("\nkineticd --check-config on that 1 MiB configuration: median %.0f ms, worst %.0f ms (its own process)"
              % (statistics.median(checks) * 1e3, max(checks) * 1e3))
        rtts.sort()
        p99 = rtts[int(len(rtts) * 0.99) - 1] if rtts else float("nan")
        print("\nanother client's status round-trip through the run: %d samples, median %.2f ms, p99 %.2f ms, max %.2f ms"
              % (len(rtts), statistics.median(rtts) * 1e3, p99 * 1e3, rtts[-1] * 1e3))
    finally:
        daemon.terminate()
        daemon.wait()


if __name__ == "__main__":
    main()
