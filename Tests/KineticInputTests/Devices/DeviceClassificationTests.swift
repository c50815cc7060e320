import Testing
@testable import KineticInput

/// Codes from linux/input-event-codes.h, written out so the expectations do not depend on the code under test.
enum Code {
    static let evKey: UInt16 = 1, evRel: UInt16 = 2, evAbs: UInt16 = 3, evMsc: UInt16 = 4
    static let absX: UInt16 = 0x00, absY: UInt16 = 0x01, absMTSlot: UInt16 = 0x2f
    static let absMTPositionX: UInt16 = 0x35, absMTPositionY: UInt16 = 0x36, absMTTrackingID: UInt16 = 0x39
    static let relX: UInt16 = 0x00, relY: UInt16 = 0x01, relWheel: UInt16 = 0x08, relWheelHiRes: UInt16 = 0x0b
    static let btnLeft: UInt16 = 0x110, btnRight: UInt16 = 0x111, btnMiddle: UInt16 = 0x112
    static let btnToolPen: UInt16 = 0x140, btnToolFinger: UInt16 = 0x145, btnToolDoubleTap: UInt16 = 0x14d
    static let btnTouch: UInt16 = 0x14a, btnStylus: UInt16 = 0x14b, keyA: UInt16 = 30, keyEsc: UInt16 = 1
    static let propPointer: UInt16 = 0, propDirect: UInt16 = 1, propButtonpad: UInt16 = 2
}

struct ClassificationCase: CustomTestStringConvertible, Sendable {
    var name: String
    var properties: Set<UInt16> = []
    var keys: Set<UInt16> = []
    var rel: Set<UInt16> = []
    var abs: Set<UInt16> = []
    var expected: DeviceClass

    var description: DeviceDescription {
        var codes: [UInt16: Set<UInt16>] = [:]
        if !keys.isEmpty { codes[Code.evKey] = keys }
        if !rel.isEmpty { codes[Code.evRel] = rel }
        if !abs.isEmpty { codes[Code.evAbs] = abs }
        return DeviceDescription(name: name, properties: properties, codes: codes)
    }

    var testDescription: String { name }
}

@Suite struct DeviceClassificationTests {
    static let mtAxes: Set<UInt16> = [Code.absX, Code.absY, Code.absMTSlot, Code.absMTPositionX, Code.absMTPositionY,
                                      Code.absMTTrackingID]

    // Expectations follow docs/INPUT.md §1.7 and udev's input_id (§4.3).
    static let cases: [ClassificationCase] = [
        .init(name: "example touchscreen (§2.3): DIRECT, BTN_TOUCH, MT axes", properties: [Code.propDirect],
              keys: [Code.btnTouch], abs: mtAxes, expected: .touchscreen),
        .init(name: "MT-only direct device without BTN_TOUCH", properties: [Code.propDirect],
              abs: [Code.absMTSlot, Code.absMTPositionX, Code.absMTPositionY, Code.absMTTrackingID],
              expected: .touchscreen),
        .init(name: "single-touch resistive screen: ABS_X/Y + BTN_TOUCH, no property", keys: [Code.btnTouch],
              abs: [Code.absX, Code.absY], expected: .touchscreen),
        .init(name: "direct device with BTN_TOOL_FINGER stays a touchscreen", properties: [Code.propDirect],
              keys: [Code.btnTouch, Code.btnToolFinger], abs: mtAxes, expected: .touchscreen),
        .init(name: "direct touchscreen that also reports BTN_LEFT stays a touchscreen", properties: [Code.propDirect],
              keys: [Code.btnTouch, Code.btnLeft], abs: mtAxes, expected: .touchscreen),
        .init(name: "indirect absolute device with BTN_TOUCH and BTN_LEFT is a mouse (udev order)",
              keys: [Code.btnTouch, Code.btnLeft], abs: [Code.absX, Code.absY], expected: .mouse),
        .init(name: "clickpad: POINTER+BUTTONPAD, BTN_TOOL_FINGER, BTN_LEFT",
              properties: [Code.propPointer, Code.propButtonpad],
              keys: [Code.btnLeft, Code.btnToolFinger, Code.btnToolDoubleTap, Code.btnTouch], abs: mtAxes,
              expected: .touchpad),
        .init(name: "touchpad by BTN_TOOL_FINGER without properties", keys: [Code.btnToolFinger, Code.btnTouch],
              abs: [Code.absX, Code.absY], expected: .touchpad),
        .init(name: "touchpad by INPUT_PROP_POINTER without BTN_TOOL_FINGER", properties: [Code.propPointer],
              keys: [Code.btnTouch], abs: [Code.absX, Code.absY], expected: .touchpad),
        .init(name: "example mouse (§2.4): REL_X/Y, wheel, three buttons",
              keys: [Code.btnLeft, Code.btnRight, Code.btnMiddle],
              rel: [Code.relX, Code.relY, Code.relWheel, Code.relWheelHiRes], expected: .mouse),
        .init(name: "VMware-style absolute mouse: ABS_X/Y + mouse buttons",
              keys: [Code.btnLeft, Code.btnRight], abs: [Code.absX, Code.absY], expected: .mouse),
        .init(name: "pen tablet with a mouse button is still a tablet", keys: [Code.btnToolPen, Code.btnLeft],
              abs: [Code.absX, Code.absY], expected: .other),
        .init(name: "pen tablet: POINTER, BTN_TOOL_PEN, BTN_STYLUS", properties: [Code.propPointer],
              keys: [Code.btnToolPen, Code.btnTouch, Code.btnStylus], abs: [Code.absX, Code.absY], expected: .other),
        .init(name: "keyboard", keys: [Code.keyEsc, Code.keyA], expected: .other),
        .init(name: "REL_X/Y without any mouse button", rel: [Code.relX, Code.relY], expected: .other),
        .init(name: "wheel only", rel: [Code.relWheel], expected: .other),
        .init(name: "ABS_X without ABS_Y", keys: [Code.btnTouch], abs: [Code.absX], expected: .other),
        .init(name: "absolute axes with neither touch, direct nor buttons (joystick-like)",
              abs: [Code.absX, Code.absY], expected: .other),
        .init(name: "nothing at all", expected: .other),
    ]

    @Test(arguments: cases)
    func classifiesByCapabilities(_ example: ClassificationCase) {
        #expect(DeviceClass(classifying: example.description) == example.expected)
        #expect(example.description.deviceClass == example.expected)
    }
}
