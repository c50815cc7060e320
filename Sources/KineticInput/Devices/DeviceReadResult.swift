// SPDX-License-Identifier: Apache-2.0
/// What one ``InputDevice/readAvailable(limit:)`` call got.
///
/// `events` holds whole frames as the kernel sent them, each ending in `SYN_REPORT` (a frame still arriving when
/// the queue ran empty or the limit was reached continues in the next read). A `SYN_DROPPED` stays in the stream
/// where libevdev reported it, followed by libevdev's resync delta frames (slot by slot, tracking-id ends before
/// starts; docs/INPUT.md §1.2): exactly what ``InputFrameProcessor/process(_:)-(InputEvent)`` expects, which closes
/// the half-read frame at the `SYN_DROPPED` and applies the delta like any events. `resyncCount` counts the drops.
public struct DeviceReadResult: Hashable, Sendable {
    /// Whether the device can still be read.
    public enum Status: Hashable, Sendable {
        /// The kernel queue is empty (`-EAGAIN`), or `limit` events were read and more may be waiting.
        case open
        /// The device is gone (`-ENODEV`): close it and end its gestures as cancelled, not lifted (§1.11).
        case unplugged
        /// Reading failed otherwise; the device should be closed.
        case failed(DeviceError)
        /// ``InputDevice/close()`` was called before this read.
        case closed
    }

    /// The events read, in kernel order, with kernel `CLOCK_MONOTONIC` timestamps.
    public var events: [InputEvent]
    /// How many `SYN_DROPPED` resyncs happened during this read.
    public var resyncCount: Int
    /// Whether the device can still be read.
    public var status: Status

    public init(events: [InputEvent], resyncCount: Int, status: Status) {
        self.events = events
        self.resyncCount = resyncCount
        self.status = status
    }
}
