// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

extension Angle: Animatable, _VectorMath {
    /// The angle as radians × 128 (docs/ANIMATION.md §8).
    ///
    /// SwiftUI animates angles at this scale so that the absolute stop thresholds of its springs
    /// (docs/ANIMATION.md §2.3, step 6) are reached at a comparable precision for angles and for points.
    @inlinable
    public var animatableData: Double {
        get { radians * 128.0 }
        set { radians = newValue / 128.0 }
    }
}
