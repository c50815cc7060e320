# SPDX-License-Identifier: Apache-2.0
"""What the blocking and the asyncio client share beyond the codec: the hello and its version check, the subscribe
message, command ids, and the reconnect policy."""

from __future__ import annotations

import itertools
import random
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from typing import Any

from ._codec import PROTOCOL_MAJOR, PROTOCOL_MINOR
from .commands import Request
from .errors import VersionMismatch
from .messages import Hello

__version__ = "1.0.0"


def hello_message(client_name: str) -> dict[str, Any]:
    """The hello a client sends first."""
    return {"type": "hello", "protocol": PROTOCOL_MAJOR, "client": client_name}


def check_hello(hello: Hello) -> Hello:
    """``hello`` when its major version is this package's; otherwise :class:`VersionMismatch` saying what to install."""
    if hello.protocol != PROTOCOL_MAJOR:
        raise VersionMismatch(
            f"{hello.server or 'kineticd'} speaks protocol {hello.protocol}.{hello.minor}; this kinetic-motion "
            f"package {__version__} speaks {PROTOCOL_MAJOR}.{PROTOCOL_MINOR}: install kinetic-motion of major version "
            f"{hello.protocol} (pip install 'kinetic-motion>={hello.protocol},<{hello.protocol + 1}')")
    return hello


def subscribe_message(patterns: Sequence[str], max_rate_hz: float | None, motion: bool = False,
                      rate_hz: float | None = None) -> dict[str, Any]:
    """A subscribe to ``patterns`` (``*`` any run, ``?`` one character) at most ``max_rate_hz`` frames a second
    (0.1–1000; every tick when ``None``), with motion descriptors when ``motion``. ``rate_hz`` is the old name of
    ``max_rate_hz``, still accepted."""
    if isinstance(patterns, str):
        raise TypeError("patterns: pass a list of patterns, e.g. ['touch.*'], not one string")
    if rate_hz is not None:
        if max_rate_hz is not None:
            raise TypeError("max_rate_hz and its old name rate_hz are the same argument: pass max_rate_hz alone")
        max_rate_hz = rate_hz
    message: dict[str, Any] = {"type": "subscribe", "channels": list(patterns)}
    if max_rate_hz is not None:
        message["max_rate_hz"] = max_rate_hz
    if motion:
        message["motion"] = True
    return message


class CommandIDs:
    """Ids for commands, unique within a client (across reconnects)."""

    def __init__(self) -> None:
        self._next = itertools.count(1)

    def message(self, request: Request[Any]) -> tuple[int, dict[str, Any]]:
        """A fresh id and the command message of ``request``."""
        ident = next(self._next)
        return ident, {"type": "command", "id": ident, **request.fields}


@dataclass(frozen=True)
class Reconnect:
    """Opt-in reconnection: after the daemon goes away, try again after ``initial`` seconds, each wait ``factor``
    times the last (with ±``jitter`` of it at random) up to ``maximum``, ``attempts`` times (``None``: forever).
    A subscription is sent again; channels and elements this client defined are gone with the old connection."""

    initial: float = 0.1
    maximum: float = 5.0
    factor: float = 2.0
    jitter: float = 0.1
    attempts: int | None = None

    def delays(self) -> Iterator[float]:
        """The waits before each attempt."""
        delay = self.initial
        for _ in itertools.count() if self.attempts is None else range(self.attempts):
            yield delay * (1 + self.jitter * (2 * random.random() - 1))
            delay = min(self.maximum, delay * self.factor)
