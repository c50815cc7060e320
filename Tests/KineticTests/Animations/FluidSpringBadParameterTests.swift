import FoundationEssentials
import Testing
@testable import Kinetic

/// Bad parameters never trap and never present a non-finite value (docs/ANIMATION.md §2.1, §9 #3, #12).
@Suite struct FluidSpringBadParameterTests {
    /// Runs up to 120 s of 60 Hz frames; returns the finishing time and whether every value was finite.
    static func run(_ animation: Animation, value: Double) -> (end: Double?, allFinite: Bool) {
        var run = AnimationRun(animation, value: value)
        var allFinite = true
        for n in 0...7200 {
            guard let offset = run.step(frameTime(n)) else { return (frameTime(n), allFinite) }
            allFinite = allFinite && offset.isFinite
        }
        return (nil, allFinite)
    }

    @Test(arguments: [
        (Animation.spring(duration: 0.5, bounce: -1), "infinite damping"),
        (.spring(response: 0.5, dampingFraction: .nan), "NaN damping"),
        (.spring(duration: 0.5, bounce: 2), "negative damping grows until it overflows"),
    ])
    func endsWithoutPresentingNonFiniteValues(_ animation: Animation, _ reason: String) {
        let (end, allFinite) = Self.run(animation, value: 100)
        #expect(end != nil, "\(reason)")
        #expect(allFinite, "\(reason)")
    }

    /// Response +∞ gives k = 0: the formula never moves and so never finishes, as documented.
    @Test func infiniteResponseHoldsTheStart() {
        let (end, allFinite) = Self.run(.spring(response: .infinity, dampingFraction: 1), value: 100)
        #expect(end == nil)
        #expect(allFinite)
    }

    @Test(arguments: [Double.nan, .infinity, -.infinity])
    func nonFiniteDeltaEndsAtFirstEvaluation(_ value: Double) {
        var run = AnimationRun(.spring, value: value)
        let first = run.step(0)
        #expect(first == nil)
    }

    /// Zero and negative durations reach the fluid spring as response ≤ 0.
    @Test func nonPositiveDurationsAreStiffestSpring() throws {
        for animation in [Animation.spring(duration: 0), .smooth(duration: -1), .bouncy(duration: 0)] {
            let spring = try #require(animation.base as? FluidSpringAnimation)
            #expect(FluidSpringStepper(response: spring.response, dampingFraction: 1).stiffness == 45_000)
            #expect(finishingFrame(animation, value: 1).map { $0 <= 15 } == true)
        }
    }

    /// Response ≤ 0 (or NaN) is the stiffest spring, k = 45 000 (ω₀ ≈ 212 rad/s): it settles within a
    /// few frames; response ≤ 0 is logically complete at once.
    @Test(arguments: [0.0, -0.5, .nan])
    func nonPositiveResponseIsStiffestSpring(_ response: Double) throws {
        let animation = Animation.spring(response: response, dampingFraction: 1)
        let samples = sampleFrames(animation, value: 1, frames: 60)
        let end = try #require(samples.first { $0.offset == nil })
        #expect(end.time <= 0.25)
        #expect(samples[0].logicallyComplete == !response.isNaN)
        #expect(samples[1].offset.map { $0 > 0.5 } == true)
    }

    @Test func negativeTimeDoesNotIntegrate() {
        var run = AnimationRun(.spring, value: 1.0)
        let early = run.step(-5)
        #expect(early == 0)
        #expect(run.context.state[FluidSpringState<Double>.self].time == 0)
    }

    /// A jump far ahead integrates at most 1 s + 1/60 s of sub-steps (the catch-up rule), not the gap.
    @Test func longGapCatchesUp() {
        var run = AnimationRun(.spring, value: 1.0)
        _ = run.step(0)
        _ = run.step(1e9)
        #expect(run.context.state[FluidSpringState<Double>.self].time >= 1e9)
    }
}
