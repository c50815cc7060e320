// SPDX-License-Identifier: Apache-2.0
import Glibc

/// Why a device operation failed: always names the device (or directory) and says what to do about it.
public enum DeviceError: Error, Hashable, Sendable, CustomStringConvertible {
    /// `open` failed with `EACCES`/`EPERM`: the user may not read the node.
    case permissionDenied(path: String)
    /// The node does not exist (`ENOENT`).
    case notFound(path: String)
    /// The device was unplugged or revoked (`ENODEV`, `POLLHUP`/`POLLERR`; docs/INPUT.md §1.11).
    case unplugged(path: String)
    /// The node does not answer evdev ioctls (`libevdev_new_from_fd` failed, e.g. `ENOTTY` for a pipe or file).
    case notAnEvdevDevice(path: String, errno: Int32)
    /// Another client holds an exclusive grab (`EVIOCGRAB` gave `EBUSY`; §1.6).
    case grabbedByAnotherClient(path: String)
    /// `/dev/uinput` cannot be used to create a virtual device.
    case uinputUnavailable(errno: Int32)
    /// A description names an event code libevdev does not know, so no virtual device can have it.
    case unsupportedCode(type: UInt16, code: UInt16)
    /// Any other system call failure, with the operation that failed.
    case systemError(path: String, operation: String, errno: Int32)

    /// Maps an `errno` from `operation` on `path` to the most specific case.
    public init(errno code: Int32, path: String, operation: String) {
        switch code {
        case EACCES, EPERM: self = .permissionDenied(path: path)
        case ENOENT: self = .notFound(path: path)
        case ENODEV, ENXIO: self = .unplugged(path: path)
        case EBUSY where operation == "grab": self = .grabbedByAnotherClient(path: path)
        case ENOTTY where operation == "libevdev_new_from_fd", EINVAL where operation == "libevdev_new_from_fd":
            self = .notAnEvdevDevice(path: path, errno: code)
        default: self = .systemError(path: path, operation: operation, errno: code)
        }
    }

    /// The device path the error is about (`/dev/uinput` for uinput errors, "" when there is none).
    public var path: String {
        switch self {
        case .permissionDenied(let path), .notFound(let path), .unplugged(let path),
             .notAnEvdevDevice(let path, _), .grabbedByAnotherClient(let path), .systemError(let path, _, _):
            return path
        case .uinputUnavailable:
            return "/dev/uinput"
        case .unsupportedCode:
            return ""
        }
    }

    /// A message a user can act on.
    public var description: String {
        switch self {
        case .permissionDenied(let path):
            return "\(path): permission denied; add the user to group 'input' (sudo usermod -aG input $USER, "
                + "then log in again) or run as root"
        case .notFound(let path):
            return "\(path): no such device; list the devices with 'ls /dev/input/event*'"
        case .unplugged(let path):
            return "\(path): the device was unplugged (ENODEV); it comes back as a new node when plugged in again"
        case .notAnEvdevDevice(let path, let code):
            return "\(path): not an evdev device (\(Self.errorName(code))); give a /dev/input/eventN node"
        case .grabbedByAnotherClient(let path):
            return "\(path): another program holds an exclusive grab (EBUSY); stop it, or open without grabbing"
        case .uinputUnavailable(let code):
            return "/dev/uinput: cannot create a virtual device (\(Self.errorName(code))); load the module "
                + "('modprobe uinput') and run as root or give the user read-write access to /dev/uinput"
        case .unsupportedCode(let type, let code):
            return "event type \(type) code \(code) is not known to libevdev; remove it from the device description"
        case .systemError(let path, let operation, let code):
            return "\(path): \(operation) failed (\(Self.errorName(code)))"
        }
    }

    private static func errorName(_ code: Int32) -> String {
        "errno \(code): \(String(cString: strerror(code)))"
    }
}
