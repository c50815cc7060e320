// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

extension Spring {
    /// A spring from its physical parameters (docs/ANIMATION.md §1.2).
    ///
    /// - Parameters:
    ///   - mass: m, the mass at the end of the spring. Default 1.
    ///   - stiffness: k, the spring constant, in force per value unit.
    ///   - damping: c, the friction coefficient, in force per (value unit per second).
    ///   - allowOverDamping: Whether ζ = c / (2√(km)) may exceed 1. When `false` (the default) and
    ///     the damping is over-critical, the spring is treated as **critically damped at ω₀**: the
    ///     given damping is discarded and ``damping`` reads back 2√(km).
    ///
    /// `Spring(mass: 1, stiffness: 100, damping: 10)` has duration 0.628319 s and bounce 0.5.
    ///
    /// Degenerate parameters (never trap):
    /// * `mass ≤ 0` or NaN: no inertia, a rigid spring at its target at every t > 0; ``mass`` reads 0,
    ///   ``stiffness`` and ``damping`` +∞ (unless damping is 0). With `allowOverDamping` the
    ///   physical limit would be a first-order lag; Kinetic, like the critical clamp, uses the
    ///   rigid limit in both cases.
    /// * `stiffness ≤ 0` or NaN: no restoring force; the value drifts at its initial velocity and
    ///   the damping is discarded. `stiffness == +∞`: rigid.
    /// * `damping < 0` or NaN: clamped to 0 (an undamped spring; negative damping would add energy).
    public init(mass: Double = 1.0, stiffness: Double, damping: Double, allowOverDamping: Bool = false) {
        let m = mass > 0 ? mass : 0
        let k = stiffness > 0 ? stiffness : 0
        let c = damping > 0 ? damping : 0
        guard m > 0 else {
            self.init(naturalFrequency: .infinity, dampingRatio: c > 0 ? 1 : 0, mass: 0)
            return
        }
        let omega0 = (k / m).squareRoot()
        let lambda = c / (2 * m)
        let zeta: Double
        if omega0 == 0 || !omega0.isFinite {
            zeta = 1
        } else if lambda > omega0 && !allowOverDamping {
            zeta = 1
        } else {
            let ratio = lambda / omega0
            // c = 2√(km) computed by the caller rarely divides back to exactly 1; a critically damped
            // spring should read back as one (bounce 0) and use the critical closed form.
            zeta = abs(ratio - 1) <= 4 * .ulpOfOne ? 1 : ratio
        }
        self.init(naturalFrequency: omega0, dampingRatio: zeta, mass: m)
    }

    /// The spring constant k = m·ω₀², in force per value unit (docs/ANIMATION.md §1.3).
    ///
    /// SwiftUI's reference computes m(ω² + λ²), which equals k only when ζ ≤ 1; for over-damped
    /// springs it returns m(2λ² − ω₀²) (350 instead of 100 for mass 1, stiffness 100, damping 30).
    /// Kinetic returns the self-consistent m(λ² + ω|ω|) = m·ω₀² (docs/ANIMATION.md §9 #5). +∞ for a rigid spring.
    public var stiffness: Double {
        naturalFrequency.isFinite ? mass * naturalFrequency * naturalFrequency : .infinity
    }

    /// The damping coefficient c = 2mλ = 2mζω₀, in force per (value unit per second) (docs/ANIMATION.md §1.3).
    /// +∞ for a frozen spring and for a rigid one with damping.
    public var damping: Double {
        let c = 2 * mass * dampingRatio * naturalFrequency
        if c.isNaN { return dampingRatio == 0 || naturalFrequency == 0 ? 0 : .infinity }
        return c
    }
}
