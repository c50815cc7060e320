# SPDX-License-Identifier: Apache-2.0
"""The blocking client: one connection to kineticd, commands as methods, frames and events read as they come."""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable, Iterator, Mapping, Sequence
from typing import Any, TypeVar

from ._methods import Commands
from ._codec import Codec, Incoming
from ._session import CommandIDs, Reconnect, check_hello, hello_message, subscribe_message
from ._socket import open_socket, socket_path
from .commands import Request
from .errors import ConnectError, ConnectionLost, KineticError, ServerError
from .messages import AnimationCompleted, Encoding, Event, Frame, Hello, Reply, Schema
from .motion import MotionUpdate

T = TypeVar("T")
Received = Frame | Event | Schema | MotionUpdate
"""What :meth:`Client.receive` returns."""

_KEPT = 4096  # frames and events kept while a command waits for its reply; the oldest go first (latest wins)


class CompletionHandle:
    """A command's reply, and the completion event it asked for: :meth:`wait` returns it."""

    def __init__(self, client: Client, reply: Reply) -> None:
        self._client = client
        self.reply = reply

    def wait(self, timeout: float | None = None) -> AnimationCompleted:
        """Blocks until the animation's completion event (``timeout`` seconds at most: :class:`TimeoutError`)."""
        ident = self.reply.id

        def matches(event: Event) -> bool:
            return isinstance(event, AnimationCompleted) and event.id == ident

        return self._client._wait_for_event(matches, timeout)  # type: ignore[return-value]


