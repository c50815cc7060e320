// SPDX-License-Identifier: Apache-2.0
extension DeviceClass {
    /// Classifies a device from its capabilities alone, in the order of udev's `input_id` builtin
    /// (docs/INPUT.md §1.7, §4.3); a pure function, so recordings and live devices agree.
    ///
    /// With absolute coordinates (`ABS_X`+`ABS_Y` or `ABS_MT_POSITION_X`+`ABS_MT_POSITION_Y`), in order:
    /// - a stylus or pen tool (`BTN_STYLUS`, `BTN_TOOL_PEN`) is a tablet: ``other``;
    /// - not `INPUT_PROP_DIRECT`, and `BTN_TOOL_FINGER` or `INPUT_PROP_POINTER`: ``touchpad``;
    /// - `INPUT_PROP_DIRECT`: ``touchscreen`` (direct + multitouch; single-touch direct devices too);
    /// - a mouse button (`BTN_LEFT`…`BTN_TASK`): ``mouse`` (VMware-style absolute mouse; udev checks it before
    ///   `BTN_TOUCH`);
    /// - `BTN_TOUCH`: ``touchscreen``.
    ///
    /// Otherwise `REL_X`+`REL_Y` with a mouse button is a ``mouse``, and everything else is ``other``.
    public init(classifying device: DeviceDescription) {
        let abs = EventCodes.evAbs, key = EventCodes.evKey
        let hasAbsoluteXY = device.has(type: abs, code: EventCodes.absX) && device.has(type: abs, code: EventCodes.absY)
        let hasMultitouchXY = device.has(type: abs, code: EventCodes.absMTPositionX)
            && device.has(type: abs, code: EventCodes.absMTPositionY)
        let hasRelativeXY = device.has(type: EventCodes.evRel, code: EventCodes.relX)
            && device.has(type: EventCodes.evRel, code: EventCodes.relY)
        let hasMouseButton = (EventCodes.btnLeft...EventCodes.btnTask).contains { device.has(type: key, code: $0) }
        let hasPen = device.has(type: key, code: EventCodes.btnStylus) || device.has(type: key, code: EventCodes.btnToolPen)
        let isDirect = device.properties.contains(EventCodes.propDirect)
        let isPointer = device.properties.contains(EventCodes.propPointer)
        let hasFinger = device.has(type: key, code: EventCodes.btnToolFinger)

        if hasAbsoluteXY || hasMultitouchXY {
            if hasPen {
                self = .other
            } else if !isDirect && (hasFinger || isPointer) {
                self = .touchpad
            } else if isDirect {
                self = .touchscreen
            } else if hasMouseButton {
                self = .mouse
            } else if device.has(type: key, code: EventCodes.btnTouch) {
                self = .touchscreen
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
