#!/usr/bin/env python3
"""End-to-end latency of kineticd: from an input event's timestamp to this subscriber
holding the frame that contains it, during a real-time replay (`kineticd --replay FILE --loop`).

The frame containing an event is the first frame whose time_ns is at or after the event's time (input is
applied at its own timestamp before the tick). Event times are the recording's SYN_REPORT timestamps plus
the pass's `replay_offset_ns` from `status`. Latency = CLOCK_MONOTONIC when the frame's line was read −
event time. Usage: latency.py SOCKET RECORDING SECONDS
"""
import bisect, json, socket, sys, time

path, recording, seconds = sys.argv[1], sys.argv[2], float(sys.argv[3])
events = sorted({int(round(float(line.split()[1]) * 1e6)) * 1000 for line in open(recording)
                 if line.startswith("E:") and line.split()[2:4] == ["0000", "0000"]})

def status():
    s = socket.socket(socket.AF_UNIX); s.connect(path)
    s.sendall(b'{"type":"command","id":1,"op":"status"}\n')
    reply = json.loads(s.makefile().readline()); s.close()
    return int(reply["replay_offset_ns"])

sub = socket.socket(socket.AF_UNIX); sub.connect(path)
sub.sendall(b'{"type":"subscribe","channels":["*"]}\n')
stream = sub.makefile("rb")
frames, offsets = [], set()
end = time.monotonic() + seconds
last_status = 0
while time.monotonic() < end:
    line = stream.readline()
    received = time.clock_gettime_ns(time.CLOCK_MONOTONIC)
    message = json.loads(line)
    if message["type"] == "frame":
        frames.append((message["time_ns"], received))
    if received - last_status > 200_000_000:
        offsets.add(status()); last_status = received
times = [f[0] for f in frames]
latencies = []
for offset in offsets:
    for e in events:
        t = e + offset
        i = bisect.bisect_left(times, t)
        if 0 < i < len(frames) and frames[i][0] - t < 100_000_000:
            latencies.append((frames[i][1] - t) / 1e6)
latencies.sort()
def pct(p): return latencies[int(p * (len(latencies) - 1))]
print(f"end-to-end latency over {len(latencies)} input frames in {len(offsets)} passes: "
      f"p50 {pct(.5):.2f} ms, p99 {pct(.99):.2f} ms, max {latencies[-1]:.2f} ms")
