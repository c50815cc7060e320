import FoundationEssentials
import Testing
@testable import Kinetic

/// docs/ANIMATION.md §2.7: delay, speed, repeat and logical-completion modifiers. Time mappings are checked on
/// `.linear(duration: 1)` with value 10, whose offset is 10·t (hand-computed).
@Suite struct ModifierAnimationTests {
    /// Evaluates `animation` at the given times in order, with one context.
    static func offsets(_ animation: Animation, value: Double = 10, at times: [Double]) -> [Double?] {
        var run = AnimationRun(animation, value: value)
        return times.map { run.step($0) }
    }

    static let linear = Animation.linear(duration: 1)

    @Test(arguments: [
        (0.5, [0.0, 0.25, 0.5, 1.0, 1.25, 1.5, 1.51], [0, 0, 0, 5, 7.5, 10, nil]),
        (-0.5, [0.0, 0.25, 0.5, 0.51], [5, 7.5, 10, nil]),       // a negative delay starts partway
        (.nan, [0.0, 0.25, 1.0, 1.01], [0, 2.5, 10, nil]),       // NaN is ignored
    ] as [(Double, [Double], [Double?])])
    func delayShiftsTime(delay: Double, times: [Double], expected: [Double?]) {
        #expect(Self.offsets(Self.linear.delay(delay), at: times) == expected)
    }

    @Test(arguments: [
        (2.0, [0.0, 0.25, 0.5, 0.51], [0, 5, 10, nil]),
        (0.5, [0.0, 1.0, 2.0, 2.01], [0, 5, 10, nil]),
        (0, [0.0, 1.0, 100.0], [0, 0, 0]),                        // frozen at the start
        (-1, [0.0, 1.0, 100.0], [0, 0, 0]),                       // negative times hold the start
        (.nan, [0.0, 0.5, 1.0, 1.01], [0, 5, 10, nil]),          // NaN is ignored
    ] as [(Double, [Double], [Double?])])
    func speedScalesTime(speed: Double, times: [Double], expected: [Double?]) {
        #expect(Self.offsets(Self.linear.speed(speed), at: times) == expected)
    }

    /// A sped-up spring is the spring at scaled times (same sub-step sequence).
    @Test func spedUpSpringIsSpringAtScaledTime() {
        let fast = Self.offsets(.bouncy.speed(2), value: 1, at: (0...30).map { Double($0) / 120 })
        let normal = Self.offsets(.bouncy, value: 1, at: (0...30).map { Double($0) / 60 })
        #expect(fast == normal)
    }

    /// Forward, back, forward over 0.25-s frames; each finished iteration shows its end for one
    /// frame, then the next starts from its beginning (docs/ANIMATION.md §2.7).
    @Test func repeatCountWithAutoreverse() {
        let times = (0...15).map { Double($0) * 0.25 }
        let expected: [Double?] = [0, 2.5, 5, 7.5, 10,   // iteration 0, forward
                                   10,                   // 1.25: it ended; its end value
                                   7.5, 5, 2.5, 0,       // iteration 1, backward (base 0.25…1.0)
                                   0,                    // 2.5: it ended backward
                                   2.5, 5, 7.5, 10,      // iteration 2, forward
                                   nil]                  // 3.75: three iterations played
        #expect(Self.offsets(Self.linear.repeatCount(3, autoreverses: true), at: times) == expected)
    }

    @Test func repeatCountWithoutAutoreverseRestartsForward() {
        let times = (0...10).map { Double($0) * 0.25 }
        // The last iteration's end is not shown: the animation finishes on that frame.
        let expected: [Double?] = [0, 2.5, 5, 7.5, 10, 10, 2.5, 5, 7.5, 10, nil]
        #expect(Self.offsets(Self.linear.repeatCount(2, autoreverses: false), at: times) == expected)
    }

    /// n = 2 with autoreverse: forward, back, then finished (the model value shows).
    @Test func twoAutoreversedIterationsEndAfterGoingBack() {
        let result = Self.offsets(Self.linear.repeatCount(2), at: [0, 0.5, 1, 1.25, 1.75, 2.25, 2.5])
        #expect(result == [0, 5, 10, 10, 5, 0, nil])
    }

