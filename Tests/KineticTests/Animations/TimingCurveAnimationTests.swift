import FoundationEssentials
import Testing
@testable import Kinetic

/// docs/ANIMATION.md §2.1, §2.5, §2.6: timing-curve animations.
@Suite struct TimingCurveAnimationTests {
    /// (animation, p1x, p1y, p2x, p2y, duration) as docs/ANIMATION.md §2.1 tabulates them.
    @Test(arguments: [
        (Animation.linear, 0.0, 0.0, 1.0, 1.0, 0.35),
        (.linear(duration: 2), 0, 0, 1, 1, 2),
        (.easeIn, 0.42, 0, 1, 1, 0.35),
        (.easeIn(duration: 1), 0.42, 0, 1, 1, 1),
        (.easeOut, 0, 0, 0.58, 1, 0.35),
        (.easeOut(duration: 0.2), 0, 0, 0.58, 1, 0.2),
        (.easeInOut, 0.42, 0, 0.58, 1, 0.35),
        (.easeInOut(duration: 3), 0.42, 0, 0.58, 1, 3),
        (.timingCurve(0.1, 0.2, 0.3, 0.4), 0.1, 0.2, 0.3, 0.4, 0.35),
        (.timingCurve(-0.5, 2, 1.5, -1, duration: 1), -0.5, 2, 1.5, -1, 1),  // no clamping
    ])
    func constants(_ animation: Animation, p1x: Double, p1y: Double, p2x: Double, p2y: Double, duration: Double) throws {
        let bezier = try #require(animation.base as? BezierAnimation)
        #expect(bezier.startControlPoint == UnitPoint(x: p1x, y: p1y))
        #expect(bezier.endControlPoint == UnitPoint(x: p2x, y: p2y))
        #expect(bezier.duration == duration)
    }

    /// docs/ANIMATION.md §3.6 values, played over 2 s (so a fraction that ignored the duration would fail).
    @Test(arguments: [
        (Animation.easeIn(duration: 2), [0.017027, 0.093465, 0.315357, 0.621861, 0.839428, 1]),
        (.easeOut(duration: 2), [0.160572, 0.378139, 0.684643, 0.906535, 0.982973, 1]),
        (.easeInOut(duration: 2), [0.019722, 0.129162, 0.5, 0.870838, 0.980278, 1]),
        (.timingCurve(0.25, 0.1, 0.75, 0.9, duration: 2), [0.063873, 0.209414, 0.5, 0.790586, 0.936127, 1]),
        (.timingCurve(0.25, 0.1, 0.25, 1, duration: 2), [0.094795, 0.408510, 0.802403, 0.960459, 0.994316, 1]),
        (.linear(duration: 2), [0.1, 0.25, 0.5, 0.75, 0.9, 1]),
    ])
    func reproducesCurveValues(_ animation: Animation, expected: [Double]) throws {
        for (p, value) in zip([0.1, 0.25, 0.5, 0.75, 0.9, 1.0], expected) {
            var context = AnimationContext<Double>()
            let offset = try #require(animation.animate(value: 1.0, time: 2 * p, context: &context))
            #expect(abs(offset - value) <= 5e-7, "p = \(p)")
        }
    }

