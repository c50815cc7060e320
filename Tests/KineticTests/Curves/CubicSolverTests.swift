import FoundationEssentials
import Testing
@testable import Kinetic

/// §3.4: the cubic solver shared by UnitCurve and the timing-curve animations.
@Suite struct CubicSolverTests {
    typealias Solver = UnitCurve.CubicSolver

    @Test func coefficientsAndControlPoints() {
        let solver = Solver(startControlPoint: UnitPoint(x: 0.42, y: 0), endControlPoint: UnitPoint(x: 0.58, y: 1))
        expectClose(solver.cx, 1.26, tolerance: 1e-15)
        expectClose(solver.bx, -0.78, tolerance: 1e-15)
        expectClose(solver.ax, 0.52, tolerance: 1e-15)
        expectClose(solver.cy, 0, tolerance: 0)
        expectClose(solver.by, 3, tolerance: 1e-15)
        expectClose(solver.ay, -2, tolerance: 1e-15)
        expectClose(Double(solver.startControlPoint.x), 0.42, tolerance: 1e-15)
        expectClose(Double(solver.endControlPoint.x), 0.58, tolerance: 1e-15)
        expectClose(Double(solver.endControlPoint.y), 1, tolerance: 1e-15)
        // The curve runs from (0, 0) to (1, 1).
        #expect(solver.sampleX(0) == 0 && solver.sampleY(0) == 0)
        expectClose(solver.sampleX(1), 1, tolerance: 1e-15)
        expectClose(solver.sampleY(1), 1, tolerance: 1e-15)
    }

    /// solveX finds t with |x(t) − x| < 2⁻²⁰ across 0…1, for gentle and steep curves.
    @Test(arguments: [
        (0.42, 0.0, 0.58, 1.0), (0.0, 0.0, 0.58, 1.0), (0.42, 0.0, 1.0, 1.0), (0.25, 0.1, 0.25, 1.0),
        (1.0, 0.0, 0.0, 1.0), (0.0, 1.0, 1.0, 0.0), (0.68, -0.55, 0.27, 1.55),
    ])
    func solveXPrecision(_ p1x: Double, _ p1y: Double, _ p2x: Double, _ p2y: Double) {
        let solver = Solver(startControlPoint: UnitPoint(x: p1x, y: p1y), endControlPoint: UnitPoint(x: p2x, y: p2y))
        for i in 0...200 {
            let x = Double(i) / 200
            let t = solver.solveX(x, epsilon: Solver.precision)
            #expect(abs(solver.sampleX(t) - x) < Solver.precision, "x \(x) → t \(t)")
            #expect(t >= -1e-9 && t <= 1 + 1e-9)
        }
    }

    /// Out-of-range and NaN inputs end without trapping.
    @Test func degenerateInputs() {
        let solver = Solver(startControlPoint: UnitPoint(x: 0.42, y: 0), endControlPoint: UnitPoint(x: 0.58, y: 1))
        #expect(solver.solveX(.nan, epsilon: Solver.precision).isNaN)
        #expect(solver.value(at: .nan).isNaN)
        #expect(solver.solveX(1.5, epsilon: Solver.precision) >= 1)
        // A non-monotone x(t) (control x outside 0…1, as `Animation.timingCurve` allows) still ends.
        let wild = Solver(startControlPoint: UnitPoint(x: 2, y: 0), endControlPoint: UnitPoint(x: -1, y: 1))
        for i in 0...20 {
            #expect(wild.value(at: Double(i) / 20).isFinite)
        }
    }

    @Test func rounding() {
        #expect(Solver.rounded(0.5) == 0.5)
        #expect(Solver.rounded(1.0 / 3) == (1.0 / 3 * 1_048_576).rounded() / 1_048_576)
        #expect(abs(Solver.rounded(0.123456789) - 0.123456789) <= Solver.precision / 2)
    }
}
