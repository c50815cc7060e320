import FoundationEssentials
import Testing
@testable import Kinetic

/// Bad parameters never trap, across every built-in animation: NaN and infinite targets,
/// zero, negative, NaN and infinite durations, bounce ≤ −1, zero and negative mass, NaN in every other parameter.
/// Whatever the parameters, an animation either returns a finite offset or finishes (nil), its velocity is finite
/// or nil, and nothing traps. (The specific results are pinned by the per-animation tests; this is the sweep.)
@Suite struct BadParameterMatrixTests {
    /// Every built-in animation and modifier, with ordinary parameters.
    static let builtIns: [(String, Animation)] = [
        ("linear", .linear), ("easeIn", .easeIn(duration: 0.3)), ("easeOut", .easeOut), ("easeInOut", .easeInOut),
        ("timingCurve bezier", .timingCurve(0.68, -0.55, 0.27, 1.55, duration: 0.3)),
        ("timingCurve UnitCurve", .timingCurve(.circularEaseInOut, duration: 0.3)),
        ("spring", .spring), ("smooth", .smooth), ("snappy", .snappy), ("bouncy", .bouncy),
        ("spring(response:)", .spring(response: 0.3, dampingFraction: 0.5, blendDuration: 0.1)),
        ("interactiveSpring", .interactiveSpring), ("spring(Spring)", .spring(Spring(duration: 0.4, bounce: 0.2))),
        ("interpolatingSpring", .interpolatingSpring),
        ("interpolatingSpring(k,c)", .interpolatingSpring(stiffness: 170, damping: 15, initialVelocity: 2)),
        ("interpolatingSpring(Spring)", .interpolatingSpring(Spring(duration: 0.3, bounce: -0.4))),
        ("default", .default), ("delay", .snappy.delay(0.1)), ("speed", .bouncy.speed(2)),
        ("repeatCount", .easeInOut(duration: 0.2).repeatCount(3)),
        ("repeatForever", .linear(duration: 0.2).repeatForever(autoreverses: true)),
        ("repeat spring", .spring(duration: 0.2).repeatCount(2, autoreverses: false)),
        ("logicallyComplete", .smooth.logicallyComplete(after: 0.1)),
    ]

    /// Built-ins constructed from bad parameters.
    static let badlyParameterised: [(String, Animation)] = {
        var list: [(String, Animation)] = []
        for d in [0.0, -0.5, .nan, .infinity, -.infinity] {
            list += [
                ("linear(duration: \(d))", .linear(duration: d)), ("easeInOut(duration: \(d))", .easeInOut(duration: d)),
                ("timingCurve(duration: \(d))", .timingCurve(0.2, 0.1, 0.3, 1, duration: d)),
                ("timingCurve(UnitCurve, duration: \(d))", .timingCurve(.easeIn, duration: d)),
                ("spring(duration: \(d))", .spring(duration: d, bounce: 0.2)),
                ("smooth(duration: \(d))", .smooth(duration: d)), ("snappy(duration: \(d))", .snappy(duration: d)),
                ("bouncy(duration: \(d))", .bouncy(duration: d)),
                ("interactiveSpring(duration: \(d))", .interactiveSpring(duration: d)),
                ("spring(response: \(d))", .spring(response: d, dampingFraction: 0.7)),
                ("spring(blendDuration: \(d))", .spring(response: 0.3, dampingFraction: 0.7, blendDuration: d)),
                ("interpolatingSpring(duration: \(d))", .interpolatingSpring(duration: d, bounce: 0.2)),
                ("spring(Spring(duration: \(d)))", .spring(Spring(duration: d, bounce: 0.3))),
                ("interpolatingSpring(Spring(duration: \(d)))", .interpolatingSpring(Spring(duration: d, bounce: 0.3))),
                ("delay(\(d))", .snappy.delay(d)), ("speed(\(d))", .linear.speed(d)),
                ("logicallyComplete(after: \(d))", .smooth.logicallyComplete(after: d)),
            ]
        }
        for b in [-1.0, -1.5, -.infinity, .nan, 2, .infinity] {
            list += [
                ("spring(bounce: \(b))", .spring(duration: 0.5, bounce: b)),
                ("smooth(extraBounce: \(b))", .smooth(duration: 0.5, extraBounce: b)),
                ("snappy(extraBounce: \(b))", .snappy(extraBounce: b)), ("bouncy(extraBounce: \(b))", .bouncy(extraBounce: b)),
                ("interactiveSpring(extraBounce: \(b))", .interactiveSpring(extraBounce: b)),
                ("interpolatingSpring(bounce: \(b))", .interpolatingSpring(duration: 0.5, bounce: b)),
                ("spring(Spring(bounce: \(b)))", .spring(Spring(duration: 0.5, bounce: b))),
                ("interpolatingSpring(Spring(bounce: \(b)))", .interpolatingSpring(Spring(duration: 0.5, bounce: b))),
            ]
        }
        for m in [0.0, -1.0, .nan, .infinity] {
            list += [
                ("interpolatingSpring(mass: \(m))", .interpolatingSpring(mass: m, stiffness: 100, damping: 10)),
                ("spring(Spring(mass: \(m)))", .spring(Spring(mass: m, stiffness: 100, damping: 10))),
                ("interpolatingSpring(Spring(mass: \(m)))", .interpolatingSpring(Spring(mass: m, stiffness: 100, damping: 10))),
            ]
        }
        for x in [0.0, -5.0, .nan, .infinity, -.infinity] {
            list += [
                ("interpolatingSpring(stiffness: \(x))", .interpolatingSpring(stiffness: x, damping: 10)),
                ("interpolatingSpring(damping: \(x))", .interpolatingSpring(stiffness: 100, damping: x)),
                ("interpolatingSpring(initialVelocity: \(x))", .interpolatingSpring(initialVelocity: x)),
                ("spring(dampingFraction: \(x))", .spring(response: 0.4, dampingFraction: x)),
                ("timingCurve(p1x: \(x))", .timingCurve(x, 0, 0.58, 1, duration: 0.3)),
                ("timingCurve(p2y: \(x))", .timingCurve(0.42, 0, 0.58, x, duration: 0.3)),
            ]
        }
        return list
    }()

