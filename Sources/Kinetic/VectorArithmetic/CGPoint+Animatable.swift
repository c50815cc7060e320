// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

extension CGPoint: Animatable {
    /// The point as the pair (x, y), in points (docs/ANIMATION.md §8).
    @inlinable
    public var animatableData: AnimatablePair<CGFloat, CGFloat> {
        get { AnimatablePair(x, y) }
        set {
            x = newValue.first
            y = newValue.second
        }
    }
}
