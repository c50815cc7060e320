import FoundationEssentials
import Testing
@testable import Kinetic

/// Bad parameters never trap; each gives the documented limit or clamp.
@Suite struct SpringDegenerateTests {
    /// Zero, negative and NaN durations give a rigid spring: at the target for every t > 0.
    @Test(arguments: [0.0, -0.5, -.infinity, .nan])
    func nonPositiveDurationIsRigid(_ duration: Double) {
        for spring in [Spring(duration: duration, bounce: 0.3), Spring(response: duration, dampingRatio: 0.5)] {
            #expect(spring.duration == 0)
            #expect(spring.stiffness == .infinity)
            #expect(spring.value(target: 5.0, initialVelocity: 2.0, time: 0) == 0)
            #expect(spring.velocity(target: 5.0, initialVelocity: 2.0, time: 0) == 2)
            #expect(spring.value(target: 5.0, initialVelocity: 2.0, time: 0.001) == 5)
            #expect(spring.velocity(target: 5.0, initialVelocity: 2.0, time: 0.001) == 0)
            #expect(spring.settlingDuration == 0)
            var value = 1.0
            var velocity = 0.0
            spring.update(value: &value, velocity: &velocity, target: 3, deltaTime: 1.0 / 60)
            #expect(value == 3 && velocity == 0)
        }
    }

    /// An infinite duration has no restoring force: the value drifts at its initial velocity.
    @Test func infiniteDurationDrifts() {
        let spring = Spring(duration: .infinity, bounce: 0)
        #expect(spring.stiffness == 0)
        #expect(spring.value(target: 5.0, initialVelocity: 2.0, time: 3) == 6)
        #expect(spring.velocity(target: 5.0, initialVelocity: 2.0, time: 3) == 2)
        #expect(spring.settlingDuration == .infinity)
    }

    /// bounce ≤ −1 (SwiftUI's documented minimum is −1): ζ = ∞, a frozen spring that never moves.
    @Test(arguments: [-1.0, -1.5, -.infinity])
    func bounceAtOrBelowMinusOneIsFrozen(_ bounce: Double) {
        let spring = Spring(duration: 0.5, bounce: bounce)
        #expect(spring.bounce == -1)
        #expect(spring.dampingRatio == .infinity)
        #expect(spring.damping == .infinity)
        expectClose(spring.duration, 0.5, tolerance: 1e-15)
        expectClose(spring.stiffness, pow(2 * .pi / 0.5, 2), tolerance: 1e-9)
        for t in [0.01, 0.5, 10.0] {
            #expect(spring.value(target: 1.0, initialVelocity: 3.0, time: t) == 0)
            #expect(spring.velocity(target: 1.0, initialVelocity: 3.0, time: t) == 0)
        }
        #expect(spring.settlingDuration == .infinity)
        // Approaching the limit from above, the motion at a fixed time tends to 0.
        let nearly = Spring(duration: 0.5, bounce: -0.999)
        #expect(abs(nearly.value(target: 1.0, time: 0.5)) < 0.01)
    }

    /// bounce above 1 is clamped to an undamped spring (ζ = 0); NaN bounce is the default 0.
    @Test func bounceClamps() {
        #expect(Spring(duration: 0.5, bounce: 1.5) == Spring(duration: 0.5, bounce: 1))
        #expect(Spring(duration: 0.5, bounce: 1.5).dampingRatio == 0)
        #expect(Spring(duration: 0.5, bounce: 1.5).bounce == 1)
        #expect(Spring(duration: 0.5, bounce: .nan) == Spring(duration: 0.5, bounce: 0))
        // Undamped: the value oscillates between 0 and 2·target forever.
        let undamped = Spring(duration: 0.5, bounce: 1)
        expectClose(undamped.value(target: 1.0, time: 0.25), 2, tolerance: 1e-12)
        expectClose(undamped.value(target: 1.0, time: 50), 0, tolerance: 1e-9)
    }

    /// Zero (or negative) mass: no inertia, a rigid spring.
    @Test(arguments: [0.0, -1.0, .nan])
    func zeroMassIsRigid(_ mass: Double) {
        for allow in [false, true] {
            let spring = Spring(mass: mass, stiffness: 100, damping: 10, allowOverDamping: allow)
            #expect(spring.mass == 0)
            #expect(spring.duration == 0)
            #expect(spring.stiffness == .infinity)
            #expect(spring.damping == .infinity)
            #expect(spring.value(target: -4.0, time: 0.01) == -4)
            #expect(spring.settlingDuration == 0)
        }
        #expect(Spring(mass: mass, stiffness: 100, damping: 0).damping == 0)
    }

    /// Zero or negative stiffness: no restoring force (drift); negative damping: clamped to 0.
    @Test func stiffnessAndDampingClamps() {
        let noSpring = Spring(mass: 1, stiffness: 0, damping: 10)
        #expect(noSpring.stiffness == 0)
        #expect(noSpring.value(target: 1.0, initialVelocity: 2.0, time: 1.5) == 3)
        #expect(Spring(mass: 1, stiffness: -100, damping: 10) == noSpring)
        #expect(Spring(mass: 1, stiffness: 100, damping: -10) == Spring(mass: 1, stiffness: 100, damping: 0))
        #expect(Spring(mass: 1, stiffness: 100, damping: -10).dampingRatio == 0)
        #expect(Spring(response: 0.5, dampingRatio: -0.5) == Spring(response: 0.5, dampingRatio: 0))
        #expect(Spring(response: 0.5, dampingRatio: .nan) == Spring(response: 0.5, dampingRatio: 0))
        // Infinite mass: nothing moves it.
        #expect(Spring(mass: .infinity, stiffness: 100, damping: 10).value(target: 1.0, initialVelocity: 2.0, time: 1) == 2)
    }

