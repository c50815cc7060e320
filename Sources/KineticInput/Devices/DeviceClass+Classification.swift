import CEvdev

extension DeviceClass {
    /// Classifies a device from its capabilities alone, as udev's `input_id` builtin does
    /// (shared/spec/linux-input.md §1.7 and §4.3); a pure function, so recordings and live devices agree.
    ///
    /// With absolute coordinates (`ABS_X`+`ABS_Y` or `ABS_MT_POSITION_X`+`ABS_MT_POSITION_Y`), checked in order:
    /// - a stylus or pen tool (`BTN_STYLUS`, `BTN_TOOL_PEN`) is a tablet: ``other``;
    /// - not `INPUT_PROP_DIRECT`, and `BTN_TOOL_FINGER` or `INPUT_PROP_POINTER`: ``touchpad``;
    /// - `INPUT_PROP_DIRECT` or `BTN_TOUCH`: ``touchscreen`` (multitouch when it has `ABS_MT_*`);
    /// - a mouse button (`BTN_LEFT`…`BTN_TASK`) and nothing of the above: ``mouse`` (VMware-style absolute mouse).
    ///
    /// Otherwise `REL_X`+`REL_Y` with a mouse button is a ``mouse``, and everything else is ``other``.
    public init(classifying device: DeviceDescription) {
        let key = UInt16(EV_KEY)
        let hasAbsoluteXY = device.has(type: UInt16(EV_ABS), code: UInt16(ABS_X))
            && device.has(type: UInt16(EV_ABS), code: UInt16(ABS_Y))
        let hasMultitouchXY = device.has(type: UInt16(EV_ABS), code: UInt16(ABS_MT_POSITION_X))
            && device.has(type: UInt16(EV_ABS), code: UInt16(ABS_MT_POSITION_Y))
        let hasRelativeXY = device.has(type: UInt16(EV_REL), code: UInt16(REL_X))
            && device.has(type: UInt16(EV_REL), code: UInt16(REL_Y))
        let hasMouseButton = (UInt16(BTN_LEFT)...UInt16(BTN_TASK)).contains { device.has(type: key, code: $0) }
        let hasPen = device.has(type: key, code: UInt16(BTN_STYLUS)) || device.has(type: key, code: UInt16(BTN_TOOL_PEN))
        let isDirect = device.properties.contains(UInt16(INPUT_PROP_DIRECT))
        let isPointer = device.properties.contains(UInt16(INPUT_PROP_POINTER))
        let hasFinger = device.has(type: key, code: UInt16(BTN_TOOL_FINGER))
        let hasTouch = device.has(type: key, code: UInt16(BTN_TOUCH))

        if hasAbsoluteXY || hasMultitouchXY {
            if hasPen {
                self = .other
            } else if !isDirect && (hasFinger || isPointer) {
                self = .touchpad
            } else if isDirect || hasTouch {
                self = .touchscreen
            } else if hasMouseButton {
                self = .mouse
            } else {
                self = .other
            }
        } else if hasRelativeXY && hasMouseButton {
            self = .mouse
        } else {
            self = .other
        }
    }
}

extension DeviceDescription {
    /// The device's class by ``DeviceClass/init(classifying:)``.
    public var deviceClass: DeviceClass { DeviceClass(classifying: self) }
}
