#!/usr/bin/env python3
"""Generates the synthetic traces in Recordings/ (evemu 1.3, plus libinput-record YAML copies of two of them).

Usage:  python3 scripts/make-recordings.py [OUTPUT_DIR]      (default: Recordings/ next to this script's parent)

Nothing here comes from real hardware: each gesture is a smooth, physically plausible finger or mouse motion
(minimum-jerk position profiles, fingers landing and lifting a frame or two apart, the kernel's event order and
delta-only reporting) sampled at a fixed frame rate and quantised to device units. The output is deterministic,
so re-running the script reproduces the committed files byte for byte, and the tests in
Tests/KineticInputTests/Recordings/ check the gesture output against the PARAMETERS below, not against the files.

Kernel behaviour imitated (docs/INPUT.md section 1.3): protocol B with ABS_MT_SLOT only when the slot
changes, ABS_MT_TRACKING_ID >= 0 to start and -1 to end a contact, only changed values per frame, then BTN_TOUCH /
BTN_TOOL_* and the single-touch emulation ABS_X/ABS_Y of the oldest contact, then SYN_REPORT. Frames with no change
are not sent. Time starts at 0.000001 s as evemu-record writes it (section 2.2).
"""
import math
import os
import sys

# ----------------------------------------------------------------------------------------------------------------
# Event codes (linux/input-event-codes.h)
EV_SYN, EV_KEY, EV_REL, EV_ABS, EV_MSC = 0, 1, 2, 3, 4
SYN_REPORT = 0
REL_X, REL_Y, REL_WHEEL, REL_WHEEL_HI_RES = 0, 1, 8, 11
ABS_X, ABS_Y, ABS_MT_SLOT, ABS_MT_POSITION_X, ABS_MT_POSITION_Y, ABS_MT_TRACKING_ID = 0, 1, 0x2F, 0x35, 0x36, 0x39
MSC_SCAN = 4
BTN_LEFT, BTN_RIGHT, BTN_MIDDLE = 0x110, 0x111, 0x112
BTN_TOOL_FINGER, BTN_TOUCH, BTN_TOOL_DOUBLETAP, BTN_TOOL_TRIPLETAP = 0x145, 0x14A, 0x14D, 0x14E
INPUT_PROP_POINTER, INPUT_PROP_DIRECT, INPUT_PROP_BUTTONPAD = 0, 1, 2

NAMES = {
    (EV_SYN, 0): "SYN_REPORT", (EV_KEY, BTN_LEFT): "BTN_LEFT", (EV_KEY, BTN_RIGHT): "BTN_RIGHT",
    (EV_KEY, BTN_MIDDLE): "BTN_MIDDLE", (EV_KEY, BTN_TOOL_FINGER): "BTN_TOOL_FINGER", (EV_KEY, BTN_TOUCH): "BTN_TOUCH",
    (EV_KEY, BTN_TOOL_DOUBLETAP): "BTN_TOOL_DOUBLETAP", (EV_KEY, BTN_TOOL_TRIPLETAP): "BTN_TOOL_TRIPLETAP",
    (EV_REL, REL_X): "REL_X", (EV_REL, REL_Y): "REL_Y", (EV_REL, REL_WHEEL): "REL_WHEEL",
    (EV_REL, REL_WHEEL_HI_RES): "REL_WHEEL_HI_RES", (EV_ABS, ABS_X): "ABS_X", (EV_ABS, ABS_Y): "ABS_Y",
    (EV_ABS, ABS_MT_SLOT): "ABS_MT_SLOT", (EV_ABS, ABS_MT_POSITION_X): "ABS_MT_POSITION_X",
    (EV_ABS, ABS_MT_POSITION_Y): "ABS_MT_POSITION_Y", (EV_ABS, ABS_MT_TRACKING_ID): "ABS_MT_TRACKING_ID",
    (EV_MSC, MSC_SCAN): "MSC_SCAN",
}
TYPE_NAMES = {EV_SYN: "EV_SYN", EV_KEY: "EV_KEY", EV_REL: "EV_REL", EV_ABS: "EV_ABS", EV_MSC: "EV_MSC"}

