#!/usr/bin/env python3
"""kinetic-weston in a real Weston: `test-weston.py --bin BIN_DIR --build BUILD_DIR [--asan]`.

Weston 10 runs headless (pixman renderer, desktop-shell) with the module, beside a kineticd on a socket of its own;
tests/test-window maps solid-colour windows; Weston's own screenshooter (`--debug`) takes the screenshots. Checked:

1. A window's insertion and removal. Every frame the module composes is in its debug scope `kinetic` (weston
   --logger-scopes): the presentation time T it evaluated for and the values it applied. Each such frame must equal the
   motion kineticd described (recorded by a subscriber of this script's own, evaluated by the Python package — an
   evaluator independent of the module's C one) at T. Each screenshot must show one of those frames: the window's
   edges within 1 px and its opacity within 2/255 of the frame's values. Screenshots must have caught the window
   mid-insertion and mid-removal, and show it gone after `animation.removed`.
2. Idle: with nothing moving, Weston repaints nothing for 2 s (its `timeline` scope's repaints counted).
3. kineticd stopped: Weston keeps running, a window maps at full opacity at once and unmaps at once.
4. kineticd started again (replaying Recordings/touchpad-swipe3.evemu, shifted so that it starts once a window is up):
   the module reconnects, and `follow=pager` moves the window by the swipe's snapping channel, checked as in 1.

With --asan the module is the sanitized build, and Weston runs with ASan's runtime preloaded: any report fails.
"""
import argparse
import os
import re
import shutil
import signal
import subprocess
import sys
import tempfile
import threading
import time

HERE = os.path.dirname(os.path.abspath(__file__))
REPOSITORY = os.path.abspath(os.path.join(HERE, "../../.."))
sys.path.insert(0, os.path.join(REPOSITORY, "clients/python/src"))
sys.path.insert(0, HERE)
from kinetic import Client  # noqa: E402
from kinetic.motion import MotionUpdate  # noqa: E402
from png import read_png  # noqa: E402

WIDTH, HEIGHT = 800, 600
BACKGROUND = (0x20, 0x20, 0x20)
COLOR = (0x30, 0x80, 0xC0)
WINDOW = (200, 150)
FOLLOW_SCALE = 1.5
TRANSITION_SECONDS = 2
RELEASE_SECONDS = 3
SWIPE_DELAY = 25.0
# How long a description may take from kineticd's tick to the module (a bound for a loaded machine, not a timing check).
IN_FLIGHT = 250_000_000
# How far a description's time may be ahead of the moment it is sent: under the module's frame clock a tick's values
# are for the first vblank after it, at most a refresh later (16.7 ms at headless Weston's 60 Hz), and headless Weston
# presents on a timer of its own rather than on that grid, so a frame may be composed for a time before the vblank of
# a description that has already arrived (the module evaluates it there, as the test does). A refresh and a half.
AHEAD = 25_000_000
FRAME = re.compile(r"frame (\S+) at (\d+) \(applied at (\d+)\): opacity (\S+) scale (\S+) (\S+) offset (\S+) (\S+) rotation (\S+) "
                   r"size (\d+) (\d+) position (\S+) (\S+)( \(hidden until described\))?")


# The largest differences between a screenshot and the frame it shows: a colour channel in 1/255, edges in pixels.
WORST = {"opacity": 0.0, "edge": 0.0}


class Failure(Exception):
    pass


def wait_for(predicate, what, timeout=60.0):
    """Polls `predicate` until it holds, for at most `timeout` seconds (a bound for hangs, not a timing check)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        value = predicate()
        if value:
            return value
        time.sleep(0.05)
    raise Failure(f"{what} did not happen within {timeout:.0f} s")


class Recorder:
    """kineticd's motion descriptors for the windows and the pager, as a subscriber of its own receives them."""

    def __init__(self, socket):
        self.motions = {}  # channel -> [Motion, ...] in the order received
        self.lock = threading.Lock()
        self.client = Client(socket, client_name="test-weston recorder", timeout=None)
        self.iterator = self.client.subscribe_motion(["weston.window.*", "pager"])
        self.thread = threading.Thread(target=self.run, daemon=True)
        self.thread.start()

    def run(self):
        try:
            for message in self.iterator:
                if isinstance(message, MotionUpdate):
                    with self.lock:
                        for name, motion in message.motions.items():
                            self.motions.setdefault(name, []).append(motion)
        except Exception:  # the connection ends with its daemon
            pass

    def candidates(self, channel, when, applied=0):
        """The descriptors of `channel` the module may have evaluated at `when` in a frame it composed at `applied`:
        the one in force IN_FLIGHT before then, and every one described since, up to `when` or up to AHEAD after
        `applied` (any may still have been on its way to the module; under a frame clock a description's time is the
        vblank it is for, ahead of the moment it is sent)."""
        latest = max(when, applied + AHEAD)
        with self.lock:
            described = [m for m in self.motions.get(channel, []) if m.time_ns <= latest and m.kind != "frames"]
        older = [m for m in described if m.time_ns <= when - IN_FLIGHT]
        return older[-1:] + [m for m in described if m.time_ns > when - IN_FLIGHT]


