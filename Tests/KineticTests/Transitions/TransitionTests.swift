import FoundationEssentials
import Testing
@testable import Kinetic

/// Transitions as headless effects, against hand-computed values.
@Suite struct TransitionEffectTests {
    @Test func phaseValuesAreSwiftUIs() {
        #expect(TransitionPhase.willAppear.value == -1 && TransitionPhase.identity.value == 0
            && TransitionPhase.didDisappear.value == 1)
        #expect(TransitionPhase.identity.isIdentity && !TransitionPhase.willAppear.isIdentity
            && !TransitionPhase.didDisappear.isIdentity)
    }

    @Test func builtInsChangeNothingInIdentity() {
        let all: [AnyTransition] = [.identity, .opacity, .scale, .scale(scale: 0.5, anchor: .bottom), .move(edge: .top),
                                    .offset(x: 3, y: 4), .slide, .push(from: .leading), .blurReplace, .blurReplace(.upUp)]
        for transition in all {
            var identity = transition.effect(for: .identity)
            // Anchors are set in every phase (the animation scales about them); nothing else changes.
            identity.scaleAnchor = .center
            #expect(identity == .identity)
        }
    }

    @Test func builtInEffectsOutsideIdentity() {
        #expect(AnyTransition.identity.effect(for: .willAppear) == .identity)
        #expect(AnyTransition.opacity.effect(for: .willAppear) == TransitionEffect(opacity: 0))
        #expect(AnyTransition.opacity.effect(for: .didDisappear) == TransitionEffect(opacity: 0))
        #expect(AnyTransition.scale.effect(for: .willAppear) == TransitionEffect(scale: .zero))
        #expect(AnyTransition.scale(scale: 0.5, anchor: .bottom).effect(for: .didDisappear)
            == TransitionEffect(scale: CGSize(width: 0.5, height: 0.5), scaleAnchor: .bottom))
        #expect(AnyTransition.move(edge: .leading).effect(for: .willAppear) == TransitionEffect(relativeOffset: CGSize(width: -1, height: 0)))
        #expect(AnyTransition.move(edge: .bottom).effect(for: .didDisappear) == TransitionEffect(relativeOffset: CGSize(width: 0, height: 1)))
        #expect(AnyTransition.offset(x: 3, y: -4).effect(for: .willAppear) == TransitionEffect(offset: CGSize(width: 3, height: -4)))
        // Slide: in from the leading edge, out at the trailing edge.
        #expect(AnyTransition.slide.effect(for: .willAppear) == TransitionEffect(relativeOffset: CGSize(width: -1, height: 0)))
        #expect(AnyTransition.slide.effect(for: .didDisappear) == TransitionEffect(relativeOffset: CGSize(width: 1, height: 0)))
        // Push from the top: in from above fading in, out below fading out.
        #expect(AnyTransition.push(from: .top).effect(for: .willAppear)
            == TransitionEffect(opacity: 0, relativeOffset: CGSize(width: 0, height: -1)))
        #expect(AnyTransition.push(from: .top).effect(for: .didDisappear)
            == TransitionEffect(opacity: 0, relativeOffset: CGSize(width: 0, height: 1)))
        // Blur replace: Kinetic's documented numbers.
        let small = CGSize(width: 0.8, height: 0.8), large = CGSize(width: 1.2, height: 1.2)
        #expect(AnyTransition.blurReplace.effect(for: .willAppear) == TransitionEffect(opacity: 0, scale: small, blurRadius: 20))
        #expect(AnyTransition.blurReplace.effect(for: .didDisappear) == TransitionEffect(opacity: 0, scale: small, blurRadius: 20))
        #expect(AnyTransition.blurReplace(.upUp).effect(for: .willAppear) == TransitionEffect(opacity: 0, scale: small, blurRadius: 20))
        #expect(AnyTransition.blurReplace(.upUp).effect(for: .didDisappear) == TransitionEffect(opacity: 0, scale: large, blurRadius: 20))
    }

    @Test func combinedComposesAndAsymmetricPicksASide() {
        let combined = AnyTransition.scale(scale: 0.5).combined(with: .scale(scale: 0.5)).combined(with: .move(edge: .trailing))
            .combined(with: .offset(x: 2)).combined(with: .opacity)
        #expect(combined.effect(for: .willAppear) == TransitionEffect(
            opacity: 0, scale: CGSize(width: 0.25, height: 0.25), offset: CGSize(width: 2, height: 0),
            relativeOffset: CGSize(width: 1, height: 0)))
        let asymmetric = AnyTransition.asymmetric(insertion: .push(from: .bottom), removal: .scale(scale: 2))
        #expect(asymmetric.effect(for: .willAppear) == TransitionEffect(opacity: 0, relativeOffset: CGSize(width: 0, height: 1)))
        #expect(asymmetric.effect(for: .didDisappear) == TransitionEffect(scale: CGSize(width: 2, height: 2)))
        // The generic forms give the same effects as the erased ones.
        let generic = MoveTransition.move(edge: .bottom).combined(with: OpacityTransition.opacity)
        #expect(generic.effect(for: .willAppear) == AnyTransition.move(edge: .bottom).combined(with: .opacity).effect(for: .willAppear))
        let genericAsymmetric = AsymmetricTransition.asymmetric(insertion: PushTransition.push(from: .bottom),
                                                                removal: ScaleTransition.scale(2))
        #expect(genericAsymmetric.effect(for: .didDisappear) == asymmetric.effect(for: .didDisappear))
    }

    @Test func transitionAnimationsOverrideByPhase() {
        let linear = Animation.linear(duration: 2)
        #expect(AnyTransition.opacity.animation(for: .identity) == nil)
        #expect(AnyTransition.opacity.animation(linear).animation(for: .identity) == .some(linear))
        #expect(AnyTransition.opacity.animation(nil).animation(for: .didDisappear) == .some(nil))
        let asymmetric = AnyTransition.asymmetric(insertion: .opacity.animation(linear), removal: .slide)
        #expect(asymmetric.animation(for: .identity) == .some(linear))
        #expect(asymmetric.animation(for: .didDisappear) == nil)
    }
}

