import FoundationEssentials
import Testing
@testable import Kinetic

@Suite struct AnimationGraphTests {
    @Test func changeWithoutAnimationSnaps() {
        let graph = AnimationGraph()
        let attribute = graph.attribute(10.0)
        attribute.value = 40
        #expect(attribute.presentationValue == 40)
        #expect(!attribute.isAnimating)
        #expect(!graph.isAnimating)
        #expect(attribute.velocity == 0)
        #expect(graph.nextFrameTime(frameInterval: 1.0 / 60) == nil)
    }

    @Test func animationBeginsAtTheGraphsCurrentTime() {
        let graph = AnimationGraph(time: 5)
        let attribute = graph.attribute(0.0)
        withAnimation(.testLinear(1)) { attribute.value = 100 }
        // Before any frame the presentation is still the old value.
        #expect(attribute.presentationValue == 0)
        #expect(graph.isAnimating)
        #expect(graph.nextFrameTime(frameInterval: 0.5) == 5.5)
        graph.advance(to: 5.25)
        #expect(abs(attribute.presentationValue - 25) < 1e-12)
        #expect(attribute.velocity == 100)
        graph.advance(to: 6.0)
        #expect(abs(attribute.presentationValue - 100) < 1e-12)
        #expect(attribute.isAnimating)
        graph.advance(to: 6.01)
        #expect(attribute.presentationValue == 100)
        #expect(!attribute.isAnimating)
        #expect(!graph.isAnimating)
    }

    @Test func unanimatedChangeWhileAnimatingShiftsPresentationByItsDelta() {
        let graph = AnimationGraph()
        let attribute = graph.attribute(0.0)
        withAnimation(.testLinear(1)) { attribute.value = 100 }
        graph.advance(to: 0.5)
        #expect(abs(attribute.presentationValue - 50) < 1e-12)
        attribute.value = 130   // no transaction: +30 un-animated
        #expect(abs(attribute.presentationValue - 80) < 1e-12)
        graph.advance(to: 0.75)
        // The running animation still covers only its own 100 (75 done, 25 remaining).
        #expect(abs(attribute.presentationValue - 105) < 1e-12)
        graph.advance(to: 1.5)
        #expect(attribute.presentationValue == 130)
        #expect(!attribute.isAnimating)
    }

    @Test func timeNeverMovesBackwards() {
        let graph = AnimationGraph()
        let attribute = graph.attribute(0.0)
        withAnimation(.testLinear(1)) { attribute.value = 100 }
        graph.advance(to: 0.5)
        graph.advance(to: 0.25)
        graph.advance(to: .nan)
        #expect(graph.time == 0.5)
        #expect(abs(attribute.presentationValue - 50) < 1e-12)
    }

    @Test func settingTheSameValueStartsNothing() {
        let graph = AnimationGraph()
        let attribute = graph.attribute(3.0)
        withAnimation(.testLinear(1)) { attribute.value = 3 }
        #expect(!attribute.isAnimating)
    }

    @Test func nonFiniteChangeSnapsAndStopsTheAnimation() {
        let graph = AnimationGraph()
        let attribute = graph.attribute(0.0)
        withAnimation(.testLinear(1)) { attribute.value = 100 }
        graph.advance(to: 0.5)
        withAnimation(.testLinear(1)) { attribute.value = .infinity }
        #expect(!attribute.isAnimating)
        withAnimation(.testLinear(1)) { attribute.value = 1 }
        #expect(!attribute.isAnimating)   // from ∞ the delta is not finite either
        attribute.value = 0
        withAnimation(.testLinear(1)) { attribute.value = 10 }
        graph.advance(to: 1)
        #expect(abs(attribute.presentationValue - 5) < 1e-12)
    }

    @Test func animatesEveryComponentOfAPair() {
        let graph = AnimationGraph()
        let attribute = graph.attribute(TestPoint(x: 0, y: 10))
        withAnimation(.testLinear(2)) { attribute.value = TestPoint(x: 100, y: -10) }
        graph.advance(to: 0.5)
        #expect(attribute.presentationValue == TestPoint(x: 25, y: 5))
        #expect(attribute.velocity == AnimatablePair(50.0, -10.0))
    }

    @Test func animatesARunTimeDimensionVector() {
        let graph = AnimationGraph()
        let attribute = graph.attribute(AnimatableVector([0, 0, 0]))
        withAnimation(.testLinear(1)) { attribute.value = [10, 20, 40] }
        graph.advance(to: 0.25)
        #expect(attribute.presentationValue == [2.5, 5, 10])
    }

    @Test func mergingAnimationTakesOverFromTheLivePosition() {
        let graph = AnimationGraph()
        let attribute = graph.attribute(0.0)
        withAnimation(.testLinear(1)) { attribute.value = 100 }
        graph.advance(to: 0.4)
        withAnimation(.testMerging(0.5)) { attribute.value = 0 }
        // Offsets are from the start (0): the merge starts from 40 and covers 40 → 0 in 0.5 s.
        #expect(abs(attribute.presentationValue - 40) < 1e-12)
        graph.advance(to: 0.65)
        #expect(abs(attribute.presentationValue - 20) < 1e-12)
        graph.advance(to: 0.91)
        #expect(attribute.presentationValue == 0)
        #expect(!attribute.isAnimating)
    }
}

/// A node whose update runs client code, as keyframe and phase animators do.
final class ClientCodeNode: AttributeNode {
    var activeIndex = -1
    let body: () -> Void
    init(_ body: @escaping () -> Void) { self.body = body }
    func update(at time: TimeInterval) -> Bool {
        body()
        return true
    }
}

@Suite struct ClientCodeDuringUpdateTests {
    /// Client code in an update moves an earlier attribute onto the grouped path: no other attribute
    /// misses that frame.
    @Test func changesDuringTheUpdatePassSkipNoAttribute() {
        let graph = AnimationGraph()
        let b = graph.attribute(0.0)
        withAnimation(.testLinear(1)) { b.value = 100 }
        var fired = false
        let node = ClientCodeNode {
            guard !fired else { return }
            fired = true
            withAnimation(.spring) { b.value = 50 }
        }
        graph.activate(node)
        let c = graph.attribute(0.0)
        withAnimation(.testLinear(1)) { c.value = 100 }
        graph.advance(to: 0.5)
        #expect(fired)
        #expect(b.laneGroup != nil)
        #expect(abs(c.presentationValue - 50) < 1e-12, "c was updated in the same pass")
        graph.advance(to: 0.75)
        #expect(abs(c.presentationValue - 75) < 1e-12)
        #expect(b.presentationValue < 50 + 50 && b.presentationValue.isFinite)
    }
}
