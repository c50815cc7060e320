// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

extension Animation {
    /// A persistent spring (``FluidSpringAnimation``) with `spring`'s response (seconds) and damping
    /// ratio as its damping fraction; `blendDuration` (seconds) as in
    /// ``spring(response:dampingFraction:blendDuration:)``. The spring's mass does not enter (the
    /// fluid spring has mass 1). (docs/ANIMATION.md §2.1, inferred: not in OpenSwiftUI.)
    public static func spring(_ spring: Spring, blendDuration: TimeInterval = 0) -> Animation {
        Animation(FluidSpringAnimation(response: spring.response, dampingFraction: spring.dampingRatio,
                                       blendDuration: blendDuration))
    }

    /// A closed-form spring (``SpringAnimation``) with `spring`'s mass, stiffness and damping and
    /// initial velocity v₀ (fractions of the interval per second). (docs/ANIMATION.md §2.1, inferred.)
    public static func interpolatingSpring(_ spring: Spring, initialVelocity: Double = 0) -> Animation {
        Animation(SpringAnimation(mass: spring.mass, stiffness: spring.stiffness, damping: spring.damping,
                                  initialVelocity: initialVelocity))
    }
}
