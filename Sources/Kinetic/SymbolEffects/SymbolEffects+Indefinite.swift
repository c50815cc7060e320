// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// A pulse: the symbol's opacity dips and returns — Kinetic's curve, 1 s a cycle: opacity 1 → 0.3 (0.5 s) → 1
/// (0.5 s), each half `easeInOut`.
public struct PulseSymbolEffect: DiscreteSymbolEffect, IndefiniteSymbolEffect, ScopedSymbolEffect {
    /// Layer by layer or the whole symbol (no change to the curve, see ``SymbolEffectScope``).
    public var scope: SymbolEffectScope?

    /// The default pulse.
    public init() {}


    /// One second of dip and return (see the type).
    public var curve: SymbolEffectCurve {
        SymbolEffectCurve(duration: 1, [
            .opacity: keyframes {
                LinearKeyframe(0.3, duration: 0.5, timingCurve: .easeInOut)
                LinearKeyframe(1.0, duration: 0.5, timingCurve: .easeInOut)
            },
        ])
    }
}

/// Variable colour: the symbol's layers light one after another — Kinetic's curve, 1 s a cycle: ``SymbolEffectValues/variableColor``
/// rises linearly 0 → 1 and, reversing (the default), falls back over the second half; non-reversing, it rises
/// over the whole second and starts again from 0.
///
/// How a renderer lights layers from that number is the effect's options, kept for it: cumulative (every layer up
/// to the fraction, the default) or iterative (only the layer at the fraction), and whether inactive layers are
/// dimmed (the default) or hidden.
public struct VariableColorSymbolEffect: DiscreteSymbolEffect, IndefiniteSymbolEffect, ScopedSymbolEffect {
    /// Every layer up to the fraction is lit (`true`, the default), or only the one at it.
    public var isCumulative = true
    /// Whether the pass runs back down (the default) or starts again from the first layer.
    public var isReversing = true
    /// Whether inactive layers are hidden rather than dimmed (the default).
    public var hidesInactiveLayers = false
    /// Layer by layer or the whole symbol (no change to the curve, see ``SymbolEffectScope``).
    public var scope: SymbolEffectScope?

    /// The default variable colour: cumulative, reversing, dimming inactive layers.
    public init() {}

    /// Lights each layer in turn, keeping the earlier ones lit.
    public var cumulative: VariableColorSymbolEffect { with { $0.isCumulative = true } }
    /// Lights one layer at a time.
    public var iterative: VariableColorSymbolEffect { with { $0.isCumulative = false } }
    /// Runs back down after reaching the last layer.
    public var reversing: VariableColorSymbolEffect { with { $0.isReversing = true } }
    /// Starts again from the first layer after the last.
    public var nonReversing: VariableColorSymbolEffect { with { $0.isReversing = false } }
    /// Dims the layers that are not lit.
    public var dimInactiveLayers: VariableColorSymbolEffect { with { $0.hidesInactiveLayers = false } }
    /// Hides the layers that are not lit.
    public var hideInactiveLayers: VariableColorSymbolEffect { with { $0.hidesInactiveLayers = true } }

    /// One second of rising (and, reversing, falling) fraction (see the type).
    public var curve: SymbolEffectCurve {
        SymbolEffectCurve(duration: 1, [
            .variableColor: isReversing
                ? keyframes {
                    LinearKeyframe(1.0, duration: 0.5)
                    LinearKeyframe(0.0, duration: 0.5)
                }
                : keyframes { LinearKeyframe(1.0, duration: 1) },
        ])
    }
}

/// A scale: the symbol grows (up, the default) or shrinks (down) and holds there while the effect is active —
/// Kinetic's curve: a spring (`Spring(duration: 0.3, bounce: 0.15)`) to scale 1.2 up or 0.85 down, and back to 1
/// when deactivated.
public struct ScaleSymbolEffect: IndefiniteSymbolEffect, ScopedSymbolEffect {
    /// Up (the default) or down.
    public enum Direction: Hashable, Sendable { case up, down }
    /// Which way the symbol scales.
    public var direction: Direction = .up
    /// Layer by layer or the whole symbol (no change to the curve, see ``SymbolEffectScope``).
    public var scope: SymbolEffectScope?

    /// The default scale: up.
    public init() {}

    /// Grows the symbol.
    public var up: ScaleSymbolEffect { with { $0.direction = .up } }
    /// Shrinks the symbol.
    public var down: ScaleSymbolEffect { with { $0.direction = .down } }

    /// A spring to the held scale (see the type).
    public var curve: SymbolEffectCurve {
        SymbolEffectCurve(active: SymbolEffectValues(scale: direction == .up ? 1.2 : 0.85),
                          spring: Spring(duration: 0.3, bounce: 0.15))
    }
}

/// A breathe: the symbol swells and fades slightly and returns, slowly — Kinetic's curve, 2 s a cycle: scale
/// 1 → 1.1 → 1 and opacity 1 → 0.75 → 1, each half of the cycle (1 s) `easeInOut`.
public struct BreatheSymbolEffect: DiscreteSymbolEffect, IndefiniteSymbolEffect, ScopedSymbolEffect {
    /// Layer by layer or the whole symbol (no change to the curve, see ``SymbolEffectScope``).
    public var scope: SymbolEffectScope?

    /// The default breathe.
    public init() {}


