// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// An element inserted and removed through a transition, headless: what SwiftUI does for a view that appears and
/// disappears under `.transition(_:)`, as attributes of an ``AnimationGraph`` whose values a renderer reads.
///
/// ```swift
/// let graph = AnimationGraph()
/// let window = TransitionPresence(graph: graph, transition: .scale(scale: 0.9).combined(with: .opacity))
/// withAnimation(.smooth) { window.insert() }                  // from the insertion's willAppear effect to identity
/// withAnimation(.smooth) { window.remove { destroy() } }      // to didDisappear; then isPresent is false
/// graph.advance(to: t)
/// draw(window.effect)                                         // opacity, scale, offsets, rotation, blur now
/// ```
///
/// Each animatable number of the ``TransitionEffect`` is an attribute (``opacity``, ``scale``, ``offset``,
/// ``relativeOffset``, ``rotation``, ``blurRadius``), changed under the current transaction — or under the
/// transition's own animation (``Transition/animation(_:)``), which overrides it — so everything the runtime
/// does to attributes applies: a removal interrupted by an insertion re-targets, and springs keep their velocity.
///
/// - ``insert(_:)`` of an element not present sets the effect to the transition's ``TransitionPhase/willAppear``
///   effect at once, then animates it to ``TransitionPhase/identity``; of an element being removed, animates it
///   back to identity from where it is.
/// - ``remove(_:completion:)`` animates to the ``TransitionPhase/didDisappear`` effect; once the last of those
///   animations is over (criteria `.removed`) the element is no longer present and `completion` runs. Without an
///   animation that is at once, as SwiftUI removes an un-animated view at once. An insertion before then cancels
///   it, and a second removal replaces it: only the last removal's `completion` runs.
///
/// Single-threaded, like its graph.
public final class TransitionPresence {
    /// The element's opacity factor.
    public let opacity: AnimatableAttribute<Double>
    /// The element's scale.
    public let scale: AnimatableAttribute<CGSize>
    /// The element's move, in points.
    public let offset: AnimatableAttribute<CGSize>
    /// The element's move, in multiples of its size.
    public let relativeOffset: AnimatableAttribute<CGSize>
    /// The element's rotation.
    public let rotation: AnimatableAttribute<Angle>
    /// The element's blur radius, in points.
    public let blurRadius: AnimatableAttribute<Double>

    /// The transition the element was last inserted or removed with.
    public private(set) var transition: AnyTransition
    /// The phase the element is in, or is animating to.
    public private(set) var phase: TransitionPhase
    /// Whether the element is shown: from its insertion until its removal is over.
    public private(set) var isPresent: Bool

    private var anchors: (scale: UnitPoint, rotation: UnitPoint)
    /// Moves on at every insertion and removal, so that a removal's completion runs only when nothing came after it.
    private var presenceChanges = 0

    /// An element of `graph` that moves with `transition`: present (at the identity effect) when `isPresent`,
    /// else absent until ``insert(_:)``.
    public init(graph: AnimationGraph, transition: AnyTransition = .opacity, isPresent: Bool = false) {
        self.transition = transition
        self.phase = isPresent ? .identity : .willAppear
        self.isPresent = isPresent
        let effect = transition.effect(for: phase)
        opacity = graph.attribute(effect.opacity)
        scale = graph.attribute(effect.scale)
        offset = graph.attribute(effect.offset)
        relativeOffset = graph.attribute(effect.relativeOffset)
        rotation = graph.attribute(effect.rotation)
        blurRadius = graph.attribute(effect.blurRadius)
        anchors = (effect.scaleAnchor, effect.rotationAnchor)
    }

    /// The effect to draw now: the attributes' presentation values, with the anchors of the phase the element is
    /// in or moving to.
    public var effect: TransitionEffect {
        TransitionEffect(opacity: opacity.presentationValue, scale: scale.presentationValue,
                         scaleAnchor: anchors.scale, offset: offset.presentationValue,
                         relativeOffset: relativeOffset.presentationValue, rotation: rotation.presentationValue,
                         rotationAnchor: anchors.rotation, blurRadius: blurRadius.presentationValue)
    }

    /// Inserts the element under the current transaction (see the type), with `transition` from now on when given.
    public func insert(_ transition: AnyTransition? = nil) {
        if let transition { self.transition = transition }
        presenceChanges += 1
        if !isPresent {
            for remove in [opacity.removeAnimations, scale.removeAnimations, offset.removeAnimations,
                           relativeOffset.removeAnimations, rotation.removeAnimations, blurRadius.removeAnimations] {
                remove()
            }
            withAnimation(nil) { set(self.transition.effect(for: .willAppear)) }
            isPresent = true
        }
        phase = .identity
        animate(to: self.transition.effect(for: .identity), animation: self.transition.animation(for: .identity))
    }

    /// Removes the element under the current transaction (see the type), with `transition` when given;
    /// `completion` runs once the removal is over. Removing an absent element only runs `completion`.
    public func remove(_ transition: AnyTransition? = nil, completion: (() -> Void)? = nil) {
        if let transition { self.transition = transition }
        guard isPresent else {
            completion?()
            return
        }
        presenceChanges += 1
        let change = presenceChanges
        phase = .didDisappear
        animate(to: self.transition.effect(for: .didDisappear), animation: self.transition.animation(for: .didDisappear)) { [weak self] in
            guard let self, self.presenceChanges == change else { return }
            self.isPresent = false
            completion?()
        }
    }

    private func set(_ effect: TransitionEffect) {
        opacity.value = effect.opacity
        scale.value = effect.scale
        offset.value = effect.offset
        relativeOffset.value = effect.relativeOffset
        rotation.value = effect.rotation
        blurRadius.value = effect.blurRadius
        anchors = (effect.scaleAnchor, effect.rotationAnchor)
    }

    /// Sets `effect` under the current transaction, with `animation` instead of its animation when the
    /// transition has one; `completion` when every animation that started is removed.
    private func animate(to effect: TransitionEffect, animation: Animation??, completion: (() -> Void)? = nil) {
        var transaction = Transaction()
        if let animation { transaction.animation = animation }
        if let completion { transaction.addAnimationCompletion(criteria: .removed, completion) }
        withTransaction(transaction) { set(effect) }
    }
}
