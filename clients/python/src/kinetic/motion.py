# SPDX-License-Identifier: Apache-2.0
"""Motion descriptors (docs/PROTOCOL.md "Motion descriptors"): a channel's animation as kineticd describes it, and
its value at any later time, computed step for step as the daemon's engine computes it.

Subscribe with ``motion=True`` and :meth:`kinetic.Client.receive` returns a :class:`MotionUpdate` whenever channels'
motion changes; keep each channel's latest :class:`Motion` and call :meth:`Motion.evaluate` at the time you will show
the value (the next vblank), instead of taking the last frame. A channel whose motion has no closed form is described
with ``kind == "frames"`` and its values keep coming in frames.

Every formula mirrors the engine's (FluidSpringStepper, BezierAnimation and UnitCurve.CubicSolver, Spring's closed
form, DefaultCombiningAnimation, MomentumAnimation) in the same order of operations: Python's floats are IEEE
doubles and its ``math`` functions are the C library's, so the values agree with the daemon's frames to rounding.
"""

from __future__ import annotations

import math
import struct
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from . import _wire
from ._protocol import MOTION_ENTRY_KINDS, MOTION_REGIMES, MOTION_TERM_KINDS
from .errors import ProtocolViolation

_STEP = 1.0 / 300
_HALF_STEP = 1.0 / 600
_REST_THRESHOLD_SQUARED = 0.0036
_TARGET_TOLERANCE = 0.01
# One evaluation runs at most a minute of sub-steps: a spring still moving then (or a description with absurd times,
# whose clock addition cannot move) is taken as settled on its target. There is no catch-up rule: the daemon evaluates
# a moving spring at every tick, so the rule never applies to what it describes (after a stall of its own it describes
# its moving channels again), and a client may evaluate a description seconds apart.
_MAX_SUB_STEPS = 18000
_CURVE_PRECISION = 1.0 / 1048576.0


def _numbers(fields: Mapping[str, Any], key: str, dimension: int | None = None) -> list[float]:
    return _wire.numbers(fields.get(key), dimension, f"a motion descriptor whose {key} is",
                         _wire.MAXIMUM_MOTION_MAGNITUDE)


def _number(fields: Mapping[str, Any], key: str) -> float:
    return _wire.finite(fields.get(key, _wire.MISSING), f"a motion descriptor whose {key} is",
                        _wire.MAXIMUM_MOTION_MAGNITUDE)


def _require(condition: bool, what: str) -> None:
    if not condition:
        _wire.violation(f"a motion descriptor {what}")


def _round_half_away(x: float) -> float:
    """Swift's ``rounded()``: to the nearest integer, halves away from zero (exact for every double)."""
    a = abs(x)
    f = math.floor(a)
    r = f + 1.0 if a - f >= 0.5 else f
    return math.copysign(r, x)


class _Term:
    """One animation of a descriptor with its state; ``evaluate`` returns (offset, velocity or None) or None once
    finished."""

    def restart(self) -> None:
        """Back to the state as described."""

    def evaluate(self, delta: Sequence[float], t: float) -> tuple[list[float], list[float] | None] | None:
        raise NotImplementedError


