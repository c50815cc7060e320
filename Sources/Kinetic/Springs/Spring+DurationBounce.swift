// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

extension Spring {
    /// A spring with a perceptual duration and bounce (docs/ANIMATION.md §1.2).
    ///
    /// - Parameters:
    ///   - duration: The perceptual duration d, in seconds: the period of the undamped spring,
    ///     so the stiffness is k = (2π/d)² with mass 1. Default 0.5.
    ///   - bounce: How bouncy the spring is, from −1 to 1. 0 is critically damped; positive values
    ///     under-damp (damping ratio ζ = 1 − bounce; values above 1 are clamped to ζ = 0, an undamped
    ///     spring); negative values over-damp (ζ = 1/(1 + bounce)). Default 0.
    ///
    /// Damping c = 2ζ√k = 4πζ/d (WWDC23 "Animate with springs"). For example
    /// `Spring(duration: 0.5, bounce: 0.3)` has mass 1, stiffness 157.9137 and damping 17.5929.
    ///
    /// Degenerate parameters (never trap):
    /// * `duration ≤ 0` or NaN: a rigid spring (infinitely stiff): `duration` reads 0, stiffness +∞,
    ///   and the value is at the target at every t > 0.
    /// * `duration == +∞`: no restoring force; the value drifts at its initial velocity.
    /// * `bounce ≤ −1` (SwiftUI documents −1 as the minimum): ζ = +∞, a frozen spring that never
    ///   leaves its start; `bounce` reads −1, `dampingRatio` and `damping` +∞, `duration` is kept.
    ///   (SwiftUI's reference yields ω = −∞, λ = +∞ and NaN motion instead.)
    /// * `bounce` NaN: treated as 0, the default.
    public init(duration: TimeInterval = 0.5, bounce: Double = 0.0) {
        let zeta: Double
        if bounce.isNaN {
            zeta = 1
        } else if bounce <= -1 {
            zeta = .infinity
        } else if bounce < 0 {
            zeta = 1 / (1 + bounce)
        } else if bounce == 0 {
            zeta = 1
        } else if bounce <= 1 {
            zeta = 1 - bounce
        } else {
            zeta = 0
        }
        self.init(naturalFrequency: Self.naturalFrequency(period: duration), dampingRatio: zeta, mass: 1)
    }

    /// The perceptual duration, in seconds: `2π / ω₀ = 2π / √(k/m)`, the period of the spring
    /// without damping (docs/ANIMATION.md §1.3). Equal to ``response``. 0 for a rigid spring.
    public var duration: TimeInterval { 2 * .pi / naturalFrequency }

    /// How bouncy the spring is (docs/ANIMATION.md §1.3): `1 − ζ` when ζ ≤ 1 (0 critically damped, 1 undamped),
    /// `1/ζ − 1` when over-damped (down to −1 for a frozen spring).
    public var bounce: Double {
        dampingRatio <= 1 ? 1 - dampingRatio : 1 / dampingRatio - 1
    }

    /// ω₀ = 2π/period, +∞ (rigid) when the period is not positive.
    static func naturalFrequency(period: Double) -> Double {
        period > 0 ? 2 * .pi / period : .infinity
    }
}
