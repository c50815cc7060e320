import FoundationEssentials
import Testing
@testable import Kinetic

/// §3: UnitCurve values, velocities, the exact-equality rules, clamping and inverses.
@Suite struct UnitCurveTests {
    static let caDefault = UnitCurve.bezier(
        startControlPoint: UnitPoint(x: 0.25, y: 0.1), endControlPoint: UnitPoint(x: 0.25, y: 1))
    static let symmetric = UnitCurve.bezier(
        startControlPoint: UnitPoint(x: 0.25, y: 0.1), endControlPoint: UnitPoint(x: 0.75, y: 0.9))

    /// A cell of the §3.6 table: curve, progress, value and (when given) velocity.
    struct CurveRow: Sendable, CustomTestStringConvertible {
        var name: String
        var curve: UnitCurve
        var progress: Double
        var value: String
        var velocity: String?
        var testDescription: String { "\(name) at \(progress)" }
    }

    static let table: [CurveRow] = {
        let progress = [0.1, 0.25, 0.5, 0.75, 0.9, 1.0]
        let rows: [(String, UnitCurve, [(String, String?)])] = [
            ("easeIn", .easeIn, [
                ("0.017027", "0.324183"), ("0.093465", "0.674598"), ("0.315357", "1.073978"),
                ("0.621861", "1.368289"), ("0.839428", "1.535074"), ("1", "0"),
            ]),
            ("easeOut", .easeOut, [
                ("0.160572", "1.535074"), ("0.378139", "1.368289"), ("0.684643", "1.073978"),
                ("0.906535", "0.674598"), ("0.982973", "0.324183"), ("1", "0"),
            ]),
            ("easeInOut", .easeInOut, [
                ("0.019722", "0.402245"), ("0.129162", "1.059261"), ("0.5", "1.724138"),
                ("0.870838", "1.059261"), ("0.980278", "0.402245"), ("1", "0"),
            ]),
            ("bezier(.25,.1)-(.75,.9)", symmetric, [
                ("0.063873", "0.818669"), ("0.209414", "1.081456"), ("0.5", "1.2"),
                ("0.790586", "1.081456"), ("0.936127", "0.818669"), ("1", "0.4"),
            ]),
            ("CA default (.25,.1)-(.25,1)", caDefault, [
                ("0.094795", nil), ("0.408510", nil), ("0.802403", nil),
                ("0.960459", nil), ("0.994316", nil), ("1", nil),
            ]),
        ]
        return rows.flatMap { name, curve, cells in
            zip(progress, cells).map { CurveRow(name: name, curve: curve, progress: $0, value: $1.0, velocity: $1.1) }
        }
    }()

    @Test(arguments: table)
    func bezierTable(_ row: CurveRow) {
        // The table is printed to 6 digits; its short cells (1, 0, 0.5, 1.2, 0.4) are exact.
        expectDigits(row.curve.value(at: row.progress), row.value, "value", minimumDigits: 6)
        if let velocity = row.velocity {
            expectDigits(row.curve.velocity(at: row.progress), velocity, "velocity", minimumDigits: 6)
        }
    }

    /// §3.6 circular values at p = .25/.5/.75 and velocities.
    @Test(arguments: [
        ("circularEaseIn", UnitCurve.circularEaseIn, ["0.031754", "0.133975", "0.338562"]),
        ("circularEaseOut", UnitCurve.circularEaseOut, ["0.661438", "0.866025", "0.968246"]),
        ("circularEaseInOut", UnitCurve.circularEaseInOut, ["0.066987", "0.5", "0.933013"]),
    ])
    func circularValues(_ name: String, _ curve: UnitCurve, _ values: [String]) {
        for (p, expected) in zip([0.25, 0.5, 0.75], values) {
            expectDigits(curve.value(at: p), expected, "\(name) at \(p)", minimumDigits: 6)
        }
    }

    @Test func circularVelocities() {
        expectDigits(UnitCurve.circularEaseIn.velocity(at: 0.25), "0.258199")
        expectDigits(UnitCurve.circularEaseIn.velocity(at: 0.5), "0.577350")
        expectDigits(UnitCurve.circularEaseInOut.velocity(at: 0.25), "0.577350")
        #expect(UnitCurve.circularEaseInOut.velocity(at: 0.5) == .infinity)
        // circularEaseOut mirrors circularEaseIn.
        expectClose(UnitCurve.circularEaseOut.velocity(at: 0.75), UnitCurve.circularEaseIn.velocity(at: 0.25), tolerance: 1e-15)
    }

    /// §3.4: the exact-equality rules SwiftUI shows at the ends of easeOut and easeIn.
    @Test func exactEndVelocities() {
        #expect(UnitCurve.easeOut.velocity(at: 0) == 1)
        #expect(UnitCurve.easeIn.velocity(at: 1) == 0)
        #expect(UnitCurve.easeInOut.velocity(at: 1) == 0)
        #expect(UnitCurve.linear.velocity(at: 0.3) == 1)
    }

    /// SwiftUI-run compatibility test (§3.3): control-point y is not clamped for velocity.
    @Test func velocityDoesNotClampControlPointY() {
        let curve = UnitCurve.bezier(
            startControlPoint: UnitPoint(x: -0.5, y: 2), endControlPoint: UnitPoint(x: 1.5, y: -1))
        #expect(curve.velocity(at: 0.5) == -1.0)
    }

    /// Bezier results are multiples of 2⁻²⁰ (§3.4).
    @Test(arguments: [0.013, 0.1, 0.37, 0.5, 0.61, 0.999])
    func bezierResultsAreRoundedTo2ToTheMinus20(_ p: Double) {
        for curve in [UnitCurve.easeIn, .easeOut, .easeInOut, Self.symmetric] {
            let scaledValue = curve.value(at: p) * 1_048_576
            #expect(scaledValue == scaledValue.rounded())
            let scaledVelocity = curve.velocity(at: p) * 1_048_576
            #expect(scaledVelocity == scaledVelocity.rounded())
        }
    }

