// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// A timing-curve animation driven by a ``UnitCurve``: `.timingCurve(_ curve:duration:)`. (docs/ANIMATION.md §2.6.)
///
/// `animate(value, t)` = value·curve.value(at: clamp(t/duration, 0, 1)) and
/// `velocity(value, t)` = value·curve.velocity(at: clamp(t/duration, 0, 1))/duration (value units
/// per second); both `nil` once t > duration or when duration ≤ 0. The curve's own rules apply
/// (bezier control points' x clamped to 0…1 when evaluated; docs/ANIMATION.md §3.2). Never merges.
///
/// Bad parameters never trap: a duration ≤ 0 or NaN ends the animation at once.
public struct UnitCurveAnimation: CustomAnimation {
    /// The easing curve.
    public var curve: UnitCurve
    /// The length of the animation, seconds.
    public var duration: TimeInterval

    /// Plays `curve` over `duration` seconds.
    public init(curve: UnitCurve, duration: TimeInterval) {
        self.curve = curve
        self.duration = duration
    }

    /// clamp(time/duration, 0, 1), or nil when the animation is over (time > duration, duration ≤ 0, NaN).
    private func progress(at time: TimeInterval) -> Double? {
        guard duration > 0, time <= duration else { return nil }
        return min(max(time / duration, 0), 1)
    }

    /// `value·curve.value(at: time/duration)`; nil (finished, the model value shows) when the animation is over,
    /// when `value` has a non-finite component (or overflows its squared magnitude), or when the curve has no finite
    /// value there (non-finite control points, circular curves outside 0…1).
    public func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        guard value.magnitudeSquared.isFinite, let progress = progress(at: time) else { return nil }
        let fraction = curve.value(at: progress)
        return fraction.isFinite ? value.scaled(by: fraction) : nil
    }

    /// `value·curve.velocity(at: time/duration)/duration`, value units per second; nil where that is not finite
    /// (e.g. `circularEaseInOut` at progress ½, whose slope is infinite), so no ∞ is handed to a merging spring.
    public func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V? {
        guard value.magnitudeSquared.isFinite, let progress = progress(at: time) else { return nil }
        let rate = curve.velocity(at: progress) / duration
        return rate.isFinite ? value.scaled(by: rate) : nil
    }
}

extension UnitCurveAnimation: CustomStringConvertible {
    /// `UnitCurveAnimation(curve: .easeInOut, duration: 0.35)`; other bezier curves print their
    /// control points, `.bezier(startControlPoint: (0.25, 0.1), endControlPoint: (0.75, 0.9))`.
    public var description: String { "UnitCurveAnimation(curve: \(curveName), duration: \(duration))" }

    private var curveName: String {
        switch curve {
        case .easeIn: return ".easeIn"
        case .easeOut: return ".easeOut"
        case .easeInOut: return ".easeInOut"
        default: break
        }
        switch curve.storage {
        case .linear: return ".linear"
        case .circularEaseIn: return ".circularEaseIn"
        case .circularEaseOut: return ".circularEaseOut"
        case .circularEaseInOut: return ".circularEaseInOut"
        case let .bezier(start, end):
            return ".bezier(startControlPoint: (\(Double(start.x)), \(Double(start.y))), "
                + "endControlPoint: (\(Double(end.x)), \(Double(end.y))))"
        }
    }
}
