import FoundationEssentials
import Testing

@testable import Kinetic

/// Properties of a resolved track: velocity is the derivative of value, and the implicit velocities
/// of docs/ANIMATION.md §7.2 make the track smooth where they say it is.
@Suite("KeyframePath velocities")
struct KeyframePathTests {
    private static func path(@KeyframeTrackContentBuilder<Double> _ content: () -> _ResolvedKeyframeTrackContent<Double>)
        -> KeyframePath<Double>
    {
        KeyframePath(initialValue: 0, content: content())
    }

    /// Central difference of the value with step h.
    private static func slope(_ path: KeyframePath<Double>, at time: Double, h: Double = 1e-6) -> Double {
        (path.value(at: time + h) - path.value(at: time - h)) / (2 * h)
    }

    static var mixed: KeyframePath<Double> { path {
        LinearKeyframe(10.0, duration: 0.2, timingCurve: .circularEaseInOut)
        CubicKeyframe(-5.0, duration: 0.3)
        CubicKeyframe(8.0, duration: 0.1)
        SpringKeyframe(2.0, duration: 0.3, spring: Spring(duration: 0.4, bounce: 0.3))
        CubicKeyframe(4.0, duration: 0.2)
        MoveKeyframe(-1.0)
        SpringKeyframe(6.0, duration: 0.25, spring: Spring(duration: 0.3, bounce: -0.2))
        LinearKeyframe(0.0, duration: 0.15)
    } }

    @Test(arguments: stride(from: 0.013, to: 1.75, by: 0.031).map { $0 })
    func velocityIsTheDerivativeOfValue(time: Double) {
        let path = Self.mixed
        let expected = Self.slope(path, at: time)
        #expect(abs(path.velocity(at: time) - expected) <= 1e-4 * max(1, abs(expected)))
    }

    /// Bezier curves round value and velocity to 2⁻²⁰ (docs/ANIMATION.md §3.4), so the difference step is coarser.
    @Test(arguments: stride(from: 0.01, to: 0.38, by: 0.03).map { $0 })
    func easedLinearVelocityIsTheDerivativeOfValue(time: Double) {
        let path = Self.path { LinearKeyframe(10.0, duration: 0.4, timingCurve: .easeInOut) }
        let expected = Self.slope(path, at: time, h: 1e-3)
        #expect(abs(path.velocity(at: time) - expected) <= 1e-2 * max(1, abs(expected)))
    }

    /// A curve with an infinite end slope hands on velocity 0 rather than ∞, so what follows stays finite.
    @Test func infiniteHandedVelocityBecomesZero() {
        let path = Self.path {
            LinearKeyframe(10.0, duration: 0.2, timingCurve: .circularEaseIn)
            SpringKeyframe(0.0, duration: 0.3)
            CubicKeyframe(5.0, duration: 0.2)
        }
        #expect(abs(path.velocity(at: 0.2 + 1e-12)) < 1e-6)
        for time in stride(from: 0.0, through: 0.8, by: 0.01) {
            #expect(path.value(at: time).isFinite)
        }
        // The eased segment's own slope is truly infinite at its end; everything after is finite.
        for time in stride(from: 0.201, through: 0.8, by: 0.01) {
            #expect(path.velocity(at: time).isFinite)
        }
    }

    /// Boundaries where §7.2 hands a velocity on: linear → cubic (0.2), cubic → cubic (0.5),
    /// spring → cubic (0.9). The left and right derivatives agree.
    @Test(arguments: [0.2, 0.5, 0.9])
    func implicitVelocitiesMakeTheTrackSmooth(boundary: Double) {
        let path = Self.mixed
        let h = 1e-6
        let left = (path.value(at: boundary) - path.value(at: boundary - h)) / h
        let right = (path.value(at: boundary + h) - path.value(at: boundary)) / h
        #expect(abs(left - right) <= 1e-3 * max(1, abs(left)))
    }

    /// A spring keyframe starts with the incoming velocity: after a linear keyframe of slope 50/s the
    /// spring's initial velocity is 50/s; after a move it is 0.
    @Test func springCarriesIncomingVelocity() {
        let afterLinear = Self.path {
            LinearKeyframe(10.0, duration: 0.2)
            SpringKeyframe(0.0, duration: 0.4)
        }
        #expect(abs(afterLinear.velocity(at: 0.2 + 1e-12) - 50) < 1e-6)
        let afterMove = Self.path {
            LinearKeyframe(10.0, duration: 0.2)
            MoveKeyframe(3.0)
            SpringKeyframe(0.0, duration: 0.4)
        }
        #expect(abs(afterMove.velocity(at: 0.2 + 1e-12)) < 1e-6)
        let explicit = Self.path {
            LinearKeyframe(10.0, duration: 0.2)
            SpringKeyframe(0.0, duration: 0.4, startVelocity: -7)
        }
        #expect(abs(explicit.velocity(at: 0.2 + 1e-12) - -7) < 1e-6)
    }

    /// Catmull-Rom at a knot between cubics: (next − previous) / (t_next − t_previous) = 30 / 0.4 (K3g).
    @Test func cubicKnotVelocityIsTheNonUniformCatmullRomDifference() {
        let path = Self.path {
            CubicKeyframe(10.0, duration: 0.1)
            CubicKeyframe(30.0, duration: 0.3)
        }
        #expect(abs(path.velocity(at: 0.1) - 75) < 1e-9)
        #expect(path.velocity(at: 0) == 0)
        #expect(abs(path.velocity(at: 0.4 - 1e-9)) < 1e-6)
    }
}
