// SPDX-License-Identifier: Apache-2.0
extension InputFrameProcessor {
    /// Feeds one ``InputDevice/readAvailable(limit:)`` result: live devices go through the same frame processor as
    /// recordings. When the read says the device is gone (unplugged, failed or closed), every gesture still in
    /// progress then ends as `.cancelled` at `time` (docs/INPUT.md §1.11: a cancel, not a lift, so
    /// nothing flings). `time` is read only then, from the caller's clock: KineticInput reads none.
    public mutating func process(_ read: DeviceReadResult, goneAt time: @autoclosure () -> UInt64)
        -> [GestureEvent] {
        var output = process(read.events)
        if read.status != .open { output += cancelAll(at: time()) }
        return output
    }
}
