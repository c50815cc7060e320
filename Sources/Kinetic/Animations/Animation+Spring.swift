// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

extension Animation {
    /// A persistent spring with the default duration 0.5 s and no bounce:
    /// `FluidSpringAnimation(response: 0.5, dampingFraction: 1.0, blendDuration: 0.0)`. (docs/ANIMATION.md §2.1.)
    ///
    /// `spring()` binds to ``spring(duration:bounce:blendDuration:)`` because the response family is
    /// a disfavored overload, exactly as in SwiftUI.
    public static var spring: Animation { spring() }

    /// A persistent spring described by its response (seconds: the period of the undamped spring,
    /// stiffness k = (2π/response)² capped at 45 000) and damping fraction (1 = critically damped,
    /// < 1 bounces). `blendDuration` (seconds) blends a change of response from a spring this one
    /// takes over. Parameters are used as given. (docs/ANIMATION.md §2.1, §2.3.)
    ///
    /// A disfavored overload: calls that ``spring(duration:bounce:blendDuration:)`` also accepts,
    /// such as `.spring()` or `.spring(blendDuration: 1)`, bind to that one.
    @_disfavoredOverload
    public static func spring(response: Double = 0.5, dampingFraction: Double = 0.825,
                              blendDuration: TimeInterval = 0) -> Animation {
        Animation(FluidSpringAnimation(response: response, dampingFraction: dampingFraction,
                                       blendDuration: blendDuration))
    }

    /// A persistent spring with a perceptual `duration` (seconds; used as the response) and
    /// `bounce`, damping fraction f(bounce) = 1/(bounce + 1) for bounce < 0, else 1 − bounce.
    /// (docs/ANIMATION.md §2.1.)
    ///
    /// Unlike `Spring(duration:bounce:)`, nothing is clamped, as in SwiftUI (docs/ANIMATION.md §9 #12):
    /// bounce > 1 gives negative damping (the motion grows until it is no longer finite, which ends
    /// the animation), bounce = −1 gives infinite damping (the animation ends at once, at the
    /// target), duration ≤ 0 gives the stiffest spring (k = 45 000).
    public static func spring(duration: TimeInterval = 0.5, bounce: Double = 0,
                              blendDuration: TimeInterval = 0) -> Animation {
        Animation(FluidSpringAnimation(response: duration, dampingFraction: dampingFraction(bounce: bounce),
                                       blendDuration: blendDuration))
    }

    /// f(b) = 1/(b + 1) for b < 0, else 1 − b, unclamped (b = −1 ⇒ +∞). Shared by the animation-level
    /// duration/bounce constructors. (docs/ANIMATION.md §2.1.)
    static func dampingFraction(bounce: Double) -> Double {
        bounce < 0 ? 1 / (bounce + 1) : 1 - bounce
    }
}
