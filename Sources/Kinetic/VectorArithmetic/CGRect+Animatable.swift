// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

extension CGRect: Animatable {
    /// The rectangle as the pair (origin, size) = ((x, y), (width, height)), in points (docs/ANIMATION.md §8).
    @inlinable
    public var animatableData: AnimatablePair<CGPoint.AnimatableData, CGSize.AnimatableData> {
        get { AnimatablePair(origin.animatableData, size.animatableData) }
        set {
            origin.animatableData = newValue.first
            size.animatableData = newValue.second
        }
    }
}
