# SPDX-License-Identifier: Apache-2.0
"""The asyncio client: commands are coroutines, frames and events are async iterators, one reader task per client."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator, Generator, Mapping, Sequence
from typing import Any, Generic, TypeVar

from ._codec import Codec
from ._session import CommandIDs, Reconnect, check_hello, hello_message, subscribe_message
from ._socket import connect_error, socket_path
from ._methods import AsyncCommands
from .commands import Request
from .errors import ConnectError, ConnectionLost, KineticError, ProtocolViolation, ServerError
from .messages import AnimationCompleted, Encoding, Event, Frame, Hello, Reply, Schema
from .motion import MotionUpdate

T = TypeVar("T")
M = TypeVar("M")

_KEPT = 4096  # frames or events a slow reader may fall behind by; beyond it the oldest go (latest wins)


class _Ended:
    """What ends a stream without an error: a new subscribe replaced its subscription."""


_ENDED = _Ended()


class _Stream(Generic[M]):
    """A bounded queue read as an async iterator; it ends with the error that ended the connection, or when a new
    subscribe replaces it."""

    def __init__(self) -> None:
        self._queue: asyncio.Queue[M | KineticError | _Ended] = asyncio.Queue(maxsize=_KEPT)

    def put(self, item: M | KineticError | _Ended) -> None:
        if self._queue.full():
            self._queue.get_nowait()
        self._queue.put_nowait(item)

    def end(self) -> None:
        """Ends the iteration once what was queued has been read."""
        self.put(_ENDED)

    def __aiter__(self) -> _Stream[M]:
        return self

    async def __anext__(self) -> M:
        item = await self._queue.get()
        if isinstance(item, (KineticError, _Ended)):
            self.put(item)  # every later read ends the same way
            if isinstance(item, _Ended):
                raise StopAsyncIteration
            raise item
        return item


class AsyncCompletion:
    """A command's reply, and the completion event it asked for: ``await`` it for the event."""

    def __init__(self, reply: Reply, future: asyncio.Future[AnimationCompleted]) -> None:
        self.reply = reply
        self._future = future

    def __await__(self) -> Generator[Any, None, AnimationCompleted]:
        return self._future.__await__()


