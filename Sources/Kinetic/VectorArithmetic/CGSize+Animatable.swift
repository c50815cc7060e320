// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

extension CGSize: Animatable {
    /// The size as the pair (width, height), in points (docs/ANIMATION.md §8).
    @inlinable
    public var animatableData: AnimatablePair<CGFloat, CGFloat> {
        get { AnimatablePair(width, height) }
        set {
            width = newValue.first
            height = newValue.second
        }
    }
}
