// SPDX-License-Identifier: Apache-2.0
/// Integer nanoseconds from a `Double` that may have come from outside (a rate, a duration, a timeout),
/// without the conversion trap that `UInt64(_:)` and `Int64(_:)` have for NaN, infinities and out-of-range values.
///
/// Every seconds → nanoseconds conversion in Kinetic's daemon and tools goes through here. The value is validated
/// where it enters (with an error naming it); this is the second line: whatever reaches a conversion saturates.
public enum Nanoseconds {
    /// `nanoseconds` rounded by `rule` and clamped to `0...UInt64.max`; NaN gives 0.
    public static func unsigned(_ nanoseconds: Double, rounding rule: FloatingPointRoundingRule = .toNearestOrAwayFromZero) -> UInt64 {
        let n = nanoseconds.rounded(rule)
        guard n > 0 else { return 0 }  // also NaN
        guard n < 18_446_744_073_709_551_616.0 else { return .max }  // 2⁶⁴
        return UInt64(n)
    }

    /// `nanoseconds` rounded by `rule` and clamped to `Int64.min...Int64.max`; NaN gives 0.
    public static func signed(_ nanoseconds: Double, rounding rule: FloatingPointRoundingRule = .toNearestOrAwayFromZero) -> Int64 {
        let n = nanoseconds.rounded(rule)
        guard !n.isNaN else { return 0 }
        guard n >= -9_223_372_036_854_775_808.0 else { return .min }  // −2⁶³
        guard n < 9_223_372_036_854_775_808.0 else { return .max }  // 2⁶³
        return Int64(n)
    }

    /// `a + b`, or `UInt64.max` where the sum would overflow.
    public static func sum(_ a: UInt64, _ b: UInt64) -> UInt64 {
        let (total, overflow) = a.addingReportingOverflow(b)
        return overflow ? .max : total
    }

    /// `seconds` in nanoseconds (rounded to the nearest), clamped to `0...UInt64.max`; NaN gives 0.
    public static func unsigned(seconds: Double) -> UInt64 { unsigned(seconds * 1e9) }

    /// `seconds` in nanoseconds (rounded to the nearest), clamped to the `Int64` range; NaN gives 0.
    public static func signed(seconds: Double) -> Int64 { signed(seconds * 1e9) }
}

// An instant is one `UInt64`: nanoseconds on the clock that stamped it (CLOCK_MONOTONIC for live input and the
// daemon's ticks, a recording's own time base for a replay). The kernel stamps input events with seconds and
// microseconds (a `struct timeval`); these convert at the edges, where an event is read or written.
extension Nanoseconds {
    /// The latest second an input event may be stamped with: 2³² − 1 (year 2106 on `CLOCK_REALTIME`, 136 years of
    /// uptime on `CLOCK_MONOTONIC`). Readers reject later stamps, so an event's time (at most 4.3·10¹⁸ ns) converts
    /// to `Int64` without a trap, and the difference of two event times, or one plus a replay's offset, never
    /// overflows.
    public static let maximumEventSeconds: UInt64 = 4_294_967_295

    /// The instant `seconds` and `microseconds` after the clock's zero; `microseconds` must be in 0…999 999 and
    /// `seconds` at most ``maximumEventSeconds`` (the readers check both, with an error naming the field).
    public static func of(seconds: UInt64, microseconds: UInt32) -> UInt64 {
        seconds &* 1_000_000_000 &+ UInt64(microseconds) &* 1_000
    }

    /// The seconds and microseconds (rounded down) of an instant, as the kernel's `struct timeval` and evemu write it.
    public static func timeval(_ instant: UInt64) -> (seconds: UInt64, microseconds: UInt32) {
        (instant / 1_000_000_000, UInt32(instant % 1_000_000_000 / 1_000))
    }
}
