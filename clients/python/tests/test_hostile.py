"""Both clients against a broken or hostile daemon: a stand-in on a socket of its own answers the hello, then sends
what the protocol forbids. Each case must end the connection with the package's own ProtocolViolation (never a raw
KeyError, RecursionError, ValueError or OverflowError), within a timeout that turns a hang into a failure; and a new
subscribe must end the previous iterator, sync and asyncio alike."""

from __future__ import annotations

import asyncio
import json
import re
import socket
import struct
import tempfile
import threading
from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any

import pytest

import kinetic
import kinetic.aio

TIMEOUT = 10.0
SCHEMA = {"type": "schema", "generation": 1, "channels": [{"name": "a", "dimension": 2, "offset": 0}], "count": 4}
UNDER = {"regime": "under", "omega0": 12.566, "omega": 12, "lambda": 3.7, "settling_duration": 1.2}


def motion(term: dict[str, Any]) -> dict[str, Any]:
    entry = {"channel": "a", "kind": "animation", "model": [1, 2], "interval": [1, 2], "begin": 0, "term": term}
    return {"type": "motion", "seq": 1, "time_ns": 5, "epoch_ns": 1, "channels": [entry]}


def momentum(travel: list[float]) -> dict[str, Any]:
    return {"kind": "momentum", "decay": 4, "travel": travel, "rest_distance": 0.5, "bounce": UNDER}


class StandIn:
    """Accepts one connection, answers the hello in the client's encoding, waits for the client's next message (its
    subscribe), then sends ``script``: a list of messages (a dict, or raw JSON text) or raw bytes to send as they are;
    it keeps the connection open until closed."""

    def __init__(self, script: Sequence[dict[str, Any] | str | bytes], hello: bytes | None = None) -> None:
        self.folder = tempfile.TemporaryDirectory()
        self.path = str(Path(self.folder.name) / "stand-in.sock")
        self.script = script
        self.hello = hello
        self.listener = socket.socket(socket.AF_UNIX)
        self.listener.bind(self.path)
        self.listener.listen(1)
        self.done = threading.Event()
        self.thread = threading.Thread(target=self._serve, daemon=True)
        self.thread.start()

    def _serve(self) -> None:
        connection, _ = self.listener.accept()
        with connection:
            first = connection.recv(4096)
            binary = first[8:12] == b"KNTC"
            hello = {"type": "hello", "protocol": 1, "minor": 0, "server": "stand-in 1", "tick_hz": 120,
                     "features": [], "encoding": "binary" if binary else "json"}
            if binary:
                connection.sendall(self.hello if self.hello is not None else
                                   frame(1, b"KNTC" + struct.pack("<HH", 1, 0) + json.dumps(hello).encode()))
            else:
                connection.sendall(json.dumps(hello).encode() + b"\n")
            if self.script:
                connection.recv(4096)
            for item in self.script:
                if item == DEEP:
                    item = "[" * 100_000 + "]" * 100_000
                if isinstance(item, bytes):
                    data = item
                else:
                    text = item if isinstance(item, str) else json.dumps(item)
                    found = re.search(r'"type":\s*"(\w+)"', text)
                    kind = found.group(1) if found else "event"
                    data = frame(kinetic._codec.TYPE_CODES[kind], text.encode()) if binary else text.encode() + b"\n"
                try:
                    connection.sendall(data)
                except OSError:
                    break
            self.done.wait(TIMEOUT)

    def close(self) -> None:
        self.done.set()
        self.listener.close()
        self.thread.join(TIMEOUT)
        self.folder.cleanup()


def frame(code: int, payload: bytes) -> bytes:
    return struct.pack("<IHH", len(payload) + 4, code, 0) + payload


def binary_frame(generation: int, numbers: list[float], count: int | None = None) -> bytes:
    payload = struct.pack("<IQQI", generation, 1, 2, len(numbers) if count is None else count)
    return frame(4, payload + struct.pack(f"<{len(numbers)}d", *numbers))


# Binary motion messages (docs/PROTOCOL.md "Motion descriptors in binary"), with the codes protocol/kinetic.json gives.
ENTRY = kinetic._protocol.MOTION_ENTRY_KINDS
TERM = kinetic._protocol.MOTION_TERM_KINDS
REGIME = {name: code for code, name in enumerate(kinetic._protocol.MOTION_REGIMES)}


def binary_motion(*entries: bytes, generation: int = 1, count: int | None = None) -> bytes:
    """A motion message of ``entries`` (each a position and what follows) for schema ``generation``."""
    header = struct.pack("<IQQQI", generation, 1, 5, 1, len(entries) if count is None else count)
    return frame(9, header + b"".join(entries))


