// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// The animatable data of a type that does not animate: zero-dimensional, every operation a no-op,
/// magnitude 0, and every two values equal. (docs/ANIMATION.md §8.)
@frozen
public struct EmptyAnimatableData: VectorArithmetic, Sendable, Hashable {
    /// Creates the empty vector.
    @inlinable
    public init() {}

    /// The only value: the empty vector.
    @inlinable
    public static var zero: Self { Self() }

    @inlinable
    public static func + (lhs: Self, rhs: Self) -> Self { Self() }

    @inlinable
    public static func += (lhs: inout Self, rhs: Self) {}

    @inlinable
    public static func - (lhs: Self, rhs: Self) -> Self { Self() }

    @inlinable
    public static func -= (lhs: inout Self, rhs: Self) {}

    /// Does nothing.
    @inlinable
    public mutating func scale(by rhs: Double) {}

    /// Always 0.
    @inlinable
    public var magnitudeSquared: Double { 0 }
}
