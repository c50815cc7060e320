#!/usr/bin/env python3
"""Sets kineticd's view of each recording beside libinput's (scripts/vm/side-by-side/guest.sh made the folder) and
prints the agreement table, in Markdown, that docs/INPUT.md §7 keeps. Exits 1, saying why on standard error, when a
figure falls under its floor.

Per recording folder: libinput.tsv (libinput-probe's lines), kinetic.jsonl (`kineticctl replay --inputs` of
kinetic.evemu, what kineticctl record read), kinetic.evemu (for the input frames' times), udev.txt.

- Pointer: libinput's pointer position is the sum of its motion events' deltas; kineticd's is the pointer binding's
  input at the same input frame (millimetres at 0.0254 mm a pixel, the normalisation of 1000 dpi). The distance
  between them at every kineticd input frame, the largest of them per profile.
- Gestures: libinput's swipes and pinches (begin/end events) and its two-finger scrolls (a run of finger-scroll
  events ending in a zero one) against kineticd's swipe.3, swipe.4, pinch and scroll bindings (began to ended or
  cancelled). A libinput gesture agrees in kind when a kineticd gesture of the same type and finger count (pinch: any
  count) overlaps it in time; its start agrees when that one began within one input frame of it, and is never late
  when it began no later.
- Motion: over libinput's span of each gesture, its summed unaccelerated deltas against the change of kineticd's
  binding input. On a touchpad libinput's "unaccelerated" deltas carry its touchpad slowdown (0.2968, filter-touchpad.c
  in libinput 1.22), which is divided out here.
"""
import json
import math
import os
import sys

#: The floors `make test` holds the harness to (docs/INPUT.md §7 gives the reasons).
POINTER_TOLERANCE_PX = 0.5      # the bound: the drag stays under the cursor within half a pixel
MIN_SAME_KIND = 1.0             # every libinput gesture has a kineticd gesture of the same kind and fingers
MIN_NOT_LATER = 1.0             # kineticd begins every gesture no later than libinput (docs/INPUT.md §7: at landing)


def frame_times(evemu_path):
    """The input frames' times (µs), from the SYN_REPORT lines of an evemu file."""
    times = []
    with open(evemu_path) as f:
        for line in f:
            fields = line.split()
            # kineticctl record writes "E: SECONDS.MICROS 0000 0000 0000" and a comment.
            if len(fields) >= 5 and fields[0] == "E:" and fields[2:4] == ["0000", "0000"]:
                seconds, _, micros = fields[1].partition(".")
                times.append(int(seconds) * 1_000_000 + int(micros.ljust(6, "0")[:6]))
    return times


def libinput_events(path):
    motions = {"adaptive": [], "flat": []}
    gestures, scroll_start, open_gestures = [], None, {}
    with open(path) as f:
        for line in f:
            fields = line.rstrip("\n").split("\t")
            if fields[0] == "motion":
                t = int(fields[2])
                motions[fields[1]].append((t, *map(float, fields[3:7])))
            elif fields[0] == "scroll":
                t, v, h = int(fields[1]), float(fields[2]), float(fields[3])
                if scroll_start is None:
                    scroll_start = t
                if v == 0 and h == 0:
                    gestures.append({"type": "scroll", "fingers": 2, "begin": scroll_start, "end": t, "cancelled": False})
                    scroll_start = None
            elif fields[0] == "gesture":
                kind, phase, t, fingers = fields[1], fields[2], int(fields[3]), int(fields[4])
                if phase == "began":
                    open_gestures[kind] = {"type": kind, "fingers": fingers, "begin": t, "dx": 0.0, "dy": 0.0, "scale": 1.0}
                elif phase == "changed" and kind in open_gestures:
                    g = open_gestures[kind]
                    g["dx"] += float(fields[5])
                    g["dy"] += float(fields[6])
                    g["scale"] = float(fields[8])
                elif phase == "ended" and kind in open_gestures:
                    g = open_gestures.pop(kind)
                    g.update(end=t, cancelled=fields[7] == "1")
                    gestures.append(g)
    return motions, gestures


CHANNEL_KINDS = {"swipe.3": ("swipe", 3), "swipe.4": ("swipe", 4), "pinch": ("pinch", 2), "scroll": ("scroll", 2)}


