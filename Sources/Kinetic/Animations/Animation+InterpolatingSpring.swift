// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

extension Animation {
    /// An interpolating spring with duration 0.5 s and no bounce: stiffness (2π/0.5)² ≈ 157.9137,
    /// damping ≈ 25.1327, mass 1. (docs/ANIMATION.md §2.1.)
    public static var interpolatingSpring: Animation { interpolatingSpring() }

    /// A closed-form spring (``SpringAnimation``) with mass m, stiffness k (1/s² per unit mass),
    /// damping c (1/s per unit mass) and initial velocity v₀ (fractions of the interval per second).
    /// Successive interpolating springs combine rather than re-target. Parameters are used as given.
    public static func interpolatingSpring(mass: Double = 1, stiffness: Double, damping: Double,
                                           initialVelocity: Double = 0) -> Animation {
        Animation(SpringAnimation(mass: mass, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity))
    }

    /// A closed-form spring by perceptual duration (seconds) and bounce: mass 1, k = (2π/duration)²
    /// (+∞ when duration ≤ 0, which ends the animation at once), c = 2√k·f(bounce) with
    /// f(b) = 1/(b + 1) for b < 0, else 1 − b, unclamped. (docs/ANIMATION.md §2.1.)
    public static func interpolatingSpring(duration: TimeInterval = 0.5, bounce: Double = 0,
                                           initialVelocity: Double = 0) -> Animation {
        let stiffness = duration > 0 ? (2 * Double.pi / duration) * (2 * Double.pi / duration) : Double.infinity
        let damping = 2 * stiffness.squareRoot() * dampingFraction(bounce: bounce)
        return Animation(SpringAnimation(mass: 1, stiffness: stiffness, damping: damping, initialVelocity: initialVelocity))
    }
}
