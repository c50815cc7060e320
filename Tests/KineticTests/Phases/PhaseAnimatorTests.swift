import FoundationEssentials
import Testing

@testable import Kinetic

/// Spec §7.5: the headless phase animator over runtime attributes.
@Suite("PhaseAnimator")
struct PhaseAnimatorTests {
    final class Log {
        var content: [Double] = []
        var animationFor: [Double] = []
    }

    /// Phases 0, 10, 20 on one attribute; steps are linear, 0.5 s into phase 10 and 0.25 s otherwise.
    private func makeAnimator(graph: AnimationGraph, log: Log) throws -> (PhaseAnimator<Double, Int>, AnimatableAttribute<Double>) {
        let x = graph.attribute(0.0)
        let animator = try PhaseAnimator([0.0, 10.0, 20.0], trigger: 0) { phase in
            log.content.append(phase)
            x.value = phase
        } animation: { phase in
            log.animationFor.append(phase)
            return .linear(duration: phase == 10 ? 0.5 : 0.25)
        }
        return (animator, x)
    }

    @Test func emptyPhaseListIsAnError() {
        #expect(throws: PhaseAnimatorError.noPhases) {
            _ = try PhaseAnimator([Double](), trigger: 0) { _ in }
        }
        #expect(throws: PhaseAnimatorError.noPhases) {
            _ = try PhaseAnimator([Double]()) { _ in }
        }
        #expect(PhaseAnimatorError.noPhases.description.contains("at least one phase"))
    }

    /// One cycle per trigger change: each step animates to the next phase with the animation for the
    /// phase moved to, and starts when the previous step's animation is complete; then back to the first.
    @Test func triggerRunsOneCycle() throws {
        let graph = AnimationGraph()
        let log = Log()
        let (animator, x) = try makeAnimator(graph: graph, log: log)
        #expect(log.content == [0])
        #expect(log.animationFor.isEmpty)
        #expect(!animator.isAnimating)

        animator.trigger = 1
        #expect(animator.phase == 10)
        #expect(log.animationFor == [10])
        graph.advance(to: 0.25)
        #expect(abs(x.presentationValue - 5) < 1e-5)
        graph.advance(to: 0.5)
        #expect(animator.phase == 10, "a timing curve completes only after its end")
        graph.advance(to: 0.51)
        #expect(animator.phase == 20)
        #expect(abs(x.presentationValue - 10) < 1e-5)
        graph.advance(to: 0.635)
        #expect(abs(x.presentationValue - 15) < 1e-5)
        graph.advance(to: 0.77)
        #expect(animator.phase == 0, "back to the first phase")
        graph.advance(to: 0.895)
        #expect(abs(x.presentationValue - 10) < 1e-5)
        graph.advance(to: 1.03)
        #expect(!animator.isAnimating)
        #expect(!graph.isAnimating)
        #expect(log.content == [0, 10, 20, 0])
        #expect(log.animationFor == [10, 20, 0])

        animator.trigger = 1
        #expect(!animator.isAnimating, "an equal trigger value runs nothing")
        animator.trigger = 2
        #expect(animator.phase == 10)
    }

    /// Spring steps advance at logical completion (elapsed ≥ response), before the spring settles.
    @Test func springStepsAdvanceAtLogicalCompletion() throws {
        let graph = AnimationGraph()
        let x = graph.attribute(0.0)
        var changes: [(time: Double, phase: Double)] = []
        let animator = try PhaseAnimator([0.0, 100.0], trigger: false) { phase in
            changes.append((graph.time, phase))
            x.value = phase
        } animation: { _ in
            .spring(duration: 0.4, bounce: 0)
        }
        animator.trigger = true
        var frame = 0
        while animator.isAnimating, frame < 600 {
            frame += 1
            graph.advance(to: Double(frame) / 120)
            if changes.count == 3, changes[2].time == graph.time {
                #expect(abs(x.presentationValue - 100) > 1, "not settled when the next step starts")
            }
        }
        #expect(changes.map(\.phase) == [0, 100, 0])
        #expect(changes[2].time >= 0.4 && changes[2].time <= 0.4 + 1.0 / 120 + 1e-12)
        #expect(frame < 600)
        #expect(graph.isAnimating, "the spring back to 0 is still settling after the cycle ended")
    }

    /// A step that changes nothing completes at once: equal consecutive phases are skipped.
    @Test func stepThatChangesNothingIsSkipped() throws {
        let graph = AnimationGraph()
        let log = Log()
        let x = graph.attribute(0.0)
        let animator = try PhaseAnimator([0.0, 0.0, 10.0], trigger: 0) { phase in
            log.content.append(phase)
            x.value = phase
        } animation: { phase in
            log.animationFor.append(phase)
            return .linear(duration: 0.25)
        }
        animator.trigger = 1
        #expect(log.content == [0, 0, 10])
        #expect(animator.phase == 10)
        #expect(x.isAnimating)
    }

    /// `nil` animation: the step snaps and the next one follows at once.
    @Test func nilAnimationSnapsThroughTheCycle() throws {
        let graph = AnimationGraph()
        let log = Log()
        let x = graph.attribute(0.0)
        let animator = try PhaseAnimator([0.0, 10.0, 20.0], trigger: 0) { phase in
            log.content.append(phase)
            x.value = phase
        } animation: { _ in nil }
        animator.trigger = 1
        #expect(log.content == [0, 10, 20, 0])
        #expect(!animator.isAnimating)
        #expect(!graph.isAnimating)
    }

    /// A trigger change during a cycle runs one more cycle after it.
    @Test func triggerDuringACycleRunsOneMore() throws {
        let graph = AnimationGraph()
        let log = Log()
        let (animator, _) = try makeAnimator(graph: graph, log: log)
        animator.trigger = 1
        graph.advance(to: 0.1)
        animator.trigger = 2
        animator.trigger = 3
        var time = 0.1
        while animator.isAnimating, time < 10 {
            time += 0.01
            graph.advance(to: time)
        }
        #expect(log.content == [0, 10, 20, 0, 10, 20, 0])
    }

    /// Steps run in their own transaction: a trigger change inside an animated transaction does not
    /// lend its animation to the step.
    @Test func stepsIgnoreTheCallersAnimation() throws {
        let graph = AnimationGraph()
        let log = Log()
        let (animator, _) = try makeAnimator(graph: graph, log: log)
        withAnimation(.linear(duration: 5)) { animator.trigger = 1 }
        graph.advance(to: 0.51)
        #expect(animator.phase == 20)
    }

    /// Without a trigger the animator cycles forever.
    @Test func withoutTriggerItCyclesForever() throws {
        let graph = AnimationGraph()
        let x = graph.attribute(0.0)
        var shown: [Double] = []
        let animator = try PhaseAnimator([0.0, 10.0]) { phase in
            shown.append(phase)
            x.value = phase
        } animation: { _ in
            .linear(duration: 0.25)
        }
        #expect(shown == [0, 10])
        for frame in 1...300 {
            graph.advance(to: Double(frame) / 100)
        }
        // Each step lasts until the first frame after 0.25 s: 0.26 s, so 3 s hold 11 full steps.
        #expect(shown.count == 2 + 11)
        #expect(zip(shown, shown.dropFirst()).allSatisfy { $0 != $1 })
        #expect(animator.isAnimating)
        #expect(graph.isAnimating)
    }

    /// A cycle that changes nothing does not spin: it rests on the first phase.
    @Test func cycleThatAnimatesNothingRests() throws {
        var shown: [Double] = []
        let animator = try PhaseAnimator([5.0, 5.0]) { shown.append($0) } animation: { _ in .linear(duration: 1) }
        #expect(!animator.isAnimating)
        #expect(animator.phase == 5)
        #expect(shown == [5, 5, 5])
        let single = try PhaseAnimator([1.0], trigger: 0) { _ in }
        single.trigger = 1
        #expect(!single.isAnimating)
    }

    /// Steps animated with bad parameters (zero, negative and NaN durations, bounce ≤ −1, zero mass) never
    /// present a non-finite value, and the cycle still completes.
    @Test func badStepAnimationsStayFiniteAndComplete() throws {
        let graph = AnimationGraph()
        let x = graph.attribute(0.0)
        let bad: [Animation] = [
            .linear(duration: .nan), .spring(duration: -1, bounce: 0.2), .interpolatingSpring(mass: 0, stiffness: 100, damping: 10),
            .spring(duration: 0.3, bounce: -1), .timingCurve(.easeIn, duration: 0), .smooth.speed(.nan),
        ]
        var step = 0
        let animator = try PhaseAnimator([0.0, 10.0, 20.0, 30.0], trigger: 0) { x.value = $0 } animation: { _ in
            defer { step += 1 }
            return bad[step % bad.count]
        }
        for cycle in 1...2 {
            animator.trigger = cycle
            var frame = 0
            while animator.isAnimating, frame < 600 {
                frame += 1
                graph.advance(to: graph.time + 1.0 / 60)
                #expect(x.presentationValue.isFinite, "cycle \(cycle), frame \(frame): \(x.presentationValue)")
            }
            #expect(!animator.isAnimating, "cycle \(cycle) did not complete in 10 s")
            // The last step's animation (logically complete, perhaps still moving) ends at the first phase.
            for _ in 0..<300 { graph.advance(to: graph.time + 1.0 / 60) }
            #expect(x.presentationValue == 0 && !graph.isAnimating)
        }
        #expect(step == 8, "four steps per cycle: to 10, 20, 30 and back to 0")
    }
}