    /// Bezier progress is clamped to 0…1; linear and circular curves are not (§3.2).
    @Test func clamping() {
        #expect(UnitCurve.easeInOut.value(at: -0.5) == 0)
        #expect(UnitCurve.easeInOut.value(at: 1.5) == 1)
        #expect(UnitCurve.easeIn.velocity(at: 2) == UnitCurve.easeIn.velocity(at: 1))
        #expect(UnitCurve.linear.value(at: 1.5) == 1.5)
        #expect(UnitCurve.linear.value(at: -0.25) == -0.25)
        #expect(UnitCurve.circularEaseIn.value(at: 1.5).isNaN)
        // Control-point x is clamped: x = −1 behaves as x = 0, x = 2 as x = 1.
        let wild = UnitCurve.bezier(startControlPoint: UnitPoint(x: -1, y: 0.2), endControlPoint: UnitPoint(x: 2, y: 0.8))
        let tame = UnitCurve.bezier(startControlPoint: UnitPoint(x: 0, y: 0.2), endControlPoint: UnitPoint(x: 1, y: 0.8))
        for p in stride(from: 0.0, through: 1.0, by: 0.125) {
            #expect(wild.value(at: p) == tame.value(at: p))
        }
    }

    /// Control-point y is not clamped for value either (Kinetic's choice, docs/ANIMATION.md §9 #7): a curve with
    /// y beyond 0…1 overshoots, and its velocity stays the derivative of its value.
    @Test func overshootingBezier() {
        let back = UnitCurve.bezier(startControlPoint: UnitPoint(x: 0.68, y: -0.55), endControlPoint: UnitPoint(x: 0.27, y: 1.55))
        #expect(back.value(at: 0.1) < 0)
        #expect(back.value(at: 0.9) > 1)
    }

    /// velocity(p) matches a central difference of value(p) for bezier and circular curves
    /// (the 2⁻²⁰ rounding of value bounds the difference quotient's error by 2⁻²⁰ / h).
    @Test(arguments: [0.05, 0.2, 0.33, 0.47, 0.62, 0.8, 0.95])
    func velocityIsTheDerivativeOfValue(_ p: Double) {
        let curves: [UnitCurve] = [
            .easeIn, .easeOut, .easeInOut, Self.symmetric, Self.caDefault, .circularEaseIn, .circularEaseOut,
            .circularEaseInOut,
            .bezier(startControlPoint: UnitPoint(x: 0.68, y: -0.55), endControlPoint: UnitPoint(x: 0.27, y: 1.55)),
        ]
        let h = 1e-3
        for curve in curves {
            let numerical = (curve.value(at: p + h) - curve.value(at: p - h)) / (2 * h)
            let analytic = curve.velocity(at: p)
            // Truncation (h²·y‴/6) plus rounding (2⁻²⁰/h).
            expectClose(analytic, numerical, tolerance: 2e-3 * max(1, abs(analytic)), "\(curve) at \(p)")
        }
    }

    /// §3.5: inverses.
    @Test func inverses() {
        #expect(UnitCurve.linear.inverse == .linear)
        #expect(UnitCurve.circularEaseIn.inverse == .circularEaseOut)
        #expect(UnitCurve.circularEaseOut.inverse == .circularEaseIn)
        #expect(UnitCurve.circularEaseInOut.inverse == .circularEaseInOut)
        #expect(UnitCurve.easeIn.inverse == .bezier(
            startControlPoint: UnitPoint(x: 0, y: 0.42), endControlPoint: UnitPoint(x: 1, y: 1)))
        #expect(UnitCurve.easeInOut.inverse.inverse == .easeInOut)
    }

    /// The bezier and circular-in/out inverses undo the curve: inverse(curve(p)) ≈ p.
    @Test(arguments: [0.1, 0.3, 0.5, 0.7, 0.9])
    func inverseUndoesTheCurve(_ p: Double) {
        for curve in [UnitCurve.easeIn, .easeOut, .easeInOut, Self.symmetric, Self.caDefault, .circularEaseIn, .circularEaseOut] {
            expectClose(curve.inverse.value(at: curve.value(at: p)), p, tolerance: 1e-5, "\(curve)")
        }
    }

    @Test func namedCurvesAreTheirBeziers() {
        #expect(UnitCurve.easeIn == .bezier(startControlPoint: UnitPoint(x: 0.42, y: 0), endControlPoint: UnitPoint(x: 1, y: 1)))
        #expect(UnitCurve.easeOut == .bezier(startControlPoint: UnitPoint(x: 0, y: 0), endControlPoint: UnitPoint(x: 0.58, y: 1)))
        #expect(UnitCurve.easeInOut == .bezier(startControlPoint: UnitPoint(x: 0.42, y: 0), endControlPoint: UnitPoint(x: 0.58, y: 1)))
        #expect(UnitCurve.easeIn != .easeOut)
        for p in [0.0, 0.5, 1.0] {
            #expect(UnitCurve.linear.value(at: p) == p)
            #expect(UnitCurve.easeInOut.value(at: p) == p)
        }
    }
}

@Suite struct UnitCurveDescriptionTests {
    @Test func descriptions() {
        #expect(UnitCurve.linear.description == "linear")
        #expect(UnitCurve.easeInOut.description == "easeInOut")
        #expect(UnitCurve.easeIn.inverse.description
            == "bezier(startControlPoint: (0.0, 0.42), endControlPoint: (1.0, 1.0))")
        #expect(UnitCurve.circularEaseOut.description == "circularEaseOut")
    }
}
