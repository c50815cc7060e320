#!/usr/bin/env python3
# SPDX-License-Identifier: Apache-2.0
"""A window that shows what kineticd publishes: each subscribed channel drawn as an object, with a trace.

* a channel of two components is a dot at its position (``--scale`` pixels per unit from the blue origin mark), with
  the path of its last frames and its velocity as a line (where it would be in 0.1 s);
* a channel of one component is a bar: its value's length, and a thin line for its velocity;
* an element (``insert``, ``zoom``, ``effect``) is a rectangle drawn with its opacity, scale and offset.

    python3 clients/python/examples/viewer.py [--socket PATH] [--channels 'touch.*' ...] [--scale 4]

GTK 4 through PyGObject (Debian: python3-gi, python3-gi-cairo, gir1.2-gtk-4.0); the kinetic package from
clients/python/src or installed. ``--report`` prints the seq of each frame once it has been drawn (the tests wait on it).
"""

from __future__ import annotations

import argparse
import math
import os
import sys
from collections import deque
from typing import Any

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "src"))

import gi  # noqa: E402

gi.require_version("Gtk", "4.0")
gi.require_version("Gdk", "4.0")
gi.require_foreign("cairo")
from gi.repository import Gdk, GLib, Gtk  # noqa: E402

import kinetic  # noqa: E402

TRACE = 90  # frames of history drawn behind each object
DOT = (1.0, 0.231, 0.188)  # the dot's colour, #ff3b30: the tests find the dot by it
ORIGIN = (0.0, 0.478, 1.0)  # the origin mark's colour, #007aff
ELEMENT_SUFFIXES = (".opacity", ".scale", ".offset", ".relative_offset", ".rotation", ".blur", ".frame",
                    ".corner_radius", ".variable_color")


