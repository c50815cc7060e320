"""kinetic.motion against the daemon's engine: every frame of `kineticctl replay --motion` (the daemon's own
composition on a virtual clock) and of the same replay at 240 Hz (the engine's values between those frames) must equal
the evaluator's value to 1e-9 relative, for the bundled recordings and random scripts; and, against a running kineticd,
a motion subscriber's evaluation must equal another subscriber's frames."""

from __future__ import annotations

import importlib.util
import json
import subprocess
import time
from pathlib import Path
from typing import Any

import pytest

import kinetic
from conftest import REPOSITORY, Daemon, kineticd_binary
from kinetic.motion import Motion, MotionUpdate

TOLERANCE = 1e-9


def kineticctl() -> str:
    return str(Path(kineticd_binary()).parent / "kineticctl")


def replay(recording: Path, *arguments: str) -> list[dict[str, Any]]:
    output = subprocess.run([kineticctl(), "replay", *arguments, str(recording)], check=True, capture_output=True,
                            text=True).stdout
    return [json.loads(line) for line in output.splitlines()]


def check(trace: list[dict[str, Any]], dense: list[dict[str, Any]]) -> tuple[int, int]:
    """Compares the evaluator with the trace's frames, then with the dense replay's (outside the interval before a
    descriptor replaced the one in force, where the change it reports happened at a time only the input knows).
    Returns the counts of values compared."""
    descriptors: dict[str, list[tuple[int, int, dict[str, Any], int]]] = {}
    current: dict[str, Motion] = {}
    last_tick = 0
    compared = 0
    for message in trace:
        if message["type"] == "motion":
            for entry in message["channels"]:
                descriptors.setdefault(entry["channel"], []).append(
                    (message["time_ns"], last_tick, entry, message["epoch_ns"]))
                current[entry["channel"]] = Motion(entry, message["epoch_ns"], message["time_ns"])
        elif message["type"] == "frame":
            last_tick = message["time_ns"]
            compared += compare(current, message)
    between = 0
    index = {name: 0 for name in descriptors}
    evaluators = {name: Motion(entries[0][2], entries[0][3], entries[0][0]) for name, entries in descriptors.items()}
    for frame in dense:
        t = frame["time_ns"]
        for name in frame["values"]:
            entries = descriptors.get(name)
            if not entries or t < entries[0][0]:
                continue
            i = index[name]
            while i + 1 < len(entries) and entries[i + 1][0] <= t:
                i += 1
            if i != index[name]:
                index[name] = i
                evaluators[name] = Motion(entries[i][2], entries[i][3], entries[i][0])
            if i + 1 < len(entries) and t > entries[i + 1][1]:
                continue
            between += compare({name: evaluators[name]}, frame, only=name)
    return compared, between


def compare(motions: dict[str, Motion], frame: dict[str, Any], only: str | None = None) -> int:
    count = 0
    for name, state in frame["values"].items():
        motion = motions.get(name)
        if (only and name != only) or motion is None or motion.kind == "frames":
            continue
        value, _ = motion.evaluate(frame["time_ns"])
        for evaluated, expected in zip(value, state["value"], strict=True):
            assert abs(evaluated - expected) <= TOLERANCE * max(1.0, abs(expected)), \
                f"{name} at {frame['time_ns']}: evaluated {evaluated!r}, frame {expected!r}"
        count += 1
    return count


@pytest.mark.parametrize("recording", sorted((REPOSITORY / "Recordings").glob("*.evemu")), ids=lambda p: p.name)
def test_recordings(recording: Path) -> None:
    compared, between = check(replay(recording, "--motion"), replay(recording, "--rate", "240"))
    assert compared > 0 and between > 0


def test_random_scripts(tmp_path: Path) -> None:
    """The C library's random scripts (clients/c/tests/motion-scripts.py), evaluated by this package."""
    spec = importlib.util.spec_from_file_location("motion_scripts", REPOSITORY / "clients/c/tests/motion-scripts.py")
    assert spec is not None and spec.loader is not None
    scripts = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(scripts)
    import random
    totals = [0, 0]
    for n in range(12):
        rng = random.Random(20261127 + n)
        config, recording = tmp_path / "config.yaml", tmp_path / "script.evemu"
        config.write_text(scripts.configuration(rng))
        recording.write_text(scripts.recording(rng))
        compared, between = check(replay(recording, "--motion", "--config", str(config)),
                                  replay(recording, "--rate", "240", "--config", str(config)))
        totals[0] += compared
        totals[1] += between
    assert totals[0] > 500 and totals[1] > 1000


