# SPDX-License-Identifier: Apache-2.0
"""The rules every message from kineticd must keep (docs/PROTOCOL.md, "Limits"), checked where its bytes enter.

A daemon that breaks them — a bug, or something else listening on the socket — ends the connection with a
:class:`~kinetic.ProtocolViolation` that names the field, the value and what is accepted; nothing it sent reaches the
program as a raw ``KeyError``, ``RecursionError`` or a number that is not finite.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping
from typing import Any, NoReturn

from .errors import ProtocolViolation

from . import _protocol

# The description's limits (protocol/kinetic.json), under the names this package's readers use.
MAXIMUM_NESTING = _protocol.MAXIMUM_JSON_DEPTH
MAXIMUM_CHANNELS = _protocol.MAXIMUM_CHANNELS
MAXIMUM_COMPONENTS = _protocol.MAXIMUM_DIMENSION
MAXIMUM_FRAME_NUMBERS = _protocol.MAXIMUM_FRAME_NUMBERS
MAXIMUM_NAME_BYTES = _protocol.MAXIMUM_CHANNEL_NAME_BYTES
MAXIMUM_MOTION_MAGNITUDE = _protocol.MAXIMUM_MOTION_MAGNITUDE
U32 = (1 << 32) - 1
U64 = (1 << 64) - 1

_WAY_OUT = "; the connection is closed: reconnect, and report this if the daemon is a kineticd"


def violation(what: str) -> NoReturn:
    """Raises the :class:`ProtocolViolation` for ``what`` the daemon sent, with the way out."""
    raise ProtocolViolation(f"kineticd sent {what}{_WAY_OUT}")


def shown(value: Any) -> str:
    """``value`` as the daemon sent it, cut to fit one line."""
    text = "nothing" if isinstance(value, _Missing) else json.dumps(value)
    return text if len(text) <= 80 else text[:77] + "..."


class _Missing:
    pass


MISSING: Any = _Missing()


def _constant(name: str) -> NoReturn:
    violation(f"the JSON constant {name}, which is not JSON (numbers are finite)")


def _finite(text: str) -> float:
    value = float(text)
    if not math.isfinite(value):
        violation(f"the number {text[:40]}, which is not finite as a double")
    return value


def _depth(value: Any) -> int:
    """The number of containers nested in ``value``, without recursion."""
    if not isinstance(value, (dict, list)):
        return 0
    deepest = 0
    stack = [(value, 1)]
    while stack:
        item, depth = stack.pop()
        deepest = max(deepest, depth)
        children = item.values() if isinstance(item, dict) else item
        # Only containers go on the stack: a frame's numbers are most of a message.
        stack.extend((child, depth + 1) for child in children if isinstance(child, (dict, list)))
    return deepest


def loads(data: bytes, what: str) -> Any:
    """One JSON value, whole: strict JSON in UTF-8, nested at most 32 deep, every number finite."""
    try:
        value = json.loads(data, parse_constant=_constant, parse_float=_finite)
    except RecursionError:
        violation(f"a {what} nested deeper than {MAXIMUM_NESTING} levels")
    except ValueError as error:  # UnicodeDecodeError too
        violation(f"a {what} that is not JSON ({error})")
    if _depth(value) > MAXIMUM_NESTING:
        violation(f"a {what} nested deeper than {MAXIMUM_NESTING} levels")
    return value


def member(fields: Mapping[str, Any], key: str) -> Any:
    """``fields[key]``, or :data:`MISSING`."""
    return fields.get(key, MISSING)


def integer(fields: Mapping[str, Any], key: str, lowest: int, highest: int, what: str) -> int:
    """An integer member within [lowest, highest]."""
    value = member(fields, key)
    if type(value) is not int or not lowest <= value <= highest:
        violation(f"a {what} whose {key} is {shown(value)} (an integer from {lowest} to {highest})")
    return value


def string(fields: Mapping[str, Any], key: str, what: str) -> str:
    """A string member."""
    value = member(fields, key)
    if not isinstance(value, str):
        violation(f"a {what} whose {key} is {shown(value)} (a string)")
    return value


def optional(fields: Mapping[str, Any], key: str, kind: type, what: str) -> Any:
    """A member of type ``kind`` (an ``int`` is never a ``bool``), or ``None`` when absent or null."""
    value = fields.get(key)
    if value is not None and (not isinstance(value, kind) or (kind is not bool and isinstance(value, bool))):
        violation(f"a {what} whose {key} is {shown(value)} (a {kind.__name__})")
    return value


def valid_name(value: Any) -> bool:
    """Whether ``value`` is a channel or element name: 1 to 256 bytes of UTF-8, no control character, no '"', '\\',
    '*' or '?'."""
    if not isinstance(value, str) or not value or len(value.encode("utf-8", "surrogatepass")) > MAXIMUM_NAME_BYTES:
        return False
    return not any(c in '"\\*?' or ord(c) < 0x20 or 0x7F <= ord(c) <= 0x9F or 0xD800 <= ord(c) <= 0xDFFF
                   for c in value)


def name(fields: Mapping[str, Any], key: str, what: str) -> str:
    """A name member."""
    value = member(fields, key)
    if not valid_name(value):
        violation(f"a {what} whose {key} is {shown(value)} (a name: a string of 1 to {MAXIMUM_NAME_BYTES} bytes "
                  "without control characters, '\"', '\\', '*' or '?')")
    return value  # type: ignore[no-any-return]


def finite(value: Any, what: str, limit: float = math.inf) -> float:
    """A finite number within ±``limit``."""
    if type(value) not in (int, float) or not math.isfinite(value) or abs(value) > limit:
        bound = "" if limit == math.inf else f" within ±{limit:g}"
        violation(f"{what} {shown(value)} (a finite number{bound})")
    return float(value)


def numbers(value: Any, count: int | None, what: str, limit: float = math.inf) -> list[float]:
    """A list of ``count`` (any number when ``None``) finite numbers within ±``limit``."""
    if not isinstance(value, list) or (count is not None and len(value) != count):
        violation(f"{what} {shown(value)} (a list of {count if count is not None else 'some'} numbers)")
    return [finite(x, what, limit) for x in value]


def channel_list(fields: Mapping[str, Any], what: str) -> list[Any]:
    """The ``channels`` of a schema or a motion message: a list of at most 1024 entries."""
    listed = fields.get("channels")
    if not isinstance(listed, list) or len(listed) > MAXIMUM_CHANNELS:
        violation(f"a {what} whose channels are {shown(listed)} (a list of at most {MAXIMUM_CHANNELS})")
    return listed
