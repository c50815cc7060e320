/// A per-millisecond velocity decay for projecting where a fling comes to rest, as `UIScrollView.DecelerationRate`
/// (docs/INPUT.md §5.5, WWDC 2018 "Designing Fluid Interfaces").
///
/// A fling decays as v(t) = v₀·d^(1000·t); summed per millisecond it travels (v₀/1000)·d/(1 − d).
public struct DecelerationRate: Hashable, Sendable {
    /// d, the fraction of velocity kept per millisecond (0 < d < 1).
    public var rawValue: Double

    /// Creates a rate.
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

    /// Where a fling released at `position` with `velocity` (units per second) comes to rest:
    /// x_end = x + (v/1000)·d/(1 − d).
    public func projectedEnd(position: Double, velocity: Double) -> Double {
        position + projectedDistance(velocity: velocity)
    }
}
