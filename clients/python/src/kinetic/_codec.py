# SPDX-License-Identifier: Apache-2.0
"""The wire format without I/O: encodes what a client sends and decodes what kineticd sends (docs/PROTOCOL.md).

Both the blocking and the asyncio client feed received bytes to a :class:`Codec` and write what it encodes, so the
two share one reading of the protocol.
"""

from __future__ import annotations

import json
import math
import struct
from collections.abc import Mapping
from typing import Any, Union

from . import _wire
from .errors import ProtocolViolation, ServerError, server_error
from .motion import Motion, MotionUpdate, binary_motion_update, motion_update
from .messages import ChannelState, Encoding, Event, Frame, Hello, Reply, Schema, SchemaChannel, event_from_json

# The version, the message types, the message limit and the fatal codes come from the protocol's description.
from ._protocol import FATAL_CODES as _FATAL, PROTOCOL_MAJOR as PROTOCOL_MAJOR, PROTOCOL_MINOR as PROTOCOL_MINOR
from ._protocol import MAXIMUM_MESSAGE_BYTES as MAXIMUM_MESSAGE, TYPE_CODES as TYPE_CODES

_TYPE_NAMES = {code: name for name, code in TYPE_CODES.items()}
_HEADER = struct.Struct("<IHH")
_FRAME_HEADER = struct.Struct("<IQQI")
_MAGIC = b"KNTC"

Incoming = Union[Hello, Schema, Frame, Reply, Event, ServerError, MotionUpdate]
"""A decoded message; a refused command or a connection-level error arrives as its :class:`ServerError`."""


def _json_bytes(message: Mapping[str, Any]) -> bytes:
    return json.dumps(message, separators=(",", ":"), ensure_ascii=False, allow_nan=False).encode()


