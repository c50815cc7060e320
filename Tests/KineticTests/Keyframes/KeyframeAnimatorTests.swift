import FoundationEssentials
import Testing

@testable import Kinetic

/// Spec §7.4: the headless keyframe animator on a graph's clock.
@Suite("KeyframeAnimator")
struct KeyframeAnimatorTests {
    /// Records what the animator hands to its content and what its keyframes closure is given.
    final class Recorder {
        var shown: [Double] = []
        var arguments: [Double] = []
    }

    private func k1Animator(graph: AnimationGraph, recorder: Recorder) -> KeyframeAnimator<Double, Int> {
        KeyframeAnimator(graph: graph, initialValue: 0.0, trigger: 0, content: { recorder.shown.append($0) }) { argument in
            let _ = recorder.arguments.append(argument)
            LinearKeyframe(10.0, duration: 0.2)
            LinearKeyframe(-10.0, duration: 0.2)
            LinearKeyframe(0.0, duration: 0.2)
        }
    }

    /// K10: on creation the content gets the initial value and the keyframes closure is not called.
    @Test func appearShowsInitialValueWithoutBuildingKeyframes() {
        let graph = AnimationGraph()
        let recorder = Recorder()
        let animator = k1Animator(graph: graph, recorder: recorder)
        #expect(recorder.shown == [0])
        #expect(recorder.arguments.isEmpty)
        #expect(!animator.isRunning)
        #expect(!graph.isAnimating)
    }

    /// A run plays the timeline on the graph's clock from the time of the trigger change, then holds its end.
    @Test func triggerPlaysTheTimelineOnTheGraphClock() {
        let graph = AnimationGraph(time: 3)
        let recorder = Recorder()
        let animator = k1Animator(graph: graph, recorder: recorder)
        animator.trigger = 1
        #expect(animator.isRunning)
        #expect(graph.isAnimating)
        for (time, expected) in [(3.05, 2.5), (3.15, 7.5), (3.25, 5.0), (3.35, -5.0), (3.5, -5.0)] {
            graph.advance(to: time)
            #expect(abs(animator.value - expected) < 1e-9, "at \(time)")
        }
        graph.advance(to: 3.7)
        #expect(animator.value == 0)
        #expect(!animator.isRunning)
        #expect(!graph.isAnimating)
        #expect(recorder.arguments == [0])
        animator.trigger = 1
        #expect(!animator.isRunning, "an equal trigger value does not start a run")
    }

    /// K11/K12: a run from rest starts from the initial value again, even though the last run ended
    /// at 10; the keyframes closure gets that end value (SwiftUI's documented argument).
    @Test func runFromRestRestartsFromInitialValue() {
        let graph = AnimationGraph()
        let recorder = Recorder()
        let animator = KeyframeAnimator(
            graph: graph, initialValue: 0.0, trigger: false, content: { recorder.shown.append($0) }
        ) { argument in
            let _ = recorder.arguments.append(argument)
            LinearKeyframe(10.0, duration: 0.2)
        }
        animator.trigger = true
        graph.advance(to: 0.3)
        #expect(animator.value == 10)
        animator.trigger = false
        #expect(animator.value == 0, "content jumps back to the initial value")
        graph.advance(to: 0.4)
        #expect(abs(animator.value - 5) < 1e-9)
        #expect(recorder.arguments == [0, 10])
    }

    /// K13: a trigger change mid-run starts a new timeline from the current value.
    @Test func retriggerMidRunStartsFromTheCurrentValue() {
        let graph = AnimationGraph()
        let recorder = Recorder()
        let animator = KeyframeAnimator(
            graph: graph, initialValue: 0.0, trigger: 0, content: { recorder.shown.append($0) }
        ) { argument in
            let _ = recorder.arguments.append(argument)
            LinearKeyframe(10.0, duration: 0.4)
        }
        animator.trigger = 1
        graph.advance(to: 0.2)
        #expect(abs(animator.value - 5) < 1e-9)
        animator.trigger = 2
        #expect(abs(animator.value - 5) < 1e-9, "no jump at the retrigger")
        graph.advance(to: 0.4)
        #expect(abs(animator.value - 7.5) < 1e-9, "5 → 10 over 0.4 s, half way")
        graph.advance(to: 0.61)
        #expect(animator.value == 10)
        #expect(!animator.isRunning)
        #expect(recorder.arguments.count == 2)
        #expect(abs(recorder.arguments[1] - 5) < 1e-9)
    }

