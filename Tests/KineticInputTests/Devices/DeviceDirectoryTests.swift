import FoundationEssentials
import Glibc
import Testing
@testable import KineticInput
import KineticTestSupport

@Suite struct DeviceDirectoryTests {
    @Test(arguments: [("event0", true), ("event12", true), ("event", false), ("mouse0", false), ("mice", false),
                      ("js0", false), ("event1a", false), ("eventx", false), ("xevent1", false), ("by-id", false)])
    func recognisesEventNodeNames(_ name: String, _ expected: Bool) {
        #expect(DeviceDirectory.isEventNode(name) == expected)
    }

    @Test func listsOnlyEventNodesInNumericOrder() throws {
        let directory = TemporaryDirectory()
        for name in ["event10", "event2", "mouse0", "mice", "event3", "js0", "event"] { try directory.create(name) }
        #expect(DeviceDirectory.eventNodes(in: directory.path)
                == ["event2", "event3", "event10"].map { directory.path + "/" + $0 })
    }

    @Test func missingDirectoryHasNoNodes() {
        #expect(DeviceDirectory.eventNodes(in: "/nonexistent-kinetic-test/input").isEmpty)
    }

    @Test func listingReportsNodesThatAreNotEvdevDevicesWithTheirPath() throws {
        let directory = TemporaryDirectory()
        try directory.create("event4")
        let listing = DeviceDirectory.listDevices(in: directory.path)
        let path = directory.path + "/event4"
        #expect(listing == [DeviceListing(path: path, result: .failure(.notAnEvdevDevice(path: path, errno: ENOTTY)))])
        #expect(listing.first?.deviceClass == nil)
    }

    @Test func openingAMissingNodeSaysNotFound() {
        #expect(throws: DeviceError.notFound(path: "/nonexistent-kinetic-test/event0")) {
            _ = try InputDevice.open(path: "/nonexistent-kinetic-test/event0")
        }
    }

    @Test func openingACharacterDeviceThatIsNotEvdevFailsClearly() {
        // /dev/null opens, but answers evdev ioctls with ENOTTY (the pipe case of §1.1).
        #expect(throws: DeviceError.notAnEvdevDevice(path: "/dev/null", errno: ENOTTY)) {
            _ = try InputDevice.open(path: "/dev/null")
        }
    }
}

/// Device nodes' stand-ins in a ``TemporaryDirectory``.
extension TemporaryDirectory {
    func create(_ name: String) throws {
        guard FileManager.default.createFile(atPath: path + "/" + name, contents: Data()) else {
            throw POSIXError(.EIO)
        }
    }

    func remove(_ name: String) throws {
        try FileManager.default.removeItem(atPath: path + "/" + name)
    }
}