class _Spring(_Term):
    def __init__(self, fields: Mapping[str, Any], dimension: int) -> None:
        self.k = _number(fields, "stiffness")
        self.c = _number(fields, "damping")
        self.x0 = _numbers(fields, "offset", dimension)
        self.v0 = _numbers(fields, "velocity", dimension)
        self.a0 = _numbers(fields, "force", dimension)
        self.clock0 = _number(fields, "clock")
        self.restart()

    def restart(self) -> None:
        self.x, self.v, self.a, self.clock = list(self.x0), list(self.v0), list(self.a0), self.clock0
        self.finished = False

    def evaluate(self, delta: Sequence[float], t: float) -> tuple[list[float], list[float] | None] | None:
        if self.finished:
            return None
        x, v, a, k, c = self.x, self.v, self.a, self.k, self.c
        if t - self.clock > (_MAX_SUB_STEPS + 2) * _STEP:
            # More than the bound's sub-steps away: the loop would run them all and stop at the bound.
            self.finished = True
            return None
        steps = 0
        while self.clock < t:
            steps += 1
            if steps > _MAX_SUB_STEPS:
                self.finished = True
                return None
            self.clock += _STEP
            for i in range(len(x)):
                half = v[i] + a[i] * _HALF_STEP
                x[i] += half * _STEP
                a[i] = (delta[i] - x[i]) * k - half * c
                v[i] = half + a[i] * _HALF_STEP
        velocity_squared = sum(q * q for q in v)
        force_squared = sum(q * q for q in a)
        tolerance_squared = 0.0
        remaining_squared = 0.0
        for i in range(len(x)):
            tolerance = delta[i] * _TARGET_TOLERANCE
            remaining = delta[i] - x[i]
            tolerance_squared += tolerance * tolerance
            remaining_squared += remaining * remaining
        finite = math.isfinite(velocity_squared) and math.isfinite(force_squared) and math.isfinite(sum(q * q for q in x))
        if not finite or (max(velocity_squared, force_squared) <= _REST_THRESHOLD_SQUARED
                          and not (0 < tolerance_squared < remaining_squared)):
            self.finished = True
            return None
        return list(x), list(v)


class _Curve(_Term):
    def __init__(self, fields: Mapping[str, Any]) -> None:
        p1, p2 = _numbers(fields, "p1", 2), _numbers(fields, "p2", 2)
        self.duration = _number(fields, "duration")
        # A timing curve's x runs from 0 to 1 (UnitCurve), its duration is positive.
        _require(0 <= p1[0] <= 1 and 0 <= p2[0] <= 1 and self.duration > 0,
                 f"whose curve has p1 {p1}, p2 {p2}, duration {self.duration:g} (x within [0, 1], a duration above 0)")
        self.cx = 3 * p1[0]
        self.bx = 3 * (p2[0] - p1[0]) - self.cx
        self.ax = 1 - self.cx - self.bx
        self.cy = 3 * p1[1]
        self.by = 3 * (p2[1] - p1[1]) - self.cy
        self.ay = 1 - self.cy - self.by

    def _x(self, t: float) -> float:
        return ((self.ax * t + self.bx) * t + self.cx) * t

    def _solve(self, x: float) -> float:
        t = x
        for _ in range(8):
            error = self._x(t) - x
            if abs(error) < _CURVE_PRECISION:
                return t
            slope = (3 * self.ax * t + 2 * self.bx) * t + self.cx
            if abs(slope) < _CURVE_PRECISION:
                break
            t -= error / slope
        lower, upper, t = 0.0, 1.0, x
        if t < lower:
            return lower
        if t > upper:
            return upper
        for _ in range(64):
            if not lower < upper:
                break
            sample = self._x(t)
            if abs(sample - x) < _CURVE_PRECISION:
                return t
            if x > sample:
                lower = t
            else:
                upper = t
            t = (upper - lower) / 2 + lower
        return t

    def evaluate(self, delta: Sequence[float], t: float) -> tuple[list[float], list[float] | None] | None:
        if not self.duration > 0 or not t <= self.duration or not math.isfinite(sum(d * d for d in delta)):
            return None
        s = self._solve(min(max(t / self.duration, 0.0), 1.0))
        fraction = _round_half_away((((self.ay * s + self.by) * s + self.cy) * s) * 1048576.0) / 1048576.0
        if not math.isfinite(fraction):
            return None
        return [d * fraction for d in delta], None


