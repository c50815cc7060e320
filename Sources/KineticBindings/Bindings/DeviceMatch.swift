// SPDX-License-Identifier: Apache-2.0
import KineticProtocol

/// Which input devices a binding listens to (all given criteria must hold).
public struct DeviceMatch: Equatable, Sendable {
    /// Device classes (`touchscreen`, `touchpad`, `mouse`, …); empty: any class.
    public var classes: [String] = []
    /// A glob on the device name (`*` and `?`).
    public var name: String?
    /// An exact device node path.
    public var path: String?

    /// A match on any of `classes` (empty: any), a name glob and a path.
    public init(classes: [String] = [], name: String? = nil, path: String? = nil) {
        self.classes = classes
        self.name = name
        self.path = path
    }

    /// Whether a device with this class, name and path matches.
    public func matches(className: String, name deviceName: String, path devicePath: String) -> Bool {
        (classes.isEmpty || classes.contains(className))
            && (name.map { ChannelPattern($0).matches(deviceName) } ?? true)
            && (path.map { $0 == devicePath } ?? true)
    }
}