class Codec:
    """One connection's encoder and decoder in ``encoding``; it keeps the latest schema to read binary frames."""

    def __init__(self, encoding: Encoding) -> None:
        if encoding not in ("json", "binary"):
            raise ValueError(f"encoding {encoding!r}: use 'json' or 'binary'")
        self.encoding: Encoding = encoding
        self.schema: Schema | None = None
        # Each channel's latest motion, which a binary spring update applies to.
        self._motions: dict[str, Motion] = {}
        self._buffer = bytearray()

    def encode(self, message: Mapping[str, Any]) -> bytes:
        """The bytes of ``message`` (a JSON object with its ``"type"``), framed for this connection."""
        kind = str(message["type"])
        if self.encoding == "json":
            data = _json_bytes(message) + b"\n"
        elif kind == "hello":
            rest = {key: value for key, value in message.items() if key not in ("type", "protocol")}
            payload = _MAGIC + struct.pack("<HH", int(message.get("protocol", PROTOCOL_MAJOR)), PROTOCOL_MINOR)
            data = self._framed(TYPE_CODES[kind], payload + _json_bytes(rest))
        else:
            data = self._framed(TYPE_CODES[kind], _json_bytes(message))
        if len(data) > MAXIMUM_MESSAGE:
            raise ValueError(f"a {kind} message of {len(data)} bytes is over the protocol's limit of {MAXIMUM_MESSAGE} bytes")
        return data

    @staticmethod
    def _framed(code: int, payload: bytes) -> bytes:
        return _HEADER.pack(len(payload) + 4, code, 0) + payload

    def feed(self, data: bytes) -> list[Incoming]:
        """The messages completed by ``data`` (possibly none); raises :class:`ProtocolViolation` on bytes no kineticd sends."""
        self._buffer += data
        messages: list[Incoming] = []
        if self.encoding == "json":
            while (end := self._buffer.find(b"\n")) >= 0:
                line = bytes(self._buffer[:end]).rstrip(b"\r")
                del self._buffer[: end + 1]
                if line.strip():
                    messages.append(self._decode_json(line))
            if len(self._buffer) > MAXIMUM_MESSAGE:
                raise ProtocolViolation(f"kineticd sent a line of over {MAXIMUM_MESSAGE} bytes without a newline; reconnect")
        else:
            while len(self._buffer) >= 8:
                length, code, _flags = _HEADER.unpack_from(self._buffer)
                if length < 4 or length > MAXIMUM_MESSAGE:
                    raise ProtocolViolation(f"kineticd sent a binary message length of {length} (4 to {MAXIMUM_MESSAGE} accepted); reconnect")
                if len(self._buffer) < 4 + length:
                    break
                payload = bytes(self._buffer[8 : 4 + length])
                del self._buffer[: 4 + length]
                message = self._decode_binary(code, payload)
                if message is not None:
                    messages.append(message)
        return messages

    def _decode_json(self, line: bytes) -> Incoming:
        fields = _wire.loads(line, "JSON line")
        if not isinstance(fields, dict):
            _wire.violation(f"a JSON line that is not an object: {_wire.shown(fields)}")
        kind = fields.get("type")
        if kind == "frame":
            return self._json_frame(fields)
        if not isinstance(kind, str):
            _wire.violation(f"a JSON message whose type is {_wire.shown(kind)} (a string)")
        return self._decode_object(kind, fields)

    def _json_frame(self, fields: dict[str, Any]) -> Frame:
        schema = self._schema_of(_wire.integer(fields, "generation", 0, _wire.U32, "frame"))
        seq = _wire.integer(fields, "seq", 0, _wire.U64, "frame")
        time_ns = _wire.integer(fields, "time_ns", 0, _wire.U64, "frame")
        values = fields.get("values")
        if not isinstance(values, dict) or len(values) != len(schema.channels):
            _wire.violation(f"a frame whose values are {_wire.shown(values)} (an object of the schema's "
                            f"{len(schema.channels)} channels)")
        channels = {}
        for channel in schema.channels:
            state = values.get(channel.name)
            if not isinstance(state, dict):
                _wire.violation(f"a frame without the schema's channel {channel.name}")
            what = f"a frame whose {channel.name} of {channel.dimension} components has"
            channels[channel.name] = ChannelState(
                tuple(_wire.numbers(state.get("value"), channel.dimension, f"{what} the value")),
                tuple(_wire.numbers(state.get("velocity"), channel.dimension, f"{what} the velocity")))
        return Frame(schema.generation, seq, time_ns, channels)

    def _schema_of(self, generation: int) -> Schema:
        """The schema in force, which a frame of ``generation`` must follow."""
        schema = self.schema
        if schema is None:
            _wire.violation(f"a frame (generation {generation}) before any schema")
        if schema.generation != generation:
            _wire.violation(f"a frame of generation {generation} while the schema in force is {schema.generation}")
        return schema

    def _decode_binary(self, code: int, payload: bytes) -> Incoming | None:
        kind = _TYPE_NAMES.get(code)
        if kind == "frame":
            return self._binary_frame(payload)
        if kind == "hello":
            if payload[:4] != _MAGIC or len(payload) < 8:
                raise ProtocolViolation("kineticd's binary hello lacks the KNTC magic; is this a kineticd socket?")
            major, minor = struct.unpack_from("<HH", payload, 4)
            fields = _wire.loads(payload[8:], "hello") if len(payload) > 8 else {}
            if not isinstance(fields, dict):
                _wire.violation(f"a hello that is not a JSON object: {_wire.shown(fields)}")
            fields.setdefault("protocol", major)
            fields.setdefault("minor", minor)
            return self._decode_object("hello", fields)
        if kind is None or kind in ("subscribe", "command"):
            return None  # a type of a later minor version (or one only clients send): skipped, as receivers do
        if kind == "motion":
            return binary_motion_update(payload, self.schema, self._motions)
        fields = _wire.loads(payload, kind)
        if not isinstance(fields, dict):
            _wire.violation(f"a {kind} that is not a JSON object: {_wire.shown(fields)}")
        return self._decode_object(kind, fields)

    def _binary_frame(self, payload: bytes) -> Frame:
        if len(payload) < _FRAME_HEADER.size:
            _wire.violation(f"a frame of {len(payload)} bytes, shorter than its header")
        generation, seq, time_ns, count = _FRAME_HEADER.unpack_from(payload)
        schema = self._schema_of(generation)
        if count != schema.count or len(payload) != _FRAME_HEADER.size + 8 * count:
            _wire.violation(f"a frame of {count} numbers in {len(payload)} bytes for a schema of {schema.count}")
        numbers = struct.unpack_from(f"<{count}d", payload, _FRAME_HEADER.size)
        if not all(map(math.isfinite, numbers)):
            _wire.violation("a frame carrying a number that is not finite")
        channels = {}
        for channel in schema.channels:
            start, dimension = channel.offset, channel.dimension
            channels[channel.name] = ChannelState(numbers[start : start + dimension],
                                                  numbers[start + dimension : start + 2 * dimension])
        return Frame(generation, seq, time_ns, channels)

    def _decode_object(self, kind: str, fields: dict[str, Any]) -> Incoming:
        if kind == "hello":
            return _hello(fields, self.encoding)
        if kind == "schema":
            self.schema = _schema(fields)
            return self.schema
        if kind == "reply":
            return _reply(fields)
        if kind == "event":
            return event_from_json(fields)
        if kind == "motion":
            return motion_update(fields)
        if kind == "error":
            code = _wire.string(fields, "code", "error")
            return server_error(code, _wire.string(fields, "message", "error"), fatal=code in _FATAL)
        raise ProtocolViolation(f"kineticd sent a message of type {kind!r}; is this package older than the daemon?")