class _Momentum(_Term):
    def __init__(self, fields: Mapping[str, Any], dimension: int) -> None:
        # The signs Spring's closed form has — decay and λ at or above 0, ω above 0 under-damped and below over-damped —
        # so that every exponential it takes decays; the rates a regime does not use may be null (a rigid ω₀ is +∞).
        self.decay = _number(fields, "decay")
        self.travel = _numbers(fields, "travel", dimension)
        self.rest = _number(fields, "rest_distance")
        _require(self.decay > 0 and self.rest >= 0, f"whose momentum decays at {self.decay:g} to {self.rest:g} (a decay "
                 "above 0, a rest distance from 0)")
        bounce = fields.get("bounce")
        if not isinstance(bounce, dict) or bounce.get("regime") not in MOTION_REGIMES:
            _wire.violation(f"a momentum descriptor whose bounce is {_wire.shown(bounce)} (a spring's regime and rates)")
        self.regime = str(bounce["regime"])
        self.omega0 = self.omega = self.lamb = 0.0
        if self.regime == "critical":
            self.lamb = _number(bounce, "lambda")
        elif self.regime in ("under", "over"):
            self.omega0, self.omega, self.lamb = (_number(bounce, "omega0"), _number(bounce, "omega"),
                                                  _number(bounce, "lambda"))
            _require(self.omega0 >= 0 and (self.omega > 0 if self.regime == "under" else self.omega < 0),
                     f"whose {self.regime}-damped bounce has ω₀ {self.omega0:g}, ω {self.omega:g}")
        _require(self.lamb >= 0, f"whose bounce has λ {self.lamb:g} (from 0)")
        settling = bounce.get("settling_duration")
        self.settling = math.inf if settling is None else _number(bounce, "settling_duration")
        _require(self.settling >= 0, f"whose bounce settles at {self.settling:g} s (from 0)")

    def _coefficients(self, t: float) -> tuple[float, float, float, float]:
        w0, lam, w = self.omega0, self.lamb, self.omega
        if self.regime == "free":
            return 0.0, t, 0.0, 1.0
        if self.regime == "rigid":
            return (1.0, 0.0, 0.0, 0.0) if t > 0 else (0.0, 0.0, 0.0, 1.0)
        if self.regime == "frozen":
            return (0.0, 0.0, 0.0, 0.0) if t > 0 else (0.0, 0.0, 0.0, 1.0)
        if self.regime == "under":
            e = math.exp(-lam * t)
            sinc = math.sin(w * t) / w
            co = math.cos(w * t)
            b = e * sinc
            return 1 - e * (lam * sinc + co), b, w0 * (w0 * b), e * (co - lam * sinc)
        if self.regime == "critical":
            e = math.exp(-lam * t)
            return 1 - e * (1 + lam * t), e * t, e * lam * lam * t, e * (1 - lam * t)
        mu = -w
        if mu * abs(t) < 1:
            e = math.exp(-lam * t)
            sinhc = math.sinh(mu * t) / mu
            ch = math.cosh(mu * t)
            b = e * sinhc
            return 1 - e * (lam * sinhc + ch), b, w0 * (w0 * b), e * (ch - lam * sinhc)
        fast = w - lam
        if not math.isfinite(fast):
            return (0.0, 0.0, 0.0, 0.0) if t > 0 else (0.0, 0.0, 0.0, 1.0)
        slow = w0 * (w0 / fast)
        e1, e2, gap = math.exp(slow * t), math.exp(fast * t), slow - fast
        b = (e1 - e2) / gap
        return 1 - (slow * e2 - fast * e1) / gap, b, w0 * (w0 * b), (slow * e1 - fast * e2) / gap

    @staticmethod
    def _combine(u: float, p: float, w: float, q: float) -> float:
        result = 0.0
        if p != 0:
            result += u * p
        if q != 0:
            result += w * q
        return result

    def _component(self, c: float, d: float, t: float) -> tuple[float, float, bool]:
        k = self.decay
        same_way = c != 0 and d != 0 and (c > 0) == (d > 0)
        if c == 0 and d == 0:
            return 0.0, 0.0, True
        if same_way and (abs(c) >= abs(d) * (1 - 1e-12) or k <= 0):
            decay = math.exp(-k * t)
            return c * (1 - decay), k * c * decay, abs(c) * decay <= self.rest
        start, base, speed = 0.0, 0.0, k * d
        if same_way:
            start = -math.log(1 - c / d) / k
            if t < start:
                decay = math.exp(-k * t)
                return d * (1 - decay), k * d * decay, False
            base = c
            speed = k * (d - c)
        s = t - start
        ca, cb, cc, cd = self._coefficients(s)
        return (base + self._combine(c - base, ca, speed, cb), self._combine(c - base, cc, speed, cd),
                s >= self.settling)

    def evaluate(self, delta: Sequence[float], t: float) -> tuple[list[float], list[float] | None] | None:
        parts = [self._component(delta[i], self.travel[i], t) for i in range(len(delta))]
        if all(done for _, _, done in parts):
            return None
        return [value for value, _, _ in parts], [speed for _, speed, _ in parts]


