// SPDX-License-Identifier: Apache-2.0
/// The full state of a device at one moment, for resynchronising after SYN_DROPPED (docs/INPUT.md §1.2).
///
/// A live reader that re-reads the device (libevdev's `get_slot_value`, `get_event_value`) hands this to
/// ``InputFrameProcessor/resynchronize(to:at:)``; slots not listed are empty.
public struct DeviceState: Hashable, Sendable {
    /// One multitouch slot.
    public struct Slot: Hashable, Sendable {
        /// `ABS_MT_TRACKING_ID`, −1 when empty.
        public var trackingID: Int32
        /// `ABS_MT_POSITION_X` in device units.
        public var x: Int32
        /// `ABS_MT_POSITION_Y` in device units.
        public var y: Int32
        /// `ABS_MT_TOOL_TYPE` (0 finger, 2 palm).
        public var toolType: Int32

        public init(trackingID: Int32, x: Int32, y: Int32, toolType: Int32 = 0) {
            self.trackingID = trackingID
            self.x = x
            self.y = y
            self.toolType = toolType
        }
    }

    /// Slots by index.
    public var slots: [Int: Slot]
    /// The current slot (`ABS_MT_SLOT`).
    public var currentSlot: Int
    /// Keys and buttons that are down (`BTN_TOUCH`, `BTN_LEFT`, …).
    public var keysDown: Set<UInt16>
    /// Values of non-MT absolute axes (`ABS_X`, `ABS_Y`, …).
    public var absValues: [UInt16: Int32]

    public init(slots: [Int: Slot] = [:], currentSlot: Int = 0, keysDown: Set<UInt16> = [], absValues: [UInt16: Int32] = [:]) {
        self.slots = slots
        self.currentSlot = currentSlot
        self.keysDown = keysDown
        self.absValues = absValues
    }
}
