import FoundationEssentials
import Testing
@testable import Kinetic

/// §1.5 and §1.7: closed-form value and velocity against docs/ANIMATION.md's vectors.
@Suite struct SpringMotionTests {
    /// A row of the §1.7 table: spring, initial velocity, time, then value and velocity (target 1).
    struct MotionRow: Sendable, CustomTestStringConvertible {
        var duration: Double
        var bounce: Double
        var initialVelocity: Double
        var time: Double
        var value: String
        var velocity: String?
        var testDescription: String {
            "Spring(\(duration), \(bounce)) v₀ \(initialVelocity) at t \(time)"
        }
    }

    static let table: [MotionRow] = [
        // d .5 b .3, v₀ 0
        MotionRow(duration: 0.5, bounce: 0.3, initialVelocity: 0, time: 0.05, value: "0.145715", velocity: "4.917049"),
        MotionRow(duration: 0.5, bounce: 0.3, initialVelocity: 0, time: 0.10, value: "0.423302", velocity: "5.707558"),
        MotionRow(duration: 0.5, bounce: 0.3, initialVelocity: 0, time: 0.25, value: "0.984087", velocity: "1.526265"),
        MotionRow(duration: 0.5, bounce: 0.3, initialVelocity: 0, time: 0.50, value: "1.014498", velocity: "-0.210951"),
        MotionRow(duration: 0.5, bounce: 0.3, initialVelocity: 0, time: 1.0, value: "1.000072", velocity: nil),
        // same spring, v₀ 2
        MotionRow(duration: 0.5, bounce: 0.3, initialVelocity: 2, time: 0.05, value: "0.207990", velocity: "5.530017"),
        MotionRow(duration: 0.5, bounce: 0.3, initialVelocity: 2, time: 0.10, value: "0.495589", velocity: "5.589214"),
        MotionRow(duration: 0.5, bounce: 0.3, initialVelocity: 2, time: 0.25, value: "1.003418", velocity: "1.218012"),
        MotionRow(duration: 0.5, bounce: 0.3, initialVelocity: 2, time: 0.50, value: "1.011827", velocity: "-0.192944"),
        MotionRow(duration: 0.5, bounce: 0.3, initialVelocity: 2, time: 1.0, value: "1.000086", velocity: nil),
        // d .5 b 0 (critical)
        MotionRow(duration: 0.5, bounce: 0, initialVelocity: 0, time: 0.05, value: "0.131311", velocity: "4.212253"),
        MotionRow(duration: 0.5, bounce: 0, initialVelocity: 0, time: 0.10, value: "0.357740", velocity: "4.494374"),
        MotionRow(duration: 0.5, bounce: 0, initialVelocity: 0, time: 0.25, value: "0.821026", velocity: "1.706017"),
        MotionRow(duration: 0.5, bounce: 0, initialVelocity: 0, time: 0.50, value: "0.986399", velocity: "0.147447"),
        MotionRow(duration: 0.5, bounce: 0, initialVelocity: 0, time: 1.0, value: "0.999953", velocity: nil),
        // d .5 b −.3 (over-damped)
        MotionRow(duration: 0.5, bounce: -0.3, initialVelocity: 0, time: 0.05, value: "0.114430", velocity: "3.442807"),
        MotionRow(duration: 0.5, bounce: -0.3, initialVelocity: 0, time: 0.10, value: "0.290826", velocity: "3.402762"),
        MotionRow(duration: 0.5, bounce: -0.3, initialVelocity: 0, time: 0.25, value: "0.667382", velocity: "1.704555"),
        MotionRow(duration: 0.5, bounce: -0.3, initialVelocity: 0, time: 0.50, value: "0.907764", velocity: "0.473324"),
        MotionRow(duration: 0.5, bounce: -0.3, initialVelocity: 0, time: 1.0, value: "0.992911", velocity: nil),
    ]

    @Test(arguments: table)
    func closedFormTable(_ row: MotionRow) {
        let spring = Spring(duration: row.duration, bounce: row.bounce)
        expectDigits(spring.value(target: 1.0, initialVelocity: row.initialVelocity, time: row.time), row.value, "x")
        if let velocity = row.velocity {
            expectDigits(spring.velocity(target: 1.0, initialVelocity: row.initialVelocity, time: row.time), velocity, "v")
        }
    }

    /// A §1.5 [PROBE] row: `Spring(duration:bounce:)` towards 10 at t = 0.1 s, as measured on
    /// SwiftUI (3 decimals) and as the formula gives (4 decimals).
    struct ProbeRow: Sendable, CustomTestStringConvertible {
        var duration: Double
        var bounce: Double
        var measured: String
        var formula: String
        var testDescription: String { "Spring(\(duration), \(bounce)) → 10 at 0.1 s" }
    }