class AsyncClient(AsyncCommands):
    """An asyncio connection to kineticd; make one with :func:`connect` (or ``await AsyncClient.connect(...)``).

    The arguments are :class:`kinetic.Client`'s. Use it as an async context manager, or ``await close()``.
    """

    def __init__(self, path: str, *, client_name: str, encoding: Encoding, timeout: float | None,
                 reconnect: Reconnect | None) -> None:
        self.path = path
        self.timeout = timeout
        self._client_name = client_name
        self._encoding: Encoding = encoding
        self._reconnect = reconnect
        self._ids = CommandIDs()
        self._replies: dict[int, tuple[Request[Any], asyncio.Future[Any]]] = {}
        self._completions: dict[int, asyncio.Future[AnimationCompleted]] = {}
        self._subscription: dict[str, Any] | None = None
        # Frames, and with subscribe_motion the motion updates among them.
        self._frames: _Stream[Any] | None = None
        self._events: _Stream[Event] = _Stream()
        self._closed = False
        self._task: asyncio.Task[None] | None = None
        self._ended: KineticError | None = None
        self.hello: Hello | None = None

    @classmethod
    async def connect(cls, socket: str | None = None, *, client_name: str = "kinetic-python",
                      encoding: Encoding = "json", timeout: float | None = 5.0,
                      reconnect: Reconnect | None = None) -> AsyncClient:
        """Connects, says hello and checks the daemon's protocol version."""
        client = cls(socket_path(socket), client_name=client_name, encoding=encoding, timeout=timeout,
                     reconnect=reconnect)
        await client._open()
        client._task = asyncio.get_running_loop().create_task(client._read_loop())
        return client

    async def _open(self) -> None:
        try:
            self._reader, self._writer = await asyncio.open_unix_connection(self.path, limit=1 << 21)
        except OSError as error:
            raise connect_error(self.path, error) from None
        self._codec = Codec(self._encoding)
        self._backlog: list[Any] = []
        self._write(hello_message(self._client_name))
        try:
            async with asyncio.timeout(self.timeout):
                while self.hello is None or self._pending_hello:
                    data = await self._reader.read(1 << 16)
                    if not data:
                        raise ConnectionLost(f"kineticd at {self.path} closed the connection during the hello")
                    for message in self._codec.feed(data):
                        if not self._pending_hello:
                            self._backlog.append(message)  # sent right after the hello: the reader dispatches it
                        elif isinstance(message, Hello):
                            self.hello = check_hello(message)
                            self._pending_hello = False
                        elif isinstance(message, ServerError):
                            raise message
        except TimeoutError:
            self._writer.close()
            raise TimeoutError(f"kineticd at {self.path} did not answer the hello in {self.timeout} s") from None
        except BaseException:
            self._writer.close()
            raise
        if self._subscription is not None:
            self._write(self._subscription)

    _pending_hello = True

    def _write(self, message: Mapping[str, Any]) -> None:
        self._writer.write(self._codec.encode(message))

    async def _read_loop(self) -> None:
        while True:
            try:
                backlog, self._backlog = self._backlog, []
                for message in backlog:
                    self._dispatch(message)
                data = await self._reader.read(1 << 16)
                if not data:
                    raise ConnectionLost(f"kineticd at {self.path} closed the connection (it stopped, or dropped this client)")
                for message in self._codec.feed(data):
                    self._dispatch(message)
            except asyncio.CancelledError:
                raise
            except Exception as error:  # whatever ends the reader ends every stream and pending call with it
                lost = self._reader_error(error)
                self._fail_commands(lost)
                if self._closed or self._reconnect is None or (isinstance(lost, ServerError) and not lost.fatal):
                    self._end(lost)
                    return
                if not await self._reopen():
                    self._end(lost)
                    return

    def _reader_error(self, error: Exception) -> KineticError:
        """The package's error for what ended the reader: itself, or one that names it."""
        if isinstance(error, KineticError):
            return error
        if isinstance(error, ConnectionError):
            return ConnectionLost(f"kineticd at {self.path}: {error}")
        lost = ProtocolViolation(f"reading kineticd at {self.path} failed ({type(error).__name__}: {error}); the "
                                 "connection is closed: reconnect, and report this")
        lost.__cause__ = error
        return lost

    async def _reopen(self) -> bool:
        assert self._reconnect is not None
        for delay in self._reconnect.delays():
            await asyncio.sleep(delay)
            if self._closed:
                return False
            self._pending_hello = True
            try:
                await self._open()
                return True
            except (ConnectError, ConnectionLost, TimeoutError):
                continue
        return False

    def _dispatch(self, message: Any) -> None:
        if isinstance(message, (Frame, MotionUpdate)):
            if self._frames is not None:
                self._frames.put(message)
        elif isinstance(message, Reply):
            entry = self._replies.pop(message.id, None)
            if entry is not None and not entry[1].done():
                request, future = entry
                try:
                    future.set_result(request.read(message))
                except (KeyError, ValueError, TypeError) as error:
                    future.set_exception(error)
        elif isinstance(message, ServerError):
            if message.command_id is None:
                raise message
            entry = self._replies.pop(message.command_id, None)
            if message.command_id in self._completions:
                del self._completions[message.command_id]
            if entry is not None and not entry[1].done():
                entry[1].set_exception(message)
        elif isinstance(message, (Schema, Hello)):
            pass
        else:
            if isinstance(message, AnimationCompleted):
                waiting = self._completions.pop(message.id, None)
                if waiting is not None and not waiting.done():
                    waiting.set_result(message)
            self._events.put(message)

    def _fail_commands(self, error: KineticError) -> None:
        for _, future in self._replies.values():
            if not future.done():
                future.set_exception(error)
        for future in self._completions.values():
            if not future.done():
                future.set_exception(error)
        self._replies.clear()
        self._completions.clear()

    def _end(self, error: KineticError) -> None:
        self._ended = error
        if self._frames is not None:
            self._frames.put(error)
        self._events.put(error)

    async def close(self) -> None:
        """Closes the connection; channels and elements this client defined go with it."""
        self._closed = True
        self._writer.close()
        if self._task is not None:
            self._task.cancel()
            try:
                await self._task
            except asyncio.CancelledError:
                pass
        self._end(ConnectionLost("the client was closed"))
        self._fail_commands(ConnectionLost("the client was closed"))

    async def __aenter__(self) -> AsyncClient:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.close()

    @property
    def schema(self) -> Schema | None:
        """The layout of the subscription's frames, once the daemon has sent it."""
        return self._codec.schema

    # Commands

    async def call(self, request: Request[T]) -> T:
        """Sends ``request`` and returns its reply, read; a refusal raises its :class:`ServerError` subclass."""
        if self._ended is not None:
            raise self._ended
        ident, message = self._ids.message(request)
        future: asyncio.Future[T] = asyncio.get_running_loop().create_future()
        self._replies[ident] = (request, future)
        if request.completion is not None:
            self._completions[ident] = asyncio.get_running_loop().create_future()
        self._write(message)
        try:
            async with asyncio.timeout(self.timeout):
                return await future
        except TimeoutError:
            self._replies.pop(ident, None)
            self._completions.pop(ident, None)
            raise TimeoutError(f"kineticd at {self.path} did not answer {request.fields['op']} (id {ident}) in "
                               f"{self.timeout} s; is it stalled? kineticctl status tells") from None

    async def _with_completion(self, request: Request[Reply]) -> AsyncCompletion:
        reply = await self.call(request)
        future = self._completions.get(reply.id)
        if future is None:  # the command asked for none: an awaitable that never completes would hang
            future = asyncio.get_running_loop().create_future()
            future.set_exception(KineticError(f"{request.fields['op']} asked for no completion event; pass completion="))
        return AsyncCompletion(reply, future)

    # Frames and events

    def subscribe(self, patterns: Sequence[str] = ("*",), max_rate_hz: float | None = None, *,
                  rate_hz: float | None = None) -> AsyncIterator[Frame]:
        """Subscribes to ``patterns`` and returns the frames as an async iterator; the first frame holds every
        matching channel's current state. A new subscribe replaces the last (and ends its iterator's supply)."""
        return self._subscribe(subscribe_message(patterns, max_rate_hz, rate_hz=rate_hz))

    def _subscribe(self, message: dict[str, Any]) -> _Stream[Any]:
        """Sends ``message``; the previous subscription's stream ends and a new one begins."""
        if self._ended is not None:
            raise self._ended
        if self._frames is not None:
            self._frames.end()
        self._subscription = message
        self._frames = _Stream()
        self._write(message)
        return self._frames

    def subscribe_motion(self, patterns: Sequence[str] = ("*",), max_rate_hz: float | None = None, *,
                         rate_hz: float | None = None) -> AsyncIterator[Frame | MotionUpdate]:
        """Subscribes with motion descriptors (see :meth:`kinetic.Client.subscribe_motion`): the async iterator yields
        a :class:`kinetic.motion.MotionUpdate` whenever channels' motion changes, and frames only while a channel's
        motion has no closed form."""
        return self._subscribe(subscribe_message(patterns, max_rate_hz, motion=True, rate_hz=rate_hz))

    def events(self) -> AsyncIterator[Event]:
        """The events, as they come (completion events too)."""
        return self._events


async def connect(socket: str | None = None, *, client_name: str = "kinetic-python", encoding: Encoding = "json",
                  timeout: float | None = 5.0, reconnect: Reconnect | None = None) -> AsyncClient:
    """An :class:`AsyncClient`, connected."""
    return await AsyncClient.connect(socket, client_name=client_name, encoding=encoding, timeout=timeout,
                                     reconnect=reconnect)
