import FoundationEssentials
import Testing
@testable import Kinetic

@Suite struct EdgeInsetsTests {
    /// §8: (top, (leading, (bottom, trailing))).
    @Test func animatableDataIsNestedPairs() {
        var insets = EdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4)
        #expect(insets.animatableData == AnimatablePair(1, AnimatablePair(2, AnimatablePair(3, 4))))
        insets.animatableData = AnimatablePair(5, AnimatablePair(6, AnimatablePair(7, 8)))
        #expect(insets == EdgeInsets(top: 5, leading: 6, bottom: 7, trailing: 8))
        #expect(EdgeInsets() == EdgeInsets(top: 0, leading: 0, bottom: 0, trailing: 0))
    }

    @Test func arithmetic() {
        let a = EdgeInsets(top: 1, leading: 2, bottom: 3, trailing: 4)
        #expect(a + a == a * 2)
        #expect(a - a == EdgeInsets())
        let expected: Double = 30
        #expect(a.magnitude == expected.squareRoot())
    }
}
