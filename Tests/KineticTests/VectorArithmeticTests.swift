import FoundationEssentials
import Testing
@testable import Kinetic

@Suite struct VectorArithmeticTests {
    @Test func pairIsComponentWise() {
        var v = AnimatablePair(3.0, 4.0)
        #expect(v.magnitudeSquared == 25)
        v.scale(by: 2)
        #expect(v == AnimatablePair(6.0, 8.0))
        #expect(v - AnimatablePair(1.0, 1.0) == AnimatablePair(5.0, 7.0))
        #expect(AnimatablePair(0.0, 10.0).interpolated(towards: AnimatablePair(10.0, 0.0), amount: 0.25)
            == AnimatablePair(2.5, 7.5))
    }

    @Test func vectorZeroIsIdentityForEveryDimension() {
        let v: AnimatableVector = [1, -2, 3]
        #expect(AnimatableVector.zero + v == v)
        #expect(v - v == .zero)
        #expect((v - v).dimension == 3)
        #expect(v.magnitudeSquared == 14)
        #expect(AnimatableVector([0, 0]).hashValue == AnimatableVector.zero.hashValue)
    }

    @Test func floatScalesInItsOwnPrecision() {
        var f: Float = 0.1
        f.scale(by: 3)
        #expect(f == Float(0.1) * Float(3))
        #expect(Float(0.1).magnitudeSquared == Double(Float(0.1) * Float(0.1)))
    }
}
