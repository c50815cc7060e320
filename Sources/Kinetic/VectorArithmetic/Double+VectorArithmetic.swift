// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

extension Double: VectorArithmetic {
    /// Multiplies the value by `rhs`.
    @inlinable
    public mutating func scale(by rhs: Double) { self *= rhs }

    /// The square of the value.
    @inlinable
    public var magnitudeSquared: Double { self * self }
}