class _Sum(_Term):
    def __init__(self, fields: Mapping[str, Any], dimension: int, depth: int) -> None:
        entries = fields.get("entries")
        if not isinstance(entries, list) or not entries:
            _wire.violation("a sum descriptor without entries")
        self.entries: list[tuple[float, list[float], _Term | None]] = []
        for entry in entries:
            if not isinstance(entry, dict):
                _wire.violation(f"a sum descriptor whose entry is {_wire.shown(entry)} (an object)")
            inner = entry.get("term")
            term = None if inner is None else _term(inner, dimension, depth + 1)
            self.entries.append((_number(entry, "start"), _numbers(entry, "target", dimension), term))
        self.restart()

    def restart(self) -> None:
        self.finished = [term is None for _, _, term in self.entries]
        for _, _, term in self.entries:
            if term is not None:
                term.restart()

    def evaluate(self, delta: Sequence[float], t: float) -> tuple[list[float], list[float] | None] | None:
        result = [0.0] * len(delta)
        for index, (start, target, term) in enumerate(self.entries):
            if self.finished[index] or term is None:
                result = list(target)
                continue
            remaining = [target[i] - result[i] for i in range(len(result))]
            evaluated = term.evaluate(remaining, t - start)
            if evaluated is not None:
                result = [result[i] + evaluated[0][i] for i in range(len(result))]
            else:
                result = [result[i] + remaining[i] for i in range(len(result))]
                self.finished[index] = True
        if self.finished[-1]:
            return None
        return result, None


def _term(fields: Any, dimension: int, depth: int = 0) -> _Term:
    if not isinstance(fields, dict) or depth > 16:
        _wire.violation(f"a motion term {_wire.shown(fields)} (an object, nested at most 16 sums deep)")
    kind = fields.get("kind")
    if kind == "spring":
        return _Spring(fields, dimension)
    if kind == "curve":
        return _Curve(fields)
    if kind == "momentum":
        return _Momentum(fields, dimension)
    if kind == "sum":
        return _Sum(fields, dimension, depth)
    raise ProtocolViolation(f"a motion term of unknown kind {kind!r}; is this package older than the daemon?")


def _finite_everywhere(term: _Term, delta: Sequence[float]) -> bool:
    """Whether the closed forms in ``term`` evaluate to finite numbers towards ``delta`` (a sum's entries towards their
    targets) from their start to 2⁴⁰ s after it, in steps of a factor of 4, and at a momentum's settling time. The
    bounds and signs checked when it was read make it so; this is the proof for the description at hand. Springs need
    none: their stepping stops, settled, once anything overflows."""
    if isinstance(term, _Sum):
        return all(inner is None or _finite_everywhere(inner, target) for _, target, inner in term.entries)
    if not isinstance(term, _Momentum):
        return True
    times = [2.0 ** e for e in range(-20, 41, 2)] + ([term.settling] if math.isfinite(term.settling) else [])
    try:
        for t in times:
            for i in range(len(delta)):
                value, velocity, _ = term._component(delta[i], term.travel[i], t)
                if not (math.isfinite(value) and math.isfinite(velocity)):
                    return False
    except (ArithmeticError, ValueError):
        return False
    return True


