// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// A normalized two-dimensional point in a view's coordinate space: (0, 0) is the top-leading
/// corner and (1, 1) the bottom-trailing one.
///
/// Mirrors SwiftUI's `UnitPoint`, including its named points. It animates as (x × 128, y × 128)
/// (see `UnitPoint+Animatable.swift`, docs/ANIMATION.md §8). `UnitCurve.bezier` takes its control points as
/// unit points.
@frozen
public struct UnitPoint: Hashable, Sendable {
    /// The normalized distance from the leading edge (0) to the trailing edge (1).
    public var x: CGFloat
    /// The normalized distance from the top edge (0) to the bottom edge (1).
    public var y: CGFloat

    /// The point (0, 0).
    @inlinable
    public init() { self.init(x: 0, y: 0) }

    /// The point (`x`, `y`).
    @inlinable
    public init(x: CGFloat, y: CGFloat) {
        self.x = x
        self.y = y
    }

    /// (0, 0).
    public static let zero = UnitPoint(x: 0, y: 0)
    /// (0.5, 0.5).
    public static let center = UnitPoint(x: 0.5, y: 0.5)
    /// (0, 0.5).
    public static let leading = UnitPoint(x: 0, y: 0.5)
    /// (1, 0.5).
    public static let trailing = UnitPoint(x: 1, y: 0.5)
    /// (0.5, 0).
    public static let top = UnitPoint(x: 0.5, y: 0)
    /// (0.5, 1).
    public static let bottom = UnitPoint(x: 0.5, y: 1)
    /// (0, 0).
    public static let topLeading = UnitPoint(x: 0, y: 0)
    /// (1, 0).
    public static let topTrailing = UnitPoint(x: 1, y: 0)
    /// (0, 1).
    public static let bottomLeading = UnitPoint(x: 0, y: 1)
    /// (1, 1).
    public static let bottomTrailing = UnitPoint(x: 1, y: 1)
}
