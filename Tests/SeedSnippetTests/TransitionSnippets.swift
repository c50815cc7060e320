// Seed 003's transitions ("All Transition Types", "Combining Transitions", "Asymmetric Transitions", "Custom
// Transition", "Attaching Animation to Transition"). In the seed each is the argument of the view modifier
// `.transition(_:)`; here `transition(_:)` stands for that modifier (it takes any `Transition` and returns its
// headless effect), so the arguments compile unchanged against Kinetic. `RotateTransition` is reduced to its
// non-UI member: its `body(content:phase:)` becomes the headless `apply(to:phase:)` with the same two changes; the
// `AnyTransition.rotate` extension is unchanged.
import FoundationEssentials
import Kinetic
import Testing

/// The `.transition(_:)` modifier, headless: the transition's effect before appearing and after disappearing.
func transition<T: Transition>(_ transition: T) -> (willAppear: TransitionEffect, didDisappear: TransitionEffect) {
    (transition.effect(for: .willAppear), transition.effect(for: .didDisappear))
}

struct RotateTransition: Transition {
    func apply(to effect: inout TransitionEffect, phase: TransitionPhase) {
        effect.rotation = phase.isIdentity ? .zero : .degrees(90)
        effect.opacity = phase.isIdentity ? 1 : 0
    }
}

extension AnyTransition {
    static var rotate: AnyTransition {
        .init(RotateTransition())
    }
}

@Suite struct TransitionSnippets {
    @Test func builtInTransitions() {
        #expect(transition(.opacity).willAppear == TransitionEffect(opacity: 0))
        #expect(transition(.slide).didDisappear == TransitionEffect(relativeOffset: CGSize(width: 1, height: 0)))
        // "Scale from zero".
        #expect(transition(.scale).willAppear == TransitionEffect(scale: .zero))
        #expect(transition(.scale(0.5, anchor: .bottom)).willAppear
            == TransitionEffect(scale: CGSize(width: 0.5, height: 0.5), scaleAnchor: .bottom))
        #expect(transition(.move(edge: .top)).willAppear == TransitionEffect(relativeOffset: CGSize(width: 0, height: -1)))
        #expect(transition(.push(from: .trailing)).willAppear
            == TransitionEffect(opacity: 0, relativeOffset: CGSize(width: 1, height: 0)))
        #expect(transition(.offset(CGSize(width: 0, height: 50))).willAppear == TransitionEffect(offset: CGSize(width: 0, height: 50)))
        #expect(transition(.offset(x: 0, y: -100)).didDisappear == TransitionEffect(offset: CGSize(width: 0, height: -100)))
        #expect(transition(.identity).willAppear == .identity)
        #expect(transition(.blurReplace).willAppear.blurRadius > 0)
        #expect(transition(.blurReplace(.downUp)).didDisappear.scale.width < 1)
    }

    @Test func combiningTransitions() {
        // Slide + fade
        #expect(transition(.slide.combined(with: .opacity)).willAppear
            == TransitionEffect(opacity: 0, relativeOffset: CGSize(width: -1, height: 0)))
        // Move from top + scale
        #expect(transition(.move(edge: .top).combined(with: .scale)).willAppear
            == TransitionEffect(scale: .zero, relativeOffset: CGSize(width: 0, height: -1)))
    }

    @Test func asymmetricTransitions() {
        let effects = transition(.asymmetric(
            insertion: .push(from: .bottom).combined(with: .opacity),
            removal: .scale.combined(with: .opacity)
        ))
        #expect(effects.willAppear == TransitionEffect(opacity: 0, relativeOffset: CGSize(width: 0, height: 1)))
        #expect(effects.didDisappear == TransitionEffect(opacity: 0, scale: .zero))
    }

    @Test func customTransition() {
        #expect(transition(AnyTransition.rotate).willAppear == TransitionEffect(opacity: 0, rotation: .degrees(90)))
        #expect(AnyTransition.rotate.effect(for: .identity) == .identity)
    }

    @Test func attachingAnimationToTransition() {
        let withAnimation = MoveTransition.move(edge: .bottom)
            .combined(with: .opacity)
            .animation(.spring(duration: 0.4, bounce: 0.2))
        #expect(withAnimation.animation(for: .identity) == .some(.spring(duration: 0.4, bounce: 0.2)))
        #expect(transition(
            .move(edge: .bottom)
                .combined(with: .opacity)
                .animation(.spring(duration: 0.4, bounce: 0.2))
        ).willAppear == TransitionEffect(opacity: 0, relativeOffset: CGSize(width: 0, height: 1)))
    }
}