# ----------------------------------------------------------------------------------------------------------------
# Devices. Ranges and resolutions are chosen so millimetres are round numbers: mm = (v - min) / res.
TOUCHSCREEN = dict(
    name="Kinetic Synthetic Touchscreen", id=(0x18, 0x4B1D, 0x0001, 0x0100),   # BUS_I2C
    props=[INPUT_PROP_DIRECT],
    codes={EV_KEY: [BTN_TOUCH], EV_ABS: [ABS_X, ABS_Y, ABS_MT_SLOT, ABS_MT_POSITION_X, ABS_MT_POSITION_Y, ABS_MT_TRACKING_ID]},
    # 300 x 200 mm at 40 units/mm, 10 slots
    absinfo={ABS_X: (0, 11999, 0, 0, 40), ABS_Y: (0, 7999, 0, 0, 40), ABS_MT_SLOT: (0, 9, 0, 0, 0),
             ABS_MT_POSITION_X: (0, 11999, 0, 0, 40), ABS_MT_POSITION_Y: (0, 7999, 0, 0, 40),
             ABS_MT_TRACKING_ID: (0, 65535, 0, 0, 0)},
    frame_us=8000,                                 # 125 Hz
)
TOUCHPAD = dict(
    name="Kinetic Synthetic Touchpad", id=(0x18, 0x4B1D, 0x0002, 0x0100),
    props=[INPUT_PROP_POINTER, INPUT_PROP_BUTTONPAD],
    codes={EV_KEY: [BTN_LEFT, BTN_TOOL_FINGER, BTN_TOUCH, BTN_TOOL_DOUBLETAP, BTN_TOOL_TRIPLETAP],
           EV_ABS: [ABS_X, ABS_Y, ABS_MT_SLOT, ABS_MT_POSITION_X, ABS_MT_POSITION_Y, ABS_MT_TRACKING_ID]},
    # 100 x 62.5 mm at 40 units/mm, 5 slots
    absinfo={ABS_X: (0, 3999, 0, 0, 40), ABS_Y: (0, 2499, 0, 0, 40), ABS_MT_SLOT: (0, 4, 0, 0, 0),
             ABS_MT_POSITION_X: (0, 3999, 0, 0, 40), ABS_MT_POSITION_Y: (0, 2499, 0, 0, 40),
             ABS_MT_TRACKING_ID: (0, 65535, 0, 0, 0)},
    frame_us=10000,                                # 100 Hz
)
MOUSE = dict(
    name="Kinetic Synthetic Mouse", id=(0x03, 0x4B1D, 0x0003, 0x0110),       # BUS_USB
    props=[],
    codes={EV_KEY: [BTN_LEFT, BTN_RIGHT, BTN_MIDDLE], EV_REL: [REL_X, REL_Y, REL_WHEEL, REL_WHEEL_HI_RES],
           EV_MSC: [MSC_SCAN]},
    absinfo={},
    frame_us=8000,                                 # 125 Hz
)

