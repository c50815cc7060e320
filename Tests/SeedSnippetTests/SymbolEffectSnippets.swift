// Seed 003's symbol effects ("All Symbol Effect Types", "SymbolEffectOptions"). In the seed each is the argument of
// the view modifier `.symbolEffect(_:options:value:)` or `.symbolEffect(_:options:isActive:)` on an `Image`; here
// `symbolEffect(…)` stands for the modifier (it returns the headless player, triggered or activated at time 0), so
// the effects and options compile unchanged against Kinetic. The `Image`s, `.contentTransition(.symbolEffect(…))`
// and `.symbolEffectsRemoved` are views and view modifiers.
import FoundationEssentials
import Kinetic
import Testing

/// `.symbolEffect(_:options:value:)`, headless: the player, triggered at 0 (the value changed).
func symbolEffect(_ effect: some DiscreteSymbolEffect, options: SymbolEffectOptions = .default, value: some Equatable) -> SymbolEffectPlayer {
    var player = SymbolEffectPlayer(effect, options: options)
    player.trigger(at: 0)
    return player
}

/// `.symbolEffect(_:options:isActive:)`, headless: the player, activated at 0 when `isActive`.
func symbolEffect(_ effect: some IndefiniteSymbolEffect, options: SymbolEffectOptions = .default, isActive: Bool = true) -> SymbolEffectPlayer {
    var player = SymbolEffectPlayer(effect, options: options)
    player.setActive(isActive, at: 0)
    return player
}

@Suite struct SymbolEffectSnippets {
    @Test func allSymbolEffectTypes() {
        let count = 1, swapCount = 2
        let isConnecting = true, isProcessing = true, isPlaying = true, isHighlighted = true, isFavorite = true
        let showCheck = true, shouldHide = true

        // Discrete effects: one cycle per change.
        #expect(abs(symbolEffect(.bounce.byLayer, value: count).values(at: 0.12).scale - 0.88) < 1e-12)
        #expect(symbolEffect(.wiggle.left, value: swapCount).values(at: 0.1).offset.width < 0)
        // Indefinite effects: running while active.
        #expect(abs(symbolEffect(.pulse.byLayer, isActive: isConnecting).values(at: 2.5).opacity - 0.3) < 1e-12)
        #expect(abs(symbolEffect(.rotate.clockwise, isActive: isProcessing).values(at: 3.25).rotation.degrees - 90) < 1e-9)
        let speaker = symbolEffect(
            .variableColor.cumulative.nonReversing.dimInactiveLayers,
            options: .repeating,
            isActive: isPlaying
        )
        #expect(abs(speaker.values(at: 1.25).variableColor - 0.25) < 1e-12)
        #expect(abs(symbolEffect(.scale.up, isActive: isHighlighted).values(at: 5).scale - 1.2) < 1e-9)
        #expect(symbolEffect(.breathe, isActive: isFavorite).isRunning(at: 100))
        // Transition effects.
        #expect(abs(symbolEffect(.appear, isActive: showCheck).values(at: 5).opacity - 1) < 1e-9)
        #expect(abs(symbolEffect(.disappear, isActive: shouldHide).values(at: 5).opacity) < 1e-9)
    }

    @Test func symbolEffectOptions() {
        let count = 0
        #expect(symbolEffect(.pulse, options: .default, isActive: true).isRunning(at: 100))
        #expect(symbolEffect(.bounce, options: .repeating, value: count).isRunning(at: 100))
        #expect(!symbolEffect(.pulse, options: .nonRepeating, isActive: true).isRunning(at: 1))
        #expect(symbolEffect(.bounce, options: .repeat(3), value: count).isRunning(at: 1.49))
        #expect(abs(symbolEffect(.pulse, options: .speed(2.0), isActive: true).values(at: 0.25).opacity - 0.3) < 1e-12)

        // RepeatBehavior
        let periodic = symbolEffect(.bounce, options: .repeat(.periodic(3, delay: 0.5)), value: count)
        #expect(periodic.period == 1 && periodic.values(at: 0.75) == .rest)
        #expect(symbolEffect(.pulse, options: .repeat(.continuous), isActive: true).isRunning(at: 100))
    }
}