def _hello(fields: dict[str, Any], encoding: Encoding) -> Hello:
    features = fields.get("features", [])
    if not isinstance(features, list) or not all(isinstance(f, str) for f in features):
        _wire.violation(f"a hello whose features are {_wire.shown(features)} (a list of strings)")
    tick_hz = _wire.finite(fields.get("tick_hz", _wire.MISSING), "a hello whose tick_hz is")
    if tick_hz <= 0:
        _wire.violation(f"a hello whose tick_hz is {tick_hz:g} (above 0)")
    return Hello(_wire.integer(fields, "protocol", 0, 0xFFFF, "hello"), _wire.integer(fields, "minor", 0, 0xFFFF, "hello"),
                 _wire.string(fields, "server", "hello"), tick_hz, tuple(features),
                 str(_wire.optional(fields, "encoding", str, "hello") or encoding))


def _schema(fields: dict[str, Any]) -> Schema:
    generation = _wire.integer(fields, "generation", 0, _wire.U32, "schema")
    count = _wire.integer(fields, "count", 0, _wire.MAXIMUM_FRAME_NUMBERS, "schema")
    listed = _wire.channel_list(fields, "schema")
    channels = []
    offset = 0
    for index, channel in enumerate(listed):
        if not isinstance(channel, dict):
            _wire.violation(f"a schema whose channel {index} is {_wire.shown(channel)} (an object)")
        what = f"schema channel {index}"
        name = _wire.name(channel, "name", what)
        dimension = _wire.integer(channel, "dimension", 1, _wire.MAXIMUM_COMPONENTS, what)
        _wire.integer(channel, "offset", offset, offset, what)
        channels.append(SchemaChannel(name, dimension, offset))
        offset += 2 * dimension
    if offset != count:
        _wire.violation(f"a schema whose count {count} is not its channels' {offset} numbers (2 per component)")
    return Schema(generation, tuple(channels), count)


def _reply(fields: dict[str, Any]) -> Reply | ServerError:
    ident = fields.get("id")
    if not (ident is None or isinstance(ident, str) or (isinstance(ident, int) and not isinstance(ident, bool))):
        _wire.violation(f"a reply whose id is {_wire.shown(ident)} (an integer or a string)")
    ok = fields.get("ok")
    if ok is True:
        rest = {key: value for key, value in fields.items() if key not in ("type", "id", "ok")}
        return Reply(ident, rest)
    error = fields.get("error")
    if ok is not False or not isinstance(error, dict):
        _wire.violation(f"a reply whose ok is {_wire.shown(fields.get('ok', _wire.MISSING))} (true, or false with its "
                        "error)")
    return server_error(_wire.string(error, "code", "refusal"), _wire.string(error, "message", "refusal"),
                        command_id=ident)
