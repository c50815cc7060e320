import Testing
@testable import Kinetic

/// Found by the animation-expression fuzz target (LeakSanitizer): an attribute on the grouped spring path
/// and its ``SpringLaneGroup`` refer to each other, so a graph released mid-animation left both behind.
@Suite("Graph lifetime")
struct GraphLifetimeTests {
    @Test("attributes animating on the grouped path die with their graph", arguments: [false, true])
    func groupedAttributesAreReleased(keepAttribute: Bool) {
        weak var weakGraph: AnimationGraph?
        weak var weakAttribute: AnimatableAttribute<Double>?
        weak var weakGroup: SpringLaneGroup?
        var kept: AnimatableAttribute<Double>?
        do {
            let graph = AnimationGraph()
            let attribute = graph.attribute(0.0)
            withAnimation(.spring) { attribute.value = 100 }
            graph.advance(to: 0.1)
            #expect(attribute.laneGroup != nil, "the fluid spring runs on the grouped path")
            weakGroup = attribute.laneGroup
            weakGraph = graph
            weakAttribute = attribute
            if keepAttribute { kept = attribute }
        }
        #expect(weakGraph == nil)
        #expect(weakGroup == nil)
        if let kept {
            // The attribute took its spring back: it shows the state of the last step, finite.
            #expect(kept.laneGroup == nil && kept.presentationValue.isFinite && kept.presentationValue > 0)
        } else {
            #expect(weakAttribute == nil)
        }
    }
}
