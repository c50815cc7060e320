import FoundationEssentials
import Testing
@testable import Kinetic

@Suite struct UnitPointTests {
    @Test(arguments: [
        (UnitPoint.zero, 0.0, 0.0), (.center, 0.5, 0.5), (.leading, 0, 0.5), (.trailing, 1, 0.5),
        (.top, 0.5, 0), (.bottom, 0.5, 1), (.topLeading, 0, 0), (.topTrailing, 1, 0),
        (.bottomLeading, 0, 1), (.bottomTrailing, 1, 1),
    ])
    func namedPoints(_ point: UnitPoint, _ x: Double, _ y: Double) {
        #expect(point.x == CGFloat(x))
        #expect(point.y == CGFloat(y))
    }

    /// §8: a unit point animates as (x × 128, y × 128).
    @Test func animatableDataIsTimes128() {
        var point = UnitPoint(x: 0.25, y: 1)
        #expect(point.animatableData == AnimatablePair(32, 128))
        point.animatableData = AnimatablePair(64, -128)
        #expect(point == UnitPoint(x: 0.5, y: -1))
        #expect(UnitPoint() == .zero)
    }
}
