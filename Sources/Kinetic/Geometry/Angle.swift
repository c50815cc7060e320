// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// A geometric angle, stored in radians.
///
/// Mirrors SwiftUI's `Angle`: create it from degrees or radians, compare, and do arithmetic
/// (`+`, `-`, `* Double`, `/ Double`, negation) through `_VectorMath`. It animates as
/// radians × 128 (see `Angle+Animatable.swift`, docs/ANIMATION.md §8).
///
/// ```swift
/// let quarter = Angle.degrees(90)
/// quarter.radians          // π/2
/// quarter * 2 > .zero      // true
/// ```
@frozen
public struct Angle: Hashable, Sendable {
    /// The angle in radians.
    public var radians: Double

    /// The angle in degrees: `radians × 180 / π`.
    @inlinable
    public var degrees: Double {
        get { radians * (180.0 / .pi) }
        set { radians = newValue * (.pi / 180.0) }
    }

    /// A zero angle.
    @inlinable
    public init() { self.init(radians: 0.0) }

    /// An angle of `radians` radians.
    @inlinable
    public init(radians: Double) { self.radians = radians }

    /// An angle of `degrees` degrees (`radians = degrees × π / 180`).
    @inlinable
    public init(degrees: Double) { self.init(radians: degrees * (.pi / 180.0)) }

    /// An angle of `radians` radians.
    @inlinable
    public static func radians(_ radians: Double) -> Angle { Angle(radians: radians) }

    /// An angle of `degrees` degrees.
    @inlinable
    public static func degrees(_ degrees: Double) -> Angle { Angle(degrees: degrees) }

    /// A zero angle.
    @inlinable
    public static var zero: Angle { Angle() }
}

extension Angle: Comparable {
    /// Orders angles by their value in radians (no wrapping: 370° > 10°).
    @inlinable
    public static func < (lhs: Angle, rhs: Angle) -> Bool { lhs.radians < rhs.radians }
}
