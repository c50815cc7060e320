// SPDX-License-Identifier: Apache-2.0
import CEvdev
import Glibc
import Synchronization

/// A virtual evdev device created through uinput from a ``DeviceDescription``
/// (`libevdev_uinput_create_from_device`, docs/INPUT.md §1.10): for tests, and for replaying
/// recordings onto a device other programs can read. Needs `/dev/uinput` (module `uinput`, root by default).
///
/// The device exists until ``destroy()`` (or deinit); readers then see `POLLHUP` and `-ENODEV` (§1.11).
public final class VirtualDevice: Sendable {
    /// What the device was created from.
    public let deviceDescription: DeviceDescription
    /// The evdev node the kernel created, e.g. `/dev/input/event4` (nil when the kernel could not say).
    public let devnode: String?
    /// The sysfs path, e.g. `/sys/devices/virtual/input/input5` (nil when the kernel could not say).
    public let syspath: String?

    private struct Handle {
        var uinput: OpaquePointer?
        var template: OpaquePointer?
    }

    private let handle: Mutex<Handle>

    /// Creates the device. Throws ``DeviceError/uinputUnavailable(errno:)`` when `/dev/uinput` is missing or not
    /// writable, and ``DeviceError/unsupportedCode(type:code:)`` for codes libevdev does not know.
    public init(_ description: DeviceDescription) throws(DeviceError) {
        let template = try description.makeLibevdevTemplate()
        var uinput: OpaquePointer?
        let rc = libevdev_uinput_create_from_device(template, LIBEVDEV_UINPUT_OPEN_MANAGED.rawValue, &uinput)
        guard rc == 0, let uinput else {
            libevdev_free(template)
            throw DeviceError.uinputUnavailable(errno: -rc)
        }
        deviceDescription = description
        devnode = libevdev_uinput_get_devnode(uinput).map { String(cString: $0) }
        syspath = libevdev_uinput_get_syspath(uinput).map { String(cString: $0) }
        handle = Mutex(Handle(uinput: uinput, template: template))
    }

    deinit {
        destroy()
    }

    /// Writes one event; the kernel stamps it with its own time. End each frame with `EV_SYN/SYN_REPORT`.
    public func write(type: UInt16, code: UInt16, value: Int32) throws(DeviceError) {
        let path = devnode ?? "/dev/uinput"
        let error: DeviceError? = handle.withLock { handle in
            guard let uinput = handle.uinput else { return .unplugged(path: path) }
            let rc = libevdev_uinput_write_event(uinput, UInt32(type), UInt32(code), value)
            return rc == 0 ? nil : DeviceError(errno: -rc, path: path, operation: "uinput write")
        }
        if let error { throw error }
    }

    /// Writes events in order, ignoring their timestamps (the kernel stamps them when written).
    public func write(_ events: [InputEvent]) throws(DeviceError) {
        for event in events { try write(type: event.type, code: event.code, value: event.value) }
    }

    /// Writes one frame: the events, then `SYN_REPORT`.
    public func writeFrame(_ events: [(type: UInt16, code: UInt16, value: Int32)]) throws(DeviceError) {
        for event in events { try write(type: event.type, code: event.code, value: event.value) }
        try write(type: UInt16(EV_SYN), code: UInt16(SYN_REPORT), value: 0)
    }

    /// Removes the device (an unplug, as far as readers can tell). Safe to call more than once.
    public func destroy() {
        handle.withLock { handle in
            if let uinput = handle.uinput { libevdev_uinput_destroy(uinput) }
            if let template = handle.template { libevdev_free(template) }
            handle.uinput = nil
            handle.template = nil
        }
    }
}
