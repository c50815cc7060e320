import CEvdev
import FakeEvdev
import Glibc
@testable import KineticInput
import KineticTime

/// A pipe that libevdev takes for an evdev device, through the FakeEvdev ioctl double (docs/INPUT.md §6.2):
/// ``InputDevice`` opens it by path (`/proc/self/fd/N`), events written here are what it reads, and the state set
/// here is what a resync after `SYN_DROPPED` finds.
final class FakeEvdevDevice {
    let readEnd: Int32
    private(set) var writeEnd: Int32

    var path: String { "/proc/self/fd/\(readEnd)" }

    init(_ description: DeviceDescription) throws {
        var ends: [Int32] = [0, 0]
        guard pipe(&ends) == 0 else { throw DeviceError.systemError(path: "pipe", operation: "pipe", errno: errno) }
        readEnd = ends[0]
        writeEnd = ends[1]
        guard fake_evdev_register(readEnd, description.name, description.bustype, description.vendor,
                                  description.product, description.version) == 0 else {
            throw DeviceError.systemError(path: path, operation: "fake_evdev_register", errno: EINVAL)
        }
        for property in description.properties { fake_evdev_enable_property(readEnd, UInt32(property)) }
        for (type, codes) in description.codes {
            for code in codes { fake_evdev_enable_code(readEnd, UInt32(type), UInt32(code)) }
        }
        for (code, info) in description.absInfo {
            fake_evdev_set_absinfo(readEnd, UInt32(code), info.value, info.minimum, info.maximum, info.resolution)
        }
    }

    deinit {
        fake_evdev_unregister(readEnd)
        close(readEnd)
        if writeEnd >= 0 { close(writeEnd) }
    }

    /// Writes events as `struct input_event`, with their own timestamps (as the kernel would stamp them).
    func write(_ events: [InputEvent]) {
        var raw = events.map { event in
            let (seconds, microseconds) = Nanoseconds.timeval(event.time)
            return input_event(time: timeval(tv_sec: Int(seconds), tv_usec: Int(microseconds)),
                        type: event.type, code: event.code, value: event.value)
        }
        let size = raw.count * MemoryLayout<input_event>.stride
        let written = raw.withUnsafeMutableBytes { Glibc.write(writeEnd, $0.baseAddress, size) }
        precondition(written == size, "a test pipe holds 64 KiB; write fewer events at a time")
    }

    /// The state a resync reads: a key, an absolute axis value, a slot value.
    func setKey(_ code: UInt16, down: Bool) { fake_evdev_set_key(readEnd, UInt32(code), down ? 1 : 0) }
    func setAbsValue(_ code: UInt16, _ info: AbsInfo) {
        fake_evdev_set_absinfo(readEnd, UInt32(code), info.value, info.minimum, info.maximum, info.resolution)
    }
    func setSlotValue(slot: UInt32, code: UInt16, _ value: Int32) {
        fake_evdev_set_slot_value(readEnd, slot, UInt32(code), value)
    }
    func failGrabs(with error: Int32) { fake_evdev_set_grab_errno(readEnd, error) }
    func clockRequests(_ clock: Int32) -> Int { Int(fake_evdev_clock_requests(readEnd, clock)) }

    /// Closes the only writer: readers see `POLLHUP`, as after an unplug.
    func closeWriter() {
        close(writeEnd)
        writeEnd = -1
    }
}
