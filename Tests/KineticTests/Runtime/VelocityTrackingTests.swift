import FoundationEssentials
import Testing
@testable import Kinetic

/// `tracksVelocity` without an animation samples the changes; a following spring inherits the
/// velocity (docs/ANIMATION.md §5.5).
@Suite struct VelocityTrackingTests {
    /// Drags at 240 units/s, changes every 1/120 s, then releases with a spring one frame later.
    @Test func springInheritsTrackedVelocity() {
        let graph = AnimationGraph()
        let attribute = graph.attribute(0.0)
        let frame = 1.0 / 120
        for step in 1...10 {
            graph.advance(to: Double(step) * frame)
            withTransaction(\.tracksVelocity, true) { attribute.value = 2 * Double(step) }
            // No lag: the presentation is the model.
            #expect(attribute.presentationValue == attribute.value)
        }
        // The newest sample was recorded at the 10th change (interval before it, at its time).
        #expect(abs((attribute.velocity ?? .nan) - 240) < 1e-9)
        graph.advance(to: 11 * frame)
        let decay = pow(0.998, 1000 * frame)   // one frame since the newest sample
        #expect(abs((attribute.velocity ?? .nan) - 240 * decay) < 1e-9)
        withAnimation(.spring) { attribute.value = 30 }
        #expect(abs((attribute.velocity ?? .nan) - 240 * decay) < 1e-9)
        #expect(attribute.presentationValue == 20)
        graph.advance(to: 12 * frame)
        #expect(attribute.presentationValue > 20 + 240 * decay * frame * 0.5, "moves off with the inherited velocity")
    }

    @Test func trackingEndsTwoSecondsAfterTheNewestSample() {
        let graph = AnimationGraph()
        let attribute = graph.attribute(0.0)
        for step in 1...3 {
            graph.advance(to: Double(step) * 0.1)
            withTransaction(\.tracksVelocity, true) { attribute.value = Double(step) }
        }
        graph.advance(to: 2.2)
        #expect(attribute.isAnimating)
        graph.advance(to: 2.35)
        #expect(!attribute.isAnimating)
        #expect(attribute.velocity == 0)
    }

    /// Samples (0, 0), (1, 0.25 s), (−2, 0.5 s): v₁₂ = 4, v₂₃ = −12, 0.25·(−12) + 0.75·4 = 0 exactly.
    @Test func trackingEndsWhenTheTrackedVelocityIsZero() {
        let graph = AnimationGraph(time: 0.25)
        let attribute = graph.attribute(0.0)
        withTransaction(\.tracksVelocity, true) { attribute.value = 1 }
        graph.advance(to: 0.5)
        withTransaction(\.tracksVelocity, true) { attribute.value = -2 }
        graph.advance(to: 0.75)
        #expect(attribute.isAnimating)
        withTransaction(\.tracksVelocity, true) { attribute.value = 5 }
        #expect(!attribute.isAnimating)
        #expect(attribute.presentationValue == 5)
    }
}

@Suite struct TrackingFrameScheduleTests {
    /// While only velocity tracking runs the presentation is the model: the next frame the graph
    /// needs is the first one after the tracking expires (2 s after the newest sample).
    @Test func trackingOnlyGraphSleepsUntilExpiry() {
        let graph = AnimationGraph(time: 1)
        let a = graph.attribute(0.0)
        withTransaction(\.tracksVelocity, true) { a.value = 1 }
        graph.advance(to: 1.25)
        withTransaction(\.tracksVelocity, true) { a.value = 2 }   // newest sample: elapsed 0.25 → graph 1.25
        #expect(graph.nextFrameTime(frameInterval: 0.5) == 1.25 + 2 + 0.5)
        let b = graph.attribute(0.0)
        withAnimation(.testLinear(1)) { b.value = 1 }
        #expect(graph.nextFrameTime(frameInterval: 0.5) == 1.75)
        graph.advance(to: 3)
        #expect(graph.nextFrameTime(frameInterval: 0.5) == 3.75)
        graph.advance(to: 3.75)
        #expect(!a.isAnimating)
        #expect(graph.nextFrameTime(frameInterval: 0.5) == nil)
    }
}