# ----------------------------------------------------------------------------------------------------------------
# The gestures. Positions in mm, times in ms from the first frame. The tests use these same numbers.
PARAMETERS = {
    "swipe-fling": dict(device="touchscreen", tracking_id=100, start=(250.0, 120.0), end=(130.0, 112.0),
                        duration_ms=96, lift_ms=104,
                        note="one finger, right to left; the finger lifts at 104 ms while still moving (a fling): "
                             "x follows the first 60 % of a minimum-jerk profile over 160 ms, so it is at full speed "
                             "when it lifts"),
    "drag-hold": dict(device="touchscreen", tracking_id=200, start=(80.0, 60.0), end=(140.0, 90.0), duration_ms=600,
                      lift_ms=960,
                      note="one finger dragged slowly (minimum-jerk, 600 ms), then held still for 360 ms before lifting: "
                           "no frames during the hold, so the release carries no velocity"),
    "pinch": dict(device="touchscreen", tracking_ids=(300, 301), center=(150.0, 100.0), start_distance=40.0,
                  end_distance=120.0, second_down_ms=16, spread_from_ms=32, spread_ms=400, first_up_ms=464,
                  second_up_ms=480,
                  note="two fingers on a 45-degree line around (150, 100) mm spread from 40 mm to 120 mm apart "
                       "(minimum-jerk, 400 ms); the second finger lands 16 ms after the first and lifts 16 ms after it"),
    "tap": dict(device="touchscreen", tracking_id=400, at=(100.0, 80.0), lift_ms=72,
                note="one finger down at (100, 80) mm and up 72 ms later without moving"),
    "mouse-drag": dict(device="mouse", press_ms=32, drag_counts=(1600, -600), drag_ms=240, release_ms=280,
                       pre_move_counts=(24, 8), wheel_ms=600,
                       note="pointer moves (24, 8) counts, then BTN_LEFT is held while the mouse travels (1600, -600) "
                            "counts along the first 80 % of a 300 ms minimum-jerk profile, released 8 ms after the "
                            "last motion (still moving); one wheel notch 600 ms after the start"),
    "touchpad-scroll": dict(device="touchpad", tracking_ids=(500, 501), starts=((40.0, 20.0), (60.0, 20.0)),
                            scroll=(0.0, 30.0), second_down_ms=10, scroll_from_ms=20, scroll_ms=180, lift_ms=210,
                            note="two fingers 20 mm apart land 10 ms apart and move 30 mm down together along the "
                                 "first 75 % of a 240 ms minimum-jerk profile (20 to 200 ms); both lift at 210 ms while "
                                 "still moving (a scroll fling)"),
    "touchpad-swipe3": dict(device="touchpad", tracking_ids=(600, 601, 602),
                            starts=((30.0, 30.0), (50.0, 28.0), (70.0, 31.0)), swipe=(-40.0, 0.0),
                            down_ms=(0, 10, 20), swipe_from_ms=30, swipe_ms=200, lift_ms=230,
                            note="three fingers land 10 ms apart and swipe 40 mm left together along the first 75 % of "
                                 "a 267 ms minimum-jerk profile (30 to 230 ms); all three lift at 230 ms while still "
                                 "moving (a workspace-switch fling)"),
    "rotate": dict(device="touchscreen", tracking_ids=(700, 701), center=(150.0, 100.0), distance=60.0,
                   start_angle=120.0, turn=135.0, second_down_ms=16, turn_from_ms=32, turn_ms=480, first_up_ms=528,
                   second_up_ms=544,
                   note="two fingers 60 mm apart on a line through (150, 100) mm at 120 degrees turn 135 degrees "
                        "clockwise about it (y down; minimum-jerk, 480 ms), crossing the +-180 degree line of the "
                        "second finger's direction from the first; the second finger lands 16 ms after the first "
                        "and lifts 16 ms after it"),
}


def min_jerk(s):
    """Minimum-jerk position profile from 0 to 1 over s in [0, 1] (Flash & Hogan): 10s^3 - 15s^4 + 6s^5."""
    s = min(max(s, 0.0), 1.0)
    return s * s * s * (10 - 15 * s + 6 * s * s)


