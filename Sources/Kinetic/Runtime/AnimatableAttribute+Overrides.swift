// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

extension AnimatableAttribute {
    /// Animates every change of this attribute with `animation` (`nil`: no animation), overriding the
    /// transaction's animation — the role of SwiftUI's `.animation(animation, value: attribute.value)`.
    /// A transaction with ``Transaction/disablesAnimations`` keeps its own animation instead.
    /// (docs/ANIMATION.md §6.3.)
    ///
    /// The override is applied first; a ``transaction(_:)`` transform then sees the result.
    public func animation(_ animation: Animation?) {
        animationOverride = .some(animation)
    }

    /// Removes the override set by ``animation(_:)``: changes use the transaction's animation again.
    public func removeAnimationOverride() {
        animationOverride = nil
    }

    /// Transforms the transaction of every change of this attribute — the role of SwiftUI's
    /// `.transaction { }`; `nil` removes the transform. It runs after ``animation(_:)``'s override,
    /// unconditionally. Completions it adds are scoped to the single change. (docs/ANIMATION.md §6.3.)
    ///
    /// ```swift
    /// attribute.transaction { transaction in
    ///     transaction.animation = transaction.avatarTapped ? .bouncy : .smooth
    /// }
    /// ```
    public func transaction(_ transform: ((inout Transaction) -> Void)?) {
        transactionTransform = transform
    }
}