class Viewer:
    """The subscription and what has been seen of each channel; the drawing reads it."""

    def __init__(self, client: kinetic.Client, patterns: list[str], scale: float, report: bool) -> None:
        self.client = client
        self.scale = scale
        self.report = report
        self.history: dict[str, deque[kinetic.ChannelState]] = {}
        self.elements: dict[str, str] = {}
        self.seq = -1
        client.subscribe(patterns)
        self.area = Gtk.DrawingArea()
        self.area.set_draw_func(self.draw)
        GLib.io_add_watch(client.fileno(), GLib.PRIORITY_DEFAULT, GLib.IOCondition.IN | GLib.IOCondition.HUP,
                          self.readable)

    def readable(self, *_: Any) -> bool:
        try:
            while (message := self.client.receive(0)) is not None:
                if isinstance(message, kinetic.Schema):
                    self.elements = {c.name: c.element for c in self.client.list() if c.element is not None}
                elif isinstance(message, kinetic.Frame):
                    self.seq = message.seq
                    for name, state in message.items():
                        self.history.setdefault(name, deque(maxlen=TRACE)).append(state)
                    for name in list(self.history):
                        if name not in message:
                            del self.history[name]
        except kinetic.ConnectionLost as lost:
            print(f"viewer: {lost}", file=sys.stderr)
            app.quit()
            return False
        self.area.queue_draw()
        return True

    def draw(self, area: Gtk.DrawingArea, cr: Any, width: int, height: int) -> None:
        cr.set_source_rgb(1, 1, 1)
        cr.paint()
        cr.set_source_rgb(*ORIGIN)
        cr.rectangle(-4 + 20, -4 + 20, 8, 8)  # the origin, 20 px in from the corner
        cr.fill()
        bars = 0
        groups: dict[str, dict[str, kinetic.ChannelState]] = {}
        for name, states in self.history.items():
            element = self.elements.get(name)
            if element is not None:
                groups.setdefault(element, {})[name[len(element):]] = states[-1]
            elif len(states[-1].value) == 2:
                self.draw_point(cr, states)
            elif len(states[-1].value) == 1:
                self.draw_bar(cr, name, states, bars, height)
                bars += 1
        for index, (element, channels) in enumerate(groups.items()):
            self.draw_element(cr, element, channels, index, width)
        if self.report:
            print(self.seq, flush=True)

    def pixel(self, x: float, y: float) -> tuple[float, float]:
        return 20 + x * self.scale, 20 + y * self.scale

    def draw_point(self, cr: Any, states: deque[kinetic.ChannelState]) -> None:
        cr.set_source_rgba(0.5, 0.5, 0.5, 0.6)
        cr.set_line_width(1.5)
        for index, state in enumerate(states):
            (cr.line_to if index else cr.move_to)(*self.pixel(*state.value))
        cr.stroke()
        state = states[-1]
        x, y = self.pixel(*state.value)
        cr.set_source_rgb(0.2, 0.2, 0.2)
        cr.move_to(x, y)
        cr.line_to(*self.pixel(state.value[0] + 0.1 * state.velocity[0], state.value[1] + 0.1 * state.velocity[1]))
        cr.stroke()
        cr.set_source_rgb(*DOT)
        cr.arc(x, y, 8, 0, 2 * math.pi)
        cr.fill()

    def draw_bar(self, cr: Any, name: str, states: deque[kinetic.ChannelState], row: int, height: int) -> None:
        top = height - 30 * (row + 1)
        state = states[-1]
        cr.set_source_rgb(0.3, 0.7, 0.3)
        cr.rectangle(20, top, max(1.0, state.value[0] * self.scale), 10)
        cr.fill()
        cr.set_source_rgb(0.2, 0.2, 0.2)
        cr.move_to(20, top + 14)
        cr.line_to(20 + 0.1 * state.velocity[0] * self.scale, top + 14)
        cr.stroke()
        cr.move_to(20, top - 2)
        cr.show_text(f"{name} {state.value[0]:.3f}")

    def draw_element(self, cr: Any, element: str, channels: dict[str, kinetic.ChannelState], index: int,
                     width: int) -> None:
        def value(suffix: str, default: tuple[float, ...]) -> tuple[float, ...]:
            state = channels.get(suffix)
            return state.value if state is not None else default

        if ".frame" in channels:
            x, y, w, h = value(".frame", (0, 0, 0, 0))
        else:
            w = h = 80
            x, y = width - 120 - 100 * index, 40
        dx, dy = value(".offset", (0, 0))
        scale = value(".scale", (1, 1))  # a transition's scale has two components, a symbol effect's one
        sx, sy = (scale[0], scale[-1])
        opacity = value(".opacity", (1,))[0]
        cr.save()
        cr.translate(x + dx + w / 2, y + dy + h / 2)
        cr.scale(sx, sy)
        cr.set_source_rgba(0.35, 0.34, 0.84, max(0.0, min(1.0, opacity)))
        cr.rectangle(-w / 2, -h / 2, w, h)
        cr.fill()
        cr.restore()
        cr.set_source_rgb(0.2, 0.2, 0.2)
        cr.move_to(x, y - 4)
        cr.show_text(element)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--socket", help="kineticd's socket (default: $KINETIC_SOCKET, then kineticctl's rule)")
    parser.add_argument("--channels", nargs="+", default=["*"], help="patterns of the channels to show (default *)")
    parser.add_argument("--scale", type=float, default=4, help="pixels per unit of a position (default 4)")
    parser.add_argument("--size", default="800x600", help="the window's size (default 800x600)")
    parser.add_argument("--report", action="store_true", help="print the seq of each frame drawn")
    arguments = parser.parse_args()
    # Without a display GTK would print criticals and crash inside the application's start-up.
    if not Gtk.init_check() or Gdk.Display.get_default() is None:
        print("viewer: no display to open a window on (neither DISPLAY nor WAYLAND_DISPLAY reaches one); run it in a "
              "desktop session, or under xvfb-run", file=sys.stderr)
        return 69
    try:
        client = kinetic.Client(arguments.socket, client_name="viewer", encoding="binary")
    except kinetic.KineticError as error:
        print(f"viewer: {error}", file=sys.stderr)
        return 69
    width, height = (int(n) for n in arguments.size.split("x"))

    def activate(application: Gtk.Application) -> None:
        viewer = Viewer(client, arguments.channels, arguments.scale, arguments.report)
        window = Gtk.ApplicationWindow(application=application, title="kinetic viewer")
        window.set_default_size(width, height)
        window.set_child(viewer.area)
        window.present()

    global app
    app = Gtk.Application(application_id="org.kinetic.Viewer")
    app.connect("activate", activate)
    return int(app.run([sys.argv[0]]))


app: Gtk.Application

if __name__ == "__main__":
    sys.exit(main())
