"""Every command of the protocol as a typed request: the fields it sends and how its reply is read.

The blocking and the asyncio client run the same requests (``client.call(request)``); their methods of the same
names build them here.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
import dataclasses
from dataclasses import dataclass
from typing import Any, Generic, Literal, TypeVar, Union

from .messages import ChannelInfo, Reply, Status

T = TypeVar("T")

Value = Union[float, Sequence[float]]
"""A channel value: one number, or one per component (1–64 finite numbers within ±1e12)."""
Completion = Literal["logicallyComplete", "removed"]
"""When a completion event fires (SwiftUI's ``AnimationCompletionCriteria``)."""
ZoomAction = Literal["present", "dismiss", "drag", "release"]
ReduceMotionScope = Literal["daemon", "connection"]
"""``daemon``: the daemon's own setting; ``connection``: held while this connection lasts (a user's preference)."""


@dataclass(frozen=True)
class Request(Generic[T]):
    """A command's fields (without ``type`` and ``id``) and how to read its successful reply."""

    fields: Mapping[str, Any]
    read: Callable[[Reply], T]
    completion: Completion | None = None
    """The completion event the command asked for, if any."""


def _reply(reply: Reply) -> Reply:
    return reply


def _value(value: Value) -> list[float]:
    return [float(value)] if isinstance(value, (int, float)) else [float(v) for v in value]


def _request(op: str, completion: Completion | None = None, **fields: Any) -> Request[Reply]:
    sent = {"op": op, **{key: value for key, value in fields.items() if value is not None}}
    if completion is not None:
        sent["completion"] = completion
    return Request(sent, _reply, completion)


def define(channel: str, dimension: int, initial: Value | None = None) -> Request[Reply]:
    """Creates a channel of ``dimension`` components (1–64) owned by this connection, at ``initial`` (zeros)."""
    return _request("define", channel=channel, dimension=dimension, initial=None if initial is None else _value(initial))


def set(channel: str, to: Value) -> Request[Reply]:  # noqa: A001 - the protocol's name
    """Jumps ``channel`` to ``to`` at once; a running animation is removed."""
    return _request("set", channel=channel, to=_value(to))


def animate(channel: str, to: Value, animation: str | None = None,
            completion: Completion | None = None) -> Request[Reply]:
    """Animates ``channel`` from its presentation value to ``to`` with ``animation`` (SwiftUI syntax; ``.default``)."""
    return _request("animate", completion, channel=channel, to=_value(to), animation=animation)


def animate_changes(changes: Mapping[str, Value], animation: str | None = None,
                    completion: Completion | None = None) -> Request[Reply]:
    """Animates 1–64 channels in one transaction; one completion event when all of them finish."""
    return _request("animate", completion, changes={name: _value(v) for name, v in changes.items()}, animation=animation)


def remove(channel: str) -> Request[Reply]:
    """Removes a channel this connection defined."""
    return _request("remove", channel=channel)


def insert(element: str, transition: str | None = None, animation: str | None = None) -> Request[Reply]:
    """Inserts ``element`` with ``transition`` (``.opacity``); its channels are named in the reply's ``channels``."""
    return _request("insert", element=element, transition=transition, animation=animation)


def remove_element(element: str, transition: str | None = None, animation: str | None = None) -> Request[Reply]:
    """Removes ``element`` through its transition; ``animation.removed`` follows when it ends."""
    return _request("remove", "removed", element=element, transition=transition, animation=animation)


def zoom(element: str, action: ZoomAction, *, source: Sequence[float] | None = None,
         destination: Sequence[float] | None = None, corner_radius: Sequence[float] | None = None,
         translation: Sequence[float] | None = None, velocity: Sequence[float] | None = None,
         animation: str | None = None) -> Request[Reply]:
    """Drives ``element``'s zoom transition (present, dismiss, drag, release); the reply of a release has ``dismissed``."""
    return _request("zoom", element=element, action=action, source=source, destination=destination,
                    corner_radius=corner_radius, translation=translation, velocity=velocity, animation=animation)


def effect(element: str, effect: str, *, options: str | None = None, trigger: bool = False,
           active: bool | None = None) -> Request[Reply]:
    """Plays a symbol effect on ``element``: once (``trigger=True``) or while ``active``."""
    if trigger == (active is not None):
        raise ValueError("effect: pass trigger=True or active=True/False, one of them")
    return _request("effect", element=element, effect=effect, options=options, trigger=True if trigger else None,
                    active=active)


def frame_clock(refresh_ns: int, last_vblank_ns: int = 0, lead_ns: int | None = None) -> Request[Reply]:
    """Locks the daemon's ticks to a presentation clock (``refresh_ns`` 0 unlocks); the reply has ``next_vblank_ns``."""
    return _request("frame_clock", refresh_ns=refresh_ns, last_vblank_ns=last_vblank_ns, lead_ns=lead_ns)


def reduce_motion(enabled: bool, scope: ReduceMotionScope = "daemon") -> Request[Reply]:
    """Turns reduce motion on or off: the daemon's own setting, or held while this connection lasts."""
    return _request("reduce_motion", enabled=enabled, scope=None if scope == "daemon" else scope)


def reload() -> Request[Reply]:
    """Re-reads the daemon's configuration; the reply has ``source``, ``bindings`` and ``restart_needed``."""
    return _request("reload")


def _status(reply: Reply) -> Status:
    f = dict(reply.fields)
    known = {field.name for field in dataclasses.fields(Status)}
    return Status(str(f["server"]), float(f["tick_hz"]), int(f["clients"]), int(f["channels"]), int(f["seq"]),
                  int(f["ticks"]), int(f["missed_ticks"]), bool(f["settled"]), bool(f["reduce_motion"]),
                  f.get("frame_clock"), bool(f.get("reduce_motion_held", False)),
                  {key: value for key, value in f.items() if key not in known})


def status() -> Request[Status]:
    """The daemon's state."""
    return Request({"op": "status"}, _status)


def _channels(reply: Reply) -> list[ChannelInfo]:
    return [ChannelInfo(str(c["name"]), int(c["dimension"]), c["owner"], c.get("element"))
            for c in reply.fields.get("channels", [])]


def list_channels() -> Request[list[ChannelInfo]]:
    """Every channel: name, dimension, owner and element."""
    return Request({"op": "list"}, _channels)
