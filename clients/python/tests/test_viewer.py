"""examples/viewer.py in a real GTK 4 window under Xvfb, during a replay: the screenshot shows the dot where the
channel's value says."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

import kinetic
from conftest import REPOSITORY, make_daemon
from screenshot import capture, write_png
from test_agent import Bus, wait_until

VIEWER = Path(__file__).resolve().parents[1] / "examples" / "viewer.py"
SYSTEM_PYTHON = "/usr/bin/python3"  # Debian's, with PyGObject (python3-gi, python3-gi-cairo, gir1.2-gtk-4.0)
SCALE = 4
TOLERANCE = 1.0  # pixels: the centroid of an antialiased dot of radius 8 against the origin mark's


def delayed(recording: Path, seconds: int) -> str:
    """``recording`` with every event ``seconds`` later and an empty report at 0, so that the replay (which starts
    at its first event) moves only once the viewer has had time to open."""
    text, first = [], True
    for line in recording.read_text().split("\n"):
        match = re.match(r"^E: (\d+)\.(\d{6}) (.*)$", line)
        if match:
            if first:
                text.append("E: 0.000000 0000 0000 0000")
                first = False
            micro = int(match.group(1)) * 1_000_000 + int(match.group(2)) + seconds * 1_000_000
            line = f"E: {micro // 1_000_000}.{micro % 1_000_000:06d} {match.group(3)}"
        text.append(line)
    return "\n".join(text)


@pytest.fixture
def display() -> Iterator[str]:
    for tool in ("Xvfb", "xwd"):
        if shutil.which(tool) is None:
            pytest.fail(f"{tool} is missing: apt install xvfb x11-apps (make test installs them)", pytrace=False)
    read, write = os.pipe()
    server = subprocess.Popen(["Xvfb", "-displayfd", str(write), "-screen", "0", "800x600x24", "-nolisten", "tcp"],
                              pass_fds=(write,), stderr=subprocess.DEVNULL)
    os.close(write)
    with os.fdopen(read) as number:
        yield ":" + number.readline().strip()
    server.terminate()
    server.wait(10)


def test_the_dot_is_where_the_channel_says(display: str, tmp_path: Path) -> None:
    recording = tmp_path / "drag-hold.evemu"
    recording.write_text(delayed(REPOSITORY / "Recordings" / "drag-hold.evemu", 2))
    daemon = make_daemon(tmp_path, "", ["--replay", str(recording)]).start()  # the default binding: touch.position
    bus = Bus()
    environment = dict(os.environ, DISPLAY=display, GDK_BACKEND="x11", GSK_RENDERER="cairo",
                       DBUS_SESSION_BUS_ADDRESS=bus.address, GTK_A11Y="none")
    viewer = subprocess.Popen([SYSTEM_PYTHON, str(VIEWER), "--socket", daemon.socket, "--scale", str(SCALE),
                               "--report"], stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=environment)
    drawn: list[int] = []

    def read_reports() -> None:
        assert viewer.stdout is not None
        for line in viewer.stdout:
            drawn.append(int(line))

    reader = threading.Thread(target=read_reports, daemon=True)
    reader.start()
    try:
        with kinetic.Client(daemon.socket) as observer, kinetic.Client(daemon.socket) as watcher:
            # Frames go out only when touch.position changes, so the frame to wait for is the one it settled in: the
            # watcher, subscribed from the start as the viewer is, gets the same frames.
            changes = watcher.subscribe(["touch.position"])
            last_event_ns = max(int(m.group(1)) * 10**9 + int(m.group(2)) * 1000
                                for m in re.finditer(r"^E: (\d+)\.(\d{6}) ", recording.read_text(), re.M))

            def replayed() -> bool:
                status = observer.status()  # replay_offset_ns + a recording's time = CLOCK_MONOTONIC ns
                return status.settled and time.monotonic_ns() > int(status.extra["replay_offset_ns"]) + last_event_ns

            wait_until(replayed, "the replay ends and touch.position rests", 60)
            final = next(observer.subscribe(["touch.position"]))
            settled = next(frame for frame in changes if frame["touch.position"] == final["touch.position"])
            wait_until(lambda: bool(drawn) and drawn[-1] >= settled.seq, "the viewer draws the last frame", 60)
        x, y = final["touch.position"].value
        assert (round(x), round(y)) == (140, 90), "drag-hold ends at (140, 90) mm (kineticctl replay says so too)"
        image = capture(display)
        if os.environ.get("KINETIC_VIEWER_SCREENSHOT"):
            write_png(os.environ["KINETIC_VIEWER_SCREENSHOT"], image)
        dot_x, dot_y, dot_pixels = image.centroid((255, 59, 48))
        origin_x, origin_y, _ = image.centroid((0, 122, 255))
        assert dot_pixels > 150, "a dot of radius 8 px"
        assert abs(dot_x - origin_x - x * SCALE) <= TOLERANCE and abs(dot_y - origin_y - y * SCALE) <= TOLERANCE, \
            f"dot at {dot_x - origin_x:.2f}, {dot_y - origin_y:.2f} px from the origin; the value says {x * SCALE:.2f}, {y * SCALE:.2f}"
        # How many frames it drew depends on the machine's speed (16 on a loaded one, 2026-11-28); that it drew the
        # finger on its way does not: frames before the last one, at two or more places in time.
        moving = {seq for seq in drawn if seq < settled.seq}
        assert len(moving) >= 2, f"the viewer drew the motion, not only its end (frames drawn: {drawn})"
    finally:
        viewer.terminate()
        _, errors = viewer.communicate(timeout=20)
        daemon.stop()
        bus.stop()
        print(errors)


def test_without_a_display_the_viewer_says_so(tmp_path: Path) -> None:
    """No DISPLAY or WAYLAND_DISPLAY (an SSH session, a headless box): one line saying what to do, exit 69 — not GTK's
    criticals and a segmentation fault. A daemon runs, so the viewer would otherwise go on to open its window."""
    running = make_daemon(tmp_path).start()
    try:
        environment = {key: value for key, value in os.environ.items()
                       if key not in ("DISPLAY", "WAYLAND_DISPLAY", "XDG_RUNTIME_DIR")}
        result = subprocess.run([SYSTEM_PYTHON, str(VIEWER), "--socket", running.socket], capture_output=True, text=True,
                                env=environment, timeout=60)
    finally:
        running.stop()
    assert result.returncode == 69, result.stderr
    assert result.stderr.count("\n") == 1 and "xvfb-run" in result.stderr, result.stderr
