// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// Animates the attribute changes `changes` makes with `animation`, and runs `completion` once, when every
/// animation they started is over — headless, what UIKit's `UIView.animate(_:changes:completion:)` (iOS 18) does
/// for a view's properties with a SwiftUI animation: no separate animation object, the attributes' presentation
/// values move.
///
/// ```swift
/// animate(.spring(duration: 0.5)) { bead.value = endOfBracelet } completion: { print("done") }
/// ```
///
/// The changes are made under a transaction with `animation`, merged over the current one, so a change of an
/// animating attribute merges or combines as any other (a fluid spring keeps its velocity). `completion` runs when
/// the last of those animations is removed (criteria ``AnimationCompletionCriteria/removed``: UIKit calls it when
/// the animation has ended, so not at a spring's logical completion), or right after `changes` when they started
/// none. Kinetic's choice where UIKit's documentation is silent.
public func animate(_ animation: Animation, changes: () -> Void, completion: (() -> Void)? = nil) {
    var transaction = Transaction(animation: animation)
    if let completion { transaction.addAnimationCompletion(criteria: .removed, completion) }
    withTransaction(transaction, changes)
}

/// Animates the changes `changes` makes with the current transaction's animation, as SwiftUI's
/// `UIViewRepresentableContext.animate(changes:completion:)`: without an animation in the current transaction the
/// changes apply at once and `completion` runs before this returns; with one, as ``animate(_:changes:completion:)``
/// with that animation.
public func animate(changes: () -> Void, completion: (() -> Void)? = nil) {
    guard let animation = Transaction.current?.animation else {
        changes()
        completion?()
        return
    }
    animate(animation, changes: changes, completion: completion)
}
