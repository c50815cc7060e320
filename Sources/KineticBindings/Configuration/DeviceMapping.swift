// SPDX-License-Identifier: Apache-2.0
import KineticInput

/// One entry of the configuration's `mappings:`: the devices it matches and how their gestures map into pixels
/// (`KineticInput.OutputMapping`). The first entry that matches a device applies.
public struct DeviceMapping: Equatable, Sendable {
    /// Which devices.
    public var device: DeviceMatch
    /// Their mapping.
    public var mapping: OutputMapping

    /// A mapping of the devices `device` matches.
    public init(device: DeviceMatch = DeviceMatch(), mapping: OutputMapping) {
        self.device = device
        self.mapping = mapping
    }

    /// The mapping for `device` (opened from `path`; `nil` for a recording) among `mappings`, with its calibration
    /// taken, in this order, from the configuration, from udev (`udevCalibration`), or none — the configuration
    /// overrides the system's matrix, as an explicit setting should. `nil` when no entry matches and udev has no
    /// matrix: the device keeps millimetres.
    public static func resolve(_ mappings: [DeviceMapping], for device: DeviceDescription, path: String?,
                               udevCalibration: [Double]?) -> OutputMapping? {
        guard var mapping = mappings.first(where: {
            $0.device.matches(className: device.deviceClass.rawValue, name: device.name, path: path ?? "")
        })?.mapping else { return nil }
        if mapping.calibration == nil { mapping.calibration = udevCalibration }
        return mapping
    }
}