    @Test(arguments: [0, -3])
    func nonPositiveCountPlaysOnce(count: Int) {
        #expect(Self.offsets(Self.linear.repeatCount(count), at: [0, 0.5, 1, 1.25]) == [0, 5, 10, nil])
    }

    @Test func repeatForeverNeverFinishes() {
        let times = (0...400).map { Double($0) * 0.25 }
        let result = Self.offsets(Self.linear.repeatForever(autoreverses: true), at: times)
        #expect(result.allSatisfy { $0 != nil })
        // Iteration k ≥ 1 begins at 1.25·k (frame 5k, the previous iteration's end frame) and shows
        // base 0.25 at frame 5k + 1: 2.5 forward (k even), 7.5 backward (k odd).
        #expect(result[6] == 7.5 && result[11] == 2.5)
        #expect(result[201] == 2.5 && result[206] == 7.5)
        #expect(result[400] == 0)  // frame 400 = 5·80: backward iteration 79 ends, showing 0
    }

    /// Each iteration restarts the base with a fresh state: a repeated spring replays the same motion.
    @Test func iterationsStartWithFreshState() throws {
        let spring = Animation.snappy
        var single = AnimationRun(spring, value: 1.0)
        var frames: [Double] = []
        var n = 0
        while let offset = single.step(frameTime(n)) { frames.append(offset); n += 1 }
        let end = n  // first frame at which the single spring finished
        var repeated = AnimationRun(spring.repeatCount(2, autoreverses: false), value: 1.0)
        for k in 0..<end { _ = repeated.step(frameTime(k)) }
        let boundary = repeated.step(frameTime(end))
        #expect(boundary == 1)  // the finished forward iteration shows its end
        for k in 1..<min(20, frames.count) {
            let second = repeated.step(frameTime(end + k))
            // Iteration 1 began at frameTime(end); its elapsed time is frameTime(end + k) − frameTime(end).
            let elapsed = frameTime(end + k) - frameTime(end)
            var fresh = AnimationRun(spring, value: 1.0)
            let expected = fresh.step(elapsed)
            #expect(second == expected)
        }
    }

    /// Logical completion of a repeat comes from its last iteration only.
    @Test func repeatIsLogicallyCompleteInLastIteration() throws {
        let samples = sampleFrames(Animation.smooth.repeatCount(2, autoreverses: false), value: 1, frames: 140)
        let boundary = try #require(samples.firstIndex { $0.offset == 1 && $0.frame > 0 })
        #expect(samples[..<boundary].allSatisfy { !$0.logicallyComplete })
        let complete = try #require(samples.first { $0.logicallyComplete })
        // The second iteration began at the boundary frame; the spring's response is 0.5 s (the
        // frame-time difference may round just below 0.5, moving it one frame later).
        #expect(complete.time - samples[boundary].time >= 0.5)
        #expect(complete.time - samples[boundary].time <= 0.5 + 1.0 / 60 + 1e-9)
        let forever = sampleFrames(Animation.smooth.repeatForever(), value: 1, frames: 300)
        #expect(forever.allSatisfy { !$0.logicallyComplete })
    }

    @Test func logicallyCompleteAfterDuration() {
        var run = AnimationRun(Self.linear.logicallyComplete(after: 0.3), value: 10.0)
        let early = run.step(0.29)
        #expect(abs((early ?? 0) - 2.9) <= 10.0 / 1_048_576)  // linear values are rounded to 2⁻²⁰
        #expect(!run.context.isLogicallyComplete)
        let onTime = run.step(0.3)
        #expect(abs((onTime ?? 0) - 3) <= 10.0 / 1_048_576)
        #expect(run.context.isLogicallyComplete)
        // It does not end the animation.
        let late = run.step(1)
        let after = run.step(1.01)
        #expect(late == 10 && after == nil)
    }

    /// A base that completes earlier keeps its earlier completion (set-once flag).
    @Test func earlierBaseCompletionStands() throws {
        let samples = sampleFrames(Animation.spring.logicallyComplete(after: 2), value: 1, frames: 40)
        #expect(try #require(samples.first { $0.logicallyComplete }).frame == 30)
    }

    @Test func laterDurationThanFinishStillCompletesByRemoval() {
        // A timing curve ends at 1 s; asking for 5 s never sets the flag before removal.
        let samples = sampleFrames(Self.linear.logicallyComplete(after: 5), value: 1, frames: 61)
        #expect(samples.allSatisfy { !$0.logicallyComplete })
        #expect(samples[61].offset == nil)
    }

