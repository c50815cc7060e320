// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

extension UnitCurve {
    /// The output progress at input progress `progress` (docs/ANIMATION.md §3.2).
    ///
    /// * linear: `p`, not clamped.
    /// * circularEaseIn: `1 − √(1 − p²)`; circularEaseOut: `√(1 − (1 − p)²)`;
    ///   circularEaseInOut: `(1 − √(1 − 4p²)) / 2` for `p < ½`, else `(√((8 − 4p)p − 3) + 1) / 2`.
    ///   Circular curves are not clamped, so they return NaN outside 0…1, as SwiftUI's reference does.
    /// * bezier: `p` clamped to 0…1, control-point x clamped to 0…1, solved to 2⁻²⁰ and rounded to a
    ///   multiple of 2⁻²⁰ (`CubicSolver.value(at:)`). Kinetic does **not** clamp the control points'
    ///   y (OSUI does in `value` but not in `velocity`; docs/ANIMATION.md §9 #7): the velocity behaviour is the one
    ///   confirmed against SwiftUI, and with y unclamped `velocity` stays the derivative of `value`.
    public func value(at progress: Double) -> Double {
        let p = progress
        switch storage {
        case .linear:
            return p
        case .circularEaseIn:
            return 1 - (1 - p * p).squareRoot()
        case .circularEaseOut:
            return (1 - (1 - p) * (1 - p)).squareRoot()
        case .circularEaseInOut:
            if p < 0.5 {
                return (1 - (1 - 4 * p * p).squareRoot()) / 2
            }
            return (((8 - 4 * p) * p - 3).squareRoot() + 1) / 2
        case let .bezier(start, end):
            return Self.solver(start, end).value(at: Self.clampUnit(p))
        }
    }

    /// The derivative of ``value(at:)`` at `progress`: output progress per unit of input (docs/ANIMATION.md §3.3).
    ///
    /// * linear: 1.
    /// * circularEaseIn: `|p / √(1 − p²)|`; circularEaseOut: `|(p − 1) / √((2 − p)p)|`;
    ///   circularEaseInOut: `|2p / √(1 − 4p²)|` for `p < ½`, else `|(2p − 2) / √((8 − 4p)p − 3)|`
    ///   (+∞ at ½).
    /// * bezier: `p` clamped to 0…1, control-point x clamped to 0…1 (y is not), then
    ///   `CubicSolver.velocity(at:)`: 1 where dx/dt and dy/dt are exactly equal (so
    ///   `easeOut.velocity(at: 0) == 1`), ±∞ where only dx/dt is 0, else dy/dx rounded to 2⁻²⁰
    ///   (so `easeIn.velocity(at: 1) == 0`).
    public func velocity(at progress: Double) -> Double {
        let p = progress
        switch storage {
        case .linear:
            return 1
        case .circularEaseIn:
            return abs(p / (1 - p * p).squareRoot())
        case .circularEaseOut:
            return abs((p - 1) / ((2 - p) * p).squareRoot())
        case .circularEaseInOut:
            if p < 0.5 {
                return abs(2 * p / (1 - 4 * p * p).squareRoot())
            }
            return abs((2 * p - 2) / ((8 - 4 * p) * p - 3).squareRoot())
        case let .bezier(start, end):
            return Self.solver(start, end).velocity(at: Self.clampUnit(p))
        }
    }

    /// The solver for a bezier curve, with the control points' x clamped to 0…1.
    private static func solver(_ start: UnitPoint, _ end: UnitPoint) -> CubicSolver {
        CubicSolver(
            startControlPoint: UnitPoint(x: clampUnit(start.x), y: start.y),
            endControlPoint: UnitPoint(x: clampUnit(end.x), y: end.y))
    }

    /// `x` clamped to 0…1 (NaN stays NaN).
    private static func clampUnit<F: BinaryFloatingPoint>(_ x: F) -> F {
        x < 0 ? 0 : (x > 1 ? 1 : x)
    }
}
