"""The wire format without I/O: encodes what a client sends and decodes what kineticd sends (docs/PROTOCOL.md).

Both the blocking and the asyncio client feed received bytes to a :class:`Codec` and write what it encodes, so the
two share one reading of the protocol.
"""

from __future__ import annotations

import json
import struct
from collections.abc import Mapping
from typing import Any, Union

from .errors import ProtocolViolation, ServerError, server_error
from .motion import MotionUpdate, motion_update
from .messages import ChannelState, Encoding, Event, Frame, Hello, Reply, Schema, SchemaChannel, event_from_json

PROTOCOL_MAJOR = 1
"""The protocol major version this package speaks; a daemon of another major refuses it."""
PROTOCOL_MINOR = 0
"""The minor version this package knows; fields of later minors are ignored (or kept in ``extra`` fields)."""
MAXIMUM_MESSAGE = 1 << 20
"""No message in either direction exceeds 1 MiB."""

TYPE_CODES = {"hello": 1, "subscribe": 2, "schema": 3, "frame": 4, "command": 5, "reply": 6, "event": 7, "error": 8,
              "motion": 9}
_TYPE_NAMES = {code: name for name, code in TYPE_CODES.items()}
_HEADER = struct.Struct("<IHH")
_FRAME_HEADER = struct.Struct("<IQQI")
_MAGIC = b"KNTC"
_FATAL = frozenset({"version_unsupported", "too_large", "too_slow", "too_many_clients"})

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
                messages.append(self._decode_binary(code, payload))
        return messages

    def _decode_json(self, line: bytes) -> Incoming:
        try:
            fields = json.loads(line)
        except ValueError as error:
            raise ProtocolViolation(f"kineticd sent a line that is not JSON ({error}); reconnect") from None
        if not isinstance(fields, dict):
            raise ProtocolViolation("kineticd sent a JSON line that is not an object; reconnect")
        kind = fields.get("type")
        if kind == "frame":
            values = fields.get("values", {})
            return Frame(int(fields["generation"]), int(fields["seq"]), int(fields["time_ns"]),
                         {name: ChannelState(tuple(map(float, state["value"])), tuple(map(float, state["velocity"])))
                          for name, state in values.items()})
        return self._decode_object(str(kind), fields)

    def _decode_binary(self, code: int, payload: bytes) -> Incoming:
        kind = _TYPE_NAMES.get(code)
        if kind == "frame":
            return self._binary_frame(payload)
        if kind == "hello":
            if payload[:4] != _MAGIC or len(payload) < 8:
                raise ProtocolViolation("kineticd's binary hello lacks the KNTC magic; is this a kineticd socket?")
            major, minor = struct.unpack_from("<HH", payload, 4)
            fields = json.loads(payload[8:]) if len(payload) > 8 else {}
            fields.setdefault("protocol", major)
            fields.setdefault("minor", minor)
            return self._decode_object("hello", fields)
        if kind is None:
            raise ProtocolViolation(f"kineticd sent a message of unknown type {code}; is this package older than the daemon?")
        try:
            fields = json.loads(payload)
        except ValueError as error:
            raise ProtocolViolation(f"kineticd sent a {kind} that is not JSON ({error}); reconnect") from None
        return self._decode_object(kind, fields)

    def _binary_frame(self, payload: bytes) -> Frame:
        if len(payload) < _FRAME_HEADER.size:
            raise ProtocolViolation(f"kineticd sent a frame of {len(payload)} bytes, shorter than its header")
        generation, seq, time_ns, count = _FRAME_HEADER.unpack_from(payload)
        if len(payload) != _FRAME_HEADER.size + 8 * count:
            raise ProtocolViolation(f"kineticd sent a frame of {count} numbers in {len(payload)} bytes")
        schema = self.schema
        if schema is None or schema.generation != generation:
            raise ProtocolViolation(f"kineticd sent a frame of schema generation {generation} before that schema")
        numbers = struct.unpack_from(f"<{count}d", payload, _FRAME_HEADER.size)
        channels = {}
        for channel in schema.channels:
            start, dimension = channel.offset, channel.dimension
            channels[channel.name] = ChannelState(numbers[start : start + dimension],
                                                  numbers[start + dimension : start + 2 * dimension])
        return Frame(generation, seq, time_ns, channels)

    def _decode_object(self, kind: str, fields: dict[str, Any]) -> Incoming:
        if kind == "hello":
            return Hello(int(fields.get("protocol", 0)), int(fields.get("minor", 0)), str(fields.get("server", "")),
                         float(fields.get("tick_hz", 0)), tuple(fields.get("features", ())),
                         str(fields.get("encoding", self.encoding)))
        if kind == "schema":
            schema = Schema(int(fields["generation"]),
                            tuple(SchemaChannel(str(c["name"]), int(c["dimension"]), int(c["offset"]))
                                  for c in fields["channels"]),
                            int(fields["count"]))
            self.schema = schema
            return schema
        if kind == "reply":
            if fields.get("ok") is True:
                rest = {key: value for key, value in fields.items() if key not in ("type", "id", "ok")}
                return Reply(fields.get("id"), rest)
            error = fields.get("error") or {}
            return server_error(str(error.get("code", "")), str(error.get("message", "")), command_id=fields.get("id"))
        if kind == "event":
            return event_from_json(fields)
        if kind == "motion":
            return motion_update(fields)
        if kind == "error":
            code = str(fields.get("code", ""))
            return server_error(code, str(fields.get("message", "")), fatal=code in _FATAL)
        raise ProtocolViolation(f"kineticd sent a message of type {kind!r}; is this package older than the daemon?")