    /// delay, speed and repeat do not forward velocity (docs/ANIMATION.md §2.7); logicallyComplete does.
    @Test func velocityForwarding() {
        for animation in [Animation.spring.delay(0.1), .spring.speed(2), .spring.repeatCount(2), .spring.repeatForever()] {
            var run = AnimationRun(animation, value: 5.0)
            for n in 0...20 { _ = run.step(frameTime(n)) }
            #expect(run.velocity(frameTime(20)) == nil, "\(animation)")
        }
        var wrapped = AnimationRun(.spring.logicallyComplete(after: 0.1), value: 5.0)
        var plain = AnimationRun(.spring, value: 5.0)
        for n in 0...20 { _ = wrapped.step(frameTime(n)); _ = plain.step(frameTime(n)) }
        let (w, p) = (wrapped.velocity(frameTime(20)), plain.velocity(frameTime(20)))
        #expect(w != nil && w == p)
    }

    /// Modifiers merge only with the same modifier and parameters, and then as their bases do.
    @Test func mergeRequiresSameModifier() {
        var context = AnimationContext<Double>()
        #expect(Animation.spring.delay(0.2).shouldMerge(previous: .spring.delay(0.2), value: 1.0, time: 0.5, context: &context))
        #expect(context.state[FluidSpringState<Double>.self].startTime == 0.3)  // delayed time
        #expect(!Animation.spring.delay(0.2).shouldMerge(previous: .spring.delay(0.3), value: 1.0, time: 0.5, context: &context))
        #expect(!Animation.spring.delay(0.2).shouldMerge(previous: .spring, value: 1.0, time: 0.5, context: &context))
        #expect(!Animation.easeIn.delay(0.2).shouldMerge(previous: .easeIn.delay(0.2), value: 1.0, time: 0.5, context: &context))

        var speed = AnimationContext<Double>()
        #expect(Animation.spring.speed(2).shouldMerge(previous: .spring.speed(2), value: 1.0, time: 0.5, context: &speed))
        #expect(speed.state[FluidSpringState<Double>.self].startTime == 1.0)  // scaled time
        #expect(!Animation.spring.speed(2).shouldMerge(previous: .spring.speed(3), value: 1.0, time: 0.5, context: &speed))

        var repeated = AnimationContext<Double>()
        #expect(Animation.spring.repeatCount(3).shouldMerge(previous: .spring.repeatCount(3), value: 1.0, time: 0.5,
                                                            context: &repeated))
        #expect(!Animation.spring.repeatCount(3).shouldMerge(previous: .spring.repeatCount(2), value: 1.0, time: 0.5,
                                                             context: &repeated))
        #expect(!Animation.spring.repeatForever().shouldMerge(previous: .spring.repeatForever(autoreverses: false),
                                                              value: 1.0, time: 0.5, context: &repeated))

        var logical = AnimationContext<Double>()
        #expect(Animation.spring.logicallyComplete(after: 1).shouldMerge(
            previous: .spring.logicallyComplete(after: 1), value: 1.0, time: 0.5, context: &logical))
        #expect(!Animation.spring.logicallyComplete(after: 1).shouldMerge(
            previous: .spring.logicallyComplete(after: 2), value: 1.0, time: 0.5, context: &logical))
    }

    @Test func printsReadably() {
        #expect(Animation.easeIn.delay(1).description
            == "DelayAnimation(base: BezierAnimation(duration: 0.35, curve: (0.42, 0.0)-(1.0, 1.0)), delay: 1.0)")
        #expect(Animation.default.speed(2).description == "SpeedAnimation(base: DefaultAnimation(), speed: 2.0)")
        #expect(Animation.default.repeatForever().description
            == "RepeatAnimation(base: DefaultAnimation(), repeatCount: nil, autoreverses: true)")
        #expect(Animation.default.repeatCount(3, autoreverses: false).description
            == "RepeatAnimation(base: DefaultAnimation(), repeatCount: 3, autoreverses: false)")
        #expect(Animation.default.logicallyComplete(after: 0.2).description
            == "LogicalCompletionAnimation(base: DefaultAnimation(), duration: 0.2)")
    }
}
