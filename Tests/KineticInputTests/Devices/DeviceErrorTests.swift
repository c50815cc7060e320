import Glibc
import Testing
@testable import KineticInput

@Suite struct DeviceErrorTests {
    struct Mapping: Sendable {
        var errno: Int32
        var operation: String
        var expected: DeviceError
    }

    static let mappings: [Mapping] = [
        .init(errno: EACCES, operation: "open", expected: .permissionDenied(path: "/dev/input/event3")),
        .init(errno: EPERM, operation: "open", expected: .permissionDenied(path: "/dev/input/event3")),
        .init(errno: ENOENT, operation: "open", expected: .notFound(path: "/dev/input/event3")),
        .init(errno: ENODEV, operation: "read", expected: .unplugged(path: "/dev/input/event3")),
        .init(errno: EBUSY, operation: "grab", expected: .grabbedByAnotherClient(path: "/dev/input/event3")),
        .init(errno: EBUSY, operation: "open",
              expected: .systemError(path: "/dev/input/event3", operation: "open", errno: EBUSY)),
        .init(errno: ENOTTY, operation: "libevdev_new_from_fd",
              expected: .notAnEvdevDevice(path: "/dev/input/event3", errno: ENOTTY)),
        .init(errno: ENOTTY, operation: "read",
              expected: .systemError(path: "/dev/input/event3", operation: "read", errno: ENOTTY)),
    ]

    @Test(arguments: mappings)
    func mapsErrnoToTheSpecificCase(_ mapping: Mapping) {
        let error = DeviceError(errno: mapping.errno, path: "/dev/input/event3", operation: mapping.operation)
        #expect(error == mapping.expected)
        #expect(error.path == "/dev/input/event3")
        #expect(error.description.hasPrefix("/dev/input/event3: "))
    }

    @Test func permissionDeniedNamesTheDeviceAndTheInputGroup() {
        let message = DeviceError.permissionDenied(path: "/dev/input/event7").description
        #expect(message.contains("/dev/input/event7"))
        #expect(message.contains("group 'input'"))
        #expect(message.contains("usermod -aG input"))
    }

    @Test func unplugSaysUnplugged() {
        let message = DeviceError.unplugged(path: "/dev/input/event2").description
        #expect(message.contains("/dev/input/event2"))
        #expect(message.contains("unplugged"))
    }

    @Test func uinputErrorSaysHowToGetUinput() {
        let message = DeviceError.uinputUnavailable(errno: ENOENT).description
        #expect(message.hasPrefix("/dev/uinput: "))
        #expect(message.contains("modprobe uinput"))
        #expect(message.contains(String(cString: strerror(ENOENT))))
    }

    @Test func busyNamesTheFix() {
        let message = DeviceError.grabbedByAnotherClient(path: "/dev/input/event1").description
        #expect(message.contains("/dev/input/event1"))
        #expect(message.contains("without grabbing"))
    }
}

extension DeviceErrorTests.Mapping: CustomTestStringConvertible {
    var testDescription: String { "errno \(errno) from \(operation)" }
}