# ----------------------------------------------------------------------------------------------------------------
class Recorder:
    """Collects frames of (type, code, value) at given microseconds, reporting only changed values."""

    def __init__(self, device):
        self.device = device
        self.frames = []          # [(usec, [(type, code, value)])]
        self.slot = 0
        self.slots = {}           # slot -> dict(id, x, y) of the last reported state
        self.keys = {}
        self.abs = {}

    def units(self, axis, mm):
        lo, _, _, _, res = self.device["absinfo"][axis]
        return lo + int(round(mm * res))

    def mt_frame(self, usec, contacts, keys):
        """contacts: {slot: (tracking_id, x_mm, y_mm)} for every slot in contact; missing slots are lifted."""
        events = []
        for slot in sorted(set(self.slots) | set(contacts)):
            old = self.slots.get(slot)
            new = contacts.get(slot)
            changes = []
            if new is None:
                if old is not None:
                    changes.append((EV_ABS, ABS_MT_TRACKING_ID, -1))
                    del self.slots[slot]
            else:
                tid, xmm, ymm = new
                x, y = self.units(ABS_MT_POSITION_X, xmm), self.units(ABS_MT_POSITION_Y, ymm)
                if old is None or old["id"] != tid:
                    changes.append((EV_ABS, ABS_MT_TRACKING_ID, tid))
                    old = None
                if old is None or old["x"] != x:
                    changes.append((EV_ABS, ABS_MT_POSITION_X, x))
                if old is None or old["y"] != y:
                    changes.append((EV_ABS, ABS_MT_POSITION_Y, y))
                self.slots[slot] = dict(id=tid, x=x, y=y, since=(old or {}).get("since", usec))
            if changes:
                if slot != self.slot:
                    events.append((EV_ABS, ABS_MT_SLOT, slot))
                    self.slot = slot
                events += changes
        for code, value in keys:
            if self.keys.get(code, 0) != value:
                events.append((EV_KEY, code, value))
                self.keys[code] = value
        if self.slots:                                  # single-touch emulation: the oldest contact
            oldest = min(self.slots.values(), key=lambda s: s["since"])
            for code, value in ((ABS_X, oldest["x"]), (ABS_Y, oldest["y"])):
                if self.abs.get(code) != value:
                    events.append((EV_ABS, code, value))
                    self.abs[code] = value
        if events:
            self.frames.append((usec, events))

    def raw_frame(self, usec, events):
        self.frames.append((usec, events))


# ----------------------------------------------------------------------------------------------------------------
def touch_keys(count, touchpad):
    keys = [(BTN_TOUCH, 1 if count else 0)]
    if touchpad:
        keys += [(BTN_TOOL_FINGER, 1 if count == 1 else 0), (BTN_TOOL_DOUBLETAP, 1 if count == 2 else 0)]
    return keys


def touchpad_keys(count, was_three):
    """touch_keys for a touchpad that may hold three fingers: BTN_TOOL_TRIPLETAP reported once it has been used."""
    keys = [(BTN_TOUCH, 1 if count else 0), (BTN_TOOL_FINGER, 1 if count == 1 else 0),
            (BTN_TOOL_DOUBLETAP, 1 if count == 2 else 0)]
    if count == 3 or was_three:
        keys.append((BTN_TOOL_TRIPLETAP, 1 if count == 3 else 0))
    return keys


