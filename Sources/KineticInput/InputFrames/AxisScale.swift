// SPDX-License-Identifier: Apache-2.0
/// Converts one absolute axis from device units to millimetres and to a 0…1 fraction (docs/INPUT.md §1.4).
public struct AxisScale: Hashable, Sendable {
    /// The axis minimum in device units.
    public var minimum: Double
    /// The axis maximum in device units.
    public var maximum: Double
    /// Units per millimetre; libinput's fake resolution 1 when the device reports 0 (unknown).
    public var unitsPerMillimetre: Double
    /// Whether the device reported a resolution (false: millimetres are really device units).
    public var isCalibrated: Bool

    /// The scale of `info`; a missing axis scales 1 unit/mm from 0 with no range.
    public init(_ info: AbsInfo?) {
        minimum = Double(info?.minimum ?? 0)
        maximum = Double(info?.maximum ?? 0)
        isCalibrated = (info?.resolution ?? 0) > 0
        unitsPerMillimetre = isCalibrated ? Double(info?.resolution ?? 1) : 1
    }

    /// mm = (v − min) / resolution.
    public func millimetres(_ value: Int32) -> Double { (Double(value) - minimum) / unitsPerMillimetre }

    /// (v − min) / (max − min), or nil when the axis has no range. Not clamped: the kernel does not clamp either.
    public func normalized(_ value: Int32) -> Double? {
        maximum > minimum ? (Double(value) - minimum) / (maximum - minimum) : nil
    }
}
