import FoundationEssentials
import Testing
@testable import Kinetic

/// The sub-step mathematics the runtime reuses (docs/ANIMATION.md §2.3 step 5).
@Suite struct FluidSpringStepperTests {
    /// One sub-step from rest at x = 0 towards D: x stays 0, a = k·D, v = a·h/2 (hand-computed).
    @Test func firstSubStepFromRest() {
        let stepper = FluidSpringStepper(stiffness: 100, damping: 20)
        var (x, v, a) = (0.0, 0.0, 0.0)
        stepper.step(offset: &x, velocity: &v, force: &a, target: 2)
        #expect(x == 0)
        #expect(a == 200)
        let firstVelocity: Double = 200 * (1.0 / 600)
        #expect(v == firstVelocity)
        // Second step: v½ = v + a/600 = 2/3, x = (2/3)/300, a = 100·(2 − x) − 20·(2/3).
        stepper.step(offset: &x, velocity: &v, force: &a, target: 2)
        #expect(abs(x - 2.0 / 900) <= 1e-15)
        #expect(abs(a - (100 * (2 - 2.0 / 900) - 40.0 / 3)) <= 1e-12)
    }

    @Test func scalarAndGenericStepsAreBitIdentical() {
        let stepper = FluidSpringStepper(response: 0.4, dampingFraction: 0.6)
        var scalar = (x: 3.0, v: -20.0, a: 150.0)
        var generic = AnimatablePair(scalar.x, 0.0), velocity = AnimatablePair(scalar.v, 0.0)
        var force = AnimatablePair(scalar.a, 0.0)
        for _ in 0..<500 {
            stepper.step(offset: &scalar.x, velocity: &scalar.v, force: &scalar.a, target: 40)
            stepper.step(offset: &generic, velocity: &velocity, force: &force, target: AnimatablePair(40.0, 0.0))
        }
        #expect(scalar.x == generic.first && scalar.v == velocity.first && scalar.a == force.first)
    }

    /// Folding n sub-steps into one linear map matches stepping one at a time to rounding.
    @Test(arguments: [1, 2, 5, 6, 17, 300])
    func foldedRecurrenceMatchesSequentialSteps(count: Int) {
        let stepper = FluidSpringStepper(response: 0.5, dampingFraction: 0.7)
        var sequential = (x: 12.0, v: 340.0, a: -900.0)
        for _ in 0..<count {
            stepper.step(offset: &sequential.x, velocity: &sequential.v, force: &sequential.a, target: 100)
        }
        var folded = (x: 12.0, v: 340.0, a: -900.0)
        stepper.recurrence.repeated(count).apply(offset: &folded.x, velocity: &folded.v, force: &folded.a, target: 100)
        #expect(abs(folded.x - sequential.x) <= 1e-9 * 100)
        #expect(abs(folded.v - sequential.v) <= 1e-9 * 1000)
        #expect(abs(folded.a - sequential.a) <= 1e-9 * 10_000)
    }

    @Test func zeroStepsIsIdentity() {
        var (x, v, a) = (1.0, 2.0, 3.0)
        FluidSpringStepper(response: 0.5, dampingFraction: 1).recurrence.repeated(0)
            .apply(offset: &x, velocity: &v, force: &a, target: 9)
        #expect(x == 1 && v == 2 && a == 3)
    }

    /// The clock adds h while it is before `now`, landing on the first accumulated grid point ≥ now.
    @Test(arguments: [(0.0, 0.0, 0), (0.0, 0.001, 1), (0.0, 1.0 / 300, 1), (0.0, 0.05, 15), (0.1, 0.05, 0)])
    func clockAdvancesToFirstGridPointAtOrAfterNow(start: Double, now: Double, minimum: Int) {
        var time = start
        let steps = FluidSpringStepper.advance(time: &time, to: now)
        #expect(time >= now)
        #expect(time - FluidSpringStepper.stepInterval < now || steps == 0)
        #expect(steps == minimum || steps == minimum + 1)
    }

    @Test func catchUpRestartsOneFrameBehind() {
        #expect(FluidSpringStepper.catchUp(time: 0, now: 1.0) == 0)
        #expect(FluidSpringStepper.catchUp(time: 0, now: 2.5) == 2.5 - 1.0 / 60)
    }

    /// The stop rule on squared magnitudes (docs/ANIMATION.md §2.3 step 6).
    @Test(arguments: [
        (0.0036, 0.0, 1e-4, 1e-4, true),       // at rest and within 1 %
        (0.0037, 0.0, 1e-4, 0.0, false),       // still moving
        (0.0, 0.0037, 1e-4, 0.0, false),       // still accelerating
        (0.0, 0.0, 1e-4, 2e-4, false),         // at rest but more than 1 % away
        (0.0, 0.0, 0.0, 5.0, true),            // zero interval: the 1 % rule never applies
        (0.0, 0.0, .nan, 1.0, true),           // NaN interval ends
    ])
    func stopRule(v2: Double, a2: Double, tolerance2: Double, remaining2: Double, finished: Bool) {
        #expect(FluidSpringStepper.isFinished(velocitySquared: v2, forceSquared: a2,
                                              toleranceSquared: tolerance2, remainingSquared: remaining2) == finished)
    }

    /// The runtime's fast path (a bare `FluidSpringState<Double>` per channel) gives exactly what
    /// `animate` gives through a context, including the merge and logical completion.
    @Test func bareStateMatchesContext() {
        let spring = FluidSpringAnimation(response: 0.15, dampingFraction: 0.86, blendDuration: 0.25)
        var bare = FluidSpringState<Double>()
        var run = AnimationRun(Animation(spring), value: 30.0)
        for n in 0...20 {
            let (offset, complete) = spring.advance(&bare, value: 30, time: frameTime(n))
            let viaContext = run.step(frameTime(n))
            #expect(offset == viaContext && complete == run.context.isLogicallyComplete)
        }
        // Re-target at 20/60 s, coming from a response-0.5 spring state.
        let previous = Animation.spring
        var context = run.context
        _ = spring.shouldMerge(previous: previous, value: 30.0, time: frameTime(20), context: &context)
        spring.take(over: &bare, offset: bare.offset, velocity: bare.velocity, response: 0.5, time: frameTime(20))
        for n in 21...40 {
            let viaContext = spring.animate(value: -10.0, time: frameTime(n), context: &context)
            #expect(spring.advance(&bare, value: -10, time: frameTime(n)).offset == viaContext)
        }
    }
}
