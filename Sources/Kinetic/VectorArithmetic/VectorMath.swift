// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// Vector arithmetic for an ``Animatable`` type, computed through its ``Animatable/animatableData``.
///
/// Mirrors SwiftUI's `_VectorMath` (docs/ANIMATION.md §8): a conforming type gets `+`, `-`, `*` and `/` by a
/// `Double`, negation and ``magnitude`` without writing them. Every operation maps both operands to
/// their animatable data, operates there, and maps back, so the results use the type's storage scale
/// (for ``Angle``, radians × 128; the scale is a power of two, so sums and products are exact).
///
/// ```swift
/// let step = Angle.degrees(30)
/// let third = step * 3 - Angle.degrees(45)   // 45°
/// ```
public protocol _VectorMath: Animatable {}

extension _VectorMath {
    /// The length of ``Animatable/animatableData``: `√(animatableData.magnitudeSquared)`, in data units.
    @inlinable
    public var magnitude: Double { animatableData.magnitudeSquared.squareRoot() }

    /// Replaces the value with its negation (`animatableData = zero − animatableData`).
    @inlinable
    public mutating func negate() { animatableData = .zero - animatableData }

    /// The negation of `operand`.
    @inlinable
    public static prefix func - (operand: Self) -> Self {
        var result = operand
        result.negate()
        return result
    }

    /// Adds `rhs` to `lhs`, component-wise on the animatable data.
    @inlinable
    public static func += (lhs: inout Self, rhs: Self) { lhs.animatableData += rhs.animatableData }

    /// The component-wise sum.
    @inlinable
    public static func + (lhs: Self, rhs: Self) -> Self {
        var result = lhs
        result += rhs
        return result
    }

    /// Subtracts `rhs` from `lhs`, component-wise on the animatable data.
    @inlinable
    public static func -= (lhs: inout Self, rhs: Self) { lhs.animatableData -= rhs.animatableData }

    /// The component-wise difference.
    @inlinable
    public static func - (lhs: Self, rhs: Self) -> Self {
        var result = lhs
        result -= rhs
        return result
    }

    /// Scales `lhs` by `rhs`.
    @inlinable
    public static func *= (lhs: inout Self, rhs: Double) { lhs.animatableData.scale(by: rhs) }

    /// `lhs` scaled by `rhs`.
    @inlinable
    public static func * (lhs: Self, rhs: Double) -> Self {
        var result = lhs
        result *= rhs
        return result
    }

    /// Scales `lhs` by `1 / rhs` (SwiftUI multiplies by the reciprocal).
    @inlinable
    public static func /= (lhs: inout Self, rhs: Double) { lhs *= 1 / rhs }

    /// `lhs` scaled by `1 / rhs`.
    @inlinable
    public static func / (lhs: Self, rhs: Double) -> Self {
        var result = lhs
        result /= rhs
        return result
    }
}
