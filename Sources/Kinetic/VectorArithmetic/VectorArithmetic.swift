// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// A type that can serve as the animatable data of an animatable type.
///
/// Mirrors SwiftUI's `VectorArithmetic`: an additive group with scaling by a real factor and
/// a squared magnitude. Every operation is linear except ``magnitudeSquared``.
/// (docs/ANIMATION.md §8.)
///
/// ```swift
/// var v = AnimatablePair(3.0, 4.0)
/// v.scale(by: 2)            // (6, 8)
/// v.magnitudeSquared        // 100
/// ```
public protocol VectorArithmetic: AdditiveArithmetic {
    /// Multiplies each component of this value by `rhs`.
    mutating func scale(by rhs: Double)

    /// The dot product of this value with itself (the sum of the squares of its components).
    var magnitudeSquared: Double { get }
}

extension VectorArithmetic {
    /// This value with each component multiplied by `rhs`.
    @inlinable
    public func scaled(by rhs: Double) -> Self {
        var result = self
        result.scale(by: rhs)
        return result
    }

    /// Moves this value towards `other`: `self + (other − self) · amount`.
    @inlinable
    public mutating func interpolate(towards other: Self, amount: Double) {
        var delta = other - self
        delta.scale(by: amount)
        self += delta
    }

    /// `self + (other − self) · amount`; `amount` 0 gives `self`, 1 gives `other`.
    @inlinable
    public func interpolated(towards other: Self, amount: Double) -> Self {
        var result = self
        result.interpolate(towards: other, amount: amount)
        return result
    }
}
