import FoundationEssentials
import Testing
@testable import Kinetic

/// Bridging — `animate(_:changes:completion:)` and the transaction-aware `animate(changes:completion:)`.
@Suite struct AnimateBridgeTests {
    @Test func animatesEveryChangeAndCompletesOnceWhenTheLastIsRemoved() {
        let graph = AnimationGraph()
        let a = graph.attribute(0.0), b = graph.attribute(CGPoint.zero)
        var completed = 0
        animate(.linear(duration: 1)) {
            a.value = 10
            b.value = CGPoint(x: 20, y: -40)
        } completion: { completed += 1 }
        graph.advance(to: 0.5)
        #expect(abs(a.presentationValue - 5) < 1e-12 && abs(b.presentationValue.x - 10) < 1e-12
            && abs(b.presentationValue.y + 20) < 1e-12)
        graph.advance(to: 1)
        #expect(completed == 0, "a timing curve still shows its end value at t == duration")
        graph.advance(to: 1 + 1.0 / 120)
        #expect(completed == 1 && a.presentationValue == 10 && b.presentationValue == CGPoint(x: 20, y: -40))
        graph.advance(to: 2)
        #expect(completed == 1)
    }

    @Test func completesAfterTheSlowerOfTwoAnimations() {
        let graph = AnimationGraph()
        let fast = graph.attribute(0.0), slow = graph.attribute(0.0)
        var completedAt: Double?
        animate(.linear(duration: 0.5)) {
            fast.value = 1
            withAnimation(.linear(duration: 2)) { slow.value = 1 }
        } completion: { completedAt = graph.time }
        var time = 0.0
        while graph.isAnimating {
            time += 0.25
            graph.advance(to: time)
        }
        // Removed at the first frame after 2 s: 2.25 on this 0.25-s grid.
        #expect(completedAt == 2.25)
    }

    @Test func withoutAnimationInTheTransactionTheChangesApplyAtOnceAndTheCompletionRunsInline() {
        let graph = AnimationGraph()
        let lid = graph.attribute(100.0)
        var completed = false
        animate { lid.value = -100 } completion: { completed = true }
        #expect(completed && lid.presentationValue == -100 && !graph.isAnimating)
    }

    @Test func withAnimationInTheTransactionTheChangesUseIt() {
        let graph = AnimationGraph()
        let lid = graph.attribute(100.0)
        var completed = false
        withAnimation(.linear(duration: 1)) {
            animate { lid.value = -100 } completion: { completed = true }
        }
        #expect(!completed)
        graph.advance(to: 0.25)
        #expect(abs(lid.presentationValue - 50) < 1e-12)
        graph.advance(to: 1.5)
        #expect(completed)
    }

    /// Seed 000, part 10: a pan gesture drives the bead with `.interactiveSpring` per frame; on release `.spring`
    /// takes it to the end of the bracelet and inherits the drag's velocity, with no velocity computed by hand.
    @Test func panGestureReleaseInheritsTheDragsVelocity() throws {
        let graph = AnimationGraph()
        let bead = graph.attribute(CGPoint(x: 0, y: 0))
        let endOfBracelet = CGPoint(x: 300, y: 0)
        // A drag to the right at 600 points/s, one sample every 1/120 s for 0.25 s.
        var time = 0.0
        for frame in 1...30 {
            time = Double(frame) / 120
            graph.advance(to: time)
            animate(.interactiveSpring) { bead.value = CGPoint(x: 600 * time, y: 0) }
        }
        graph.advance(to: time + 1.0 / 120)
        time += 1.0 / 120
        let velocityAtRelease = try #require(bead.velocity)
        let positionAtRelease = bead.presentationValue
        #expect(velocityAtRelease.first > 300, "the bead follows the finger at speed: \(velocityAtRelease.first)")
        var completed = false
        animate(.spring) { bead.value = endOfBracelet } completion: { completed = true }
        // The spring took over where the drag left it, velocity included.
        #expect(bead.presentationValue == positionAtRelease)
        #expect(bead.velocity == velocityAtRelease)
        // A spring from rest at the same place starts with no velocity: the drag's is what carried over.
        let fromRest = graph.attribute(positionAtRelease)
        withAnimation(.spring) { fromRest.value = endOfBracelet }
        #expect(fromRest.velocity?.first == 0)
        graph.advance(to: time + 1.0 / 120)
        #expect(bead.presentationValue.x > fromRest.presentationValue.x)
        while graph.isAnimating {
            time += 1.0 / 120
            graph.advance(to: time)
        }
        #expect(completed && bead.presentationValue == endOfBracelet)
    }
}