    /// K14: `repeating` loops value(time: elapsed mod duration) of a timeline built once from the
    /// initial value; false shows the start value; true again restarts from the beginning.
    @Test func repeatingLoopsAndPauses() {
        let graph = AnimationGraph()
        let recorder = Recorder()
        let animator = KeyframeAnimator(graph: graph, initialValue: 0.0, content: { recorder.shown.append($0) }) {
            argument in
            let _ = recorder.arguments.append(argument)
            LinearKeyframe(10.0, duration: 0.2)
            LinearKeyframe(0.0, duration: 0.2)
        }
        #expect(animator.isRunning)
        for (time, expected) in [(0.1, 5.0), (0.3, 5.0), (0.45, 2.5), (1.35, 7.5), (10.25, 7.5)] {
            graph.advance(to: time)
            #expect(abs(animator.value - expected) < 1e-9, "at \(time)")
        }
        #expect(graph.isAnimating)
        #expect(recorder.arguments == [0])
        animator.repeating = false
        #expect(animator.value == 0)
        #expect(!animator.isRunning)
        graph.advance(to: 10.3)
        #expect(!graph.isAnimating)
        animator.repeating = true
        graph.advance(to: 10.4)
        #expect(abs(animator.value - 5) < 1e-9, "restarted at 10.3")
    }

    /// Degenerate timelines: no tracks or only zero-length keyframes give a value once, never NaN,
    /// and the animator does not keep the graph busy.
    @Test func degenerateTimelinesNeverLoopOrProduceNaN() {
        let graph = AnimationGraph()
        let recorder = Recorder()
        let empty = KeyframeAnimator(graph: graph, initialValue: 4.0, trigger: 0, content: { recorder.shown.append($0) }) {
            _ in
        }
        empty.trigger = 1
        #expect(!empty.isRunning)
        #expect(empty.value == 4)

        let jumps = KeyframeAnimator(graph: graph, initialValue: 0.0, content: { recorder.shown.append($0) }) { _ in
            LinearKeyframe(3.0, duration: 0)
            MoveKeyframe(6.0)
        }
        #expect(!jumps.isRunning)
        #expect(jumps.value == 6)
        graph.advance(to: 1)
        #expect(!graph.isAnimating)
        // Something was shown (the sweep below cannot pass on an empty list), ending on the jumps' value.
        #expect(recorder.shown.first == 4 && recorder.shown.last == 6)
        #expect(recorder.shown.allSatisfy { $0.isFinite })
    }

    /// Bound to an attribute, the animator writes each frame's value un-animated, even when the trigger
    /// changes inside an animated transaction.
    @Test func drivesAnAttributeWithoutAnimatingIt() {
        let graph = AnimationGraph()
        let offset = graph.attribute(0.0)
        let animator = KeyframeAnimator(attribute: offset, trigger: 0) { _ in
            LinearKeyframe(10.0, duration: 0.2)
            SpringKeyframe(0.0, duration: 0.4, spring: Spring(duration: 0.4, bounce: 0))
        }
        withAnimation(.linear(duration: 5)) { animator.trigger = 1 }
        #expect(!offset.isAnimating)
        // K4e through the attribute.
        for (time, measured) in [(0.25, 9.280), (0.3, 6.384), (0.4, 2.222)] {
            graph.advance(to: time)
            #expect(abs(offset.presentationValue - measured) <= 0.0005, "at \(time)")
            #expect(offset.presentationValue == offset.value)
        }
        graph.advance(to: 0.7)
        #expect(abs(offset.value - 0.173) <= 0.0005)
        #expect(!graph.isAnimating)
    }

    /// Key-path tracks drive several attributes from one timeline (K6 through the runtime).
    @Test func drivesSeveralAttributesThroughKeyPaths() {
        struct Pose {
            var x = 0.0
            var scale = 1.0
        }
        let graph = AnimationGraph()
        let x = graph.attribute(0.0)
        let scale = graph.attribute(1.0)
        let animator = KeyframeAnimator(
            graph: graph, initialValue: Pose(), trigger: 0,
            content: { pose in
                x.value = pose.x
                scale.value = pose.scale
            }
        ) { _ in
            KeyframeTrack(\.x) {
                LinearKeyframe(10.0, duration: 0.2)
                LinearKeyframe(0.0, duration: 0.2)
            }
            KeyframeTrack(\.scale) { LinearKeyframe(2.0, duration: 0.6) }
        }
        animator.trigger = 1
        graph.advance(to: 0.3)
        #expect(abs(x.presentationValue - 5) < 1e-9)
        #expect(abs(scale.presentationValue - 1.5) < 1e-9)
        graph.advance(to: 0.5)
        #expect(x.presentationValue == 0)
        #expect(animator.isRunning, "the longer track is still playing")
        graph.advance(to: 0.6)
        #expect(scale.presentationValue == 2)
        #expect(!animator.isRunning)
    }
}
