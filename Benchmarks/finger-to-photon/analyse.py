#!/usr/bin/env python3
"""The finger-to-photon benchmark's figures (Benchmarks/finger-to-photon.sh), from one run's three records:

  EVDEV   evdev-probe's lines: each input frame's kernel time (CLOCK_MONOTONIC), x and whether the finger is down;
  WESTON  Weston's log with the scopes `kinetic` (kinetic-weston's frames: the values it applied and when) and
          `timeline` (each repaint's start, and its page flip's vblank, CLOCK_MONOTONIC on the DRM backend);
  CLIENT  touch-client's lines: its commits (the bar's x, when) and their wp_presentation times.

An onset is the first motion frame after a finger has rested on the screen (at least REST_NS after touching down with no
frame between). From its evdev time E, the latency of each path is the presentation time of the first page flip in
which the picture has moved:
  (a) kineticd and kinetic-weston (`follow=`): the first frame the module applied after E whose offset is at least
      MOVED_PX from its offset at rest; it is drawn by the first repaint that starts after it was applied, and shown at
      that repaint's vblank;
  (b) Weston's own touch path: the first commit of touch-client made after E whose bar is at least MOVED_PX from where it
      was at rest, shown at its wp_presentation time.
Prints each path's count, p50, p99 (nearest rank) and maximum in ms, and every onset's pair; exits 1 when either path
has fewer than MINIMUM onsets or a record is not on CLOCK_MONOTONIC.

Usage: analyse.py EVDEV WESTON CLIENT
"""
import json
import math
import re
import sys

REST_NS = 200_000_000
MOVED_PX = 0.5
MINIMUM = 100
MODULE_FRAME = re.compile(r"frame (weston\.window\.\d+) at \d+ \(applied at (\d+)\): .* offset (\S+) (\S+) rotation")


def onsets(path):
    """The evdev times of the onsets."""
    found, down_at, last_x, moved = [], None, None, False
    for line in open(path):
        parts = line.split()
        if len(parts) != 4 or parts[0] != "frame":
            continue
        time, x, touching = int(parts[1]), int(parts[2]), parts[3] == "1"
        if not touching:
            down_at = None
        elif down_at is None:
            down_at, moved = time, False
        elif x != last_x and not moved:
            moved = True
            if time - down_at >= REST_NS:
                found.append(time)
        last_x = x
    return found


def weston_records(path):
    """The module's applied frames [(applied ns, offset x)], the repaints' starts and their vblanks [(start, vblank)]."""
    frames, starts, flips = [], [], []
    for line in open(path, errors="replace"):
        match = MODULE_FRAME.search(line)
        if match:
            frames.append((int(match[2]), float(match[3])))
            continue
        brace = line.find("{")
        if brace < 0 or '"N"' not in line:
            continue
        try:
            point = json.loads(line[brace:])
        except ValueError:
            continue
        when = point["T"][0] * 1_000_000_000 + point["T"][1]
        if point.get("N") == "core_repaint_begin":
            starts.append(when)
        elif point.get("N") == "core_repaint_finished" and "vblank_monotonic" in point:
            vblank = point["vblank_monotonic"]
            flips.append((when, vblank[0] * 1_000_000_000 + vblank[1]))
    return sorted(frames), sorted(starts), sorted(flips)


def client_records(path):
    """touch-client's clock, commits [(ns, seq, bar)] and presentations {seq: ns}."""
    clock, commits, presented = None, [], {}
    for line in open(path):
        parts = line.split()
        if parts[:1] == ["clock"]:
            clock = int(parts[1])
        elif parts[:1] == ["commit"]:
            commits.append((int(parts[3]), int(parts[1]), int(parts[2])))
        elif parts[:1] == ["presented"]:
            presented[int(parts[1])] = int(parts[2])
    return clock, sorted(commits), presented


def module_latency(onset, frames, starts, flips):
    """(onset to the page flip, onset to the module's first moved frame), or None."""
    before = [x for applied, x in frames if applied < onset]
    rest = before[-1] if before else 0.0
    moved = next((applied for applied, x in frames if applied >= onset and abs(x - rest) >= MOVED_PX), None)
    if moved is None:
        return None
    start = next((s for s in starts if s > moved), None)
    if start is None:
        return None
    vblank = next((v for when, v in flips if when >= start), None)
    return None if vblank is None else (vblank - onset, moved - onset)


def client_latency(onset, commits, presented):
    """(onset to the presentation, onset to the client's first moved commit), or None."""
    before = [bar for when, _, bar in commits if when < onset]
    if not before:
        return None
    rest = before[-1]
    for when, seq, bar in commits:
        if when >= onset and abs(bar - rest) >= MOVED_PX and seq in presented:
            return presented[seq] - onset, when - onset
    return None


def percentile(values, fraction):
    return values[math.ceil(fraction * len(values)) - 1]


def summary(name, measured, stage):
    if not measured:
        return f"{name}: no onsets measured"
    values = sorted(v for v, _ in measured)
    stages = sorted(s for _, s in measured)
    return (f"{name}: {len(values)} onsets, p50 {percentile(values, 0.5) / 1e6:.1f} ms, "
            f"p99 {percentile(values, 0.99) / 1e6:.1f} ms, max {values[-1] / 1e6:.1f} ms (onset to {stage}: p50 "
            f"{percentile(stages, 0.5) / 1e6:.1f} ms, p99 {percentile(stages, 0.99) / 1e6:.1f} ms)")


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    found = onsets(sys.argv[1])
    frames, starts, flips = weston_records(sys.argv[2])
    clock, commits, presented = client_records(sys.argv[3])
    a = [module_latency(onset, frames, starts, flips) for onset in found]
    b = [client_latency(onset, commits, presented) for onset in found]
    print(f"finger-to-photon: {len(found)} onsets played; the module applied {len(frames)} frames, Weston flipped "
          f"{len(flips)} times, touch-client committed {len(commits)} times ({len(presented)} presented)")
    print("finger-to-photon: " + summary("(a) kineticd + kinetic-weston follow=", [v for v in a if v is not None],
                                         "the module's first moved frame"))
    print("finger-to-photon: " + summary("(b) Weston's wl_touch to a client, wp_presentation", [v for v in b if v is not None],
                                         "the client's first moved commit"))
    pairs = [f"{'-' if x is None else f'{x[0] / 1e6:.1f}'}/{'-' if y is None else f'{y[0] / 1e6:.1f}'}"
             for x, y in zip(a, b)]
    for start in range(0, len(pairs), 16):
        print("finger-to-photon: onsets (a/b ms): " + " ".join(pairs[start:start + 16]))
    problems = []
    if clock != 1:
        problems.append(f"touch-client's wp_presentation clock is {clock}, not CLOCK_MONOTONIC (1)")
    for name, values in (("(a)", a), ("(b)", b)):
        measured = sum(v is not None for v in values)
        if measured < MINIMUM:
            problems.append(f"{name} measured {measured} onsets, fewer than {MINIMUM}")
    for problem in problems:
        print("finger-to-photon: FAILED: " + problem)
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
