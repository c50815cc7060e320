// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// The closed-form spring behind `interpolatingSpring`: a fraction p(t) of the interval, from a
/// damped harmonic oscillator of mass m, stiffness k and damping c. (docs/ANIMATION.md §2.4.)
///
/// With ω₀ = √(k/m), ζ = c/(2√(mk)) and the initial velocity v₀ (fractions of the interval per
/// second):
/// * ζ < 1: p(t) = 1 − e^(−ζω₀t)·(cos ω_d t + B·sin ω_d t), ω_d = ω₀√(1 − ζ²), B = (ζω₀ − v₀)/ω_d;
/// * ζ ≥ 1: p(t) = 1 − (1 + (ω₀ − v₀)t)·e^(−ω₀t) — over-damped springs are treated as critically
///   damped at ω₀, as SwiftUI does.
///
/// `animate` returns `value·p(t)`; it finishes (`nil`) at the settling ``duration`` or when p(t) is
/// not finite, and is logically complete from t ≥ 2π/√k (√k, not √(k/m), as SwiftUI). It does not
/// merge: successive interpolating springs are combined, each adding its own motion (docs/ANIMATION.md §5.3).
///
/// Kinetic also reports ``velocity(value:time:context:)`` = `value·p′(t)` (value units per second);
/// OpenSwiftUI does not show one, but the closed form has it and it keeps a spring that takes over
/// moving continuously.
///
/// Bad parameters never trap: zero, negative or NaN mass or stiffness, or infinite stiffness (from
/// `interpolatingSpring(duration:)` with duration ≤ 0), make p(t) not finite or the duration 0, so
/// the animation finishes at once and the model value shows. Zero damping (ζ = 0) never finishes.
public struct SpringAnimation: CustomAnimation {
    /// m, the mass (value-free units; 1 for the duration/bounce forms).
    public let mass: Double
    /// k, the stiffness, 1/s² per unit mass.
    public let stiffness: Double
    /// c, the damping coefficient, 1/s per unit mass.
    public let damping: Double
    /// v₀, the initial velocity, fractions of the interval per second.
    public let initialVelocity: Double

    /// The time after which `animate` returns nil, seconds (see ``settlingDuration(epsilon:)``).
    public private(set) var duration: TimeInterval

    /// An interpolating spring; parameters are used as given (docs/ANIMATION.md §2.4): `mass` (m), `stiffness` (k, m·s⁻²),
    /// `damping` (c, m·s⁻¹), `initialVelocity` in fractions of the interval per second.
    public init(mass: Double, stiffness: Double, damping: Double, initialVelocity: Double) {
        self.mass = mass
        self.stiffness = stiffness
        self.damping = damping
        self.initialVelocity = initialVelocity
        self.duration = 0
        // Computed once: the ζ ≥ 1 scan costs up to 1024 evaluations.
        self.duration = settlingDuration(epsilon: 0.001)
    }

    /// ω₀ = √(k/m), rad/s.
    var naturalFrequency: Double { (stiffness / mass).squareRoot() }

    /// ζ = c/(2√(mk)).
    var dampingRatio: Double { damping / (2 * (mass * stiffness).squareRoot()) }

    /// The fraction of the interval travelled at `time` seconds, p(t), and its derivative p′(t) (1/s).
    func fraction(at time: TimeInterval) -> (value: Double, velocity: Double) {
        let omega0 = naturalFrequency, zeta = dampingRatio, v0 = initialVelocity
        if zeta < 1 {
            let decay = zeta * omega0
            let omegaD = omega0 * (1 - zeta * zeta).squareRoot()
            let b = (decay - v0) / omegaD
            let envelope = exp(-decay * time)
            let (cosine, sine) = (cos(omegaD * time), sin(omegaD * time))
            let value = 1 - envelope * (cosine + b * sine)
            let velocity = envelope * ((decay - b * omegaD) * cosine + (decay * b + omegaD) * sine)
            return (value, velocity)
        }
        let envelope = exp(-omega0 * time)
        let value = 1 - (1 + (omega0 - v0) * time) * envelope
        let velocity = envelope * (v0 + omega0 * (omega0 - v0) * time)
        return (value, velocity)
    }

    /// `value·p(t)`, or nil once `time ≥` ``duration`` or p(t) is not finite, and at once when `value` has a
    /// non-finite component (or overflows its squared magnitude): a NaN or infinite interval is never presented.
    public func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        guard time < duration, value.magnitudeSquared.isFinite else { return nil }
        let fraction = fraction(at: time).value
        guard fraction.isFinite else { return nil }
        if stiffness.isFinite, time >= 2 * Double.pi / stiffness.squareRoot() {
            context.isLogicallyComplete = true
        }
        return value.scaled(by: fraction)
    }

    /// `value·p′(t)`, value units per second (nil when not finite, or when `value` is not).
    public func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V? {
        let velocity = fraction(at: time).velocity
        return velocity.isFinite && value.magnitudeSquared.isFinite ? value.scaled(by: velocity) : nil
    }
}

extension SpringAnimation: CustomStringConvertible {
    /// `SpringAnimation(mass: 1.0, stiffness: 100.0, damping: 10.0, initialVelocity: 0.0)`.
    public var description: String {
        "SpringAnimation(mass: \(mass), stiffness: \(stiffness), damping: \(damping), initialVelocity: \(initialVelocity))"
    }
}
