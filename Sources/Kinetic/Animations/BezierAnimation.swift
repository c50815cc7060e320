// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// A timing-curve animation: a cubic Bézier easing from (0, 0) to (1, 1) played over a duration.
/// Behind `.linear`, `.easeIn`, `.easeOut`, `.easeInOut` and `.timingCurve(_:_:_:_:duration:)`.
/// (docs/ANIMATION.md §2.5.)
///
/// `animate(value, t)` = value·y(clamp(t/duration, 0, 1)), with y solved by
/// `UnitCurve.CubicSolver` to 2⁻²⁰ (docs/ANIMATION.md §3.4); `nil` once t > duration (t == duration still gives
/// the full value). The control points are used as given — no clamping — so y may overshoot.
///
/// Like SwiftUI's, it reports no velocity and never merges, so a spring that interrupts a timing
/// curve starts from its position at rest, and a second timing curve combines with the first.
///
/// Bad parameters never trap: a duration ≤ 0 or NaN ends the animation at once (the model value
/// shows); an infinite duration holds the start value.
public struct BezierAnimation: CustomAnimation {
    /// The first control point (x, y).
    public var startControlPoint: UnitPoint
    /// The second control point (x, y).
    public var endControlPoint: UnitPoint
    /// The length of the animation, seconds.
    public var duration: TimeInterval

    /// A timing curve with the given control points, played over `duration` seconds.
    public init(startControlPoint: UnitPoint, endControlPoint: UnitPoint, duration: TimeInterval) {
        self.startControlPoint = startControlPoint
        self.endControlPoint = endControlPoint
        self.duration = duration
    }

    /// The fraction of the interval at `time` seconds: y(clamp(time/duration, 0, 1)).
    func fraction(at time: TimeInterval) -> Double {
        let solver = UnitCurve.CubicSolver(startControlPoint: startControlPoint, endControlPoint: endControlPoint)
        return solver.value(at: min(max(time / duration, 0), 1))
    }

    /// `value·y(time/duration)`, or nil when `time > duration` or the duration is not positive.
    ///
    /// Bad input finishes at once (nil, so the model value shows) instead of presenting NaN or ±∞: a NaN duration
    /// or time, a `value` with a non-finite component (or one so large its squared magnitude overflows), and
    /// control points that are not finite (the curve then has no finite value).
    public func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        // A NaN time or duration fails both comparisons and finishes too.
        guard duration > 0, time <= duration, value.magnitudeSquared.isFinite else { return nil }
        let fraction = fraction(at: time)
        guard fraction.isFinite else { return nil }
        return value.scaled(by: fraction)
    }
}

extension BezierAnimation: CustomStringConvertible {
    /// `BezierAnimation(duration: 0.35, curve: (0.42, 0.0)-(0.58, 1.0))`.
    public var description: String {
        "BezierAnimation(duration: \(duration), curve: (\(Double(startControlPoint.x)), \(Double(startControlPoint.y)))"
            + "-(\(Double(endControlPoint.x)), \(Double(endControlPoint.y))))"
    }
}