    /// Two seconds of swell and return (see the type).
    public var curve: SymbolEffectCurve {
        SymbolEffectCurve(duration: 2, [
            .scale: keyframes {
                LinearKeyframe(1.1, duration: 1, timingCurve: .easeInOut)
                LinearKeyframe(1.0, duration: 1, timingCurve: .easeInOut)
            },
            .opacity: keyframes {
                LinearKeyframe(0.75, duration: 1, timingCurve: .easeInOut)
                LinearKeyframe(1.0, duration: 1, timingCurve: .easeInOut)
            },
        ])
    }
}

/// A rotate: the symbol turns a full circle per cycle at constant speed, clockwise (the default) or
/// counter-clockwise — Kinetic's curve, 1 s a cycle, rotation 0 → ±360° linearly. A cycle ends at 360°, which
/// draws as 0°, where the next one starts.
public struct RotateSymbolEffect: DiscreteSymbolEffect, IndefiniteSymbolEffect, ScopedSymbolEffect {
    /// Clockwise (the default) or counter-clockwise.
    public enum Direction: Hashable, Sendable { case clockwise, counterClockwise }
    /// Which way the symbol turns.
    public var direction: Direction = .clockwise
    /// Layer by layer or the whole symbol (no change to the curve, see ``SymbolEffectScope``).
    public var scope: SymbolEffectScope?

    /// The default rotate: clockwise.
    public init() {}

    /// Turns clockwise.
    public var clockwise: RotateSymbolEffect { with { $0.direction = .clockwise } }
    /// Turns counter-clockwise.
    public var counterClockwise: RotateSymbolEffect { with { $0.direction = .counterClockwise } }

    /// One turn a second (see the type).
    public var curve: SymbolEffectCurve {
        SymbolEffectCurve(duration: 1, [
            .rotation: keyframes { LinearKeyframe(direction == .clockwise ? 360 : -360, duration: 1) },
        ])
    }
}

/// The symbol shows or hides: scale 0.5 and opacity 0 when hidden, moved a quarter of its height up or down
/// first when a direction is given — Kinetic's curve, a spring (`Spring(duration: 0.35, bounce: 0.2)`) between
/// shown and hidden.
///
/// `.appear` is shown while active and hidden while not; `.disappear` the other way round.
public struct AppearSymbolEffect: TransitionSymbolEffect, IndefiniteSymbolEffect, ScopedSymbolEffect {
    /// Whether the effect shows (`.appear`) or hides (`.disappear`) the symbol while active.
    public var showsWhenActive: Bool
    /// Up or down, or neither (the default).
    public enum Direction: Hashable, Sendable { case up, down }
    /// Where the hidden symbol sits, relative to the shown one: below for `.appear.up` (it rises in), above for
    /// `.disappear.up` (it rises out).
    public var direction: Direction?
    /// Layer by layer or the whole symbol (no change to the curve, see ``SymbolEffectScope``).
    public var scope: SymbolEffectScope?

    /// `.appear` (`showsWhenActive`) or `.disappear`.
    public init(showsWhenActive: Bool) {
        self.showsWhenActive = showsWhenActive
    }

    /// Moving upward as it shows or hides.
    public var up: AppearSymbolEffect { with { $0.direction = .up } }
    /// Moving downward as it shows or hides.
    public var down: AppearSymbolEffect { with { $0.direction = .down } }

    /// The hidden values.
    public var hidden: SymbolEffectValues {
        var values = SymbolEffectValues(scale: 0.5, opacity: 0)
        if let direction {
            // Moving up: an appearing symbol comes from below (+y), a disappearing one leaves above (−y).
            let up = direction == .up ? 1.0 : -1.0
            values.offset.height = 0.25 * (showsWhenActive ? up : -up)
        }
        return values
    }

    /// A spring between shown and hidden (see the type).
    public var curve: SymbolEffectCurve {
        let spring = Spring(duration: 0.35, bounce: 0.2)
        return showsWhenActive ? SymbolEffectCurve(active: .rest, inactive: hidden, spring: spring)
            : SymbolEffectCurve(active: hidden, inactive: .rest, spring: spring)
    }
}

extension SymbolEffect where Self == PulseSymbolEffect {
    /// A pulse (``PulseSymbolEffect``).
    public static var pulse: PulseSymbolEffect { PulseSymbolEffect() }
}

extension SymbolEffect where Self == VariableColorSymbolEffect {
    /// Variable colour (``VariableColorSymbolEffect``).
    public static var variableColor: VariableColorSymbolEffect { VariableColorSymbolEffect() }
}

extension SymbolEffect where Self == ScaleSymbolEffect {
    /// A scale (``ScaleSymbolEffect``).
    public static var scale: ScaleSymbolEffect { ScaleSymbolEffect() }
}

extension SymbolEffect where Self == BreatheSymbolEffect {
    /// A breathe (``BreatheSymbolEffect``).
    public static var breathe: BreatheSymbolEffect { BreatheSymbolEffect() }
}

extension SymbolEffect where Self == RotateSymbolEffect {
    /// A rotate (``RotateSymbolEffect``).
    public static var rotate: RotateSymbolEffect { RotateSymbolEffect() }
}

extension SymbolEffect where Self == AppearSymbolEffect {
    /// Shows the symbol while active (``AppearSymbolEffect``).
    public static var appear: AppearSymbolEffect { AppearSymbolEffect(showsWhenActive: true) }
    /// Hides the symbol while active (``AppearSymbolEffect``).
    public static var disappear: AppearSymbolEffect { AppearSymbolEffect(showsWhenActive: false) }
}
