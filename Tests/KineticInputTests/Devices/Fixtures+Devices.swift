import Testing
@testable import KineticInput

/// Device descriptions shared by the device tests, written from docs/INPUT.md §2.3 and §2.4.
enum DeviceFixtures {
    /// The example touchscreen of §2.3: 4096 × 2560 units at 16 units/mm, 10 slots, INPUT_PROP_DIRECT, BTN_TOUCH.
    static let touchscreen = DeviceDescription(
        name: "Kinetic Test Touchscreen", bustype: 3, vendor: 0x1234, product: 0x5678, version: 0x0111,
        properties: [Code.propDirect],
        codes: [0: [0], Code.evKey: [Code.btnTouch],
                Code.evAbs: [Code.absX, Code.absY, Code.absMTSlot, Code.absMTPositionX, Code.absMTPositionY,
                             Code.absMTTrackingID]],
        absInfo: [Code.absX: AbsInfo(minimum: 0, maximum: 4095, resolution: 16),
                  Code.absY: AbsInfo(minimum: 0, maximum: 2559, resolution: 16),
                  Code.absMTSlot: AbsInfo(minimum: 0, maximum: 9),
                  Code.absMTPositionX: AbsInfo(minimum: 0, maximum: 4095, resolution: 16),
                  Code.absMTPositionY: AbsInfo(minimum: 0, maximum: 2559, resolution: 16),
                  Code.absMTTrackingID: AbsInfo(minimum: 0, maximum: 65535)])

    /// The example mouse of §2.4: three buttons, REL_X/Y, wheel with hi-res, MSC_SCAN.
    static let mouse = DeviceDescription(
        name: "Kinetic Test Mouse", bustype: 3, vendor: 0x1234, product: 0xabcd, version: 0x0110,
        codes: [0: [0], Code.evKey: [Code.btnLeft, Code.btnRight, Code.btnMiddle],
                Code.evRel: [Code.relX, Code.relY, Code.relWheel, Code.relWheelHiRes], Code.evMsc: [4]])

    /// Expects what libevdev read from a device made from `expected` to describe it: its identity, properties, codes
    /// (the EV_SYN line aside, which the kernel fills in) and axis ranges and resolutions (an axis's current value is
    /// device state, not description).
    static func expect(_ read: DeviceDescription, describes expected: DeviceDescription,
                       sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(read.name == expected.name, sourceLocation: sourceLocation)
        #expect([read.bustype, read.vendor, read.product, read.version]
                == [expected.bustype, expected.vendor, expected.product, expected.version], sourceLocation: sourceLocation)
        #expect(read.properties == expected.properties, sourceLocation: sourceLocation)
        #expect(read.codes.filter { $0.key != 0 } == expected.codes.filter { $0.key != 0 }, sourceLocation: sourceLocation)
        #expect(read.absInfo.mapValues(\.range) == expected.absInfo.mapValues(\.range), sourceLocation: sourceLocation)
    }
}
