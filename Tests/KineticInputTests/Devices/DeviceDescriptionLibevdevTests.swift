import CEvdev
import Testing
@testable import KineticInput

/// A description survives the trip through a libevdev template, which needs no device
/// (docs/INPUT.md §1.9); this is the path `VirtualDevice` and the live reader share.
@Suite struct DeviceDescriptionLibevdevTests {
    @Test(arguments: [DeviceFixtures.touchscreen, DeviceFixtures.mouse])
    func roundTripsThroughALibevdevTemplate(_ original: DeviceDescription) throws {
        let template = try original.makeLibevdevTemplate()
        defer { libevdev_free(template) }
        let read = DeviceDescription(libevdev: template)
        #expect(read.name == original.name)
        #expect([read.bustype, read.vendor, read.product, read.version]
                == [original.bustype, original.vendor, original.product, original.version])
        #expect(read.properties == original.properties)
        #expect(read.absInfo == original.absInfo)
        // libevdev reports every SYN code once EV_SYN is enabled (§3.1), so EV_SYN is compared as a superset.
        #expect(read.codes.filter { $0.key != 0 } == original.codes.filter { $0.key != 0 })
        #expect(read.codes[0]?.isSuperset(of: original.codes[0] ?? []) == true)
        #expect(read.deviceClass == original.deviceClass)
    }

    @Test func templateReportsTheSlotCountOfTheExampleTouchscreen() throws {
        let template = try DeviceFixtures.touchscreen.makeLibevdevTemplate()
        defer { libevdev_free(template) }
        // ABS_MT_SLOT 0…9 → 10 slots (§1.9, verified there on a bare template).
        #expect(libevdev_get_num_slots(template) == 10)
        #expect(libevdev_has_property(template, UInt32(INPUT_PROP_DIRECT)) == 1)
    }

    @Test func unknownCodesAreRejectedWithTheCode() {
        // ABS_MAX is 0x3f, so 0x40 is not an absolute axis; KEY_MAX is 0x2ff.
        let badAxis = DeviceDescription(name: "bad", codes: [Code.evAbs: [0x40]])
        #expect(throws: DeviceError.unsupportedCode(type: Code.evAbs, code: 0x40)) {
            _ = try badAxis.makeLibevdevTemplate()
        }
        let badKey = DeviceDescription(name: "bad", codes: [Code.evKey: [0x300]])
        #expect(throws: DeviceError.unsupportedCode(type: Code.evKey, code: 0x300)) {
            _ = try badKey.makeLibevdevTemplate()
        }
    }
}
