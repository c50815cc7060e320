// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

// Without the FoundationGeometry trait CGFloat is Double, whose conformance is Double+VectorArithmetic.swift's.
#if FoundationGeometry
extension CGFloat: VectorArithmetic {
    /// Multiplies the value by `rhs` converted to `CGFloat`.
    @inlinable
    public mutating func scale(by rhs: Double) { self *= CGFloat(rhs) }

    /// The square of the value, computed in `CGFloat` precision and widened to `Double`.
    @inlinable
    public var magnitudeSquared: Double { Double(self * self) }
}
#endif
