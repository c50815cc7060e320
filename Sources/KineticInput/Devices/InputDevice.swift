// SPDX-License-Identifier: Apache-2.0
import CEvdev
import Glibc
import Synchronization

/// A live evdev device read through libevdev (docs/INPUT.md §0, §1).
///
/// The node is opened `O_RDONLY|O_NONBLOCK|O_CLOEXEC` and its timestamps switched to `CLOCK_MONOTONIC`,
/// so ``InputEvent/time`` never sees wall-clock steps. Drive it from a read source on ``fileDescriptor``
/// (or ``wait(timeout:)`` in a poll loop) and call ``readAvailable(limit:)`` on each wakeup.
/// Calls are serialised by a lock, so the device may be handed between queues.
///
/// ```swift
/// let device = try InputDevice.open(path: "/dev/input/event5")
/// var processor = InputFrameProcessor(device: device.deviceDescription)
/// let source = DispatchSource.makeReadSource(fileDescriptor: device.fileDescriptor, queue: queue)
/// source.setEventHandler {
///     let read = device.readAvailable()
///     deliver(processor.process(read))            // cancels open gestures when the device is gone
///     if read.status != .open { source.cancel(); device.close() }
/// }
/// source.resume()
/// ```
public final class InputDevice: Sendable {
    /// The device node, e.g. `/dev/input/event3`.
    public let path: String
    /// Name, id, properties, codes and absinfo as the device reported them when opened.
    public let deviceDescription: DeviceDescription
    /// The file descriptor to watch for readability (the device owns it; do not close it).
    public let fileDescriptor: Int32

    struct Handle {
        var device: OpaquePointer?
        var fd: Int32
        var isGrabbed: Bool
    }

    let handle: Mutex<Handle>

    private init(path: String, device: sending OpaquePointer, fd: Int32) {
        self.path = path
        self.fileDescriptor = fd
        self.deviceDescription = DeviceDescription(libevdev: device)
        self.handle = Mutex(Handle(device: device, fd: fd, isGrabbed: false))
    }

    deinit {
        close()
    }

    /// The device's class by ``DeviceClass/init(classifying:)``.
    public var deviceClass: DeviceClass { deviceDescription.deviceClass }

    /// Opens `path` non-blocking with `CLOCK_MONOTONIC` timestamps, optionally with an exclusive grab (§1.6).
    ///
    /// Throws ``DeviceError/permissionDenied(path:)`` (the fix: group `input`), ``DeviceError/notFound(path:)``,
    /// ``DeviceError/notAnEvdevDevice(path:errno:)``, or ``DeviceError/grabbedByAnotherClient(path:)``.
    public static func open(path: String, grab: Bool = false) throws(DeviceError) -> InputDevice {
        let fd = Glibc.open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard fd >= 0 else { throw DeviceError(errno: errno, path: path, operation: "open") }
        var device: OpaquePointer?
        let rc = libevdev_new_from_fd(fd, &device)
        guard rc == 0, let device else {
            Glibc.close(fd)
            throw DeviceError(errno: -rc, path: path, operation: "libevdev_new_from_fd")
        }
        let clockRC = libevdev_set_clock_id(device, CLOCK_MONOTONIC)
        guard clockRC == 0 else {
            libevdev_free(device)
            Glibc.close(fd)
            throw DeviceError(errno: -clockRC, path: path, operation: "EVIOCSCLOCKID")
        }
        let opened = InputDevice(path: path, device: device, fd: fd)
        if grab { try opened.grab() }
        return opened
    }

    /// Takes an exclusive grab: no other client and no in-kernel handler sees the events until
    /// ``ungrab()`` or ``close()`` (§1.6). Throws ``DeviceError/grabbedByAnotherClient(path:)`` on `EBUSY`.
    public func grab() throws(DeviceError) {
        try setGrab(true)
    }

    /// Releases a grab taken by ``grab()``.
    public func ungrab() throws(DeviceError) {
        try setGrab(false)
    }

    /// Whether this client holds an exclusive grab.
    public var isGrabbed: Bool { handle.withLock { $0.isGrabbed } }

    /// Whether the device is still open (``close()`` not called).
    public var isOpen: Bool { handle.withLock { $0.device != nil } }

    private func setGrab(_ grabbed: Bool) throws(DeviceError) {
        let path = self.path
        let result: DeviceError? = handle.withLock { handle in
            guard let device = handle.device else { return .unplugged(path: path) }
            let rc = libevdev_grab(device, grabbed ? LIBEVDEV_GRAB : LIBEVDEV_UNGRAB)
            guard rc == 0 else { return DeviceError(errno: -rc, path: path, operation: "grab") }
            handle.isGrabbed = grabbed
            return nil
        }
        if let result { throw result }
    }

    /// Frees libevdev and closes the fd (which also drops a grab). Safe to call more than once.
    public func close() {
        handle.withLock { handle in
            guard let device = handle.device else { return }
            libevdev_free(device)
            Glibc.close(handle.fd)
            handle.device = nil
            handle.isGrabbed = false
        }
    }
}
