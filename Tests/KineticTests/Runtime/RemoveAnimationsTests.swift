import FoundationEssentials
import Testing
@testable import Kinetic

/// `removeAnimations()`: the presentation becomes the model at once, completions fire once.
@Suite struct RemoveAnimationsTests {
    final class Counter: @unchecked Sendable { var removed = 0, logical = 0 }

    @Test(arguments: [Animation.linear(duration: 1), .spring, .interpolatingSpring])
    func removingEndsTheAnimationAndFiresItsCompletionsOnce(_ animation: Animation) {
        let graph = AnimationGraph()
        let attribute = graph.attribute(0.0)
        let counter = Counter()
        withAnimation(animation, completionCriteria: .removed) { attribute.value = 100 } completion: { counter.removed += 1 }
        withAnimation(animation, completionCriteria: .logicallyComplete) { attribute.value = 50 } completion: { counter.logical += 1 }
        graph.advance(to: 0.1)
        #expect(attribute.isAnimating)
        #expect(attribute.presentationValue != 50)

        attribute.removeAnimations()
        #expect(!attribute.isAnimating)
        #expect(attribute.presentationValue == 50)
        #expect(attribute.velocity == 0)
        #expect(counter.removed == 1)
        #expect(counter.logical == 1)

        // Nothing fires again, and an un-animated change now snaps.
        graph.advance(to: 5)
        attribute.value = 20
        #expect(attribute.presentationValue == 20)
        #expect(counter.removed == 1)
        #expect(counter.logical == 1)
        #expect(!graph.isAnimating)
    }
}
