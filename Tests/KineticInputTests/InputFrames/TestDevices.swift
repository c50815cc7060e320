@testable import KineticInput

/// Small devices and an event builder for frame processor tests.
enum TestDevices {
    /// A 10-slot protocol-B touchscreen, 1000 × 500 units at 10 units/mm (100 × 50 mm), axes from 0.
    static let touchscreen = DeviceDescription(
        name: "Test Touchscreen", properties: [EventCodes.propDirect],
        codes: [1: [EventCodes.btnTouch], 3: [0, 1, 0x2f, 0x35, 0x36, 0x37, 0x39]],
        absInfo: [0: AbsInfo(minimum: 0, maximum: 1000, resolution: 10), 1: AbsInfo(minimum: 0, maximum: 500, resolution: 10),
                  0x2f: AbsInfo(minimum: 0, maximum: 9), 0x35: AbsInfo(minimum: 0, maximum: 1000, resolution: 10),
                  0x36: AbsInfo(minimum: 0, maximum: 500, resolution: 10), 0x39: AbsInfo(minimum: 0, maximum: 65535)])

    /// A single-touch panel: ABS_X/Y from 100 to 1100 at 20 units/mm, BTN_TOUCH.
    static let singleTouch = DeviceDescription(
        name: "Test Single Touch", codes: [1: [EventCodes.btnTouch], 3: [0, 1]],
        absInfo: [0: AbsInfo(minimum: 100, maximum: 1100, resolution: 20), 1: AbsInfo(minimum: 100, maximum: 1100, resolution: 20)])

    /// A mouse: REL_X/Y and three buttons.
    static let mouse = DeviceDescription(
        name: "Test Mouse", codes: [1: [0x110, 0x111, 0x112], 2: [0, 1, 8, 11]])
}

/// Builds events frame by frame at a running time.
struct EventScript {
    var events: [InputEvent] = []
    var time: UInt64 = 0

    /// Appends one frame at `microseconds`: the given (type, code, value) triples and a SYN_REPORT.
    mutating func frame(at microseconds: Int, _ items: [(UInt16, UInt16, Int32)]) {
        time = UInt64(microseconds) * 1_000
        for (type, code, value) in items { events.append(InputEvent(time: time, type: type, code: code, value: value)) }
        events.append(InputEvent(time: time, type: 0, code: 0, value: 0))
    }

    static func slot(_ s: Int32) -> (UInt16, UInt16, Int32) { (3, 0x2f, s) }
    static func id(_ v: Int32) -> (UInt16, UInt16, Int32) { (3, 0x39, v) }
    static func x(_ v: Int32) -> (UInt16, UInt16, Int32) { (3, 0x35, v) }
    static func y(_ v: Int32) -> (UInt16, UInt16, Int32) { (3, 0x36, v) }
}
