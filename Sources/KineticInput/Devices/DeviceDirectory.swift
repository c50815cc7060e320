// SPDX-License-Identifier: Apache-2.0
import Glibc

/// Finding evdev nodes without udev (docs/INPUT.md §4.1).
public enum DeviceDirectory {
    /// Where the kernel's devtmpfs puts evdev nodes.
    public static let defaultPath = "/dev/input"

    /// Whether `name` is an evdev node name, `event` followed by decimal digits (not `mouseN`, `mice`, `jsN`).
    public static func isEventNode(_ name: String) -> Bool {
        guard name.hasPrefix("event") else { return false }
        let number = name.utf8.dropFirst(5)
        return !number.isEmpty && number.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
    }

    /// The evdev nodes in `directory`, as full paths ordered by their number (`event2` before `event10`);
    /// empty when the directory does not exist (no input device has appeared yet).
    public static func eventNodes(in directory: String = defaultPath) -> [String] {
        guard let stream = opendir(directory) else { return [] }
        defer { closedir(stream) }
        var names: [String] = []
        // readdir returns a bounded number of entries; the loop ends at the directory's end.
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix(while: { $0 != 0 }), as: UTF8.self)
            }
            if isEventNode(name) { names.append(name) }
        }
        return names
            .sorted { (Int($0.dropFirst(5)) ?? 0, $0) < (Int($1.dropFirst(5)) ?? 0, $1) }
            .map { directory.hasSuffix("/") ? directory + $0 : directory + "/" + $0 }
    }

    /// Every evdev node in `directory` with its description (and so its class), or why it could not be read.
    public static func listDevices(in directory: String = defaultPath) -> [DeviceListing] {
        eventNodes(in: directory).map { path in
            do throws(DeviceError) {
                let device = try InputDevice.open(path: path)
                defer { device.close() }
                return DeviceListing(path: path, result: .success(device.deviceDescription))
            } catch {
                return DeviceListing(path: path, result: .failure(error))
            }
        }
    }
}

/// One evdev node found by ``DeviceDirectory/listDevices(in:)``.
public struct DeviceListing: Hashable, Sendable {
    /// The node, e.g. `/dev/input/event3`.
    public var path: String
    /// The description read from the device, or why it could not be opened (e.g. permission denied).
    public var result: Result<DeviceDescription, DeviceError>

    public init(path: String, result: Result<DeviceDescription, DeviceError>) {
        self.path = path
        self.result = result
    }

    /// The device's class, or nil when it could not be opened.
    public var deviceClass: DeviceClass? { try? result.get().deviceClass }
}
