import KineticInput

/// Which devices a binding applies to. Every criterion given must hold; an empty match takes any
/// touchscreen, touchpad or mouse (never keyboards and other devices).
public struct DeviceMatch: Equatable, Sendable {
    /// The device classes accepted (any of them); `nil` means touchscreens, touchpads and mice.
    public var classes: [DeviceClass]?
    /// A glob on the device name (`*` any run of characters, `?` one), e.g. `"Wacom*"`.
    public var name: String?
    /// The device node, exactly (`/dev/input/event3`), or a glob (`/dev/input/by-id/*-event-mouse`).
    public var path: String?

    /// A match on the given criteria.
    public init(classes: [DeviceClass]? = nil, name: String? = nil, path: String? = nil) {
        self.classes = classes
        self.name = name
        self.path = path
    }

    /// The classes an unrestricted match accepts: the pointing devices a binding can drive.
    public static let pointingClasses: [DeviceClass] = [.touchscreen, .touchpad, .mouse]

    /// Whether `device`, opened from `path` (`nil` for a recording), matches. A path criterion never
    /// matches a device without a path.
    public func matches(_ device: DeviceDescription, path devicePath: String?) -> Bool {
        guard (classes ?? Self.pointingClasses).contains(device.deviceClass) else { return false }
        if let name, !ChannelPattern(name).matches(device.name) { return false }
        if let path {
            guard let devicePath, ChannelPattern(path).matches(devicePath) else { return false }
        }
        return true
    }
}