/// The presence runtime (insertion, removal, interruption) on a graph's clock.
@Suite struct TransitionPresenceTests {
    @Test func insertionAnimatesFromWillAppearToIdentity() {
        let graph = AnimationGraph()
        let presence = TransitionPresence(graph: graph, transition: .move(edge: .bottom).combined(with: .opacity))
        #expect(!presence.isPresent)
        withAnimation(.linear(duration: 1)) { presence.insert() }
        #expect(presence.isPresent && presence.phase == .identity)
        #expect(presence.effect.opacity == 0 && presence.effect.relativeOffset == CGSize(width: 0, height: 1))
        graph.advance(to: 0.25)
        #expect(abs(presence.effect.opacity - 0.25) < 1e-12)
        #expect(abs(presence.effect.relativeOffset.height - 0.75) < 1e-12)
        graph.advance(to: 1)
        #expect(presence.effect == .identity)
    }

    @Test func removalEndsWhenItsAnimationsAreRemoved() {
        let graph = AnimationGraph()
        let presence = TransitionPresence(graph: graph, transition: .opacity, isPresent: true)
        var removed = 0
        withAnimation(.linear(duration: 1)) { presence.remove { removed += 1 } }
        graph.advance(to: 0.5)
        #expect(abs(presence.effect.opacity - 0.5) < 1e-12)
        #expect(presence.isPresent && removed == 0)
        // A timing curve shows its end value at t == duration and is over at the first frame after it
        // (docs/ANIMATION.md §2.5): the removal ends then.
        graph.advance(to: 1)
        #expect(presence.isPresent && removed == 0 && presence.effect.opacity == 0)
        graph.advance(to: 1 + 1.0 / 120)
        #expect(!presence.isPresent && removed == 1 && presence.effect.opacity == 0)
        graph.advance(to: 2)
        #expect(removed == 1)
    }

