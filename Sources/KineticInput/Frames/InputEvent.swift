// SPDX-License-Identifier: Apache-2.0
/// A timestamp of an input event: seconds and microseconds on the device's clock
/// (`CLOCK_MONOTONIC` for live devices; a recording's own time base for traces).
public struct EventTime: Hashable, Comparable, Sendable {
    /// Whole seconds.
    public var seconds: Int64
    /// Microseconds within the second, 0…999 999.
    public var microseconds: Int32

    /// The latest second a recording may stamp an event with: 2³² − 1 (year 2106 on `CLOCK_REALTIME`, 136 years
    /// of uptime on `CLOCK_MONOTONIC`). Readers reject later stamps, so ``nanoseconds`` (at most 4.3·10¹⁸) fits an
    /// `Int64` and the sum or difference of two such times never overflows.
    public static let maximumSeconds: Int64 = 4_294_967_295

    /// Creates a timestamp; `microseconds` must be in 0…999 999.
    public init(seconds: Int64, microseconds: Int32) {
        self.seconds = seconds
        self.microseconds = microseconds
    }

    /// The time in seconds.
    public var timeInterval: Double { Double(seconds) + Double(microseconds) / 1_000_000 }

    /// The time in nanoseconds.
    public var nanoseconds: Int64 { seconds &* 1_000_000_000 &+ Int64(microseconds) &* 1_000 }

    /// The time `nanoseconds` after the clock's zero, to the microsecond below (the kernel stamps input in µs).
    public init(nanoseconds: UInt64) {
        self.init(seconds: Int64(nanoseconds / 1_000_000_000), microseconds: Int32(nanoseconds % 1_000_000_000 / 1000))
    }

    /// Earlier in time: compares seconds, then microseconds.
    public static func < (lhs: EventTime, rhs: EventTime) -> Bool {
        (lhs.seconds, lhs.microseconds) < (rhs.seconds, rhs.microseconds)
    }
}

/// One `struct input_event`: the unit both live devices and recordings produce.
public struct InputEvent: Hashable, Sendable {
    /// When the kernel stamped the event.
    public var time: EventTime
    /// Event type (`EV_SYN` 0, `EV_KEY` 1, `EV_REL` 2, `EV_ABS` 3, `EV_MSC` 4, …).
    public var type: UInt16
    /// Event code within the type (`ABS_MT_POSITION_X` 0x35, `BTN_TOUCH` 0x14a, …).
    public var code: UInt16
    /// The value: an absolute position, a relative delta, a key state (0 up, 1 down, 2 repeat).
    public var value: Int32

    public init(time: EventTime, type: UInt16, code: UInt16, value: Int32) {
        self.time = time
        self.type = type
        self.code = code
        self.value = value
    }
}