    /// NaN and infinite targets propagate into the result; settling is then +∞. Nothing traps.
    @Test(arguments: [0.3, 0.0, -0.3])
    func nonFiniteTargets(_ bounce: Double) {
        let spring = Spring(duration: 0.5, bounce: bounce)
        #expect(spring.value(target: Double.nan, time: 0.1).isNaN)
        #expect(spring.velocity(target: Double.nan, time: 0.1).isNaN)
        #expect(spring.value(target: 1.0, initialVelocity: .nan, time: 0.1).isNaN)
        #expect(spring.value(target: Double.infinity, time: 0.1) == .infinity)
        #expect(spring.value(target: -Double.infinity, time: 0.1) == -.infinity)
        #expect(spring.settlingDuration(target: Double.nan, epsilon: 0.001) == .infinity)
        #expect(spring.settlingDuration(target: Double.infinity, epsilon: 0.001) == .infinity)
        #expect(spring.settlingDuration(target: 1.0, initialVelocity: .infinity, epsilon: 0.001) == .infinity)
        // At t = 0 nothing has moved yet, even towards an infinite target.
        #expect(spring.value(target: Double.infinity, time: 0) == 0)
        var value = 0.0
        var velocity = 0.0
        spring.update(value: &value, velocity: &velocity, target: .nan, deltaTime: 0.1)
        #expect(value.isNaN && velocity.isNaN)
    }

    /// ε ≤ 0 can never be reached: +∞.
    @Test(arguments: [0.3, 0.0, -0.3])
    func nonPositiveEpsilon(_ bounce: Double) {
        let spring = Spring(duration: 0.5, bounce: bounce)
        #expect(spring.settlingDuration(target: 1.0, epsilon: 0) == .infinity)
        #expect(spring.settlingDuration(target: 1.0, epsilon: -1) == .infinity)
    }

    /// `init(settlingDuration:dampingRatio:epsilon:)` with NaN, zero damping or a bad epsilon.
    @Test func settlingInitializerDegenerates() {
        #expect(Spring(settlingDuration: .nan, dampingRatio: 0.5) == Spring(settlingDuration: 0.01, dampingRatio: 0.5))
        #expect(Spring(settlingDuration: 1, dampingRatio: 0.5, epsilon: 0) == Spring(settlingDuration: 1, dampingRatio: 0.5))
        #expect(Spring(settlingDuration: 1, dampingRatio: 0.5, epsilon: 2) == Spring(settlingDuration: 1, dampingRatio: 0.5))
        // ζ clamps to 2.2e-16, where no positive frequency solves the envelope equation: response = T.
        let undamped = Spring(settlingDuration: 2, dampingRatio: 0)
        expectClose(undamped.duration, 2, tolerance: 1e-12)
        #expect(undamped.dampingRatio == .ulpOfOne)
        #expect(Spring(settlingDuration: 2, dampingRatio: .nan) == undamped)
    }

    /// Springs close to the frozen limit keep a finite, slowly decaying motion: the slow root
    /// r₁ = −ω₀/(ζ + √(ζ² − 1)) ≈ −ω₀/(2ζ) is not lost to cancellation, so x(t) ≈ T·(1 − e^(r₁t))
    /// (both approximations are good to about 1/ζ²).
    @Test(arguments: [1e3, 1e7, 1e12, 1e15, 1e200])
    func stronglyOverDampedSpringsCreep(_ zeta: Double) {
        let spring = Spring(response: 0.5, dampingRatio: zeta)
        let slow = -(4 * Double.pi) / (2 * zeta)
        for t in [0.5, 2.0, 100.0] {
            let x = spring.value(target: 1.0, time: t)
            let expected = -expm1(slow * t)
            #expect(x >= 0 && x <= 1)
            expectClose(x, expected, tolerance: 1e-6 * expected + 1 / (zeta * zeta) + 1e-15, "ζ \(zeta) t \(t)")
            #expect(spring.velocity(target: 1.0, time: t).isFinite)
        }
    }

    /// Absurdly stiff (but finite) springs stay finite: no ∞ · 0.
    @Test(arguments: [0.3, 0.0, -0.3])
    func extremelyStiffSpringsStayFinite(_ bounce: Double) {
        let spring = Spring(duration: 1e-300, bounce: bounce)
        let x = spring.value(target: 1.0, initialVelocity: 1.0, time: 0.01)
        let v = spring.velocity(target: 1.0, initialVelocity: 1.0, time: 0.01)
        expectClose(x, 1, tolerance: 1e-12)
        #expect(v.isFinite)
    }

    /// Damping ratios whose λ or ω overflow behave as the frozen limit instead of turning into NaN.
    @Test(arguments: [1e307, .greatestFiniteMagnitude])
    func overflowingDampingIsFrozen(_ zeta: Double) {
        for spring in [Spring(response: 0.5, dampingRatio: zeta), Spring(response: 0.001, dampingRatio: zeta)] {
            #expect(spring.value(target: 1.0, initialVelocity: 2.0, time: 0.1) == 0)
            #expect(spring.velocity(target: 1.0, initialVelocity: 2.0, time: 0.1) == 0)
            #expect(spring.settlingDuration == .infinity)
        }
    }
}
