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
