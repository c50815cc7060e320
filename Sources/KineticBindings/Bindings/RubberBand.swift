// SPDX-License-Identifier: Apache-2.0
/// The resistance a bound channel shows when a gesture pulls it past its bounds, as
/// `UIScrollView` does.
///
/// An overshoot of x past an edge is displayed as
///
///     f(x) = (1 − 1/(x·c/d + 1))·d  =  x·c·d/(x·c + d)
///
/// where d is the dimension (the extent of the bounds on that axis) and c the constant (0.55 for
/// `UIScrollView`). This is the formula Grant Paul (@chpwn) published in 2013 after measuring
/// `UIScrollView`, and the one open-source reimplementations of iOS scrolling use. Its slope at
/// the edge is c (the content first moves at 55 % of the finger's speed), f(d/c) = d/2, and f
/// approaches d but never reaches it, so however far the finger goes the channel stays within one
/// dimension of the edge.
public struct RubberBand: Equatable, Sendable {
    /// c, the slope at the edge (dimensionless, 0 < c). 0.55 matches `UIScrollView`.
    public var constant: Double

    /// A rubber band with constant `c`.
    public init(constant: Double = 0.55) {
        self.constant = constant
    }

    /// f(x) for an overshoot `x ≥ 0` (channel units) along an axis whose bounds span `dimension`
    /// (channel units). A dimension or constant that is not positive and finite gives no give at
    /// all (0); an infinite dimension gives the linear limit c·x.
    public func offset(forOvershoot x: Double, dimension d: Double) -> Double {
        guard x > 0, constant > 0, constant.isFinite, d > 0 else { return 0 }
        guard d.isFinite else { return x.isFinite ? constant * x : 0 }
        guard x.isFinite else { return d }
        return (1 - 1 / (x * constant / d + 1)) * d
    }

    /// `value` with any part past `lower…upper` replaced by its rubber-banded offset from the edge;
    /// values inside the bounds are unchanged.
    public func apply(_ value: Double, lower: Double, upper: Double) -> Double {
        let dimension = upper - lower
        if value < lower { return lower - offset(forOvershoot: lower - value, dimension: dimension) }
        if value > upper { return upper + offset(forOvershoot: value - upper, dimension: dimension) }
        return value
    }
}
