import FoundationEssentials
import Testing
@testable import Kinetic

/// docs/ANIMATION.md §2.1: `.spring(_ Spring)` and `.interpolatingSpring(_ Spring)`.
@Suite struct SpringValueAnimationTests {
    @Test func fluidSpringTakesResponseAndDampingRatio() throws {
        let spring = try #require(Animation.spring(Spring(duration: 0.5, bounce: 0.3), blendDuration: 0.2).base
            as? FluidSpringAnimation)
        #expect(abs(spring.response - 0.5) <= 1e-12)
        #expect(abs(spring.dampingFraction - 0.7) <= 1e-12)
        #expect(spring.blendDuration == 0.2)
        // Same motion as the duration/bounce form.
        let a = sampleFrames(.spring(Spring(duration: 0.4, bounce: 0.2)), value: 1, frames: 40).map(\.offset)
        let b = sampleFrames(.spring(duration: 0.4, bounce: 0.2), value: 1, frames: 40).map(\.offset)
        for (x, y) in zip(a, b) { #expect(abs((x ?? .nan) - (y ?? .nan)) <= 1e-9 || (x == nil && y == nil)) }
    }

    /// `Spring(mass: 1, stiffness: 100, damping: 10)` → SpringAnimation(1, 100, 10); docs/ANIMATION.md §2.4 vector
    /// (k 100, c 10, v₀ 2) at 0.1 s = 0.447001.
    @Test func interpolatingSpringTakesPhysicalParameters() throws {
        let animation = Animation.interpolatingSpring(Spring(mass: 1, stiffness: 100, damping: 10), initialVelocity: 2)
        let spring = try #require(animation.base as? SpringAnimation)
        #expect(abs(spring.stiffness - 100) <= 1e-9)
        #expect(abs(spring.damping - 10) <= 1e-9)
        #expect(spring.mass == 1)
        #expect(spring.initialVelocity == 2)
        var context = AnimationContext<Double>()
        let offset = try #require(animation.animate(value: 1.0, time: 0.1, context: &context))
        #expect(abs(offset - 0.447001) <= 5e-7)
    }
}
