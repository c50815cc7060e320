// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// The inset distances, in points, of the sides of a rectangle.
///
/// Mirrors SwiftUI's `EdgeInsets`. It animates as the nested pair
/// (top, (leading, (bottom, trailing))) (docs/ANIMATION.md §8) and gets `+`, `-`, `*`, `/` through `_VectorMath`.
@frozen
public struct EdgeInsets: Hashable, Sendable {
    /// The inset from the top edge, in points.
    public var top: CGFloat
    /// The inset from the leading edge, in points.
    public var leading: CGFloat
    /// The inset from the bottom edge, in points.
    public var bottom: CGFloat
    /// The inset from the trailing edge, in points.
    public var trailing: CGFloat

    /// Insets of the given sizes, in points.
    @inlinable
    public init(top: CGFloat, leading: CGFloat, bottom: CGFloat, trailing: CGFloat) {
        self.top = top
        self.leading = leading
        self.bottom = bottom
        self.trailing = trailing
    }

    /// Zero insets.
    @inlinable
    public init() { self.init(top: 0, leading: 0, bottom: 0, trailing: 0) }
}

extension EdgeInsets: Animatable, _VectorMath {
    /// (top, (leading, (bottom, trailing))), in points (docs/ANIMATION.md §8).
    @inlinable
    public var animatableData: AnimatablePair<CGFloat, AnimatablePair<CGFloat, AnimatablePair<CGFloat, CGFloat>>> {
        get { AnimatablePair(top, AnimatablePair(leading, AnimatablePair(bottom, trailing))) }
        set {
            top = newValue.first
            leading = newValue.second.first
            bottom = newValue.second.second.first
            trailing = newValue.second.second.second
        }
    }
}
