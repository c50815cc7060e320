// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// One `addAnimationCompletion` registration: fires its callback exactly once, when every
/// animation that counted it is done (by its criteria) and the scope that created it has closed.
/// (docs/ANIMATION.md §6.4.)
///
/// The count rises when a change carrying the registration starts (or merges into) an animation
/// and falls when that animation logically completes or is removed. The scope is the body of the
/// ``withTransaction(_:_:)`` that carried the registration (or a single attribute change when the
/// registration came from an attribute's transaction transform). A registration that no animation
/// ever counted therefore fires right after the body, as SwiftUI documents.
///
/// Single-threaded, like the ``AnimationGraph`` whose attributes count it.
final class AnimationCompletion {
    let criteria: AnimationCompletionCriteria
    private var callback: (() -> Void)?
    private var pendingAnimations = 0
    private var openScopes = 0

    init(criteria: AnimationCompletionCriteria, callback: @escaping () -> Void) {
        self.criteria = criteria
        self.callback = callback
    }

    /// Whether the callback has run (or been handed out to run).
    var hasFired: Bool { callback == nil }

    /// An animation now counts this registration.
    func animationWasAdded() {
        pendingAnimations += 1
    }

    /// An animation that counted this registration is done. Returns the callback when it is now
    /// due, for the graph to run after the current frame.
    func animationWasRemoved() -> (() -> Void)? {
        pendingAnimations = max(0, pendingAnimations - 1)
        return takeCallbackIfDue()
    }

    func openScope() {
        openScopes += 1
    }

    /// Closes a scope; runs the callback at once when it is due.
    func closeScope() {
        openScopes = max(0, openScopes - 1)
        takeCallbackIfDue()?()
    }

    private func takeCallbackIfDue() -> (() -> Void)? {
        guard pendingAnimations == 0, openScopes == 0, let callback else { return nil }
        self.callback = nil
        return callback
    }
}

extension Transaction {
    /// Adds a callback that runs exactly once, when the animations started by changes in this
    /// transaction meet `criteria` — or right after the ``withTransaction(_:_:)`` body when the
    /// transaction animates nothing. (docs/ANIMATION.md §6.4.)
    ///
    /// Callbacks due during ``AnimationGraph/advance(to:)`` run after every attribute has been
    /// updated for that time, in the order they became due.
    public mutating func addAnimationCompletion(
        criteria: AnimationCompletionCriteria = .logicallyComplete, _ completion: @escaping () -> Void
    ) {
        animationCompletions.append(AnimationCompletion(criteria: criteria, callback: completion))
    }
}
