// SPDX-License-Identifier: Apache-2.0
/// One `struct input_event`: the unit both live devices and recordings produce.
public struct InputEvent: Hashable, Sendable {
    /// When the kernel stamped the event: nanoseconds on the device's clock (`CLOCK_MONOTONIC` for live devices, a
    /// recording's own time base for traces), in whole microseconds as the kernel stamps them; at most
    /// `Nanoseconds.maximumEventSeconds` seconds.
    public var time: UInt64
    /// Event type (`EV_SYN` 0, `EV_KEY` 1, `EV_REL` 2, `EV_ABS` 3, `EV_MSC` 4, …).
    public var type: UInt16
    /// Event code within the type (`ABS_MT_POSITION_X` 0x35, `BTN_TOUCH` 0x14a, …).
    public var code: UInt16
    /// The value: an absolute position, a relative delta, a key state (0 up, 1 down, 2 repeat).
    public var value: Int32

    public init(time: UInt64, type: UInt16, code: UInt16, value: Int32) {
        self.time = time
        self.type = type
        self.code = code
        self.value = value
    }
}