def binary_animation(term: bytes, position: int = 0) -> bytes:
    """Channel ``position``'s animation from model (1, 2), interval (1, 2), begin 0, by ``term``."""
    return struct.pack("<IB5d", position, ENTRY["animation"], 1, 2, 1, 2, 0) + term


def binary_momentum(travel: float, decay: float = 4, regime: str = "under",
                    rates: tuple[float, float, float, float] = (12.566, 12, 3.7, 1.2)) -> bytes:
    return struct.pack("<B4dB4d", TERM["momentum"], decay, travel, 1, 0.5, REGIME[regime], *rates)


BINARY_SPRING = struct.pack("<B9d", TERM["spring"], 157.91367041742973, 25.132741228718345, 0, 0, 1, 2, 3, 4, 0.02)
BINARY_UPDATE = struct.pack("<IB11d", 0, ENTRY["spring_update"], *range(11))


# Stands for JSON nested 100 000 deep (a parameter that long would swamp pytest's reports).
DEEP = "DEEP"
# (name, encodings, script, words the message must contain)
CASES: list[tuple[str, tuple[str, ...], list[Any], str]] = [
    ("a frame without generation", ("json",),
     [SCHEMA, {"type": "frame", "seq": 1, "time_ns": 2, "values": {}}], "generation is nothing"),
    ("JSON nested 100 000 deep", ("json", "binary"), [DEEP], "nested deeper than 32"),
    ("JSON nested 33 deep", ("json", "binary"), ["[" * 33 + "]" * 33], "nested deeper than 32"),
    ("a curve with a 1e308 control point", ("json",),
     [SCHEMA, motion({"kind": "curve", "p1": [1e308, 0], "p2": [0.58, 1], "duration": 0.3})], "p1 is 1e+308"),
    ("a curve whose x leaves [0, 1]", ("json",),
     [SCHEMA, motion({"kind": "curve", "p1": [2, 0], "p2": [0.58, 1], "duration": 0.3})], "curve has p1"),
    ("a momentum travelling 1e308", ("json",), [SCHEMA, motion(momentum([1e308, 1]))], "within ±1e+50"),
    ("an over-damped bounce whose rates divide by zero", ("json",),
     [SCHEMA, motion({**momentum([10, 1]), "bounce": {"regime": "over", "omega0": 1, "omega": -1, "lambda": 0,
                                                      "settling_duration": 3}})], "not finite"),
    ("NaN in a motion", ("json",),
     [SCHEMA, json.dumps(motion(momentum([1, 1]))).replace('"decay": 4', '"decay": NaN')], "NaN"),
    ("a binary curve with a 1e308 control point", ("binary",),
     [SCHEMA, binary_motion(binary_animation(struct.pack("<B5d", TERM["curve"], 1e308, 0, 0.58, 1, 0.3)))],
     "p1 is 1e+308"),
    ("a binary momentum travelling 1e308", ("binary",), [SCHEMA, binary_motion(binary_animation(binary_momentum(1e308)))],
     "within ±1e+50"),
    ("a binary over-damped bounce whose rates divide by zero", ("binary",),
     [SCHEMA, binary_motion(binary_animation(binary_momentum(10, regime="over", rates=(1, -1, 0, 3))))], "not finite"),
    ("a binary NaN decay", ("binary",),
     [SCHEMA, binary_motion(binary_animation(binary_momentum(1, decay=float("nan"))))], "decay is NaN"),
    ("a spring update of a channel without a spring", ("binary",), [SCHEMA, binary_motion(BINARY_UPDATE)],
     "not a spring's"),
    ("a binary motion for a position beyond the schema", ("binary",),
     [SCHEMA, binary_motion(struct.pack("<IB2d", 1, ENTRY["rest"], 1, 2))], "position 1"),
    ("a binary motion for another generation", ("binary",),
     [SCHEMA, binary_motion(struct.pack("<IB2d", 0, ENTRY["rest"], 1, 2), generation=2)], "generation 2"),
    ("a byte after a binary motion's entries", ("binary",),
     [SCHEMA, binary_motion(struct.pack("<IB2dB", 0, ENTRY["rest"], 1, 2, 0))], "1 bytes after"),
    ("a binary motion shorter than its header", ("binary",), [SCHEMA, frame(9, bytes(20))], "32-byte header"),
    ("a binary sum counting more entries than it holds", ("binary",),
     [SCHEMA, binary_motion(binary_animation(struct.pack("<BId", TERM["sum"], 1000, 0)))], "motion sum of 1000"),
    ("a binary motion entry cut short", ("binary",),
     [SCHEMA, binary_motion(binary_animation(BINARY_SPRING[:-3]))], "ends inside an entry"),
    ("1e999 in a frame", ("json",),
     [SCHEMA, '{"type":"frame","generation":1,"seq":1,"time_ns":2,"values":{"a":{"value":[1e999,0],"velocity":[0,0]}}}'],
     "not finite"),
    ("three numbers for two components", ("json",),
     [SCHEMA, {"type": "frame", "generation": 1, "seq": 1, "time_ns": 2,
               "values": {"a": {"value": [1, 2, 3], "velocity": [0, 0]}}}], "of 2 components has the value"),
    ("an empty velocity", ("json",),
     [SCHEMA, {"type": "frame", "generation": 1, "seq": 1, "time_ns": 2,
               "values": {"a": {"value": [1, 2], "velocity": []}}}], "has the velocity"),
    ("a frame before any schema", ("json",),
     [{"type": "frame", "generation": 1, "seq": 1, "time_ns": 2, "values": {}}], "before any schema"),
    ("a binary frame before any schema", ("binary",), [binary_frame(1, [1, 2, 3, 4])], "before any schema"),
    ("a binary frame whose count is not the schema's", ("binary",), [SCHEMA, binary_frame(1, [1, 2, 3], 3)],
     "for a schema of 4"),
    ("a binary frame carrying NaN", ("binary",), [SCHEMA, binary_frame(1, [1, float("nan"), 3, 4])], "not finite"),
    ("a schema whose name is null", ("json", "binary"),
     [{**SCHEMA, "channels": [{"name": None, "dimension": 2, "offset": 0}]}], "name is null"),
    ("a schema whose name is a number", ("json", "binary"),
     [{**SCHEMA, "channels": [{"name": 12345, "dimension": 2, "offset": 0}]}], "name is 12345"),
    ("trailing garbage", ("json", "binary"), ['{"type":"event","event":"x"} }{'], "not JSON"),
    ("a reply without ok", ("json", "binary"), [{"type": "reply", "id": 99}], "ok is nothing"),
    ("an event named by a number", ("json", "binary"), [{"type": "event", "event": 7}], "event is 7"),
]
PARAMETERS = [(name, encoding, script, words) for name, encodings, script, words in CASES for encoding in encodings]
IDS = [f"{name} ({encoding})" for name, encoding, _, _ in PARAMETERS]


