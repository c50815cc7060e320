import FoundationEssentials
import Testing
@testable import Kinetic

/// §8: the animatable-data shapes of Foundation's geometry types.
@Suite struct GeometryAnimatableTests {
    @Test func pointAndSize() {
        var point = CGPoint(x: 3, y: -4)
        #expect(point.animatableData == AnimatablePair(3, -4))
        #expect(point.animatableData.magnitudeSquared == 25)
        point.animatableData = AnimatablePair(7, 8)
        #expect(point == CGPoint(x: 7, y: 8))

        var size = CGSize(width: 10, height: 20)
        #expect(size.animatableData == AnimatablePair(10, 20))
        size.animatableData = AnimatablePair(1, 2)
        #expect(size == CGSize(width: 1, height: 2))
    }

    @Test func rect() {
        var rect = CGRect(x: 1, y: 2, width: 3, height: 4)
        #expect(rect.animatableData == AnimatablePair(AnimatablePair(1, 2), AnimatablePair(3, 4)))
        rect.animatableData = AnimatablePair(AnimatablePair(5, 6), AnimatablePair(7, 8))
        #expect(rect == CGRect(x: 5, y: 6, width: 7, height: 8))
        // Interpolating rectangles interpolates origin and size.
        let from = CGRect(x: 0, y: 0, width: 10, height: 10).animatableData
        let to = CGRect(x: 10, y: 20, width: 30, height: 40).animatableData
        var middle = CGRect.zero
        middle.animatableData = from.interpolated(towards: to, amount: 0.5)
        #expect(middle == CGRect(x: 5, y: 10, width: 20, height: 25))
    }

    /// Types that are themselves VectorArithmetic animate as themselves.
    @Test func scalarsAnimateAsThemselves() {
        var value = 2.5
        #expect(value.animatableData == 2.5)
        value.animatableData = 4
        #expect(value == 4)
        var float: CGFloat = 1
        float.animatableData = 3
        #expect(float == 3)
    }

    /// A type that declares no animatable data gets `EmptyAnimatableData`, whose setter does nothing.
    @Test func emptyAnimatableData() {
        struct Label: Animatable { var text = "a" }
        var label = Label()
        #expect(label.animatableData == EmptyAnimatableData())
        label.animatableData = EmptyAnimatableData()
        #expect(label.text == "a")
        var empty = EmptyAnimatableData()
        empty.scale(by: 3)
        #expect(empty.magnitudeSquared == 0)
        #expect(empty + empty == .zero)
    }
}
