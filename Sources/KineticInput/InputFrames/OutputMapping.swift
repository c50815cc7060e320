// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// How a device's gestures are mapped into an output's pixels (docs/INPUT.md §1.4.1): an absolute device (touchscreen,
/// tablet) onto an output rectangle, through a calibration matrix and the output's rotation; a relative device
/// (mouse) and a touchpad by a scale factor. Without a mapping, positions stay in millimetres from the axis minimum.
///
/// Absolute, for the device's normalised position (u, v) (0…1 over the axis ranges):
/// 1. calibration, libinput's `LIBINPUT_CALIBRATION_MATRIX` convention: (u₁, v₁) = (a·u + b·v + c, d·u + e·v + f);
/// 2. rotation, clockwise, of the output relative to the device: 0 (u₁, v₁), 90 (1 − v₁, u₁), 180 (1 − u₁, 1 − v₁),
///    270 (v₁, 1 − u₁);
/// 3. pixels: (x, y) = position + (u₂·width, v₂·height).
///
/// Velocities go through the linear part of the same steps. A device whose axes have no range cannot be mapped
/// onto an output and keeps millimetres (scaled by ``scale`` when given).
public struct OutputMapping: Hashable, Sendable {
    /// The output's size in pixels (absolute devices); `nil`: not mapped onto an output.
    public var size: CGSize?
    /// The output's top-left corner in the compositor's space, in pixels.
    public var position: CGPoint
    /// The output's rotation relative to the device, clockwise: 0, 90, 180 or 270 degrees.
    public var rotation: Int
    /// The calibration matrix (a, b, c, d, e, f), from the configuration or udev; `nil`: identity.
    public var calibration: [Double]?
    /// Pixels per millimetre for positions that stay in millimetres (relative devices, touchpads, devices without
    /// axis ranges); `nil`: 1.
    public var scale: Double?

    /// The rotations accepted.
    public static let rotations: Set<Int> = [0, 90, 180, 270]

    /// A mapping; see the properties.
    public init(size: CGSize? = nil, position: CGPoint = .zero, rotation: Int = 0, calibration: [Double]? = nil,
                scale: Double? = nil) {
        self.size = size
        self.position = position
        self.rotation = rotation
        self.calibration = calibration
        self.scale = scale
    }

    /// Whether `matrix` is a calibration matrix this mapping accepts: six finite numbers within ±10⁶.
    public static func isValidCalibration(_ matrix: [Double]) -> Bool {
        matrix.count == 6 && matrix.allSatisfy { $0.isFinite && abs($0) <= 1e6 }
    }

    /// `event` in the mapping's units. `xScale` and `yScale` are the device's axes (``InputFrameProcessor/xScale``).
    public func apply(to event: GestureEvent, xScale: AxisScale, yScale: AxisScale) -> GestureEvent {
        var mapped = event
        if let size, let normalized = event.normalizedLocation, xScale.maximum > xScale.minimum, yScale.maximum > yScale.minimum {
            let m = calibration.flatMap { Self.isValidCalibration($0) ? $0 : nil } ?? [1, 0, 0, 0, 1, 0]
            let u = Double(normalized.x), v = Double(normalized.y)
            let (u1, v1) = (m[0] * u + m[1] * v + m[2], m[3] * u + m[4] * v + m[5])
            // Normalised velocity: mm/s × units per mm / range in units.
            let nu = Double(event.velocity.width) * xScale.unitsPerMillimetre / (xScale.maximum - xScale.minimum)
            let nv = Double(event.velocity.height) * yScale.unitsPerMillimetre / (yScale.maximum - yScale.minimum)
            let (du1, dv1) = (m[0] * nu + m[1] * nv, m[3] * nu + m[4] * nv)
            let (u2, v2, du2, dv2): (Double, Double, Double, Double)
            switch rotation {
            case 90: (u2, v2, du2, dv2) = (1 - v1, u1, -dv1, du1)
            case 180: (u2, v2, du2, dv2) = (1 - u1, 1 - v1, -du1, -dv1)
            case 270: (u2, v2, du2, dv2) = (v1, 1 - u1, dv1, -du1)
            default: (u2, v2, du2, dv2) = (u1, v1, du1, dv1)
            }
            let width = Double(size.width), height = Double(size.height)
            mapped.location = CGPoint(x: Double(position.x) + u2 * width, y: Double(position.y) + v2 * height)
            mapped.velocity = CGSize(width: du2 * width, height: dv2 * height)
        } else if let scale {
            mapped.location = CGPoint(x: Double(position.x) + Double(event.location.x) * scale,
                                      y: Double(position.y) + Double(event.location.y) * scale)
            mapped.velocity = CGSize(width: Double(event.velocity.width) * scale, height: Double(event.velocity.height) * scale)
        }
        return mapped
    }

    /// The mapping in words, for `kineticctl devices`.
    public var summary: String {
        var parts: [String] = []
        if let size {
            parts.append("output \(Int(size.width))x\(Int(size.height)) at (\(Int(position.x)), \(Int(position.y)))")
            if rotation != 0 { parts.append("rotated \(rotation)°") }
            if let calibration { parts.append("calibration [" + calibration.map { "\($0)" }.joined(separator: ", ") + "]") }
        }
        if let scale { parts.append("\(scale) px/mm where positions stay in mm") }
        return parts.isEmpty ? "millimetres" : parts.joined(separator: ", ")
    }
}
