import FoundationEssentials
import Testing
@testable import Kinetic

@Suite struct AngleTests {
    @Test func degreesAndRadians() {
        #expect(Angle.degrees(180).radians == .pi)
        #expect(Angle(degrees: 90) == .radians(.pi / 2))
        expectClose(Angle.radians(1).degrees, 57.29577951308232, tolerance: 1e-12)
        var angle = Angle()
        #expect(angle == .zero)
        angle.degrees = 45
        expectClose(angle.radians, .pi / 4, tolerance: 1e-15)
    }

    @Test func comparable() {
        #expect(Angle.degrees(10) < .degrees(20))
        #expect(Angle.degrees(370) > .degrees(10))
        #expect([Angle.degrees(30), .degrees(-5), .zero].sorted() == [.degrees(-5), .zero, .degrees(30)])
    }

    /// §8: an angle animates as radians × 128.
    @Test func animatableDataIsRadiansTimes128() {
        var angle = Angle.radians(0.5)
        #expect(angle.animatableData == 64)
        angle.animatableData = 128 * .pi
        #expect(angle.radians == .pi)
    }

    /// `_VectorMath` arithmetic, as used by the seed's RadialLayout (`offsetAngle + angleStep * Double(index)`).
    @Test func arithmetic() {
        let step = Angle.degrees(30)
        expectClose((step * 3).degrees, 90, tolerance: 1e-12)
        expectClose((step + .degrees(15)).degrees, 45, tolerance: 1e-12)
        expectClose((step - .degrees(45)).degrees, -15, tolerance: 1e-12)
        expectClose((step / 2).degrees, 15, tolerance: 1e-12)
        #expect((-step).radians == -step.radians)
        var angle = step
        angle.negate()
        #expect(angle == -step)
        angle += .degrees(60)
        expectClose(angle.degrees, 30, tolerance: 1e-12)
        // magnitude is the length of the animatable data (radians × 128).
        expectClose(Angle.radians(-2).magnitude, 256, tolerance: 1e-12)
    }
}