    @Test(arguments: [
        ProbeRow(duration: 0.4, bounce: 0, measured: "4.656", formula: "4.6558"),
        ProbeRow(duration: 0.4, bounce: 0.3, measured: "5.614", formula: "5.6138"),
        ProbeRow(duration: 0.4, bounce: 0.5, measured: "6.473", formula: "6.4733"),
        ProbeRow(duration: 0.4, bounce: -0.3, measured: "3.724", formula: "3.7237"),
        ProbeRow(duration: 1.0, bounce: 0, measured: "1.313", formula: "1.3131"),
        ProbeRow(duration: 1.0, bounce: 0.3, measured: "1.457", formula: "1.4572"),
        ProbeRow(duration: 0.5, bounce: 0.15, measured: "3.881", formula: "3.8810"),
        ProbeRow(duration: 0.2, bounce: 0.7, measured: "13.679", formula: "13.6792"),
    ])
    func measuredSwiftUIValues(_ row: ProbeRow) {
        let x = Spring(duration: row.duration, bounce: row.bounce).value(target: 10.0, time: 0.1)
        expectDigits(x, row.measured, "measured on SwiftUI")
        expectDigits(x, row.formula, "formula")
    }

    /// At t = 0 every regime starts at 0 with the initial velocity.
    @Test(arguments: [0.3, 0.0, -0.3])
    func initialConditions(bounce: Double) {
        let spring = Spring(duration: 0.5, bounce: bounce)
        #expect(abs(spring.value(target: 7.0, initialVelocity: -3.0, time: 0)) < 1e-12)
        expectClose(spring.velocity(target: 7.0, initialVelocity: -3.0, time: 0), -3, tolerance: 1e-12)
    }

    /// Motion is linear in (target, initial velocity) and component-wise for vectors.
    @Test func vectorMotionIsComponentWise() {
        let spring = Spring(duration: 0.4, bounce: 0.2)
        let target = AnimatablePair(3.0, AnimatablePair(-2.0, 0.5))
        let velocity = AnimatablePair(1.0, AnimatablePair(4.0, -8.0))
        let x = spring.value(target: target, initialVelocity: velocity, time: 0.13)
        #expect(x.first == spring.value(target: 3.0, initialVelocity: 1.0, time: 0.13))
        expectClose(x.second.first, spring.value(target: -2.0, initialVelocity: 4.0, time: 0.13), tolerance: 1e-15)
        expectClose(x.second.second, spring.value(target: 0.5, initialVelocity: -8.0, time: 0.13), tolerance: 1e-15)
        let vector = spring.velocity(target: AnimatableVector([3, -2]), initialVelocity: AnimatableVector([1, 4]), time: 0.2)
        expectClose(vector[1], spring.velocity(target: -2.0, initialVelocity: 4.0, time: 0.2), tolerance: 1e-15)
    }

    /// The `fromValue:toValue:` overloads operate on animatable data: from + x(to − from).
    @Test func animatableOverloads() {
        let spring = Spring(duration: 0.5, bounce: 0.3)
        let from = CGPoint(x: 10, y: 20)
        let to = CGPoint(x: 110, y: -20)
        let point = spring.value(fromValue: from, toValue: to, initialVelocity: CGPoint.zero, time: 0.25)
        // §1.7: x(0.25) = 0.984087 of the way.
        expectClose(Double(point.x), 10 + 100 * 0.984087, tolerance: 100 * 5e-7)
        expectClose(Double(point.y), 20 - 40 * 0.984087, tolerance: 40 * 5e-7)
        let velocity = spring.velocity(fromValue: from, toValue: to, initialVelocity: CGPoint.zero, time: 0.25)
        expectClose(Double(velocity.x), 100 * 1.526265, tolerance: 100 * 5e-7)
        expectClose(Double(velocity.y), -40 * 1.526265, tolerance: 40 * 5e-7)

        // Angles animate at radians × 128; the result is still the angle along the way.
        let angle = spring.value(
            fromValue: Angle.degrees(0), toValue: .degrees(90), initialVelocity: .zero, time: 0.25)
        expectClose(angle.degrees, 90 * 0.984087, tolerance: 90 * 5e-7)

        let settle = spring.settlingDuration(
            fromValue: CGPoint(x: 5, y: 5), toValue: CGPoint(x: 6, y: 5), initialVelocity: .zero, epsilon: 0.001)
        expectDigits(settle, "1.044713")

        let force = spring.force(
            fromValue: CGPoint.zero, toValue: CGPoint(x: 1, y: 0), position: CGPoint(x: 0.5, y: 0),
            velocity: CGPoint(x: 2, y: 1))
        expectClose(Double(force.x), spring.stiffness * 0.5 - spring.damping * 2, tolerance: 1e-9)
        expectClose(Double(force.y), -spring.damping, tolerance: 1e-9)
    }
}
