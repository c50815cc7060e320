// SPDX-License-Identifier: Apache-2.0
/// A per-millisecond velocity decay for projecting where a fling comes to rest, as `UIScrollView.DecelerationRate`
/// (docs/INPUT.md §5.5, WWDC 2018 "Designing Fluid Interfaces").
///
/// A fling decays as v(t) = v₀·d^(1000·t); summed per millisecond it travels (v₀/1000)·d/(1 − d).
public struct DecelerationRate: Hashable, Sendable {
    /// d, the fraction of velocity kept per millisecond (0 < d < 1).
    public var rawValue: Double

    public init(rawValue: Double) {
        self.rawValue = rawValue
    }

    /// `UIScrollView.DecelerationRate.normal`: 0.998 per ms.
    public static let normal = DecelerationRate(rawValue: 0.998)
    /// `UIScrollView.DecelerationRate.fast`: 0.99 per ms.
    public static let fast = DecelerationRate(rawValue: 0.99)

    /// The distance a fling at `velocity` (units per second) travels: (v/1000)·d/(1 − d), in the same units.
    /// 0 for rates outside 0 < d < 1.
    public func projectedDistance(velocity: Double) -> Double {
        guard rawValue > 0, rawValue < 1 else { return 0 }
        return velocity / 1000 * rawValue / (1 - rawValue)
    }

    /// The constant k (per second) of the exponential decay v(t) = v₀·e^(−k·t) that travels exactly
    /// ``projectedDistance(velocity:)``: k = 1000·(1 − d)/d, so v₀/k = (v₀/1000)·d/(1 − d). For 0.998 that is
    /// 2.004 /s, within 0.1 % of the continuous −1000·ln d = 2.002 /s; keeping the projection's distance makes a
    /// momentum release rest exactly where a projecting release would. 0 for rates outside 0 < d < 1.
    public var decayConstant: Double {
        guard rawValue > 0, rawValue < 1 else { return 0 }
        return 1000 * (1 - rawValue) / rawValue
    }

    /// Where a fling released at `position` with `velocity` (units per second) comes to rest:
    /// x_end = x + (v/1000)·d/(1 − d).
    public func projectedEnd(position: Double, velocity: Double) -> Double {
        position + projectedDistance(velocity: velocity)
    }
}
