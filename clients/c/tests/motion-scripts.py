#!/usr/bin/env python3
"""Random scripts for the motion evaluator: `motion-scripts.py MOTION_CHECK [--kineticctl PATH] [--scripts N] [--seed S]`.

Each script is a random configuration (the drag's animation — springs, springs that blend responses, timing curves
that combine at every input frame, a delayed curve that has no closed form — and its release: momentum with or
without bounds, snapping, returning, staying, under springs or curves) and a random mouse recording (drags of random
speed, holds, flings, grabs of a channel still coasting, pauses long enough to settle or not). `kineticctl replay
--motion` replays it at 60 Hz with a motion subscriber beside the frame subscriber, and again at 240 Hz for the
engine's values between those frames; motion-check compares the C evaluator with both. Every script must pass, and
the scripts together must have sent every kind of term (spring, curve, momentum, sum) and the fallback to frames.
"""
import argparse
import collections
import json
import os
import random
import subprocess
import sys
import tempfile

REPOSITORY = os.path.abspath(os.path.join(os.path.dirname(__file__), "../../.."))
# The device of the bundled mouse recording: its header (every line but its events and its comments).
with open(os.path.join(REPOSITORY, "Recordings/mouse-drag.evemu")) as _recording:
    HEADER = "# EVEMU 1.3\n" + "".join(line for line in _recording if not line.startswith(("E:", "#")))

DRAG = [".interactiveSpring", ".spring", ".snappy", ".bouncy", ".smooth(duration: 0.3)",
        ".spring(response: 0.3, dampingFraction: 0.45)", ".interactiveSpring(response: 0.2, dampingFraction: 0.8, blendDuration: 0.3)",
        ".easeOut(duration: 0.15)", ".linear(duration: 0.1)", ".timingCurve(0.2, 0.8, 0.3, 1.0, duration: 0.2)",
        ".easeIn(duration: 0.1).delay(0.05)"]
RELEASE = [".spring", ".bouncy", ".snappy", ".easeInOut(duration: 0.4)", ".linear(duration: 0.25)",
           ".spring(duration: 0.6, bounce: 0.3)"]
TARGETS = ["momentum", "momentum", "momentum", "stay", "origin", "snap"]


def configuration(rng):
    lines = ["rate_hz: 60", "bindings:", "  - match:", "      class: [mouse]", "    gesture: drag",
             "    value: location", "    channel: card.position", f"    animation: '{rng.choice(DRAG)}'"]
    if rng.random() < 0.7:
        low = [rng.uniform(-60, -5), rng.uniform(-60, -5)]
        high = [rng.uniform(5, 60), rng.uniform(5, 60)]
        lines.append(f"    bounds: {{ min: [{low[0]:.3f}, {low[1]:.3f}], max: [{high[0]:.3f}, {high[1]:.3f}] }}")
    target = rng.choice(TARGETS)
    lines += ["    release:", f"      animation: '{rng.choice(RELEASE)}'"]
    if target == "snap":
        lines += ["      target: snap", "      page: [20, 0]"]
    else:
        lines.append(f"      target: {target}")
    if target == "momentum" and rng.random() < 0.5:
        lines.append("      deceleration: fast")
    return "\n".join(lines) + "\n"


def recording(rng):
    events = []
    t = 1000  # microseconds

    def frame(items):
        nonlocal t
        for item in items:
            events.append(f"E: {t // 1000000}.{t % 1000000:06d} {item}")
        events.append(f"E: {t // 1000000}.{t % 1000000:06d} 0000 0000 0000")

    for _ in range(rng.randint(1, 4)):
        frame(["0001 0110 0001"])
        vx, vy = rng.uniform(-40, 40), rng.uniform(-40, 40)
        for step in range(rng.randint(3, 40)):
            t += 8000
            vx += rng.uniform(-8, 8)
            vy += rng.uniform(-8, 8)
            if rng.random() < 0.1:
                vx = vy = 0
            dx, dy = int(vx), int(vy)
            if dx or dy:
                frame([f"0002 0000 {dx:04d}", f"0002 0001 {dy:04d}"])
        if rng.random() < 0.3:
            t += rng.randint(50, 200) * 1000  # held still before the release: no fling
        t += 8000
        frame(["0001 0110 0000"])
        t += rng.choice([rng.randint(20, 300), rng.randint(300, 1500)]) * 1000
    return HEADER + "\n".join(events) + "\n"


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("motion_check")
    parser.add_argument("--kineticctl", default=os.environ.get("KINETICCTL"),
                        help="the kineticctl that replays the scripts (default: $KINETICCTL)")
    parser.add_argument("--scripts", type=int, default=40)
    parser.add_argument("--seed", type=int, default=20261127)
    arguments = parser.parse_args()
    if not arguments.kineticctl:
        print("motion-scripts: no kineticctl ($KINETICCTL or --kineticctl): skipped", file=sys.stderr)
        return 77
    kinds = collections.Counter()
    totals = collections.Counter()
    failed = []
    with tempfile.TemporaryDirectory() as work:
        for n in range(arguments.scripts):
            rng = random.Random(arguments.seed + n)
            config, recorded = os.path.join(work, "config.yaml"), os.path.join(work, "script.evemu")
            with open(config, "w") as f:
                f.write(configuration(rng))
            with open(recorded, "w") as f:
                f.write(recording(rng))
            trace, dense = os.path.join(work, "trace.jsonl"), os.path.join(work, "dense.jsonl")
            with open(trace, "w") as out:
                subprocess.run([arguments.kineticctl, "replay", "--motion", "--config", config, recorded],
                               stdout=out, check=True)
            with open(dense, "w") as out:
                subprocess.run([arguments.kineticctl, "replay", "--rate", "240", "--config", config, recorded],
                               stdout=out, check=True)
            with open(trace) as f:
                for line in f:
                    message = json.loads(line)
                    if message["type"] != "motion":
                        continue
                    for channel in message["channels"]:
                        kinds[channel["kind"]] += 1
                        stack = [channel.get("term")]
                        while stack:
                            term = stack.pop()
                            if term:
                                kinds[term["kind"]] += 1
                                stack += [entry["term"] for entry in term.get("entries", [])]
            result = subprocess.run([arguments.motion_check, trace, dense], capture_output=True, text=True)
            words = result.stdout.split()
            if result.returncode != 0 or not words:
                failed.append(n)
                sys.stderr.write(f"script {n} (seed {arguments.seed + n}) failed:\n{open(config).read()}"
                                 f"{result.stderr[-3000:]}{result.stdout}")
                continue
            # "motion-check: D descriptors; F frame values and B values between frames match (S skipped), …"
            totals["descriptors"] += int(words[1])
            totals["frame values"] += int(words[3])
            totals["values between frames"] += int(words[7])
    missing = [kind for kind in ("spring", "curve", "momentum", "sum", "frames", "rest") if kinds[kind] == 0]
    print(f"motion-scripts: {arguments.scripts} scripts, {totals['descriptors']} descriptors "
          f"({', '.join(f'{k} {v}' for k, v in sorted(kinds.items()))}); {totals['frame values']} frame values and "
          f"{totals['values between frames']} values between frames within 1e-9")
    if missing:
        print(f"motion-scripts: no script sent {', '.join(missing)}", file=sys.stderr)
    return 1 if failed or missing else 0


if __name__ == "__main__":
    sys.exit(main())
