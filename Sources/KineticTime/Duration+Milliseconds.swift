// SPDX-License-Identifier: Apache-2.0
extension Duration {
    /// This duration as `poll(2)`'s timeout: whole milliseconds rounded up, so that a wait never ends before its
    /// deadline and a loop never spins through its last millisecond; 0 for a duration that is zero or negative, and
    /// `Int32.max` (about 24.8 days) at most.
    ///
    /// Every wait in Kinetic that hands a `Duration` to `poll(2)` converts it here.
    public var pollMilliseconds: Int32 {
        let (seconds, attoseconds) = components
        guard seconds >= 0, seconds > 0 || attoseconds > 0 else { return 0 }
        guard seconds <= Int64(Int32.max) / 1000 else { return .max }
        let milliseconds = seconds * 1000 + (attoseconds + 999_999_999_999_999) / 1_000_000_000_000_000
        return Int32(clamping: milliseconds)
    }

    /// `seconds` from outside (a timeout given on a command line or by a caller) as a duration: a value that is NaN,
    /// negative or zero gives `.zero`, one beyond `Int64.max` nanoseconds (about 292 years) gives that; nothing
    /// traps, unlike `Duration.seconds(_:)` with a NaN or infinity.
    public init(saturatingSeconds seconds: Double) {
        self = .nanoseconds(Swift.max(0, Nanoseconds.signed(seconds: seconds)))
    }
}
