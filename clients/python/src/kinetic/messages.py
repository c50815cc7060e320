# SPDX-License-Identifier: Apache-2.0
"""Typed messages from kineticd: hello, schema, frames, replies and events (docs/PROTOCOL.md)."""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from typing import Any, Literal, Union

from . import _wire

Encoding = Literal["json", "binary"]
"""The connection's encoding: JSON Lines or the length-prefixed binary framing."""


@dataclass(frozen=True)
class Hello:
    """The daemon's hello: its protocol version, name, tick rate and features."""

    protocol: int
    minor: int
    server: str
    tick_hz: float
    features: tuple[str, ...]
    encoding: str


@dataclass(frozen=True)
class SchemaChannel:
    """One channel of a schema: its name, number of components, and the index of its first value in a frame."""

    name: str
    dimension: int
    offset: int


@dataclass(frozen=True)
class Schema:
    """The layout of the frames that follow it, sent on subscribe and whenever a matching channel comes or goes."""

    generation: int
    channels: tuple[SchemaChannel, ...]
    count: int


@dataclass(frozen=True)
class ChannelState:
    """A channel's presentation value and its velocity (units per second), one number per component."""

    value: tuple[float, ...]
    velocity: tuple[float, ...]


@dataclass(frozen=True)
class Frame(Mapping[str, ChannelState]):
    """The values of every subscribed channel at one tick, by channel name.

    ``time_ns`` is the CLOCK_MONOTONIC time the values are for (the tick's, or under a frame clock the vblank that
    shows them); ``seq`` the tick number, shared by all clients; ``generation`` the schema the frame follows.
    """

    generation: int
    seq: int
    time_ns: int
    channels: Mapping[str, ChannelState]

    def __getitem__(self, name: str) -> ChannelState:
        return self.channels[name]

    def __iter__(self) -> Iterator[str]:
        return iter(self.channels)

    def __len__(self) -> int:
        return len(self.channels)


@dataclass(frozen=True)
class Reply:
    """A command's successful reply: its ``id`` and the fields the command returns."""

    id: Any
    fields: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class ChannelInfo:
    """A channel as ``list`` reports it."""

    name: str
    dimension: int
    owner: Literal["configuration", "self", "client"]
    element: str | None = None


@dataclass(frozen=True)
class Status:
    """The daemon's state as ``status`` reports it (``extra`` holds fields added by later versions or a replay)."""

    server: str
    tick_hz: float
    clients: int
    channels: int
    seq: int
    ticks: int
    missed_ticks: int
    settled: bool
    reduce_motion: bool
    frame_clock: Mapping[str, Any] | None
    reduce_motion_held: bool = False
    """Whether a connection holds a user's preference (``reduce_motion`` with scope ``connection``)."""
    extra: Mapping[str, Any] = field(default_factory=dict)


# Events: every name the protocol defines (docs/PROTOCOL.md, "event").
LOGICALLY_COMPLETE = "animation.logicallyComplete"
REMOVED = "animation.removed"
SHUTDOWN = "shutdown"
DEVICE_ADDED = "device.added"
DEVICE_REMOVED = "device.removed"
GESTURE_BEGAN = "gesture.began"
GESTURE_ENDED = "gesture.ended"


@dataclass(frozen=True)
class AnimationCompleted:
    """``animation.logicallyComplete`` or ``animation.removed`` for a command that asked for it (``id``)."""

    event: str
    id: Any
    channels: tuple[str, ...] = ()
    element: str | None = None


@dataclass(frozen=True)
class Shutdown:
    """The daemon is stopping; the connection closes next."""


@dataclass(frozen=True)
class DeviceAdded:
    """An input device a binding matches appeared."""

    path: str
    name: str
    device_class: str


@dataclass(frozen=True)
class DeviceRemoved:
    """An input device a binding matched went away."""

    path: str


@dataclass(frozen=True)
class GestureBegan:
    """A gesture started driving ``channel``."""

    channel: str


@dataclass(frozen=True)
class GestureEnded:
    """A gesture on ``channel`` ended; ``cancelled`` when it stopped without a release (the device was unplugged)."""

    channel: str
    cancelled: bool


@dataclass(frozen=True)
class UnknownEvent:
    """An event of a later minor version: its name and fields as sent."""

    event: str
    fields: Mapping[str, Any]


Event = Union[AnimationCompleted, Shutdown, DeviceAdded, DeviceRemoved, GestureBegan, GestureEnded, UnknownEvent]
"""Any event the daemon sends."""


def event_from_json(fields: Mapping[str, Any]) -> Event:
    """The typed event of a JSON ``event`` message, its fields checked (:class:`kinetic.ProtocolViolation` otherwise)."""
    name = _wire.string(fields, "event", "event")
    what = f"{name} event"
    if name in (LOGICALLY_COMPLETE, REMOVED):
        ident = fields.get("id")
        if not (ident is None or isinstance(ident, str) or (isinstance(ident, int) and not isinstance(ident, bool))):
            _wire.violation(f"an {what} whose id is {_wire.shown(ident)} (an integer or a string)")
        listed = _wire.optional(fields, "channels", list, what) or []
        if not all(isinstance(channel, str) for channel in listed):
            _wire.violation(f"an {what} whose channels are {_wire.shown(listed)} (a list of names)")
        channels: tuple[str, ...] = tuple(listed)
        channel = _wire.optional(fields, "channel", str, what)
        if channel is not None:
            channels = (channel,)
        return AnimationCompleted(name, ident, channels, _wire.optional(fields, "element", str, what))
    if name == SHUTDOWN:
        return Shutdown()
    if name == DEVICE_ADDED:
        return DeviceAdded(_wire.optional(fields, "path", str, what) or "", _wire.optional(fields, "name", str, what) or "",
                           _wire.optional(fields, "class", str, what) or "")
    if name == DEVICE_REMOVED:
        return DeviceRemoved(_wire.optional(fields, "path", str, what) or "")
    if name == GESTURE_BEGAN:
        return GestureBegan(_wire.optional(fields, "channel", str, what) or "")
    if name == GESTURE_ENDED:
        return GestureEnded(_wire.optional(fields, "channel", str, what) or "",
                            bool(_wire.optional(fields, "cancelled", bool, what)))
    return UnknownEvent(name, dict(fields))


def read_status(reply: Reply) -> Status:
    """A ``status`` reply's fields as a :class:`Status` (fields it does not know go to ``extra``)."""
    f = dict(reply.fields)
    known = {field.name for field in dataclasses.fields(Status)}
    return Status(str(f["server"]), float(f["tick_hz"]), int(f["clients"]), int(f["channels"]), int(f["seq"]),
                  int(f["ticks"]), int(f["missed_ticks"]), bool(f["settled"]), bool(f["reduce_motion"]),
                  f.get("frame_clock"), bool(f.get("reduce_motion_held", False)),
                  {key: value for key, value in f.items() if key not in known})


def read_channels(reply: Reply) -> list[ChannelInfo]:
    """A ``list`` reply's channels."""
    return [ChannelInfo(str(c["name"]), int(c["dimension"]), c["owner"], c.get("element"))
            for c in reply.fields.get("channels", [])]
