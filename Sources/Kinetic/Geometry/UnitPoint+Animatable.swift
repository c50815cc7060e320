// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

extension UnitPoint: Animatable {
    /// The point as (x × 128, y × 128) (docs/ANIMATION.md §8), the scale SwiftUI animates unit points at.
    @inlinable
    public var animatableData: AnimatablePair<CGFloat, CGFloat> {
        get { AnimatablePair(x * 128.0, y * 128.0) }
        set {
            x = newValue.first / 128.0
            y = newValue.second / 128.0
        }
    }
}
