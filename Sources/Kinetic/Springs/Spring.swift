// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// A representation of a spring's motion: a mass on a damped spring, pulled towards a target.
///
/// Mirrors SwiftUI's `Spring` (iOS 17; docs/ANIMATION.md §1). Create one from perceptual parameters
/// (``init(duration:bounce:)``, ``init(response:dampingRatio:)``), physical ones
/// (``init(mass:stiffness:damping:allowOverDamping:)``) or a settling time
/// (``init(settlingDuration:dampingRatio:epsilon:)``), or take a preset (``smooth``, ``snappy``,
/// ``bouncy``). Query its motion in closed form with ``value(target:initialVelocity:time:)``,
/// ``velocity(target:initialVelocity:time:)`` and ``force(target:position:velocity:)``, or step it
/// with ``update(value:velocity:target:deltaTime:)``.
///
/// All motion is expressed as the **delta** from the start: the spring starts at zero with an
/// initial velocity (value units per second) and moves towards `target`. Times are in seconds.
///
/// ```swift
/// let spring = Spring(duration: 0.5, bounce: 0.3)
/// spring.stiffness                                          // 157.9137 (= (2π / 0.5)²)
/// spring.value(target: 1.0, initialVelocity: 0, time: 0.25) // 0.984087
/// ```
///
/// A spring is stored as its natural frequency ω₀ = √(k/m) (rad/s), its damping ratio
/// ζ = c / (2√(km)) and its mass m. SwiftUI's reference stores the damped angular frequency ω
/// (signed: > 0 under-damped, 0 critical, < 0 over-damped, |ω| = ω₀√|1 − ζ²|) and the decay
/// constant λ = ζω₀ = c/(2m) instead; both are available as `angularFrequency` and
/// `decayConstant` and give the same numbers.
///
/// Degenerate parameters never trap. They produce one of two limit springs, documented at each
/// initializer: a **rigid** spring (ω₀ = +∞: zero or negative duration or response, zero mass,
/// infinite stiffness), which is at its target at every t > 0; and a **frozen** spring (ζ = +∞:
/// bounce ≤ −1), infinitely damped, which never leaves its start.
public struct Spring: Hashable, Sendable {
    /// The natural frequency ω₀ = √(k/m), in radians per second; +∞ for a rigid spring.
    package private(set) var naturalFrequency: Double

    /// The damping ratio ζ = c / (2√(km)): 0 undamped, < 1 under-damped (bouncy), 1 critically
    /// damped, > 1 over-damped; +∞ for a frozen spring. Unitless.
    ///
    /// Equal to `λ · response / 2π` in SwiftUI's terms (docs/ANIMATION.md §1.3).
    public private(set) var dampingRatio: Double

    /// The mass m of the spring, in arbitrary mass units (1 unless created from a mass).
    public private(set) var mass: Double

    /// A spring from its natural frequency ω₀ (rad/s), damping ratio ζ and mass m, stored as given.
    package init(naturalFrequency: Double, dampingRatio: Double, mass: Double) {
        self.naturalFrequency = naturalFrequency
        self.dampingRatio = dampingRatio
        self.mass = mass
    }

    /// The damped angular frequency ω, in rad/s, with SwiftUI's sign convention (docs/ANIMATION.md §1.1):
    /// `ω₀√(1 − ζ²)` when under-damped, 0 when critical, `−ω₀√(ζ² − 1)` when over-damped.
    package var angularFrequency: Double {
        switch regime {
        case let .underDamped(omega, _), let .overDamped(omega, _): omega
        case .free, .critical: 0
        case .rigid: .infinity
        case .frozen: -.infinity
        }
    }

    /// The decay constant λ = ζω₀ = c/(2m), in 1/s (docs/ANIMATION.md §1.1).
    package var decayConstant: Double {
        switch regime {
        case let .underDamped(_, lambda), let .critical(lambda), let .overDamped(_, lambda): lambda
        case .free: 0
        case .rigid, .frozen: .infinity
        }
    }

    /// How the spring moves; chooses the closed form of §1.5.
    package enum Regime: Sendable {
        /// ω₀ = 0: no restoring force and no damping; the value drifts at its initial velocity.
        case free
        /// ζ < 1: oscillates with damped angular frequency ω > 0 and decays at λ.
        case underDamped(angularFrequency: Double, decayConstant: Double)
        /// ζ = 1: returns as fast as possible without overshooting, decaying at λ = ω₀.
        case critical(decayConstant: Double)
        /// ζ > 1: creeps back; ω < 0 with |ω| = √(λ² − ω₀²).
        case overDamped(angularFrequency: Double, decayConstant: Double)
        /// ω₀ = +∞ (or undefined): at the target at every t > 0.
        case rigid
        /// ζ = +∞ with finite ω₀: infinitely damped, never leaves the start.
        case frozen
    }

    /// The regime of this spring, with its ω and λ.
    package var regime: Regime {
        let omega0 = naturalFrequency
        let zeta = dampingRatio
        if omega0 == 0 { return .free }
        if !omega0.isFinite { return .rigid }
        if zeta == .infinity { return .frozen }
        let lambda = zeta * omega0
        // √(1 − ζ²) and √(ζ² − 1) as products of square roots: exact near ζ = 1 and free of
        // overflow for huge ζ.
        if zeta < 1 {
            let omega = omega0 * ((1 - zeta).squareRoot() * (1 + zeta).squareRoot())
            return .underDamped(angularFrequency: omega, decayConstant: lambda)
        }
        if zeta == 1 { return .critical(decayConstant: lambda) }
        let omega = -omega0 * ((zeta - 1).squareRoot() * (zeta + 1).squareRoot())
        // So much damping that λ or ω overflow: indistinguishable from the frozen limit.
        guard omega.isFinite, lambda.isFinite else { return .frozen }
        return .overDamped(angularFrequency: omega, decayConstant: lambda)
    }
}

extension Spring: CustomStringConvertible {
    /// The spring as the initializer call that recreates it: `Spring(duration: 0.5, bounce: 0.3)`
    /// for mass 1, `Spring(mass: 2.0, stiffness: 100.0, damping: 10.0)` otherwise.
    public var description: String {
        mass == 1
            ? "Spring(duration: \(duration), bounce: \(bounce))"
            : "Spring(mass: \(mass), stiffness: \(stiffness), damping: \(damping))"
    }
}
