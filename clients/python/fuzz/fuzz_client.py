"""Atheris target pythonClient (Tests/Fuzz/README.md): the bytes a daemon sends, read by the kinetic package's codec —
JSON Lines when the input starts with "J", the binary framing otherwise — in pieces, as a socket delivers them, and
the first eight motion descriptors decoded evaluated at times from their start to a second later, the first two also
an hour later and back. What breaks it: any exception but the package's own ProtocolViolation, a frame that does not
follow its schema, or a motion value that is not finite.

One evaluation may run a spring's sub-steps up to the evaluator's bound (a minute of them, some 30 ms in Python, as
documented): every descriptor is read, but an input of a thousand descriptors, each evaluated just under a minute
after its clock, would make the harness itself take many seconds."""

from __future__ import annotations

import math
import sys

import atheris

with atheris.instrument_imports():
    from kinetic._codec import Codec
    from kinetic.errors import ProtocolViolation
    from kinetic.messages import Frame, Schema
    from kinetic.motion import MotionUpdate


EVALUATED = 8
"""Descriptors an input evaluated, the first ``LONG_EVALUATIONS`` of them also an hour after they were described."""
LONG_EVALUATIONS = 2


def check(message: object, schema: Schema | None, budget: list[int]) -> None:
    """``message`` keeps the protocol's rules; ``schema`` is the last schema before it; ``budget`` counts the
    descriptors evaluated so far."""
    if isinstance(message, Frame):
        assert schema is not None and message.generation == schema.generation
        for channel in schema.channels:
            state = message[channel.name]
            assert len(state.value) == len(state.velocity) == channel.dimension
            assert all(map(math.isfinite, state.value + state.velocity))
    elif isinstance(message, MotionUpdate):
        for motion in message.motions.values():
            if motion.kind == "frames" or budget[0] >= EVALUATED:
                continue
            offsets = [0, 16_666_667, 1_000_000_000]
            if budget[0] < LONG_EVALUATIONS:
                offsets += [3_600_000_000_000, 500_000]
            budget[0] += 1
            for offset in offsets:
                value, velocity = motion.evaluate(message.time_ns + offset)
                assert all(map(math.isfinite, value)) and (velocity is None or not any(map(math.isinf, velocity)))


def test_one_input(data: bytes) -> None:
    codec = Codec("json" if data[:1] == b"J" else "binary")
    schema = None
    budget = [0]
    try:
        for start in range(1, len(data), 4096):
            for message in codec.feed(data[start : start + 4096]):
                schema = message if isinstance(message, Schema) else schema
                check(message, schema, budget)
    except ProtocolViolation:
        pass


if __name__ == "__main__":
    atheris.Setup(sys.argv, test_one_input)
    atheris.Fuzz()