class Frame:
    def __init__(self, match):
        self.element = match[1]
        self.when = int(match[2])
        self.applied = int(match[3])
        self.opacity = float(match[4])
        self.scale = (float(match[5]), float(match[6]))
        self.offset = (float(match[7]), float(match[8]))
        self.size = (int(match[10]), int(match[11]))
        self.position = (float(match[12]), float(match[13]))
        self.hidden = match[14] is not None

    def box(self):
        """The window's box on the output: scaled about its centre (the transition's anchor), then offset; clipped."""
        w, h = self.size
        left = self.position[0] + w / 2 * (1 - self.scale[0]) + self.offset[0]
        top = self.position[1] + h / 2 * (1 - self.scale[1]) + self.offset[1]
        right, bottom = left + w * self.scale[0], top + h * self.scale[1]
        return (max(0.0, left), max(0.0, top), min(float(WIDTH), right), min(float(HEIGHT), bottom))


class Weston:
    def __init__(self, folder, build, asan, socket):
        self.folder = folder
        self.log = os.path.join(folder, "weston.log")
        with open(os.path.join(folder, "weston.ini"), "w") as ini:
            ini.write(f"""[core]
idle-time=0
[shell]
background-color=0xff{BACKGROUND[0]:02x}{BACKGROUND[1]:02x}{BACKGROUND[2]:02x}
panel-position=none
animation=none
close-animation=none
startup-animation=none
[kinetic]
animation=.smooth(duration: {TRANSITION_SECONDS})
follow=pager
follow-scale={FOLLOW_SCALE}
""")
        environment = dict(os.environ, XDG_RUNTIME_DIR=folder, KINETIC_SOCKET=socket,
                           WESTON_MODULE_MAP=f"kinetic-weston.so={os.path.join(build, 'kinetic-weston.so')}")
        if asan:
            runtimes = [subprocess.check_output(["gcc", f"-print-file-name={name}"], text=True).strip()
                        for name in ("libasan.so", "libubsan.so")]
            environment.update(LD_PRELOAD=":".join(runtimes), ASAN_OPTIONS="detect_leaks=0:abort_on_error=1",
                               UBSAN_OPTIONS="halt_on_error=1:print_stacktrace=1")
        self.stderr = open(os.path.join(folder, "weston.stderr"), "w")
        self.process = subprocess.Popen(
            ["weston", "--backend=headless-backend.so", "--use-pixman", f"--width={WIDTH}", f"--height={HEIGHT}",
             "--socket=wayland-kinetic", "--debug", f"--config={folder}/weston.ini", "--modules=kinetic-weston.so",
             f"--log={self.log}", "--logger-scopes=log,kinetic,timeline"],
            env=environment, stdout=self.stderr, stderr=self.stderr)
        self.environment = dict(environment, WAYLAND_DISPLAY="wayland-kinetic")
        self.environment.pop("LD_PRELOAD", None)
        wait_for(lambda: os.path.exists(os.path.join(folder, "wayland-kinetic")), "Weston's socket", 60)

    def text(self):
        with open(self.log, errors="replace") as log:
            return log.read()

    def frames(self, element=None):
        return [Frame(m) for m in FRAME.finditer(self.text()) if element is None or m[1] == element]

    def alive(self):
        if self.process.poll() is not None:
            raise Failure(f"Weston exited with status {self.process.returncode}: {self.sanitizer_report() or 'see weston.stderr'}")

    def sanitizer_report(self):
        with open(os.path.join(self.folder, "weston.stderr"), errors="replace") as stderr:
            text = stderr.read()
        found = re.search(r"(ERROR: AddressSanitizer.*|.*runtime error:.*)", text)
        return found[0] if found else None

    def screenshot(self):
        """A screenshot by weston-screenshooter, measured (measure())."""
        return measure(self.shoot())

    def shoot(self):
        """A screenshot by weston-screenshooter, its file's path (in a folder of its own: the file's name has a
        one-second resolution)."""
        self.alive()
        folder = tempfile.mkdtemp(dir=self.folder)
        subprocess.run(["weston-screenshooter"], cwd=folder, env=self.environment, check=True, timeout=60,
                       stdout=subprocess.DEVNULL)
        names = os.listdir(folder)
        if len(names) != 1:
            raise Failure(f"weston-screenshooter wrote {names}")
        return os.path.join(folder, names[0])

    def repaints(self):
        return self.text().count('"core_repaint_begin"')

    def stop(self):
        if self.process.poll() is None:
            self.process.send_signal(signal.SIGTERM)
            try:
                self.process.wait(60)
            except subprocess.TimeoutExpired:
                self.process.kill()
                raise Failure("Weston did not exit within 60 s of SIGTERM")


