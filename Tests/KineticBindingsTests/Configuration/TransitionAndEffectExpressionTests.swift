import FoundationEssentials
import Kinetic
import Testing
@testable import KineticBindings

/// Transitions and symbol effects in SwiftUI syntax, read by the animation expressions' parser.
@Suite("Transition and symbol-effect expressions")
struct TransitionAndEffectExpressionTests {
    /// Each text with the transition the Swift API builds (`AnyTransition` is not `Sendable`, so not a test argument).
    static func spellings() -> [(String, AnyTransition)] { [
        (".opacity", AnyTransition.opacity),
        ("AnyTransition.slide", .slide),
        (".scale", .scale),
        (".scale(0.5, anchor: .bottomLeading)", .scale(scale: 0.5, anchor: .bottomLeading)),
        (".scale(scale: 0.9)", .scale(scale: 0.9)),
        (".move(edge: .bottom).combined(with: .opacity)", .move(edge: .bottom).combined(with: .opacity)),
        (".push(from: .leading)", .push(from: .leading)),
        (".offset(x: 3, y: -4)", .offset(x: 3, y: -4)),
        (".offset(y: 10)", .offset(x: 0, y: 10)),
        (".blurReplace(.upUp)", .blurReplace(.upUp)),
        (".asymmetric(insertion: .move(edge: .leading), removal: .scale.combined(with: .opacity))", .asymmetric(insertion: .move(edge: .leading), removal: .scale.combined(with: .opacity))),
        (".move(edge: .bottom).combined(with: .opacity).animation(.spring(duration: 0.4, bounce: 0.2))", .move(edge: .bottom).combined(with: .opacity).animation(.spring(duration: 0.4, bounce: 0.2))),
    ] }

    @Test("SwiftUI spellings give the transitions of the Swift API, phase by phase")
    func transitions() throws {
        for (text, expected) in Self.spellings() {
            let parsed = try TransitionExpression.parse(text).transition()
            for phase in [TransitionPhase.willAppear, .identity, .didDisappear] {
                #expect(parsed.effect(for: phase) == expected.effect(for: phase), "\(text) \(phase)")
                #expect(parsed.animation(for: phase) == expected.animation(for: phase), "\(text) \(phase)")
            }
        }
    }

    @Test("transition errors point at the argument or member at fault", arguments: [
        (".fade", 2, "unknown transition .fade"),
        (".move(edge: .middle)", 7, "expected one of .top, .bottom, .leading, .trailing"),
        (".move", 2, "needs arguments"),
        (".opacity.combined(with: 3)", 19, "expected a member"),
        (".opacity.animation(.sprung)", 21, "did you mean .spring?"),
        (".opacity.animation(.spring(duration: 9999))", 28, "duration: expected a number from 0 to 3600, got 9999"),
        (".scale(1e10)", 8, "expected a number from -1000000000 to 1000000000, got 10000000000"),
        (".opacity.then(.slide)", 10, "unknown transition modifier"),
    ])
    func transitionErrors(text: String, column: Int, fragment: String) {
        do {
            _ = try TransitionExpression.parse(text)
            Issue.record("\(text) parsed")
        } catch {
            #expect(error.column == column, "\(error)")
            #expect(error.reason.contains(fragment), "\(error.reason)")
        }
    }

    @Test("animations still take numbers only")
    func animationsRejectMembers() {
        #expect(throws: AnimationExpressionError.self) { try AnimationExpression.parse(".spring(duration: .bottom)") }
        // `.5` is a number, not a member.
        #expect((try? AnimationExpression.parse(".easeIn(duration: .5)").animation()) == .easeIn(duration: 0.5))
    }

    @Test("symbol effects and options in SwiftUI syntax")
    func effects() throws {
        let variable = try SymbolEffectExpression.parse(effect: ".variableColor.cumulative.nonReversing.dimInactiveLayers",
                                                        options: ".repeating")
        #expect(variable.effect as? VariableColorSymbolEffect == VariableColorSymbolEffect().cumulative.nonReversing.dimInactiveLayers)
        #expect(variable.options == .repeating && variable.isDiscrete)

        let bounce = try SymbolEffectExpression.parse(effect: ".bounce.down.byLayer", options: ".repeat(.periodic(3, delay: 0.5)).speed(2)")
        #expect(bounce.effect as? BounceSymbolEffect == BounceSymbolEffect().down.byLayer)
        #expect(bounce.options == SymbolEffectOptions.repeat(.periodic(3, delay: 0.5)).speed(2))

        #expect(try SymbolEffectExpression.parse(effect: ".wiggle.custom(angle: .degrees(45))").effect as? WiggleSymbolEffect
            == WiggleSymbolEffect().custom(angle: .degrees(45)))
        #expect(try SymbolEffectExpression.parse(effect: ".bounce", options: ".repeat(3)").options == .repeat(3))
        #expect(try SymbolEffectExpression.parse(effect: ".pulse", options: ".repeat(.continuous)").options == .repeat(.continuous))
        #expect(try !SymbolEffectExpression.parse(effect: ".scale.up").isDiscrete)
        #expect(try SymbolEffectExpression.parse(effect: ".disappear.up").effect as? AppearSymbolEffect == .disappear.up)
    }

    @Test("symbol-effect errors point at the problem", arguments: [
        (".bounce.left", nil as String?, 9, "not an option of .bounce"),
        (".shake", nil, 2, "unknown symbol effect"),
        (".bounce", ".repeat(2.5)", 9, "expected a whole number from 0 to 1000000, got 2.5"),
        (".bounce", ".speed(0)", 8, "expected a number from 0.001 to 1000, got 0"),
        (".bounce", ".repeat(.periodic(delay: -1))", 19, "delay: expected a number from 0 to 3600, got -1"),
        (".bounce", ".forever", 2, "unknown option"),
    ])
    func effectErrors(effect: String, options: String?, column: Int, fragment: String) {
        do {
            _ = try SymbolEffectExpression.parse(effect: effect, options: options)
            Issue.record("\(effect) \(options ?? "") parsed")
        } catch {
            #expect(error.column == column, "\(error)")
            #expect(error.reason.contains(fragment), "\(error.reason)")
        }
    }
}