    /// Runs 12 s of 60 Hz frames; records every non-finite offset or velocity and when it finished (nil: never).
    static func sweep<V: VectorArithmetic>(_ animation: Animation, value: V) -> (nonFinite: [String], finished: Double?) {
        var context = AnimationContext<V>()
        var nonFinite: [String] = []
        for n in 0...720 {
            let time = Double(n) / 60
            guard let offset = animation.animate(value: value, time: time, context: &context) else {
                return (nonFinite, time)
            }
            if !offset.magnitudeSquared.isFinite { nonFinite.append("offset \(offset) at \(time)") }
            if let velocity = animation.velocity(value: value, time: time, context: context),
               !velocity.magnitudeSquared.isFinite {
                nonFinite.append("velocity \(velocity) at \(time)")
            }
        }
        return (nonFinite, nil)
    }

    /// NaN and infinite targets (deltas) end the animation at its first evaluation (nil: the model value shows),
    /// without presenting a non-finite offset or velocity; for a vector one bad component is enough.
    @Test(arguments: builtIns)
    func nonFiniteTargetsNeverEscape(_ name: String, _ animation: Animation) {
        for value in [Double.nan, .infinity, -.infinity] {
            let (nonFinite, finished) = Self.sweep(animation, value: value)
            #expect(nonFinite.isEmpty, "\(name), value \(value): \(nonFinite.prefix(3))")
            #expect(finished == 0, "\(name), value \(value) finished at \(String(describing: finished))")
        }
        for value in [AnimatablePair(1.0, Double.nan), AnimatablePair(.infinity, 3.0)] {
            let (nonFinite, finished) = Self.sweep(animation, value: value)
            #expect(nonFinite.isEmpty, "\(name), value \(value): \(nonFinite.prefix(3))")
            #expect(finished == 0, "\(name), value \(value) finished at \(String(describing: finished))")
        }
        let (nonFinite, finished) = Self.sweep(animation, value: AnimatableVector([2, .nan, 1]))
        #expect(nonFinite.isEmpty, "\(name), vector: \(nonFinite.prefix(3))")
        #expect(finished == 0, "\(name), vector finished at \(String(describing: finished))")
        // Nor is a velocity reported for such a target (a merging spring would adopt it).
        for value in [Double.nan, .infinity] {
            #expect(animation.velocity(value: value, time: 0.05, context: AnimationContext()).map(\.isFinite) != false,
                    "\(name) velocity for \(value)")
        }
    }

    /// The same built-ins with ordinary targets still animate (the sweep is not vacuous): each presents at
    /// least one finite non-zero offset.
    @Test(arguments: builtIns)
    func ordinaryTargetsAnimate(_ name: String, _ animation: Animation) {
        var context = AnimationContext<Double>()
        let moved = (1...30).contains { n in
            (animation.animate(value: 10.0, time: Double(n) / 60, context: &context) ?? 0) != 0
        }
        #expect(moved, "\(name) never moved")
    }

    /// Bad durations, bounces, masses and other parameters: finite offsets and velocities, or nil.
    @Test(arguments: badlyParameterised)
    func badParametersNeverEscape(_ name: String, _ animation: Animation) {
        for value in [10.0, -250, 1e-9] {
            let (nonFinite, _) = Self.sweep(animation, value: value)
            #expect(nonFinite.isEmpty, "\(name), value \(value): \(nonFinite.prefix(3))")
        }
        let (nonFinite, _) = Self.sweep(animation, value: AnimatablePair(3.0, -4.0))
        #expect(nonFinite.isEmpty, "\(name), pair: \(nonFinite.prefix(3))")
    }

    /// `circularEaseInOut`'s slope is infinite at progress ½: the animation reports no velocity there rather
    /// than ∞ (docs/ANIMATION.md §3.3 gives ∞ for the curve itself), and 10·0.577350/1 s at progress ¼.
    @Test func infiniteCurveSlopeIsNoVelocity() throws {
        let animation = Animation.timingCurve(.circularEaseInOut, duration: 1)
        var context = AnimationContext<Double>()
        #expect(animation.animate(value: 10.0, time: 0.5, context: &context) == 5)
        #expect(animation.velocity(value: 10.0, time: 0.5, context: context) == nil)
        let quarter = try #require(animation.velocity(value: 10.0, time: 0.25, context: context))
        #expect(abs(quarter - 5.77350) < 5e-5)
    }

    /// Odd evaluation times (NaN, negative, huge) do not trap or present non-finite values either.
    @Test(arguments: builtIns)
    func badTimesNeverEscape(_ name: String, _ animation: Animation) {
        var context = AnimationContext<Double>()
        for time in [0, -1, .nan, 0.1, 1e12, .infinity, 0.2] {
            if let offset = animation.animate(value: 10.0, time: time, context: &context) {
                #expect(offset.isFinite, "\(name) at \(time): \(offset)")
            }
            if let velocity = animation.velocity(value: 10.0, time: time, context: context) {
                #expect(velocity.isFinite, "\(name) velocity at \(time): \(velocity)")
            }
        }
    }
}