class Window:
    def __init__(self, weston, build):
        self.process = subprocess.Popen([os.path.join(build, "test-window"), str(WINDOW[0]), str(WINDOW[1]),
                                         "%02x%02x%02x" % COLOR], env=dict(weston.environment, ASAN_OPTIONS="detect_leaks=0"),
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
        line = self.process.stdout.readline()
        if not line.startswith("mapped"):
            raise Failure(f"test-window did not map: {line!r}")

    def close(self):
        self.process.stdin.write("close\n")
        self.process.stdin.flush()
        if self.process.stdout.readline().strip() != "closed":
            raise Failure("test-window did not close its window")

    def quit(self):
        if self.process.poll() is None:
            self.process.stdin.write("quit\n")
            self.process.stdin.flush()
            self.process.wait(60)


def measure(path):
    """The window in a screenshot: its box (edges where the colour is half-way between the background's and the
    window's, interpolated to a fraction of a pixel along the middle row and column) and its opacity (the centre's
    colour between the background and the window's colour); None when no pixel differs from the background."""
    width, height, bpp, rows = read_png(path)
    if (width, height) != (WIDTH, HEIGHT):
        raise Failure(f"a screenshot of {width}×{height}, not {WIDTH}×{HEIGHT}")

    def differs(x, y):
        p = rows[y][x * bpp:x * bpp + 3]
        return any(abs(p[i] - BACKGROUND[i]) > 3 for i in range(3))

    covered = [(x, y) for y in range(0, height, 2) for x in range(0, width, 2) if differs(x, y)]
    if not covered:
        return None
    cx = (min(x for x, _ in covered) + max(x for x, _ in covered)) // 2
    cy = (min(y for _, y in covered) + max(y for _, y in covered)) // 2
    centre = rows[cy][cx * bpp:cx * bpp + 3]
    # Summed over the channels, weighted by how far the window's colour is from the background's in each.
    span = sum(COLOR[i] - BACKGROUND[i] for i in range(3))
    shown = sum(centre[i] - BACKGROUND[i] for i in range(3))
    opacity = shown / span
    if shown < 6:
        return None  # too faint to measure its edges

    def coverage(x, y):
        p = rows[y][x * bpp:x * bpp + 3]
        return max(0.0, min(1.0, sum(p[i] - BACKGROUND[i] for i in range(3)) / shown))

    # An edge's position: the number of pixels covered along the line, counting partly covered ones by their share.
    row = [coverage(x, cy) for x in range(width)]
    column = [coverage(cx, y) for y in range(height)]
    left = next(x for x in range(width) if row[x] > 0) + 1 - row[next(x for x in range(width) if row[x] > 0)]
    right = max(x for x in range(width) if row[x] > 0) + row[max(x for x in range(width) if row[x] > 0)]
    top = next(y for y in range(height) if column[y] > 0) + 1 - column[next(y for y in range(height) if column[y] > 0)]
    bottom = max(y for y in range(height) if column[y] > 0) + column[max(y for y in range(height) if column[y] > 0)]
    return {"box": (left, top, right, bottom), "opacity": opacity, "centre": tuple(centre)}


def close(a, b, tolerance):
    return all(abs(x - y) <= tolerance for x, y in zip(a, b))


def check_frames(frames, recorder, follow=False):
    """Every composed frame equals kineticd's described motion at the frame's presentation time; returns how many were
    checked (frames before the element's first description, drawn hidden, are not) and how many of them showed a
    description whose time was after the frame's (AHEAD)."""
    checked = ahead = 0
    for frame in frames:
        if frame.hidden:
            # Drawn hidden while the module had no description yet: only before its first described frame.
            if checked:
                raise Failure(f"{frame.element} was hidden at {frame.when} ns after its motion had been described")
            continue
        expected = match(frame, recorder, follow, frame.applied)
        if expected is None:
            continue  # not described yet
        if expected is not True:
            raise Failure(f"{frame.element}'s frame for {frame.when} ns applied opacity {frame.opacity}, scale "
                          f"{frame.scale}, offset {frame.offset}; kineticd's motion there: {expected}")
        checked += 1
        ahead += match(frame, recorder, follow, 0) is not True
    return checked, ahead


def match(frame, recorder, follow, applied):
    """True when `frame` shows one of the candidate descriptions (Recorder.candidates, with `applied` 0 for only those
    up to the frame's time); None before its element is described; otherwise what those descriptions give there."""
    expected = {}
    for suffix in ("opacity", "scale", "offset"):
        candidates = recorder.candidates(f"{frame.element}.{suffix}", frame.when, applied)
        if not candidates:
            return None
        expected[suffix] = [m.evaluate(frame.when)[0] for m in candidates]
    pagers = recorder.candidates("pager", frame.when, applied) if follow else []
    pager = [m.evaluate(frame.when)[0] for m in pagers] or [(0.0, 0.0)]
    opacity = [min(1.0, max(0.0, v[0])) for v in expected["opacity"]]
    offsets = [(o[0] + p[0] * FOLLOW_SCALE, o[1] + p[1] * FOLLOW_SCALE) for o in expected["offset"] for p in pager]
    if (any(abs(frame.opacity - v) <= 1e-6 for v in opacity) and any(close(frame.scale, v, 1e-6) for v in expected["scale"])
            and any(close(frame.offset, v, 1e-3) for v in offsets)):
        return True
    return (f"opacity {opacity}, scale {expected['scale']}, offset {offsets} (the frame composed "
            f"{(frame.applied - frame.when) / 1e6:+.1f} ms from its time; the pager's descriptions at "
            f"{[round((m.time_ns - frame.when) / 1e6, 1) for m in pagers]} ms from it)")


def colour_error(frame, shot):
    """How far the screenshot's colour inside the window is from the frame's opacity blending the window's colour over
    the background, in 1/255 (the largest of the three channels)."""
    return max(abs(shot["centre"][i] - (BACKGROUND[i] + frame.opacity * (COLOR[i] - BACKGROUND[i]))) for i in range(3))


def shown_frame(shot, frames):
    """The composed frame a screenshot shows (edges within 1 px, each colour channel within 2/255 of the frame's
    opacity over the background), or a Failure naming the nearest."""
    matching = [f for f in frames if colour_error(f, shot) <= 2 and close(f.box(), shot["box"], 1.0)]
    if matching:
        best = min(matching, key=lambda f: colour_error(f, shot) / 2 + max(abs(a - b) for a, b in zip(f.box(), shot["box"])))
        WORST["opacity"] = max(WORST["opacity"], colour_error(best, shot))
        WORST["edge"] = max([WORST["edge"]] + [abs(a - b) for a, b in zip(best.box(), shot["box"])])
        return best
    nearest = min(frames, key=lambda f: abs(f.opacity - shot["opacity"]) + sum(abs(a - b) for a, b in zip(f.box(), shot["box"])) / 100)
    raise Failure(f"a screenshot shows the window at {tuple(round(v, 2) for v in shot['box'])} with colour "
                  f"{shot['centre']} (opacity about {shot['opacity']:.4f}); no composed frame matches within 1 px and "
                  f"2/255 (nearest: {tuple(round(v, 2) for v in nearest.box())}, opacity {nearest.opacity:.4f}, "
                  f"{colour_error(nearest, shot):.2f}/255 off)")


def screenshots_while(weston, condition, limit=60):
    """Screenshots taken while `condition()` holds (at most `limit`), measured once taken (the measuring is slow)."""
    paths = []
    while condition() and len(paths) < limit:
        paths.append(weston.shoot())
    return [shot for shot in map(measure, paths) if shot is not None]


def insertion_and_removal(weston, build, recorder):
    window = Window(weston, build)
    element = wait_for(lambda: (weston.frames() or [None])[-1], "the module's first frame of the window").element
    shots = screenshots_while(weston, lambda: not any(f.opacity >= 0.999 for f in weston.frames(element)))
    during = [shown_frame(s, weston.frames(element)) for s in shots]
    inserting = [f for f in during if 0.02 < f.opacity < 0.98]
    if len(inserting) < 2:
        raise Failure(f"{len(inserting)} screenshots caught the insertion midway ({len(shots)} taken); 2 needed")
    window.close()
    shots = screenshots_while(weston, lambda: "removed " + element not in weston.text())
    removing = [shown_frame(s, weston.frames(element)) for s in shots if s is not None]
    removing = [f for f in removing if 0.02 < f.opacity < 0.98]
    wait_for(lambda: "removed " + element in weston.text(), "animation.removed of " + element)
    frames = weston.frames(element)
    last = frames[-1]
    # The last repaint before the window goes falls anywhere in the fade's final refresh interval, so its opacity is
    # near 0, not 0: within 5/255 (a fresh clone's run under load, 2026-11-29, composed its last frame at 0.0085, just
    # over the 2/255 this said before). That every composed frame is the daemon's curve at its time is check_frames'.
    if not (last.opacity <= 5 / 255 and close(last.scale, (0.9, 0.9), 0.005)):
        raise Failure(f"the removal's last frame has opacity {last.opacity} and scale {last.scale}, not about 0 and 0.9")
    after = weston.screenshot()
    if after is not None:
        raise Failure(f"after animation.removed the window is still on screen: {after}")
    checked, ahead = check_frames(frames, recorder)
    window.quit()
    print(f"test-weston: insertion and removal of {element}: {checked} composed frames equal kineticd's motion at their "
          f"presentation time ({ahead} of them a description for a later vblank); screenshots matched them "
          f"{len(inserting)} times mid-insertion (opacity "
          f"{', '.join(f'{f.opacity:.3f}' for f in inserting)}), {len(removing)} mid-removal, none after removal")
    if len(removing) < 2:
        raise Failure(f"{len(removing)} screenshots caught the removal midway; 2 needed")


def idle(weston):
    before = weston.repaints()
    time.sleep(2)
    repaints = weston.repaints() - before
    if repaints:
        raise Failure(f"Weston repainted {repaints} times in 2 s with nothing moving")
    print("test-weston: idle, 0 repaints in 2 s")


def without_kineticd(weston, build):
    wait_for(lambda: "lost kineticd" in weston.text(), "the module's 'lost kineticd'")
    count = len(weston.frames())
    window = Window(weston, build)
    shot = wait_for(weston.screenshot, "the window on screen", 60)
    if abs(shot["opacity"] - 1) > 2 / 255 or abs(shot["box"][2] - shot["box"][0] - WINDOW[0]) > 1:
        raise Failure(f"without kineticd a window did not map at once: {shot}")
    window.close()
    gone = weston.screenshot()
    if gone is not None or len(weston.frames()) != count:
        raise Failure(f"without kineticd a window did not unmap at once: {gone}")
    window.quit()
    weston.alive()
    print("test-weston: kineticd stopped: Weston runs on, a window mapped and unmapped at once")


def swipe(weston, build, recorder, started):
    def travel_end():
        """Where the pager's release lands (its latest description's model), in pixels."""
        pagers = recorder.candidates("pager", 2**63)
        return pagers[-1].model[0] * FOLLOW_SCALE if pagers else 0.0

    wait_for(lambda: weston.text().count("connected to kineticd") >= 2, "the module's reconnection", 30)
    window = Window(weston, build)
    element = wait_for(lambda: [f for f in weston.frames() if f.element != "weston.window.1"], "the new window's frames")[-1].element
    wait_for(lambda: any(f.opacity >= 0.999 for f in weston.frames(element)), "the new window's insertion", 60)
    if time.monotonic() > started + SWIPE_DELAY:
        raise Failure(f"the machine is too slow for this test: the window was up {time.monotonic() - started:.1f} s after "
                      f"kineticd started, after the swipe's {SWIPE_DELAY} s")
    wait_for(lambda: any(abs(f.offset[0]) > 1 for f in weston.frames(element)), "the swipe", 60)
    shots = screenshots_while(weston, lambda: abs(weston.frames(element)[-1].offset[0] - travel_end()) > 0.5)
    time.sleep(0.5)
    frames = weston.frames(element)
    shown = [shown_frame(s, frames) for s in shots]
    travel = frames[-1].offset[0]
    midway = [f for f in shown if 0.02 * abs(travel) < abs(f.offset[0]) < 0.98 * abs(travel)]
    if len(midway) < 2:
        raise Failure(f"only {len(midway)} screenshots caught the swipe midway ({len(shots)} taken; offsets "
                      f"{[round(f.offset[0], 1) for f in shown]})")
    checked, ahead = check_frames(frames, recorder, follow=True)
    window.quit()
    print(f"test-weston: swipe: follow=pager moved {element} {travel:.1f} px; {checked} composed frames equal "
          f"kineticd's motion at their presentation time ({ahead} of them a description for a later vblank); "
          f"{len(midway)} screenshots matched frames midway (offsets "
          f"{', '.join(f'{f.offset[0]:.1f}' for f in midway)})")


def shifted(recording, seconds, path):
    """A copy of `recording` whose events come `seconds` later: an empty input frame (a lone SYN_REPORT) at its first
    event's time, then its events shifted (a replay's clock starts at the first event). The recording stays as it is."""
    with open(recording) as source, open(path, "w") as copy:
        first = True
        for line in source:
            if line.startswith("E: "):
                stamp, rest = line[3:].split(" ", 1)
                whole, fraction = stamp.split(".")
                micro = int(whole) * 1000000 + int(fraction)
                if first:
                    copy.write(f"E: {micro // 1000000}.{micro % 1000000:06d} 0000 0000 0000\n")
                    first = False
                micro += int(seconds * 1000000)
                line = f"E: {micro // 1000000}.{micro % 1000000:06d} {rest}"
            copy.write(line)


def start_kineticd(bin_dir, folder, socket, replay=None):
    config = os.path.join(folder, "kineticd.yaml")
    with open(config, "w") as out:
        out.write(f"""rate_hz: 120
bindings:
  - match: {{ class: touchpad }}
    gesture: swipe
    fingers: 3
    channel: pager
    release: {{ target: snap, page: [100, 0], animation: '.smooth(duration: {RELEASE_SECONDS})' }}
""")
    command = [os.path.join(bin_dir, "kineticd"), "--socket", socket, "--config", config]
    if replay:
        command += ["--replay", replay]
    log = open(os.path.join(folder, "kineticd.log"), "a")
    process = subprocess.Popen(command, stdout=log, stderr=log)
    wait_for(lambda: os.path.exists(socket) or process.poll() is not None, "kineticd's socket", 60)
    if process.poll() is not None:
        raise Failure(f"kineticd exited with status {process.returncode} (kineticd.log)")
    return process


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--bin", required=True, help="the folder of kineticd")
    parser.add_argument("--build", required=True, help="clients/weston's meson build folder")
    parser.add_argument("--asan", action="store_true", help="the module is built with ASan and UBSan")
    arguments = parser.parse_args()
    folder = tempfile.mkdtemp(prefix="kinetic-weston-")
    socket = os.path.join(folder, "kineticd.sock")
    kineticd = weston = None
    try:
        kineticd = start_kineticd(arguments.bin, folder, socket)
        weston = Weston(folder, arguments.build, arguments.asan, socket)
        wait_for(lambda: "connected to kineticd" in weston.text(), "the module's connection to kineticd")
        # desktop-shell's helper client draws the background: the output is black until it has.
        wait_for(lambda: weston.screenshot() is None, "desktop-shell's background", 60)
        recorder = Recorder(socket)
        insertion_and_removal(weston, arguments.build, recorder)
        idle(weston)
        kineticd.send_signal(signal.SIGTERM)
        kineticd.wait(60)
        without_kineticd(weston, arguments.build)
        replay = os.path.join(folder, "swipe.evemu")
        shifted(os.path.join(REPOSITORY, "Recordings/touchpad-swipe3.evemu"), SWIPE_DELAY, replay)
        started = time.monotonic()
        kineticd = start_kineticd(arguments.bin, folder, socket, replay)
        recorder = Recorder(socket)
        swipe(weston, arguments.build, recorder, started)
        weston.stop()
        report = weston.sanitizer_report()
        if report:
            raise Failure(f"the sanitizers: {report}")
        print(f"test-weston: every check passed{' (the module under ASan and UBSan)' if arguments.asan else ''}; "
              f"screenshots differed from their frames by at most {WORST['opacity']:.2f}/255 in a colour channel and "
              f"{WORST['edge']:.2f} px at an edge")
        return 0
    except (Failure, subprocess.SubprocessError, OSError) as failure:
        print(f"test-weston: {failure} (logs in {folder})", file=sys.stderr)
        folder = None
        return 1
    finally:
        for process in (weston.process if weston else None, kineticd):
            if process and process.poll() is None:
                process.kill()
        if folder:
            shutil.rmtree(folder, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