def kinetic_events(path):
    pointer = {"adaptive": [], "flat": [], "none": []}
    gestures, open_gestures = [], {}
    inputs = {}  # channel -> [(time µs, input)]
    with open(path) as f:
        for line in f:
            e = json.loads(line)
            t = round(e["time_ns"]) // 1000
            channel = e["channel"]
            if channel.startswith("pointer."):
                x, y = e["input"]
                pointer[channel.split(".", 1)[1]].append((t, x / 0.0254, y / 0.0254))
            elif channel in CHANNEL_KINDS:
                inputs.setdefault(channel, []).append((t, e["input"]))
                kind, fingers = CHANNEL_KINDS[channel]
                if e["phase"] == "began":
                    open_gestures[channel] = {"type": kind, "fingers": fingers, "begin": t, "channel": channel}
                elif e["phase"] in ("ended", "cancelled") and channel in open_gestures:
                    g = open_gestures.pop(channel)
                    g.update(end=t, cancelled=e["phase"] == "cancelled")
                    gestures.append(g)
    return pointer, gestures, inputs


#: libinput's unaccelerated gesture deltas are in its normalised units: 1000 dpi, so 1000/25.4 a millimetre.
UNITS_PER_MM = 1000 / 25.4
#: libinput's touchpad slowdown, applied to a touchpad's unaccelerated deltas too.
TOUCHPAD_SLOWDOWN = 0.2968


def input_at(samples, t):
    """A binding's input at time t: its last input frame at or before t."""
    last = None
    for time, value in samples:
        if time > t:
            break
        last = value
    return last


def summed_motion(g, k, inputs):
    """libinput's summed unaccelerated deltas over its gesture (mm), and kineticd's change over the same span, as
    text; a pinch compares libinput's scale with kineticd's magnification over the span."""
    samples = inputs.get(k["channel"], [])
    start, end = input_at(samples, g["begin"]), input_at(samples, g["end"])
    if start is None or end is None:
        return "—"
    if g["type"] == "pinch":
        return f"scale {g['scale']:.3f} / {end[0] / start[0]:.3f}" if start[0] else "—"
    if g["type"] == "swipe":
        lx, ly = g["dx"] / UNITS_PER_MM / TOUCHPAD_SLOWDOWN, g["dy"] / UNITS_PER_MM / TOUCHPAD_SLOWDOWN
        return f"({lx:.1f}, {ly:.1f}) / ({end[0] - start[0]:.1f}, {end[1] - start[1]:.1f}) mm"
    return "accelerated by libinput"


def pointer_error(libinput, kinetic, accelerated=True):
    """The largest distance (px) between kineticd's pointer and libinput's summed deltas at kineticd's input frames."""
    if not kinetic:
        return None
    worst, index, x, y = 0.0, 0, 0.0, 0.0
    for t, kx, ky in kinetic:
        while index < len(libinput) and libinput[index][0] <= t:
            x += libinput[index][1 if accelerated else 3]
            y += libinput[index][2 if accelerated else 4]
            index += 1
        worst = max(worst, math.hypot(kx - x, ky - y))
    return worst


def frames_between(times, a, b):
    """How many input frames apart two frame times are."""
    import bisect
    return abs(bisect.bisect_left(times, a) - bisect.bisect_left(times, b))


def device_kind(udev):
    for key, name in (("ID_INPUT_POINTINGSTICK", "pointing stick"), ("ID_INPUT_TOUCHPAD", "touchpad"),
                      ("ID_INPUT_TOUCHSCREEN", "touchscreen"), ("ID_INPUT_MOUSE", "mouse")):
        if udev.get(key) == "1":
            return name
    return "other"