@pytest.mark.parametrize("encoding", ["json", "binary"])
def test_a_running_daemon(daemon: Daemon, encoding: str) -> None:
    """Both encodings: in binary, the held drag's retargets come as spring updates (docs/PROTOCOL.md "Motion
    descriptors in binary"), which this package applies to the spring it holds."""
    with kinetic.connect(daemon.socket, encoding=encoding) as described, kinetic.connect(daemon.socket) as sampled:
        updates = described.subscribe_motion(["m.*"])
        frames = sampled.subscribe(["m.*"])
        sampled.define("m.a", 2, [0, 0])
        sampled.animate("m.a", [300, -120], ".spring")
        time.sleep(0.12)
        sampled.animate("m.a", [-50, 80], ".easeInOut(duration: 0.3)")
        time.sleep(0.1)
        sampled.animate("m.a", [10, 10], ".bouncy")
        time.sleep(0.1)
        # A held drag: the spring retargeted every 10 ms.
        for n in range(1, 31):
            sampled.animate("m.a", [4.0 * n, -2.0 * n], ".interactiveSpring")
            time.sleep(0.01)
        received: list[kinetic.Frame] = []
        for frame in frames:
            received.append(frame)
            if len(received) > 40 and frame["m.a"].velocity == (0.0, 0.0):
                break
        motions: list[MotionUpdate] = []
        while (message := described.receive(timeout=0.5)) is not None:
            if isinstance(message, MotionUpdate):
                motions.append(message)
    assert len(motions) >= 3
    assert len(received) > 60
    compared = 0
    for frame in received:
        in_force = [m.motions["m.a"] for m in motions if "m.a" in m.motions and m.time_ns <= frame.time_ns]
        if not in_force or in_force[-1].kind == "frames":
            continue
        value, _ = in_force[-1].evaluate(frame.time_ns)
        for evaluated, expected in zip(value, frame["m.a"].value, strict=True):
            assert abs(evaluated - expected) <= TOLERANCE * max(1.0, abs(expected))
        compared += 1
    assert compared > 60


def test_absurd_times_end_on_the_target() -> None:
    """A description whose sub-step clock addition cannot move (1e14 s, where 1/300 s is below half a unit in the last
    place, half a second before the elapsed time, so no catch-up) ends on the model instead of looping."""
    entry = {"channel": "x", "kind": "animation", "model": [5.0], "interval": [1.0], "begin": -1e14,
             "term": {"kind": "spring", "stiffness": 100.0, "damping": 20.0, "offset": [0.0], "velocity": [0.0],
                      "force": [0.0], "clock": 1e14}}
    motion = Motion(entry, 0, 0)
    assert motion.evaluate(500_000_000) == ((5.0,), (0.0,))


def test_evaluations_far_apart_give_what_frequent_ones_give() -> None:
    """A slow spring (k = (2π/3)², critically damped) evaluated once at 2.5 s equals the same description evaluated at
    every 120 Hz tick up to then: the spring runs the whole interval, as the daemon's ticks run it (no catch-up)."""
    k = (2 * 3.141592653589793 / 3) ** 2
    entry = {"channel": "x", "kind": "animation", "model": [100.0], "interval": [100.0], "begin": 0.0,
             "term": {"kind": "spring", "stiffness": k, "damping": 2 * k ** 0.5, "offset": [0.0], "velocity": [0.0],
                      "force": [0.0], "clock": 0.0}}
    frequent, sparse = Motion(entry, 0, 0), Motion(entry, 0, 0)
    for tick in range(1, 301):
        value, velocity = frequent.evaluate(tick * 1_000_000_000 // 120)
    assert sparse.evaluate(2_500_000_000) == (value, velocity)
    assert 50 < value[0] < 99 and velocity is not None and velocity[0] > 1


def test_a_minute_of_sub_steps_bounds_an_evaluation() -> None:
    """An undamped spring (it never settles) is still moving 59 s after its clock, and taken as settled on its model
    61 s after it: one evaluation runs at most a minute of sub-steps, whether it steps them or, beyond a minute, knows
    that it would (so that evaluating after an idle hour costs nothing)."""
    entry = {"channel": "x", "kind": "animation", "model": [100.0], "interval": [100.0], "begin": 0.0,
             "term": {"kind": "spring", "stiffness": 50.0, "damping": 0.0, "offset": [0.0], "velocity": [0.0],
                      "force": [5000.0], "clock": 0.0}}
    moving, _ = Motion(entry, 0, 0).evaluate(59_000_000_000)
    assert moving != (100.0,)
    assert Motion(entry, 0, 0).evaluate(61_000_000_000) == ((100.0,), (0.0,))
    assert Motion(entry, 0, 0).evaluate(3_600_000_000_000) == ((100.0,), (0.0,))


def test_a_descriptor_of_an_unknown_kind_is_refused() -> None:
    with pytest.raises(kinetic.ProtocolViolation, match="unknown kind 'wobble'"):
        Motion({"channel": "x", "kind": "wobble"}, 0, 0)