class Motion:
    """One channel's motion from ``time_ns`` on: ``kind`` is ``"rest"``, ``"animation"`` or ``"frames"`` (no closed
    form: ``reason`` says why, and the values come in frames)."""

    def __init__(self, fields: Mapping[str, Any], epoch_ns: int, time_ns: int) -> None:
        # The descriptor as the JSON encoding carries it: a binary spring update applies to it.
        self._fields = fields
        self.channel = _wire.name(fields, "channel", "motion descriptor")
        self.kind = _wire.string(fields, "kind", "motion descriptor")
        self.epoch_ns = epoch_ns
        self.time_ns = time_ns
        self.reason: str | None = None
        self._term: _Term | None = None
        self._last = -math.inf
        self._finished = False
        if self.kind == "frames":
            self.reason = _wire.optional(fields, "reason", str, "motion descriptor") or ""
            self.model: list[float] = []
            return
        if self.kind not in ("rest", "animation"):
            raise ProtocolViolation(f"a motion descriptor of unknown kind {self.kind!r}; is this package older than the daemon?")
        self.model = _numbers(fields, "model")
        _require(1 <= len(self.model) <= _wire.MAXIMUM_COMPONENTS,
                 f"of {len(self.model)} components (1 to {_wire.MAXIMUM_COMPONENTS})")
        if self.kind == "animation":
            self.interval = _numbers(fields, "interval", len(self.model))
            self.begin = _number(fields, "begin")
            self._term = _term(fields.get("term"), len(self.model))
            _require(_finite_everywhere(self._term, self.interval), "whose evaluation is not finite")

    @property
    def dimension(self) -> int:
        return len(self.model)

    def evaluate(self, time_ns: int) -> tuple[tuple[float, ...], tuple[float, ...] | None]:
        """The value at CLOCK_MONOTONIC ``time_ns``, and the velocity where the daemon's frames carry the animation's
        own (springs, momentum; ``None`` for timing curves and sums, whose frames carry a backward difference).

        Times should not decrease (an earlier one re-evaluates from the description); they may be far apart (a spring
        runs the whole interval, as the daemon's ticks run it). Raises ``ValueError`` for ``kind == "frames"``."""
        if self.kind == "frames":
            raise ValueError(f"{self.channel}'s motion has no closed form ({self.reason}); read its frames")
        if self._term is not None:
            # Graph seconds as the daemon computes them: an integer of nanoseconds, then a division by 1e9.
            now = (time_ns - self.epoch_ns) / 1e9 if time_ns > self.epoch_ns else 0.0
            if now < self._last:
                self._finished = False
                self._term.restart()
            self._last = now
            if not self._finished:
                try:
                    evaluated = self._term.evaluate(self.interval, max(0.0, now - self.begin))
                except (ArithmeticError, ValueError):  # math's overflow and domain errors: C would give ±inf or NaN
                    evaluated = None
                if evaluated is not None:
                    y, dy = evaluated
                    value = tuple(self.model[i] + (y[i] - self.interval[i]) for i in range(len(y)))
                    # A description that passed every check and still overflowed settles on its model instead.
                    if all(map(math.isfinite, value)) and (dy is None or not any(map(math.isinf, dy))):
                        return value, None if dy is None else tuple(dy)
                self._finished = True
        return tuple(self.model), (0.0,) * len(self.model)


@dataclass(frozen=True)
class MotionUpdate:
    """A ``motion`` message: the channels whose motion changed, as of the tick ``seq`` at ``time_ns``."""

    seq: int
    time_ns: int
    epoch_ns: int
    motions: Mapping[str, Motion]


