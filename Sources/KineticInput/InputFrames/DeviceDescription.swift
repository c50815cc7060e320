// SPDX-License-Identifier: Apache-2.0
/// The range and resolution of one absolute axis (`struct input_absinfo`): values in device units, resolution in
/// units per millimetre (docs/INPUT.md §1.4).
public struct AbsInfo: Hashable, Sendable {
    /// Current value.
    public var value: Int32
    /// Smallest value the axis reports.
    public var minimum: Int32
    /// Largest value the axis reports.
    public var maximum: Int32
    /// Noise filter width.
    public var fuzz: Int32
    /// Dead zone.
    public var flat: Int32
    /// Units per millimetre (units per radian for `ABS_MT_ORIENTATION`); 0 when unknown.
    public var resolution: Int32

    public init(value: Int32 = 0, minimum: Int32, maximum: Int32, fuzz: Int32 = 0, flat: Int32 = 0, resolution: Int32 = 0) {
        self.value = value
        self.minimum = minimum
        self.maximum = maximum
        self.fuzz = fuzz
        self.flat = flat
        self.resolution = resolution
    }
}

/// What kind of pointing device a device is, for bindings and gesture tracking (docs/INPUT.md §1.7).
public enum DeviceClass: String, Hashable, Sendable, CaseIterable {
    /// Direct multitouch (INPUT_PROP_DIRECT + ABS_MT_*): positions map to the screen.
    case touchscreen
    /// Indirect multitouch (INPUT_PROP_POINTER or BTN_TOOL_FINGER).
    case touchpad
    /// Relative pointer (REL_X/REL_Y).
    case mouse
    /// Anything else (keyboards, switches, …).
    case other
}

/// Everything known about a device apart from its events: identity, capabilities and axes.
///
/// Live devices fill it from libevdev; recordings from their header (evemu `N:`/`I:`/`P:`/`B:`/`A:`
/// lines, or libinput-record's `evdev` section). The frame processor needs only this.
public struct DeviceDescription: Hashable, Sendable {
    /// The device name (`N:`), e.g. "Example Touchscreen".
    public var name: String
    /// Bus type (`BUS_USB` 3, `BUS_VIRTUAL` 6, …).
    public var bustype: UInt16
    /// Vendor id.
    public var vendor: UInt16
    /// Product id.
    public var product: UInt16
    /// The device's version number, as the kernel reports it in its `input_id` (`EVIOCGID`).
    public var version: UInt16
    /// Input properties set (INPUT_PROP_POINTER 0, INPUT_PROP_DIRECT 1, …).
    public var properties: Set<UInt16>
    /// For each event type, the codes the device can send.
    public var codes: [UInt16: Set<UInt16>]
    /// Absolute axes by code.
    public var absInfo: [UInt16: AbsInfo]

    public init(name: String, bustype: UInt16 = 0, vendor: UInt16 = 0, product: UInt16 = 0, version: UInt16 = 0,
                properties: Set<UInt16> = [], codes: [UInt16: Set<UInt16>] = [:], absInfo: [UInt16: AbsInfo] = [:]) {
        self.name = name
        self.bustype = bustype
        self.vendor = vendor
        self.product = product
        self.version = version
        self.properties = properties
        self.codes = codes
        self.absInfo = absInfo
    }

    /// Whether the device can send `code` of event type `type`.
    public func has(type: UInt16, code: UInt16) -> Bool { codes[type]?.contains(code) ?? false }
}
