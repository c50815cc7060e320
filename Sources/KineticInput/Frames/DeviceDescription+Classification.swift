extension DeviceDescription {
    /// The device's class by the practical classifier of linux-input.md §1.7 (udev's `input_id` order, §4.3):
    ///
    /// - touchpad: absolute x/y (or MT x/y), `BTN_TOOL_FINGER`, no `BTN_TOOL_PEN`, not `INPUT_PROP_DIRECT`;
    /// - touchscreen: absolute x/y (or MT x/y), `BTN_TOUCH` or `INPUT_PROP_DIRECT`, no stylus or pen bit,
    ///   and no mouse button (an absolute device with a mouse button is a mouse);
    /// - mouse: `REL_X` + `REL_Y` and a button in `BTN_MOUSE…BTN_TASK`, or absolute axes with a mouse button;
    /// - other: everything else.
    public var deviceClass: DeviceClass {
        let abs = EventCodes.evAbs, key = EventCodes.evKey
        let hasAbsolute = (has(type: abs, code: EventCodes.absX) && has(type: abs, code: EventCodes.absY))
            || (has(type: abs, code: EventCodes.absMTPositionX) && has(type: abs, code: EventCodes.absMTPositionY))
        let hasMouseButton = (EventCodes.btnLeft...EventCodes.btnTask).contains { has(type: key, code: $0) }
        let hasPen = has(type: key, code: EventCodes.btnToolPen) || has(type: key, code: EventCodes.btnStylus)
        let isDirect = properties.contains(EventCodes.propDirect)
        if hasAbsolute && has(type: key, code: EventCodes.btnToolFinger) && !hasPen && !isDirect { return .touchpad }
        if hasAbsolute && hasMouseButton { return .mouse }
        if hasAbsolute && (has(type: key, code: EventCodes.btnTouch) || isDirect) && !hasPen { return .touchscreen }
        if has(type: EventCodes.evRel, code: EventCodes.relX) && has(type: EventCodes.evRel, code: EventCodes.relY)
            && hasMouseButton { return .mouse }
        return .other
    }

    /// Whether the device reports contacts with multitouch protocol B (`ABS_MT_SLOT` and MT positions).
    public var isMultitouch: Bool {
        has(type: EventCodes.evAbs, code: EventCodes.absMTSlot)
            && has(type: EventCodes.evAbs, code: EventCodes.absMTPositionX)
            && has(type: EventCodes.evAbs, code: EventCodes.absMTPositionY)
    }
}
