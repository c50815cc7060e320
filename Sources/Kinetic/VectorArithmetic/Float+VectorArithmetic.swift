// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

extension Float: VectorArithmetic {
    /// Multiplies the value by `rhs` converted to `Float` (SwiftUI converts the factor, not the value).
    @inlinable
    public mutating func scale(by rhs: Double) { self *= Float(rhs) }

    /// The square of the value, computed in `Float` precision and widened to `Double`.
    @inlinable
    public var magnitudeSquared: Double { Double(self * self) }
}