    /// y is not clamped: for (0.5, −1)-(0.5, 2), curve parameter ¼ gives x = 0.296875 and, by hand,
    /// y = −8/64 + 12/16 − 3/4 = −0.125.
    @Test func controlPointsAreNotClamped() throws {
        var context = AnimationContext<Double>()
        let offset = try #require(Animation.timingCurve(0.5, -1, 0.5, 2, duration: 1)
            .animate(value: 10.0, time: 0.296875, context: &context))
        #expect(abs(offset - -1.25) <= 10.0 / 1_048_576)
    }

    @Test func endsAfterDurationNotAtIt() {
        var context = AnimationContext<Double>()
        let animation = Animation.easeInOut(duration: 0.5)
        #expect(animation.animate(value: 40.0, time: 0, context: &context) == 0)
        #expect(animation.animate(value: 40.0, time: -1, context: &context) == 0)
        #expect(animation.animate(value: 40.0, time: 0.5, context: &context) == 40)
        #expect(animation.animate(value: 40.0, time: 0.5000001, context: &context) == nil)
        #expect(!context.isLogicallyComplete)  // timing curves complete logically only by finishing
    }

    @Test(arguments: [0.0, -1, .nan])
    func nonPositiveDurationFinishesAtOnce(_ duration: Double) {
        var context = AnimationContext<Double>()
        #expect(Animation.easeIn(duration: duration).animate(value: 1.0, time: 0, context: &context) == nil)
        #expect(Animation.timingCurve(.easeIn, duration: duration).animate(value: 1.0, time: 0, context: &context) == nil)
    }

    @Test func infiniteDurationHoldsStart() {
        var context = AnimationContext<Double>()
        #expect(Animation.linear(duration: .infinity).animate(value: 1.0, time: 1e6, context: &context) == 0)
    }

    /// Bezier timing curves report no velocity and never merge (docs/ANIMATION.md §2.5).
    @Test func bezierHasNoVelocityAndNeverMerges() {
        var context = AnimationContext<Double>()
        #expect(Animation.easeInOut.velocity(value: 1.0, time: 0.1, context: context) == nil)
        #expect(!Animation.easeInOut.shouldMerge(previous: .easeInOut, value: 1.0, time: 0.1, context: &context))
    }

    @Test func unitCurveFormUsesTheCurve() throws {
        let animation = Animation.timingCurve(.circularEaseIn, duration: 2)
        #expect(animation.base as? UnitCurveAnimation == UnitCurveAnimation(curve: .circularEaseIn, duration: 2))
        var context = AnimationContext<Double>()
        // docs/ANIMATION.md §3.6: circularEaseIn at .25 / .5 / .75, velocities at .25 / .5 (per unit progress).
        for (p, value) in [(0.25, 0.031754), (0.5, 0.133975), (0.75, 0.338562)] {
            let offset = try #require(animation.animate(value: 1.0, time: 2 * p, context: &context))
            #expect(abs(offset - value) <= 5e-7)
        }
        for (p, velocity) in [(0.25, 0.258199), (0.5, 0.577350)] {
            let reported = try #require(animation.velocity(value: 1.0, time: 2 * p, context: context))
            #expect(abs(reported - velocity / 2) <= 5e-7)
        }
        #expect(animation.animate(value: 1.0, time: 2.01, context: &context) == nil)
        #expect(animation.velocity(value: 1.0, time: 2.01, context: context) == nil)
    }

    /// UnitCurveAnimation's velocity is the derivative of its value (value units per second).
    @Test(arguments: [UnitCurve.easeInOut, .easeIn, .easeOut, .circularEaseInOut, .linear,
                      .bezier(startControlPoint: UnitPoint(x: 0.3, y: 0.9), endControlPoint: UnitPoint(x: 0.6, y: 0.1))])
    func unitCurveVelocityIsDerivative(_ curve: UnitCurve) throws {
        let animation = Animation.timingCurve(curve, duration: 0.8)
        let value = 250.0, h = 1e-3
        for t in stride(from: 0.03, through: 0.77, by: 0.037) where abs(t - 0.4) > 0.01 {
            var context = AnimationContext<Double>()
            let after = try #require(animation.animate(value: value, time: t + h, context: &context))
            let before = try #require(animation.animate(value: value, time: t - h, context: &context))
            let velocity = try #require(animation.velocity(value: value, time: t, context: context))
            // Values are rounded to 2⁻²⁰ of the interval; the difference quotient carries that error.
            let tolerance = 2 * value / 1_048_576 / (2 * h) + 0.002 * max(1, abs(velocity))
            #expect(abs((after - before) / (2 * h) - velocity) <= tolerance, "t = \(t)")
        }
    }

    @Test func printsReadably() {
        #expect(Animation.easeInOut.description == "BezierAnimation(duration: 0.35, curve: (0.42, 0.0)-(0.58, 1.0))")
        #expect(Animation.timingCurve(.easeOut, duration: 1).description == "UnitCurveAnimation(curve: .easeOut, duration: 1.0)")
        #expect(Animation.timingCurve(.circularEaseIn, duration: 1).description
            == "UnitCurveAnimation(curve: .circularEaseIn, duration: 1.0)")
    }
}