def swipe_fling():
    p = PARAMETERS["swipe-fling"]
    r = Recorder(TOUCHSCREEN)
    step = TOUCHSCREEN["frame_us"]
    (x0, y0), (x1, y1) = p["start"], p["end"]
    # The profile spans 160 ms, of which the first 96 ms (60 %) are used: the finger is near peak speed at the end.
    span = p["duration_ms"] / 0.6
    scale = 1 / min_jerk(0.6)
    for ms in range(0, p["duration_ms"] + 1, step // 1000):
        s = min_jerk(ms / span) * scale
        r.mt_frame(ms * 1000, {0: (p["tracking_id"], x0 + (x1 - x0) * s, y0 + (y1 - y0) * s)}, touch_keys(1, False))
    r.mt_frame(p["lift_ms"] * 1000, {}, touch_keys(0, False))
    return r


def drag_hold():
    p = PARAMETERS["drag-hold"]
    r = Recorder(TOUCHSCREEN)
    (x0, y0), (x1, y1) = p["start"], p["end"]
    for ms in range(0, p["duration_ms"] + 1, TOUCHSCREEN["frame_us"] // 1000):
        s = min_jerk(ms / p["duration_ms"])
        r.mt_frame(ms * 1000, {0: (p["tracking_id"], x0 + (x1 - x0) * s, y0 + (y1 - y0) * s)}, touch_keys(1, False))
    r.mt_frame(p["lift_ms"] * 1000, {}, touch_keys(0, False))
    return r


def two_fingers(p, positions, from_ms, move_ms):
    """Two touchscreen fingers at positions(s), s the minimum-jerk progress from `from_ms` over `move_ms`; the second
    lands at p["second_down_ms"], the first lifts at p["first_up_ms"], the second at p["second_up_ms"]."""
    r = Recorder(TOUCHSCREEN)
    step = TOUCHSCREEN["frame_us"] // 1000
    for ms in range(0, p["second_up_ms"] + 1, step):
        a, b = positions(min_jerk((ms - from_ms) / move_ms))
        contacts = {}
        if ms < p["first_up_ms"]:
            contacts[0] = (p["tracking_ids"][0], a[0], a[1])
        if p["second_down_ms"] <= ms < p["second_up_ms"]:
            contacts[1] = (p["tracking_ids"][1], b[0], b[1])
        r.mt_frame(ms * 1000, contacts, touch_keys(len(contacts), False))
    return r


def pinch():
    p = PARAMETERS["pinch"]
    cx, cy = p["center"]
    diagonal = 1 / math.sqrt(2)

    def positions(s):
        h = (p["start_distance"] + (p["end_distance"] - p["start_distance"]) * s) / 2 * diagonal
        return (cx - h, cy - h), (cx + h, cy + h)

    return two_fingers(p, positions, p["spread_from_ms"], p["spread_ms"])


def tap():
    p = PARAMETERS["tap"]
    r = Recorder(TOUCHSCREEN)
    r.mt_frame(0, {0: (p["tracking_id"], p["at"][0], p["at"][1])}, touch_keys(1, False))
    r.mt_frame(p["lift_ms"] * 1000, {}, touch_keys(0, False))
    return r


def mouse_drag():
    p = PARAMETERS["mouse-drag"]
    r = Recorder(MOUSE)
    step = MOUSE["frame_us"] // 1000
    # Pre-move: two frames splitting the pre-move counts.
    px, py = p["pre_move_counts"]
    r.raw_frame(0, [(EV_REL, REL_X, px // 2), (EV_REL, REL_Y, py // 2)])
    r.raw_frame(step * 1000, [(EV_REL, REL_X, px - px // 2), (EV_REL, REL_Y, py - py // 2)])
    r.raw_frame(p["press_ms"] * 1000, [(EV_MSC, MSC_SCAN, 0x90001), (EV_KEY, BTN_LEFT, 1)])
    dx, dy = p["drag_counts"]
    span = p["drag_ms"] / 0.8
    scale = 1 / min_jerk(0.8)
    sent = (0, 0)
    for ms in range(p["press_ms"] + step, p["press_ms"] + p["drag_ms"] + 1, step):
        s = min_jerk((ms - p["press_ms"]) / span) * scale
        target = (int(round(dx * s)), int(round(dy * s)))
        delta = (target[0] - sent[0], target[1] - sent[1])
        sent = target
        events = [(EV_REL, code, v) for code, v in ((REL_X, delta[0]), (REL_Y, delta[1])) if v != 0]
        if events:
            r.raw_frame(ms * 1000, events)
    assert sent == (dx, dy)
    r.raw_frame(p["release_ms"] * 1000, [(EV_MSC, MSC_SCAN, 0x90001), (EV_KEY, BTN_LEFT, 0)])
    r.raw_frame(p["wheel_ms"] * 1000, [(EV_REL, REL_WHEEL_HI_RES, 120), (EV_REL, REL_WHEEL, 1)])
    return r


def fingers_together(p, motion, from_ms, move_ms, downs):
    """Touchpad fingers landing at `downs` (ms) and moving together by `motion` (mm) along the first 75 % of a
    minimum-jerk profile from `from_ms` over `move_ms` / 0.75, all lifting at p["lift_ms"] while still moving."""
    r = Recorder(TOUCHPAD)
    step = TOUCHPAD["frame_us"] // 1000
    sx, sy = motion
    span = move_ms / 0.75
    scale = 1 / min_jerk(0.75)
    was_three = False
    for ms in range(0, p["lift_ms"] + 1, step):
        s = min(min_jerk((ms - from_ms) / span) * scale, 1.0)
        contacts = {}
        if ms < p["lift_ms"]:
            for slot, (x, y) in enumerate(p["starts"]):
                if ms >= downs[slot]:
                    contacts[slot] = (p["tracking_ids"][slot], x + sx * s, y + sy * s)
        r.mt_frame(ms * 1000, contacts, touchpad_keys(len(contacts), was_three))
        was_three = was_three or len(contacts) == 3
    return r


def touchpad_scroll():
    p = PARAMETERS["touchpad-scroll"]
    return fingers_together(p, p["scroll"], p["scroll_from_ms"], p["scroll_ms"], (0, p["second_down_ms"]))


def touchpad_swipe3():
    p = PARAMETERS["touchpad-swipe3"]
    return fingers_together(p, p["swipe"], p["swipe_from_ms"], p["swipe_ms"], p["down_ms"])


def rotate():
    p = PARAMETERS["rotate"]
    cx, cy = p["center"]
    h = p["distance"] / 2

    def positions(s):
        angle = math.radians(p["start_angle"] + p["turn"] * s)
        return (cx - h * math.cos(angle), cy - h * math.sin(angle)), (cx + h * math.cos(angle), cy + h * math.sin(angle))

    return two_fingers(p, positions, p["turn_from_ms"], p["turn_ms"])


# ----------------------------------------------------------------------------------------------------------------
# evemu 1.3 writer (docs/INPUT.md section 2.1), the same layout Sources/KineticInput writes.
MASK_LAYOUT = [(0x00, 1), (0x01, 12), (0x02, 1), (0x03, 1), (0x04, 1), (0x05, 1), (0x11, 1), (0x12, 1), (0x14, 1),
               (0x15, 2)]


def mask_line(codes, line):
    b = [0] * 8
    for c in codes:
        if c // 64 == line:
            b[(c % 64) // 8] |= 1 << (c % 8)
    return "".join(" %02x" % v for v in b)


def evemu_text(device, recorder, comments):
    out = ["# EVEMU 1.3"] + ["# " + c if c else "#" for c in comments]
    out.append("N: " + device["name"])
    out.append("I: %04x %04x %04x %04x" % device["id"])
    out.append("P:" + mask_line(device["props"], 0))
    for etype, lines in MASK_LAYOUT:
        codes = [0, 1, 3] if etype == 0 else device["codes"].get(etype, [])
        for line in range(lines):
            out.append("B: %02x" % etype + mask_line(codes, line))
    for code in sorted(device["absinfo"]):
        out.append("A: %02x %d %d %d %d %d" % ((code,) + device["absinfo"][code]))
    last_report = None
    for usec, events in recorder.frames:
        t = usec + 1                                   # evemu-record: the first event is at 0.000001
        stamp = "%d.%06d" % (t // 1000000, t % 1000000)
        for etype, code, value in events + [(EV_SYN, SYN_REPORT, 0)]:
            value_text = "%04d" % value if value >= 0 else "-%03d" % -value
            line = "E: %s %04x %04x %s\t" % (stamp, etype, code, value_text)
            if etype == EV_SYN:
                delta = 0 if last_report is None else (t - last_report) // 1000
                line += "# ------------ SYN_REPORT (0) ---------- +%dms" % delta
                last_report = t
            else:
                line += "# %s / %-20s %d" % (TYPE_NAMES[etype], NAMES[(etype, code)], value)
            out.append(line)
    return "\n".join(out) + "\n"


def libinput_text(device, recorder, comments):
    """libinput record YAML (section 3.1); timestamps relative to the first event, which is [0, 0]."""
    out = ["# libinput record"] + ["# " + c if c else "#" for c in comments]
    out += ["version: 1", "ndevices: 1", "libinput:", '  version: "1.22.1"', '  git: "unknown"', "system:",
            '  os: "debian:12"', '  kernel: "6.1.0-56-amd64"', '  dmi: "unknown"', "devices:",
            "- node: /dev/input/event5", "  evdev:", '    name: "%s"' % device["name"],
            "    id: [%d, %d, %d, %d]" % device["id"], "    codes:",
            "      0: [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15] # EV_SYN"]
    for etype in sorted(device["codes"]):
        out.append("      %d: [%s] # %s" % (etype, ", ".join(str(c) for c in sorted(device["codes"][etype])),
                                            TYPE_NAMES[etype]))
    out.append("    absinfo:")
    for code in sorted(device["absinfo"]):
        out.append("      %d: [%s]" % (code, ", ".join(str(v) for v in device["absinfo"][code])))
    out.append("    properties: [%s]" % ", ".join(str(p) for p in device["props"]))
    out += ["  udev:", "    properties:", "    - ID_INPUT=1", "    - ID_INPUT_TOUCHSCREEN=1", "  quirks:", "  events:"]
    start = recorder.frames[0][0]
    for usec, events in recorder.frames:
        t = usec - start
        out.append("  - evdev:")
        for etype, code, value in events + [(EV_SYN, SYN_REPORT, 0)]:
            out.append("    - [%3d, %6d, %3d, %3d, %7d] # %s / %s %d" % (
                t // 1000000, t % 1000000, etype, code, value, TYPE_NAMES[etype], NAMES[(etype, code)], value))
    return "\n".join(out) + "\n"


GENERATORS = [
    ("swipe-fling", swipe_fling), ("drag-hold", drag_hold), ("pinch", pinch), ("tap", tap),
    ("mouse-drag", mouse_drag), ("touchpad-scroll", touchpad_scroll), ("touchpad-swipe3", touchpad_swipe3),
    ("rotate", rotate),
]
DEVICES = {"touchscreen": TOUCHSCREEN, "touchpad": TOUCHPAD, "mouse": MOUSE}


def main():
    here = os.path.dirname(os.path.abspath(__file__))
    out_dir = sys.argv[1] if len(sys.argv) > 1 else os.path.join(os.path.dirname(here), "Recordings")
    os.makedirs(out_dir, exist_ok=True)
    for name, generate in GENERATORS:
        p = PARAMETERS[name]
        device = DEVICES[p["device"]]
        recorder = generate()
        params = ", ".join("%s=%s" % (k, v) for k, v in p.items() if k not in ("note", "device"))
        comments = [
            "Synthetic recording, NOT captured from hardware. Made by scripts/make-recordings.py",
            "(python3 scripts/make-recordings.py; deterministic, re-running reproduces this file).",
            "Gesture: %s: %s." % (name, p["note"]),
            "Device: %s, %d us frames. Parameters: %s." % (device["name"], device["frame_us"], params),
        ]
        with open(os.path.join(out_dir, name + ".evemu"), "w") as f:
            f.write(evemu_text(device, recorder, comments))
        if name in ("swipe-fling", "pinch"):
            with open(os.path.join(out_dir, name + ".libinput.yml"), "w") as f:
                f.write(libinput_text(device, recorder, comments))


if __name__ == "__main__":
    main()
