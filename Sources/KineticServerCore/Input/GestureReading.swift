// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials
import KineticBindings
import KineticInput

/// One gesture's state as a binding reads it, in KineticInput's units (mm, mm/s).
enum GestureReading {
    /// A point that moves: a touch, the pointer, or two fingers' midpoint.
    case planar(location: CGPoint, translation: CGSize, velocity: CGSize)
    /// A two-finger magnification (dimensionless) and its rate (1/s).
    case magnification(Double, velocity: Double)
    /// A turn, in the binding's unit, and its rate per second.
    case angle(Double, velocity: Double)

    /// The channel value and velocity this reading gives `binding`, whose channel held `origin`
    /// when the gesture began.
    ///
    /// Planar, absolute: location·scale; relative: origin + translation·scale; velocity·scale.
    /// Magnification, absolute: m, ṁ; relative: origin·m, origin·ṁ. Angle, absolute: θ, θ̇; relative: origin + θ, θ̇.
    func channelValue(for binding: GestureBinding, origin: [Double]) -> (value: [Double], velocity: [Double]) {
        switch self {
        case .planar(let location, let translation, let velocity):
            let s = binding.scale
            let v = binding.axes.select(x: velocity.width * s, y: velocity.height * s)
            switch binding.follow {
            case .absolute:
                return (binding.axes.select(x: location.x * s, y: location.y * s), v)
            case .relative:
                let d = binding.axes.select(x: translation.width * s, y: translation.height * s)
                return (d.indices.map { (($0 < origin.count) ? origin[$0] : 0) + d[$0] }, v)
            }
        case .angle(let angle, let rate):
            switch binding.follow {
            case .absolute: return ([angle], [rate])
            case .relative: return ([(origin.first ?? 0) + angle], [rate])
            }
        case .magnification(let m, let rate):
            switch binding.follow {
            case .absolute: return ([m], [rate])
            case .relative:
                let base = origin.first ?? 1
                return ([base * m], [base * rate])
            }
        }
    }
}
