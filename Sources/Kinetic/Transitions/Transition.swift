// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// What changes when an element is inserted or removed, as SwiftUI's `Transition`, headless: instead of
/// modifying a view for a ``TransitionPhase``, a transition modifies a ``TransitionEffect``.
/// ``TransitionPresence`` animates an element's effect between phases.
///
/// ```swift
/// let transition = AnyTransition.move(edge: .bottom).combined(with: .opacity)
/// transition.effect(for: .willAppear)   // relativeOffset (0, 1), opacity 0
/// transition.effect(for: .identity)     // TransitionEffect.identity
/// ```
///
/// The built-ins carry SwiftUI's names and parameters (``IdentityTransition``, ``OpacityTransition``,
/// ``ScaleTransition``, ``MoveTransition``, ``OffsetTransition``, ``SlideTransition``, ``PushTransition``,
/// ``BlurReplaceTransition``), as static members here and on ``AnyTransition``.
public protocol Transition {
    /// Applies this transition's change for `phase` to `effect` (nothing, usually, in ``TransitionPhase/identity``).
    func apply(to effect: inout TransitionEffect, phase: TransitionPhase)

    /// The animation this transition asks for when an element moves to `phase` (``TransitionPhase/identity``:
    /// inserting, ``TransitionPhase/didDisappear``: removing), which overrides the transaction's; `nil` to use
    /// the transaction's. Set with ``animation(_:)``.
    func animation(for phase: TransitionPhase) -> Animation??
}

extension Transition {
    /// None: the transaction's animation.
    public func animation(for phase: TransitionPhase) -> Animation?? { nil }

    /// The effect of this transition alone in `phase`.
    public func effect(for phase: TransitionPhase) -> TransitionEffect {
        var effect = TransitionEffect.identity
        apply(to: &effect, phase: phase)
        return effect
    }

    /// This transition and `other` together (SwiftUI's `combined(with:)`); `other`'s animation, when it has one,
    /// wins.
    public func combined<Other: Transition>(with other: Other) -> CombinedTransition<Self, Other> {
        CombinedTransition(self, other)
    }

    /// This transition animated with `animation` whatever the transaction's (SwiftUI's `Transition.animation(_:)`);
    /// `nil` inserts and removes without animation.
    public func animation(_ animation: Animation?) -> AnimatedTransition<Self> {
        AnimatedTransition(self, animation: animation)
    }
}

/// Two transitions applied together: ``Transition/combined(with:)``.
public struct CombinedTransition<First: Transition, Second: Transition>: Transition {
    /// The transitions, applied first then second.
    public var first: First, second: Second

    /// `first` and `second` together.
    public init(_ first: First, _ second: Second) {
        self.first = first
        self.second = second
    }

    /// Both changes.
    public func apply(to effect: inout TransitionEffect, phase: TransitionPhase) {
        first.apply(to: &effect, phase: phase)
        second.apply(to: &effect, phase: phase)
    }

    /// The second's animation, else the first's.
    public func animation(for phase: TransitionPhase) -> Animation?? {
        second.animation(for: phase) ?? first.animation(for: phase)
    }
}

/// One transition for insertion and another for removal: ``Transition/asymmetric(insertion:removal:)``.
///
/// As in SwiftUI, each side sees ``TransitionPhase/identity`` in the other side's phase: the insertion applies in
/// ``TransitionPhase/willAppear``, the removal in ``TransitionPhase/didDisappear``.
public struct AsymmetricTransition<Insertion: Transition, Removal: Transition>: Transition {
    /// The transition that inserts, and the one that removes.
    public var insertion: Insertion, removal: Removal

    /// `insertion` in, `removal` out.
    public init(insertion: Insertion, removal: Removal) {
        self.insertion = insertion
        self.removal = removal
    }

    /// The insertion's change before appearing, the removal's after disappearing.
    public func apply(to effect: inout TransitionEffect, phase: TransitionPhase) {
        insertion.apply(to: &effect, phase: phase == .didDisappear ? .identity : phase)
        removal.apply(to: &effect, phase: phase == .willAppear ? .identity : phase)
    }

    /// The insertion's animation while inserting, the removal's while removing.
    public func animation(for phase: TransitionPhase) -> Animation?? {
        phase == .didDisappear ? removal.animation(for: phase) : insertion.animation(for: phase)
    }
}

/// A transition with its own animation: ``Transition/animation(_:)``.
public struct AnimatedTransition<Base: Transition>: Transition {
    /// The transition animated.
    public var base: Base
    /// Its animation (`nil`: none).
    public var animationOverride: Animation?

    /// `base` animated with `animation`.
    public init(_ base: Base, animation: Animation?) {
        self.base = base
        self.animationOverride = animation
    }

    /// The base's change.
    public func apply(to effect: inout TransitionEffect, phase: TransitionPhase) {
        base.apply(to: &effect, phase: phase)
    }

    /// This transition's animation in every phase.
    public func animation(for phase: TransitionPhase) -> Animation?? { .some(animationOverride) }
}
