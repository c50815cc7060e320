// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

extension UnitCurve {
    /// A cubic Bézier timing function from (0, 0) to (1, 1), solved for x.
    ///
    /// Shared by ``UnitCurve/bezier(startControlPoint:endControlPoint:)`` and the bezier timing-curve
    /// animations (`Animation.timingCurve`, docs/ANIMATION.md §2.5), which use it without clamping anything.
    /// Polynomial form (docs/ANIMATION.md §3.4, WebKit's `UnitBezier`): with control points P1, P2,
    ///
    ///     cx = 3·P1.x,  bx = 3·(P2.x − P1.x) − cx,  ax = 1 − cx − bx   (same for y)
    ///     x(t) = ((ax·t + bx)·t + cx)·t,   x'(t) = (3ax·t + 2bx)·t + cx
    ///
    /// ``value(at:)`` solves x(t) = x for the curve parameter t to within 2⁻²⁰ and returns y(t)
    /// rounded to the nearest multiple of 2⁻²⁰, the precision SwiftUI reports.
    ///
    /// ```swift
    /// let ease = UnitCurve.CubicSolver(startControlPoint: UnitPoint(x: 0.42, y: 0),
    ///                                  endControlPoint: UnitPoint(x: 0.58, y: 1))
    /// ease.value(at: 0.25)      // 0.129162
    /// ```
    package struct CubicSolver: Hashable, Sendable {
        /// Cubic coefficient of x(t).
        package var ax: Double
        /// Quadratic coefficient of x(t).
        package var bx: Double
        /// Linear coefficient of x(t).
        package var cx: Double
        /// Cubic coefficient of y(t).
        package var ay: Double
        /// Quadratic coefficient of y(t).
        package var by: Double
        /// Linear coefficient of y(t).
        package var cy: Double

        /// The precision of the solution and of the results: 2⁻²⁰.
        package static let precision: Double = 1.0 / 1_048_576.0

        /// A solver for the curve with control points `startControlPoint` and `endControlPoint`,
        /// taken as given (callers clamp when their rule says so).
        package init(startControlPoint p1: UnitPoint, endControlPoint p2: UnitPoint) {
            cx = 3 * Double(p1.x)
            bx = 3 * (Double(p2.x) - Double(p1.x)) - cx
            ax = 1 - cx - bx
            cy = 3 * Double(p1.y)
            by = 3 * (Double(p2.y) - Double(p1.y)) - cy
            ay = 1 - cy - by
        }

        /// The first control point, recovered from the coefficients: (cx/3, cy/3).
        package var startControlPoint: UnitPoint {
            UnitPoint(x: CGFloat(cx / 3), y: CGFloat(cy / 3))
        }

        /// The second control point, recovered from the coefficients: ((bx + 2cx)/3, (by + 2cy)/3).
        package var endControlPoint: UnitPoint {
            UnitPoint(x: CGFloat((bx + 2 * cx) / 3), y: CGFloat((by + 2 * cy) / 3))
        }

        /// x(t).
        package func sampleX(_ t: Double) -> Double { ((ax * t + bx) * t + cx) * t }

        /// y(t).
        package func sampleY(_ t: Double) -> Double { ((ay * t + by) * t + cy) * t }

        /// dx/dt at t.
        package func sampleDerivativeX(_ t: Double) -> Double { (3 * ax * t + 2 * bx) * t + cx }

        /// The curve parameter t with |x(t) − x| < `epsilon`.
        ///
        /// Newton's method from t = x (at most 8 steps; it stops where dx/dt is below `epsilon`),
        /// then bisection on 0…1 (at most 64 halvings, so it ends even for a non-monotone x(t) or a
        /// NaN input). Inputs outside 0…1 that Newton cannot solve give the nearer end of 0…1.
        package func solveX(_ x: Double, epsilon: Double) -> Double {
            var t = x
            for _ in 0..<8 {
                let error = sampleX(t) - x
                if abs(error) < epsilon { return t }
                let slope = sampleDerivativeX(t)
                if abs(slope) < epsilon { break }
                t -= error / slope
            }
            var lower = 0.0
            var upper = 1.0
            t = x
            if t < lower { return lower }
            if t > upper { return upper }
            for _ in 0..<64 where lower < upper {
                let sample = sampleX(t)
                if abs(sample - x) < epsilon { return t }
                if x > sample { lower = t } else { upper = t }
                t = (upper - lower) / 2 + lower
            }
            return t
        }

        /// y at `x`: `y(solveX(x))`, rounded to the nearest multiple of 2⁻²⁰.
        package func value(at x: Double) -> Double {
            let t = solveX(x, epsilon: Self.precision)
            return Self.rounded(sampleY(t))
        }

        /// dy/dx at `x`, with t = solveX(x), dx = dx/dt and dy = dy/dt:
        /// 1 if dx == dy exactly; ±∞ (the sign of dy) if dx == 0; otherwise dy/dx rounded to the
        /// nearest multiple of 2⁻²⁰. These exact-equality rules reproduce SwiftUI's
        /// `easeOut.velocity(at: 0) == 1` and `easeIn.velocity(at: 1) == 0` (docs/ANIMATION.md §3.4).
        package func velocity(at x: Double) -> Double {
            let t = solveX(x, epsilon: Self.precision)
            let dx = cx + (2 * bx + 3 * ax * t) * t
            let dy = cy + (2 * by + 3 * ay * t) * t
            if dx == dy { return 1 }
            if dx == 0 { return dy < 0 ? -.infinity : .infinity }
            return Self.rounded(dy / dx)
        }

        /// `value` rounded to the nearest multiple of 2⁻²⁰.
        package static func rounded(_ value: Double) -> Double {
            (value * 1_048_576.0).rounded() / 1_048_576.0
        }
    }
}