def motion_update(fields: Mapping[str, Any]) -> MotionUpdate:
    """Reads a ``motion`` message's JSON object (:class:`kinetic.ProtocolViolation` for one the protocol forbids)."""
    seq = _wire.integer(fields, "seq", 0, _wire.U64, "motion message")
    time_ns = _wire.integer(fields, "time_ns", 0, _wire.U64, "motion message")
    epoch_ns = _wire.integer(fields, "epoch_ns", 0, _wire.U64, "motion message")
    channels = _wire.channel_list(fields, "motion message")
    motions = {}
    for entry in channels:
        if not isinstance(entry, dict):
            _wire.violation(f"a motion message whose channel is {_wire.shown(entry)} (an object)")
        motion = Motion(entry, epoch_ns, time_ns)
        motions[motion.channel] = motion
    return MotionUpdate(seq, time_ns, epoch_ns, motions)


# The binary form (docs/PROTOCOL.md "Motion descriptors in binary"): read into the JSON form's objects, so that one
# reading (Motion's) checks both encodings.

_ENTRY_KINDS = {code: name for name, code in MOTION_ENTRY_KINDS.items()}
_TERM_KINDS = {code: name for name, code in MOTION_TERM_KINDS.items()}
_MOTION_HEADER = struct.Struct("<IQQQI")


class _Reader:
    """Little-endian numbers from a binary motion payload; reading past its end is a violation."""

    def __init__(self, data: bytes, offset: int) -> None:
        self.data = data
        self.offset = offset

    def _take(self, fmt: str) -> tuple[Any, ...]:
        size = struct.calcsize(fmt)
        if self.offset + size > len(self.data):
            _wire.violation(f"a motion message that ends inside an entry (byte {self.offset} of {len(self.data)})")
        values = struct.unpack_from(fmt, self.data, self.offset)
        self.offset += size
        return values

    def u8(self) -> int:
        return int(self._take("<B")[0])

    def u16(self) -> int:
        return int(self._take("<H")[0])

    def u32(self) -> int:
        return int(self._take("<I")[0])

    def f64(self) -> float:
        return float(self._take("<d")[0])

    def raw(self, length: int) -> bytes:
        return bytes(self._take(f"<{length}s")[0])

    def vector(self, dimension: int) -> list[float]:
        return [float(x) for x in self._take(f"<{dimension}d")]

    @property
    def left(self) -> int:
        return len(self.data) - self.offset


def _binary_term(reader: _Reader, dimension: int, depth: int) -> dict[str, Any]:
    code = reader.u8()
    kind = _TERM_KINDS.get(code)
    if kind is None or depth > 16:
        _wire.violation(f"a motion term of kind {code} nested {depth} deep (kinds 0-3, at most 16 deep)")
    if kind == "spring":
        k, c = reader.f64(), reader.f64()
        return {"kind": kind, "stiffness": k, "damping": c, "offset": reader.vector(dimension),
                "velocity": reader.vector(dimension), "force": reader.vector(dimension), "clock": reader.f64()}
    if kind == "curve":
        p1x, p1y, p2x, p2y = reader.f64(), reader.f64(), reader.f64(), reader.f64()
        return {"kind": kind, "p1": [p1x, p1y], "p2": [p2x, p2y], "duration": reader.f64()}
    if kind == "momentum":
        decay, travel, rest = reader.f64(), reader.vector(dimension), reader.f64()
        regime = reader.u8()
        if regime >= len(MOTION_REGIMES):
            _wire.violation(f"a momentum whose bounce's regime is {regime} (0-{len(MOTION_REGIMES) - 1})")
        omega0, omega, lamb, settling = reader.f64(), reader.f64(), reader.f64(), reader.f64()
        return {"kind": kind, "decay": decay, "travel": travel, "rest_distance": rest,
                "bounce": {"regime": MOTION_REGIMES[regime], "omega0": omega0, "omega": omega, "lambda": lamb,
                           "settling_duration": None if settling == math.inf else settling}}
    count = reader.u32()
    # Each entry takes at least 9 bytes: a count beyond what is left is refused before anything is read.
    if not 1 <= count <= reader.left // 9:
        _wire.violation(f"a motion sum of {count} entries in {reader.left} bytes")
    entries = []
    for _ in range(count):
        start, target, present = reader.f64(), reader.vector(dimension), reader.u8()
        if present > 1:
            _wire.violation(f"a motion sum entry whose term flag is {present} (0 or 1)")
        entries.append({"start": start, "target": target,
                        "term": _binary_term(reader, dimension, depth + 1) if present else None})
    return {"kind": kind, "entries": entries}