@pytest.fixture
def stand_in() -> Iterator[list[StandIn]]:
    started: list[StandIn] = []
    yield started
    for server in started:
        server.close()


def run_with_timeout(function: Any) -> Any:
    """``function()`` in a thread, failing the test when it has not returned within the timeout (a hang)."""
    outcome: list[Any] = []

    def target() -> None:
        try:
            outcome.append(("value", function()))
        except BaseException as error:  # noqa: BLE001 — handed to the test
            outcome.append(("error", error))

    thread = threading.Thread(target=target, daemon=True)
    thread.start()
    thread.join(TIMEOUT)
    assert outcome, f"hung for {TIMEOUT} s"
    kind, value = outcome[0]
    if kind == "error":
        raise value
    return value


@pytest.mark.parametrize(("name", "encoding", "script", "words"), PARAMETERS, ids=IDS)
def test_blocking_client_refuses(stand_in: list[StandIn], name: str, encoding: str, script: list[Any],
                                 words: str) -> None:
    server = StandIn(script)
    stand_in.append(server)

    def read() -> None:
        with kinetic.Client(server.path, encoding=encoding, timeout=TIMEOUT) as client:  # type: ignore[arg-type]
            for _ in client.subscribe_motion(["*"]):
                pass

    with pytest.raises(kinetic.ProtocolViolation, match=re.escape(words)) as caught:
        run_with_timeout(read)
    assert "reconnect" in str(caught.value) and "\n" not in str(caught.value)


@pytest.mark.parametrize(("name", "encoding", "script", "words"), PARAMETERS, ids=IDS)
def test_asyncio_client_refuses(stand_in: list[StandIn], name: str, encoding: str, script: list[Any],
                                words: str) -> None:
    server = StandIn(script)
    stand_in.append(server)

    async def main() -> None:
        async with await kinetic.aio.connect(server.path, encoding=encoding, timeout=TIMEOUT) as client:  # type: ignore[arg-type]
            updates = client.subscribe_motion(["*"])
            pending = asyncio.ensure_future(client.status())
            with pytest.raises(kinetic.ProtocolViolation, match=re.escape(words)):
                async for _ in updates:
                    pass
            with pytest.raises(kinetic.ProtocolViolation, match=re.escape(words)):
                await pending  # a pending call ends with the same error
            with pytest.raises(kinetic.ProtocolViolation, match=re.escape(words)):
                await anext(client.events())

    asyncio.run(asyncio.wait_for(main(), TIMEOUT))