    @Test func insertionDuringRemovalRetargetsWithoutAJumpAndCancelsIt() {
        let graph = AnimationGraph()
        let presence = TransitionPresence(graph: graph, transition: .scale(scale: 0.5), isPresent: true)
        var removed = 0
        withAnimation(.spring(duration: 0.5)) { presence.remove { removed += 1 } }
        graph.advance(to: 0.1)
        let before = presence.scale.presentationValue, velocityBefore = presence.scale.velocity
        withAnimation(.spring(duration: 0.5)) { presence.insert() }
        // A spring merges: the same position and velocity at the change (no jump), now heading back to 1.
        #expect(presence.scale.presentationValue == before && presence.scale.velocity == velocityBefore)
        #expect(before.width < 1 && before.width > 0.5)
        var time = 0.1
        while graph.isAnimating {
            time += 1.0 / 120
            graph.advance(to: time)
        }
        #expect(presence.isPresent && removed == 0 && presence.effect == TransitionEffect(scaleAnchor: .center))
    }

    @Test func removalWhileAppearingGoesToDidDisappearFromWhereItIs() {
        let graph = AnimationGraph()
        let presence = TransitionPresence(graph: graph, transition: .opacity)
        withAnimation(.linear(duration: 1)) { presence.insert() }
        graph.advance(to: 0.5)
        var removed = 0
        // A timing curve does not merge: the removal combines with the insertion and the opacity goes on from 0.5
        // without a jump, down to 0.
        withAnimation(.linear(duration: 1)) { presence.remove { removed += 1 } }
        #expect(presence.phase == .didDisappear && abs(presence.effect.opacity - 0.5) < 1e-12)
        var time = 0.5
        while graph.isAnimating {
            time += 1.0 / 120
            graph.advance(to: time)
        }
        #expect(removed == 1 && !presence.isPresent && presence.effect.opacity == 0)
        // Removing what is not present only runs the completion.
        presence.remove { removed += 1 }
        #expect(removed == 2 && !presence.isPresent)
    }

    @Test func aSecondRemovalReplacesTheFirstsCompletion() {
        let graph = AnimationGraph()
        let presence = TransitionPresence(graph: graph, transition: .opacity, isPresent: true)
        var first = 0, second = 0
        withAnimation(.linear(duration: 1)) { presence.remove { first += 1 } }
        graph.advance(to: 0.25)
        withAnimation(.linear(duration: 1)) { presence.remove(.slide) { second += 1 } }
        var time = 0.25
        while graph.isAnimating {
            time += 1.0 / 120
            graph.advance(to: time)
        }
        #expect(first == 0 && second == 1 && !presence.isPresent)
        #expect(presence.effect.relativeOffset == CGSize(width: 1, height: 0))
    }

    @Test func withoutAnimationBothHappenAtOnce() {
        let graph = AnimationGraph()
        let presence = TransitionPresence(graph: graph, transition: .slide)
        presence.insert()
        #expect(presence.isPresent && presence.effect == .identity)
        var removed = false
        presence.remove { removed = true }
        #expect(removed && !presence.isPresent && presence.effect.relativeOffset == CGSize(width: 1, height: 0))
        // Inserting again starts from willAppear (the leading edge), not from where the removal left it.
        withAnimation(.linear(duration: 1)) { presence.insert() }
        #expect(presence.effect.relativeOffset == CGSize(width: -1, height: 0))
    }

    @Test func theTransitionsOwnAnimationWins() {
        let graph = AnimationGraph()
        let presence = TransitionPresence(graph: graph, transition: .opacity.animation(.linear(duration: 2)))
        withAnimation(.linear(duration: 1)) { presence.insert() }
        graph.advance(to: 1)
        #expect(abs(presence.effect.opacity - 0.5) < 1e-12)
        // An asymmetric transition animates each way with its side's animation.
        let asymmetric = TransitionPresence(graph: graph, transition: .asymmetric(
            insertion: .opacity, removal: .opacity.animation(.linear(duration: 4))), isPresent: true)
        withAnimation(.linear(duration: 1)) { asymmetric.remove() }
        graph.advance(to: 2)
        #expect(abs(asymmetric.effect.opacity - 0.75) < 1e-12)
    }
}