def _binary_entry(reader: _Reader, channel: str, dimension: int, previous: Mapping[str, Any] | None) -> dict[str, Any]:
    code = reader.u8()
    kind = _ENTRY_KINDS.get(code)
    if kind == "rest":
        return {"channel": channel, "kind": kind, "model": reader.vector(dimension)}
    if kind == "frames":
        length = reader.u16()
        return {"channel": channel, "kind": kind, "reason": reader.raw(length).decode("utf-8", errors="replace")}
    if kind == "animation":
        model, interval, begin = reader.vector(dimension), reader.vector(dimension), reader.f64()
        return {"channel": channel, "kind": kind, "model": model, "interval": interval, "begin": begin,
                "term": _binary_term(reader, dimension, 0)}
    if kind == "spring_update":
        term = previous.get("term") if previous is not None and previous.get("kind") == "animation" else None
        if previous is None or not isinstance(term, dict) or term.get("kind") != "spring" \
                or len(previous.get("model", ())) != dimension:
            _wire.violation(f"a spring update for {channel}, whose motion is not a spring's")
        model, interval = reader.vector(dimension), reader.vector(dimension)
        offset, velocity, force = reader.vector(dimension), reader.vector(dimension), reader.vector(dimension)
        return {"channel": channel, "kind": "animation", "model": model, "interval": interval, "begin": previous["begin"],
                "term": {"kind": "spring", "stiffness": term["stiffness"], "damping": term["damping"], "offset": offset,
                         "velocity": velocity, "force": force, "clock": reader.f64()}}
    _wire.violation(f"a motion entry of kind {code} (0-3); is this package older than the daemon?")


def binary_motion_update(payload: bytes, schema: Any, held: dict[str, Motion]) -> MotionUpdate:
    """Reads a binary ``motion`` message against ``schema`` (the one in force) and ``held`` (each channel's latest
    motion, which spring updates apply to). ``held`` takes the new motions only once the whole message has been read."""
    if len(payload) < _MOTION_HEADER.size:
        _wire.violation(f"a motion message of {len(payload)} bytes, shorter than its {_MOTION_HEADER.size}-byte header")
    generation, seq, time_ns, epoch_ns, count = _MOTION_HEADER.unpack_from(payload)
    if schema is None or schema.generation != generation:
        _wire.violation(f"a motion message for schema generation {generation}, not the one in force "
                        f"({schema.generation if schema is not None else 'none'})")
    if count > _wire.MAXIMUM_CHANNELS:
        _wire.violation(f"a motion message of {count} entries (at most {_wire.MAXIMUM_CHANNELS})")
    reader = _Reader(payload, _MOTION_HEADER.size)
    motions: dict[str, Motion] = {}
    for _ in range(count):
        position = reader.u32()
        if position >= len(schema.channels):
            _wire.violation(f"a motion entry for position {position} of a schema of {len(schema.channels)} channels")
        channel = schema.channels[position]
        before = motions.get(channel.name) or held.get(channel.name)
        fields = _binary_entry(reader, channel.name, channel.dimension, before._fields if before is not None else None)
        motions[channel.name] = Motion(fields, epoch_ns, time_ns)
    if reader.left:
        _wire.violation(f"{reader.left} bytes after a motion message's {count} entries")
    held.update(motions)
    return MotionUpdate(seq, time_ns, epoch_ns, motions)
