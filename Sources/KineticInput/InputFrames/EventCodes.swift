// SPDX-License-Identifier: Apache-2.0
/// The event types and codes the frame processor interprets, from `linux/input-event-codes.h`.
///
/// Kept as plain `UInt16` constants so that `InputEvent.type`/`code` compare without conversions;
/// use ``EventNames`` for human-readable names of any code.
public enum EventCodes {
    /// `EV_SYN`: frame markers.
    public static let evSyn: UInt16 = 0x00
    /// `EV_KEY`: keys and buttons (0 up, 1 down, 2 repeat).
    public static let evKey: UInt16 = 0x01
    /// `EV_REL`: relative axes (deltas in device counts).
    public static let evRel: UInt16 = 0x02
    /// `EV_ABS`: absolute axes (device units; see ``AbsInfo``).
    public static let evAbs: UInt16 = 0x03
    /// `EV_MSC`: miscellaneous (`MSC_SCAN`, `MSC_TIMESTAMP`).
    public static let evMsc: UInt16 = 0x04

    /// `SYN_REPORT`: ends a frame.
    public static let synReport: UInt16 = 0
    /// `SYN_MT_REPORT`: protocol A contact separator (not supported: protocol B only).
    public static let synMTReport: UInt16 = 2
    /// `SYN_DROPPED`: the kernel buffer overflowed; a resync follows (docs/INPUT.md §1.2).
    public static let synDropped: UInt16 = 3

    /// `REL_X`.
    public static let relX: UInt16 = 0x00
    /// `REL_Y`.
    public static let relY: UInt16 = 0x01

    /// `ABS_X`.
    public static let absX: UInt16 = 0x00
    /// `ABS_Y`.
    public static let absY: UInt16 = 0x01
    /// `ABS_MT_SLOT`: selects the slot the next `ABS_MT_*` events apply to.
    public static let absMTSlot: UInt16 = 0x2f
    /// `ABS_MT_POSITION_X`.
    public static let absMTPositionX: UInt16 = 0x35
    /// `ABS_MT_POSITION_Y`.
    public static let absMTPositionY: UInt16 = 0x36
    /// `ABS_MT_TOOL_TYPE` (`MT_TOOL_FINGER` 0, `MT_TOOL_PEN` 1, `MT_TOOL_PALM` 2).
    public static let absMTToolType: UInt16 = 0x37
    /// `ABS_MT_TRACKING_ID`: ≥ 0 starts a contact, −1 ends it.
    public static let absMTTrackingID: UInt16 = 0x39
    /// `MT_TOOL_PALM`: a palm, treated as a cancel (docs/INPUT.md §1.3).
    public static let mtToolPalm: Int32 = 2

    /// `BTN_MOUSE` = `BTN_LEFT`, the first mouse button.
    public static let btnLeft: UInt16 = 0x110
    /// `BTN_RIGHT`.
    public static let btnRight: UInt16 = 0x111
    /// `BTN_MIDDLE`.
    public static let btnMiddle: UInt16 = 0x112
    /// `BTN_TASK`, the last mouse button.
    public static let btnTask: UInt16 = 0x117
    /// `BTN_TOOL_PEN`.
    public static let btnToolPen: UInt16 = 0x140
    /// `BTN_TOOL_FINGER`: one finger on a touchpad.
    public static let btnToolFinger: UInt16 = 0x145
    /// `BTN_TOUCH`: physical contact.
    public static let btnTouch: UInt16 = 0x14a
    /// `BTN_STYLUS`.
    public static let btnStylus: UInt16 = 0x14b
    /// `BTN_TOOL_DOUBLETAP`: two fingers on a touchpad.
    public static let btnToolDoubleTap: UInt16 = 0x14d

    /// `INPUT_PROP_POINTER`.
    public static let propPointer: UInt16 = 0
    /// `INPUT_PROP_DIRECT`.
    public static let propDirect: UInt16 = 1
}