class Client(Commands):
    """A blocking connection to kineticd.

    ``socket``: the path (default: ``$KINETIC_SOCKET`` and the rule of kineticctl); ``encoding``: ``"json"`` or
    ``"binary"``; ``timeout``: seconds a command waits for its reply; ``reconnect``: try again after the daemon goes
    away (see :class:`Reconnect`), sending the subscription again. Use it as a context manager, or :meth:`close` it.
    """

    def __init__(self, socket: str | None = None, *, client_name: str = "kinetic-python",
                 encoding: Encoding = "json", timeout: float | None = 5.0, reconnect: Reconnect | None = None,
                 on_event: Callable[[Event], None] | None = None) -> None:
        self.path = socket_path(socket)
        self.timeout = timeout
        self.on_event = on_event
        # Events that frames() passed over (on_event, when set, is called for them instead); events() yields them first.
        self._events: deque[Event] = deque(maxlen=_KEPT)
        self._client_name = client_name
        self._encoding: Encoding = encoding
        self._reconnect = reconnect
        self._ids = CommandIDs()
        self._subscription: dict[str, Any] | None = None
        self._queue: deque[Received] = deque(maxlen=_KEPT)
        self._closed = False
        # How many subscribes were sent: an iterator of an earlier one ends.
        self._subscriptions = 0
        self._open()

    # Connection

    def _open(self) -> None:
        self._sock = open_socket(self.path)
        self._codec = Codec(self._encoding)
        self._incoming: deque[Incoming] = deque()
        try:
            self._send(hello_message(self._client_name))
            deadline = None if self.timeout is None else time.monotonic() + self.timeout
            while True:
                message = self._next_incoming(deadline, "hello")
                if isinstance(message, Hello):
                    self.hello: Hello = check_hello(message)
                    break
                if isinstance(message, ServerError):
                    raise message
            if self._subscription is not None:
                self._send(self._subscription)
        except BaseException:
            self._sock.close()
            raise

    def _reopen(self, lost: KineticError) -> None:
        if self._reconnect is None or self._closed:
            raise lost
        for delay in self._reconnect.delays():
            time.sleep(delay)
            try:
                self._open()
                return
            except (ConnectError, ConnectionLost):
                continue
        raise lost

    def close(self) -> None:
        """Closes the connection; channels and elements this client defined go with it."""
        self._closed = True
        self._sock.close()

    def __enter__(self) -> Client:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def fileno(self) -> int:
        """The socket's file descriptor, to watch for input in another event loop (then :meth:`receive` with 0)."""
        return self._sock.fileno()

    @property
    def schema(self) -> Schema | None:
        """The layout of the subscription's frames, once the daemon has sent it."""
        return self._codec.schema

    def _send(self, message: Mapping[str, Any]) -> None:
        try:
            self._sock.sendall(self._codec.encode(message))
        except (BrokenPipeError, ConnectionResetError):
            raise ConnectionLost(f"kineticd at {self.path} closed the connection") from None

    def _next_incoming(self, deadline: float | None, waiting_for: str) -> Incoming:
        while not self._incoming:
            # 0 left: one read of what has arrived, without waiting.
            self._sock.settimeout(None if deadline is None else max(0.0, deadline - time.monotonic()))
            try:
                data = self._sock.recv(1 << 16)
            except (TimeoutError, BlockingIOError):
                raise TimeoutError(f"kineticd at {self.path} did not answer {waiting_for} in {self.timeout} s; "
                                   "is it stalled? kineticctl status tells") from None
            except ConnectionResetError:
                data = b""
            if not data:
                raise ConnectionLost(f"kineticd at {self.path} closed the connection (it stopped, or dropped this client)")
            self._incoming.extend(self._codec.feed(data))
        return self._incoming.popleft()

    def _keep(self, message: Incoming) -> None:
        """Files a message that is not what the caller waits for: frames and schemas for :meth:`receive`, events."""
        if isinstance(message, ServerError):
            if message.command_id is None:
                raise message
            return  # the late reply of a command that timed out
        if not isinstance(message, (Reply, Hello)):
            self._queue.append(message)

    # Commands

    def call(self, request: Request[T]) -> T:
        """Sends ``request`` and returns its reply, read; a refusal raises its :class:`ServerError` subclass."""
        ident, message = self._ids.message(request)
        self._send(message)
        deadline = None if self.timeout is None else time.monotonic() + self.timeout
        while True:
            incoming = self._next_incoming(deadline, f"{request.fields['op']} (id {ident})")
            if isinstance(incoming, Reply) and incoming.id == ident:
                return request.read(incoming)
            if isinstance(incoming, ServerError) and incoming.command_id == ident:
                raise incoming
            self._keep(incoming)

    def _with_completion(self, request: Request[Reply]) -> CompletionHandle:
        return CompletionHandle(self, self.call(request))

    # Frames and events

    def subscribe(self, patterns: Sequence[str] = ("*",), max_rate_hz: float | None = None, *,
                  rate_hz: float | None = None) -> Iterator[Frame]:
        """Subscribes to the channels matching ``patterns`` and returns the frames as they come, at most
        ``max_rate_hz`` a second (every tick when ``None``; ``rate_hz`` is its old name): the first holds every
        matching channel's current state. A new subscribe replaces the last and ends its iterator."""
        self._subscribe(subscribe_message(patterns, max_rate_hz, rate_hz=rate_hz))
        return self.frames()

    def _subscribe(self, message: dict[str, Any]) -> None:
        """Sends ``message``; the previous subscription's iterator ends."""
        self._subscription = message
        self._subscriptions += 1
        self._send(message)

    def subscribe_motion(self, patterns: Sequence[str] = ("*",), max_rate_hz: float | None = None, *,
                         rate_hz: float | None = None) -> Iterator[Frame | MotionUpdate]:
        """Subscribes with motion descriptors (:mod:`kinetic.motion`): the iterator yields a :class:`MotionUpdate`
        whenever channels' motion changes (the first describes every matching channel), and frames only while a
        channel's motion has no closed form. Keep each channel's latest :class:`kinetic.motion.Motion` and evaluate
        it at the time you show the value. Read the updates as they come: like frames, unread messages beyond 4096 are
        dropped oldest first, and a dropped update leaves its channel's motion out of date until the next one (a new
        subscribe describes every channel again)."""
        self._subscribe(subscribe_message(patterns, max_rate_hz, motion=True, rate_hz=rate_hz))
        return self._received(None, motion=True)

    def _received(self, timeout: float | None, motion: bool) -> Iterator[Frame | MotionUpdate]:
        """Frames (and with ``motion`` motion updates) until ``timeout`` seconds pass without a message; events met on
        the way go to ``on_event``, or to :meth:`events`. It ends when a subscribe after this call replaces the
        subscription."""
        return self._iterate(self._subscriptions, timeout, motion)

    def _iterate(self, subscription: int, timeout: float | None, motion: bool) -> Iterator[Frame | MotionUpdate]:
        while subscription == self._subscriptions and (message := self.receive(timeout)) is not None:
            if isinstance(message, Frame) or (motion and isinstance(message, MotionUpdate)):
                yield message
            elif isinstance(message, (Schema, MotionUpdate)):
                continue
            elif self.on_event is not None:
                self.on_event(message)
            else:
                self._events.append(message)

    def receive(self, timeout: float | None = None) -> Received | None:
        """The next frame, schema or event (``None`` after ``timeout`` seconds). With ``reconnect``, a lost
        connection is opened again and the subscription sent again."""
        deadline = None if timeout is None else time.monotonic() + timeout
        while not self._queue:
            try:
                self._keep(self._next_incoming(deadline, "a frame or an event"))
            except TimeoutError:
                return None
            except ConnectionLost as lost:
                self._reopen(lost)
        return self._queue.popleft()

    def frames(self, timeout: float | None = None) -> Iterator[Frame]:
        """The subscription's frames until ``timeout`` seconds pass without a message (``None``: until the connection
        ends, or a later subscribe replaces the subscription). Events met on the way go to ``on_event``, or to
        :meth:`events`."""
        return (message for message in self._received(timeout, motion=False) if isinstance(message, Frame))

    def events(self, timeout: float | None = None) -> Iterator[Event]:
        """The events, as they come (completion events too), as :meth:`kinetic.AsyncClient.events` gives them: first
        those :meth:`frames` passed over, then each one read, until ``timeout`` seconds pass without a message
        (``None``: until the connection ends). Frames and schemas read meanwhile are not kept: frames are
        latest-wins, and :meth:`frames` reads the next ones."""
        while True:
            while self._events:
                yield self._events.popleft()
            message = self.receive(timeout)
            if message is None:
                return
            if not isinstance(message, (Frame, Schema, MotionUpdate)):
                yield message

    def _wait_for_event(self, matches: Callable[[Event], bool], timeout: float | None) -> Event:
        for kept in (self._events, self._queue):
            for message in list(kept):
                if not isinstance(message, (Frame, Schema, MotionUpdate)) and matches(message):
                    kept.remove(message)
                    return message
        deadline = None if timeout is None else time.monotonic() + timeout
        while True:
            incoming = self._next_incoming(deadline, "the completion event")
            if not isinstance(incoming, (Frame, Schema, Reply, Hello, ServerError, MotionUpdate)) and matches(incoming):
                return incoming
            self._keep(incoming)


def connect(socket: str | None = None, **options: Any) -> Client:
    """A :class:`Client` (the same arguments)."""
    return Client(socket, **options)