@pytest.mark.parametrize("hello", [b"KNTC\x01\x00\x00\x00{broken", b"KNTC\x01\x00\x00\x00[1]",
                                   b'KNTC\x01\x00\x00\x00{"protocol":1,"server":"x","tick_hz":0}'])
def test_a_binary_hello_that_is_not_a_kineticds(stand_in: list[StandIn], hello: bytes) -> None:
    server = StandIn([], hello=frame(1, hello))
    stand_in.append(server)
    with pytest.raises(kinetic.ProtocolViolation):
        run_with_timeout(lambda: kinetic.Client(server.path, encoding="binary", timeout=TIMEOUT))
    server2 = StandIn([], hello=frame(1, hello))
    stand_in.append(server2)
    with pytest.raises(kinetic.ProtocolViolation):
        asyncio.run(asyncio.wait_for(kinetic.aio.connect(server2.path, encoding="binary", timeout=TIMEOUT), TIMEOUT))


def test_a_new_subscribe_ends_the_previous_iterator(stand_in: list[StandIn]) -> None:
    server = StandIn([])
    stand_in.append(server)

    async def main() -> None:
        async with await kinetic.aio.connect(server.path, timeout=TIMEOUT) as client:
            first = client.subscribe(["a"])
            waiting = asyncio.ensure_future(anext(first))
            await asyncio.sleep(0)
            client.subscribe(["b"])
            with pytest.raises(StopAsyncIteration):
                await asyncio.wait_for(waiting, TIMEOUT)

    asyncio.run(asyncio.wait_for(main(), TIMEOUT))

    server = StandIn([])
    stand_in.append(server)
    with kinetic.Client(server.path, timeout=TIMEOUT) as client:
        first = client.subscribe(["a"])
        client.subscribe_motion(["b"])
        assert run_with_timeout(lambda: list(first)) == []


def test_valid_binary_motion_all_arrives(stand_in: list[StandIn]) -> None:
    """Binary motion messages, valid, reach the program: a momentum, a rigid bounce (whose ω₀ is +∞, unused), and a
    spring then its update in one message, which takes the spring's begin, stiffness and damping."""
    good: list[dict[str, Any] | str | bytes] = [
            SCHEMA, binary_motion(binary_animation(binary_momentum(10))),
            binary_motion(binary_animation(binary_momentum(10, regime="rigid", rates=(float("inf"), 0, 0, 0)))),
            binary_motion(binary_animation(BINARY_SPRING), BINARY_UPDATE)]
    server = StandIn(good)
    stand_in.append(server)
    with kinetic.Client(server.path, timeout=TIMEOUT, encoding="binary") as client:
        client.subscribe_motion(["*"])
        received = run_with_timeout(lambda: [client.receive(TIMEOUT) for _ in range(4)])
    assert [type(m).__name__ for m in received] == ["Schema", "MotionUpdate", "MotionUpdate", "MotionUpdate"]
    updated = received[3].motions["a"]
    assert updated.kind == "animation" and updated.model == [0.0, 1.0] and updated.interval == [2.0, 3.0]
    assert updated.begin == 0 and updated._term.k == 157.91367041742973 and updated._term.x0 == [4.0, 5.0]
    value, velocity = updated.evaluate(5)
    assert value == (0.0 + 4.0 - 2.0, 1.0 + 5.0 - 3.0) and velocity == (6.0, 7.0)


def test_valid_messages_all_arrive(stand_in: list[StandIn]) -> None:
    """The checks refuse only what is wrong: the same kinds of messages, valid, reach the program."""
    good = [SCHEMA, motion(momentum([10, 1])), motion({"kind": "curve", "p1": [0.42, 0], "p2": [0.58, 1], "duration": 0.3}),
            {"type": "event", "event": "gesture.began", "channel": "a"},
            {"type": "frame", "generation": 1, "seq": 1, "time_ns": 2,
             "values": {"a": {"value": [1, 2], "velocity": [0, 0]}}}]
    server = StandIn(good)
    stand_in.append(server)
    with kinetic.Client(server.path, timeout=TIMEOUT) as client:
        client.subscribe_motion(["*"])
        received = run_with_timeout(lambda: [client.receive(TIMEOUT) for _ in range(5)])
    assert [type(m).__name__ for m in received] == ["Schema", "MotionUpdate", "MotionUpdate", "GestureBegan", "Frame"]
    value, velocity = received[1].motions["a"].evaluate(5 + 100_000_000)
    assert all(map(lambda x: abs(x) < 1e3, value)) and velocity is not None
