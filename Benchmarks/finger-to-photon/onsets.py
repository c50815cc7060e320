#!/usr/bin/env python3
"""Writes the finger-to-photon benchmark's touchscreen recording (evemu) to stdout: ONSETS drags, each a finger that
touches down, rests REST_MS without a frame, moves FRAMES input frames FRAME_MS apart by STEP device units along x,
lifts, and is away PAUSE_MS (the followed window's release spring settles meanwhile). Even drags go right, odd ones
left, so the window ends where it began. The device is the project's synthetic touchscreen (Recordings/drag-hold.evemu's
description: 12000 x 8000 units, 40 per mm).

Usage: onsets.py DEVICE_RECORDING [ONSETS]   (DEVICE_RECORDING: an evemu file whose description lines are used)
"""
import sys

REST_MS = 300
FRAMES = 12
FRAME_MS = 8
STEP = 60
PAUSE_MS = 700
TRACKING_ID = 300


def main():
    if len(sys.argv) not in (2, 3):
        sys.exit(__doc__)
    onsets = int(sys.argv[2]) if len(sys.argv) == 3 else 120
    with open(sys.argv[1]) as recording:
        description = [line for line in recording if line[:2] in ("N:", "I:", "P:", "B:", "A:")]
    out = ["# EVEMU 1.3\n",
           "# Synthetic recording for Benchmarks/finger-to-photon.sh, made by Benchmarks/finger-to-photon/onsets.py:\n",
           f"# {onsets} drags, each resting {REST_MS} ms after touch-down, then {FRAMES} frames {FRAME_MS} ms apart.\n"]
    out += description
    time_us = 1

    def frame(events):
        nonlocal time_us
        for kind, code, value in events:
            out.append(f"E: {time_us // 1000000}.{time_us % 1000000:06d} {kind:04x} {code:04x} {value}\n")
        out.append(f"E: {time_us // 1000000}.{time_us % 1000000:06d} 0000 0000 0\n")

    for onset in range(onsets):
        direction = 1 if onset % 2 == 0 else -1
        x, y = (4000 if direction > 0 else 8000), 4000
        frame([(3, 0x39, TRACKING_ID + onset), (3, 0x35, x), (3, 0x36, y), (1, 0x14a, 1), (3, 0, x), (3, 1, y)])
        time_us += REST_MS * 1000
        for _ in range(FRAMES):
            x += direction * STEP
            frame([(3, 0x35, x), (3, 0, x)])
            time_us += FRAME_MS * 1000
        frame([(3, 0x39, -1), (1, 0x14a, 0)])
        time_us += PAUSE_MS * 1000
    sys.stdout.write("".join(out))


if __name__ == "__main__":
    main()
