import FoundationEssentials
import Testing
@testable import Kinetic

/// docs/ANIMATION.md §2.1: the constructors of the fluid-spring family and their exact constants.
@Suite struct FluidSpringParametersTests {
    static func spring(_ animation: Animation) -> FluidSpringAnimation? { animation.base as? FluidSpringAnimation }

    /// (animation, response, damping fraction, blend duration) as docs/ANIMATION.md §2.1 tabulates them.
    @Test(arguments: [
        (Animation.spring, 0.5, 1.0, 0.0),
        (.spring(), 0.5, 1.0, 0.0),
        (.spring(blendDuration: 1), 0.5, 1.0, 1.0),  // binds to duration/bounce, not fraction 0.825
        (.spring(response: 0.3), 0.3, 0.825, 0.0),
        (.spring(dampingFraction: 0.5), 0.5, 0.5, 0.0),
        (.spring(response: 0.4, dampingFraction: 0.6, blendDuration: 0.1), 0.4, 0.6, 0.1),
        (.spring(duration: 0.8, bounce: 0.25), 0.8, 0.75, 0.0),
        (.spring(duration: 0.5, bounce: -0.5), 0.5, 2.0, 0.0),
        (.spring(duration: 0.5, bounce: 1.5), 0.5, -0.5, 0.0),  // no clamp (docs/ANIMATION.md §9 #12)
        (.smooth, 0.5, 1.0, 0.0),
        (.smooth(duration: 1, extraBounce: 0.1), 1.0, 0.9, 0.0),
        (.snappy, 0.5, 0.85, 0.0),
        (.snappy(duration: 0.3, extraBounce: 0.05), 0.3, 0.8, 0.0),
        (.bouncy, 0.5, 0.7, 0.0),
        (.bouncy(duration: 0.6, extraBounce: -0.1), 0.6, 0.8, 0.0),
        (.interactiveSpring, 0.15, 0.85, 0.25),
        (.interactiveSpring(), 0.15, 0.85, 0.25),
        (.interactiveSpring(response: 0.15), 0.15, 0.86, 0.25),
        (.interactiveSpring(blendDuration: 0.1), 0.15, 0.85, 0.1),  // binds to duration/extraBounce
        (.interactiveSpring(response: 0.2, dampingFraction: 0.7, blendDuration: 0.1), 0.2, 0.7, 0.1),
        (.interactiveSpring(duration: 0.2, extraBounce: 0.05, blendDuration: 0.5), 0.2, 0.8, 0.5),
    ])
    func constants(_ animation: Animation, response: Double, fraction: Double, blend: Double) throws {
        let spring = try #require(Self.spring(animation))
        #expect(spring.response == response)
        #expect(abs(spring.dampingFraction - fraction) <= 1e-12)
        #expect(spring.blendDuration == blend)
    }

    @Test func bounceMinusOneGivesInfiniteDamping() throws {
        #expect(try #require(Self.spring(.spring(duration: 0.5, bounce: -1))).dampingFraction == .infinity)
    }

    /// k = min((2π/r)², 45 000), with r ≤ 0 or NaN counted as infinitely stiff (docs/ANIMATION.md §9 #3).
    @Test(arguments: [(0.5, 157.9137), (0.35, 322.2728), (1.0, 39.4784), (0.03, 43864.908),
                      (0.02, 45000.0), (0, 45000), (-1, 45000), (.nan, 45000)])
    func stiffnessIsCapped(response: Double, stiffness: Double) {
        #expect(abs(FluidSpringStepper.stiffness(response: response) - stiffness) <= 5e-4)
    }

    @Test func dampingCoefficientIsTwoFRootK() {
        let stepper = FluidSpringStepper(response: 0.5, dampingFraction: 1)
        #expect(abs(stepper.damping - 25.1327) <= 5e-5)
    }

    @Test func defaultIsTheDocumentedSpring() {
        #expect(DefaultAnimation().base == FluidSpringAnimation(response: 0.55, dampingFraction: 1, blendDuration: 0))
        #expect(Animation.default == Animation(DefaultAnimation()))
        #expect(Animation.default != .spring)
        #expect(Animation.default.description == "DefaultAnimation()")
    }

    @Test func printsLikeSwiftUI() {
        #expect(Animation.spring.description == "FluidSpringAnimation(response: 0.5, dampingFraction: 1.0, blendDuration: 0.0)")
        #expect(Animation.interactiveSpring(response: 0.15).description
            == "FluidSpringAnimation(response: 0.15, dampingFraction: 0.86, blendDuration: 0.25)")
    }
}