def main(folder):
    rows, problems = [], []
    totals = {"libinput": 0, "kind": 0, "start": 0, "not_later": 0, "kinetic_alone": 0, "hold": 0}
    pointer_rows = []
    for name in sorted(os.listdir(folder)):
        d = os.path.join(folder, name)
        if not os.path.isfile(os.path.join(d, "kinetic.jsonl")):
            continue
        udev = dict(line.strip().split("=", 1) for line in open(os.path.join(d, "udev.txt")) if "=" in line)
        kind = device_kind(udev)
        times = frame_times(os.path.join(d, "kinetic.evemu"))
        motions, li_gestures = libinput_events(os.path.join(d, "libinput.tsv"))
        pointer, k_gestures, k_inputs = kinetic_events(os.path.join(d, "kinetic.jsonl"))
        if pointer["adaptive"] or motions["adaptive"]:
            errors = {p: pointer_error(motions[p], pointer[p]) for p in ("adaptive", "flat")}
            raw = pointer_error(motions["adaptive"], pointer["none"], accelerated=False)
            counts = (len(motions["adaptive"]), len(pointer["adaptive"]))
            pointer_rows.append((name, kind, counts, errors, raw, udev.get("MOUSE_DPI", "—")))
            if kind == "mouse":
                for p, e in errors.items():
                    if e is None or e > POINTER_TOLERANCE_PX:
                        problems.append(f"{name}: the {p} pointer is {e} px from libinput's (at most {POINTER_TOLERANCE_PX})")
        held = [g for g in li_gestures if g["type"] == "hold"]
        compared = [g for g in li_gestures if g["type"] != "hold"]
        used, kind_ok, start_ok, not_later, motion = set(), 0, 0, 0, []
        for g in compared:
            match = None
            for i, k in enumerate(k_gestures):
                same = k["type"] == g["type"] and (g["type"] == "pinch" or k["fingers"] == g["fingers"])
                if same and i not in used and k["begin"] <= g["end"] and g["begin"] <= k["end"]:
                    match = i
                    break
            if match is not None:
                used.add(match)
                kind_ok += 1
                motion.append(f"{g['type']} {g['fingers']}: {summed_motion(g, k_gestures[match], k_inputs)}")
                if frames_between(times, k_gestures[match]["begin"], g["begin"]) <= 1:
                    start_ok += 1
                if k_gestures[match]["begin"] <= g["begin"]:
                    not_later += 1
        alone = len(k_gestures) - len(used)
        describe = lambda gs: ", ".join(f"{g['type']} {g['fingers']}" + (" (cancelled)" if g.get("cancelled") else "")
                                        for g in gs) or "none"
        starts = []
        for g in compared:
            nearest = min((k for k in k_gestures if k["type"] == g["type"]), default=None,
                          key=lambda k: abs(k["begin"] - g["begin"]))
            if nearest is not None:
                starts.append(f"{(nearest['begin'] - g['begin']) / 1000:+.0f}")
        rows.append((name, kind, describe(li_gestures), describe(k_gestures), f"{kind_ok}/{len(compared)}",
                     f"{start_ok}/{len(compared)}", ", ".join(starts) or "—", "; ".join(motion) or "—", str(alone)))
        totals["libinput"] += len(compared)
        totals["kind"] += kind_ok
        totals["start"] += start_ok
        totals["not_later"] += not_later
        totals["kinetic_alone"] += alone
        totals["hold"] += len(held)

    print("| recording | device (udev) | libinput's gestures | kineticd's gestures | same kind | start within 1 frame | kineticd's start − libinput's (ms) | motion over libinput's span, libinput / kineticd | kineticd alone |")
    print("|---|---|---|---|---|---|---|---|---|")
    for row in rows:
        print("| " + " | ".join(row) + " |")
    n = totals["libinput"]
    print(f"gestures: {totals['kind']}/{n} same type and fingers, {totals['start']}/{n} begin within 1 frame, "
          f"{totals['not_later']}/{n} begin no later; "
          f"{totals['kinetic_alone']} kineticd gestures libinput has not; {totals['hold']} libinput hold gestures (no kineticd counterpart)")
    print("| recording | device (udev) | motion events libinput / kineticd | adaptive: largest distance (px) | flat (px) | unaccelerated (px) | MOUSE_DPI |")
    print("|---|---|---|---|---|---|---|")
    fmt = lambda e: "—" if e is None else f"{e:.3g}"
    for name, kind, counts, errors, raw, dpi in pointer_rows:
        print(f"| {name} | {kind} | {counts[0]} / {counts[1]} | {fmt(errors['adaptive'])} | {fmt(errors['flat'])} | {fmt(raw)} | {dpi} |")
    mice = [r for r in pointer_rows if r[1] == "mouse"]
    worst = max((max(e for e in r[3].values() if e is not None) for r in mice), default=None)
    print(f"pointer: {len(mice)} mice, the accelerated pointer at most {fmt(worst)} px from libinput's (bound {POINTER_TOLERANCE_PX} px)")
    if not mice:
        problems.append("no mouse recording was compared")
    if n == 0:
        problems.append("libinput reported no gesture in any recording")
    elif totals["kind"] / n < MIN_SAME_KIND:
        problems.append(f"{totals['kind']}/{n} libinput gestures have a kineticd gesture of the same kind (floor {MIN_SAME_KIND:.0%})")
    if n and totals["not_later"] / n < MIN_NOT_LATER:
        problems.append(f"{totals['not_later']}/{n} kineticd gestures begin no later than libinput's (floor {MIN_NOT_LATER:.0%})")
    for problem in problems:
        print(f"compare: {problem}", file=sys.stderr)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
