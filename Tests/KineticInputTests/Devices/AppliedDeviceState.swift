@testable import KineticInput

/// The device state after applying events: last value per code, with protocol-B slots for `ABS_MT_*`.
struct AppliedDeviceState {
    private var values: [[UInt16]: Int32] = [:]
    private var slots: [Int32: [UInt16: Int32]] = [:]

    init(applying events: [InputEvent]) {
        var slot: Int32 = 0
        for event in events where event.type != 0 {
            if event.type == Code.evAbs && event.code == Code.absMTSlot {
                slot = event.value
            } else if event.type == Code.evAbs && (0x30...0x3d).contains(event.code) {
                slots[slot, default: [:]][event.code] = event.value
            } else {
                values[[event.type, event.code]] = event.value
            }
        }
    }

    func value(type: UInt16, code: UInt16) -> Int32? { values[[type, code]] }

    func slotValue(slot: Int32, code: UInt16) -> Int32? { slots[slot]?[code] }
}
