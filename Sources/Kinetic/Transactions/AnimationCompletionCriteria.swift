// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// When an animation completion callback fires. (docs/ANIMATION.md §6.4.)
public struct AnimationCompletionCriteria: Hashable, Sendable {
    enum Storage: Hashable, Sendable {
        case logicallyComplete
        case removed
    }

    let storage: Storage

    /// When the animations of the change have logically completed: the animation reported
    /// `isLogicallyComplete` (a fluid spring after its response, an interpolating spring after
    /// 2π/√k, a timing curve at its end) or was removed. A later change merging into or combining
    /// with the animation does not delay it: the callback follows the change it was registered with.
    public static let logicallyComplete = AnimationCompletionCriteria(storage: .logicallyComplete)

    /// When every animation the change started has been removed from its attribute — after any
    /// later merges and combines on that attribute have finished too.
    public static let removed = AnimationCompletionCriteria(storage: .removed)
}
