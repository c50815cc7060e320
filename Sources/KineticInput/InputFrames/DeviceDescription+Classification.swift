// SPDX-License-Identifier: Apache-2.0
extension DeviceDescription {
    /// Whether the device reports contacts with multitouch protocol B (`ABS_MT_SLOT` and MT positions).
    public var isMultitouch: Bool {
        has(type: EventCodes.evAbs, code: EventCodes.absMTSlot)
            && has(type: EventCodes.evAbs, code: EventCodes.absMTPositionX)
            && has(type: EventCodes.evAbs, code: EventCodes.absMTPositionY)
    }
}
