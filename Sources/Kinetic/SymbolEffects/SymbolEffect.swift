// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// A symbol effect (the Symbols framework's protocol of that name), headless: a curve of ``SymbolEffectValues``
/// over time instead of a drawing. Apple does not publish its curves; Kinetic's are keyframes and springs of its
/// own design, each documented on its type and plotted in docs/ANIMATION.md §12.
///
/// An effect is played by a ``SymbolEffectPlayer``: discrete effects (``DiscreteSymbolEffect``) run when a
/// trigger value changes, indefinite ones (``IndefiniteSymbolEffect``) while they are active.
public protocol SymbolEffect: Hashable, Sendable {
    /// The effect's motion (Kinetic's: the Symbols framework has no such requirement).
    var curve: SymbolEffectCurve { get }
}

/// An effect that runs once per change of a trigger value (SwiftUI's `.symbolEffect(_:options:value:)`).
public protocol DiscreteSymbolEffect: SymbolEffect {}

/// An effect that runs while it is active (SwiftUI's `.symbolEffect(_:options:isActive:)`).
public protocol IndefiniteSymbolEffect: SymbolEffect {}

/// An effect that shows or hides the symbol (`.appear`, `.disappear`).
public protocol TransitionSymbolEffect: SymbolEffect {}

/// Whether an effect animates the symbol's layers one after another or the symbol as one piece.
///
/// Headless Kinetic has no layers: the scope is kept so that a renderer with layers can honour it, and does not
/// change the curve.
public enum SymbolEffectScope: Hashable, Sendable {
    /// The effect runs through the layers one after another.
    case byLayer
    /// The whole symbol moves as one.
    case wholeSymbol
}

/// An effect that can run layer by layer or on the whole symbol (every built-in effect).
public protocol ScopedSymbolEffect: SymbolEffect {
    /// Layer by layer, the whole symbol, or unsaid (`nil`): no change to the curve, see ``SymbolEffectScope``.
    var scope: SymbolEffectScope? { get set }
}

extension ScopedSymbolEffect {
    /// The effect layer by layer.
    public var byLayer: Self { with { $0.scope = .byLayer } }
    /// The effect on the whole symbol.
    public var wholeSymbol: Self { with { $0.scope = .wholeSymbol } }
}

/// How an effect moves: cycles of keyframes that start and end at rest, or a spring to a state held while the
/// effect is active.
public struct SymbolEffectCurve: Sendable {
    enum Motion: Sendable {
        /// One cycle: a keyframe path per animated component (the others stay at rest).
        case cycle(duration: TimeInterval, tracks: [SymbolEffectValues.Component: KeyframePath<Double>])
        /// A spring to `active` while active, back to `inactive` when not.
        case hold(active: SymbolEffectValues, inactive: SymbolEffectValues, spring: Spring)
    }

    let motion: Motion

    /// Seconds one cycle takes at speed 1 (a held effect: the spring's settling duration).
    public var duration: TimeInterval {
        switch motion {
        case .cycle(let duration, _): duration
        case .hold(_, _, let spring): spring.settlingDuration
        }
    }

    /// Whether the effect runs in cycles that end at rest (bounce, pulse, …) rather than holding a state (scale,
    /// appear, disappear).
    public var isCyclic: Bool {
        if case .cycle = motion { return true }
        return false
    }

    /// A cyclic curve: each component's keyframes, starting from its rest value.
    init(duration: TimeInterval, _ tracks: [SymbolEffectValues.Component: _ResolvedKeyframeTrackContent<Double>]) {
        let rest = SymbolEffectValues.rest.components
        motion = .cycle(duration: duration, tracks: tracks.reduce(into: [:]) { paths, entry in
            paths[entry.key] = KeyframePath(initialValue: rest[entry.key.rawValue], content: entry.value)
        })
    }

    /// A held curve.
    init(active: SymbolEffectValues, inactive: SymbolEffectValues = .rest, spring: Spring) {
        motion = .hold(active: active, inactive: inactive, spring: spring)
    }

    /// One cycle's values `time` seconds into it (at speed 1); a held effect's active values.
    public func values(at time: TimeInterval) -> SymbolEffectValues {
        SymbolEffectValues(components: components(at: time, velocity: false))
    }

    /// The velocities (per second, at speed 1) of ``values(at:)``, component by component.
    public func velocities(at time: TimeInterval) -> SymbolEffectValues {
        SymbolEffectValues(components: components(at: time, velocity: true))
    }

    func components(at time: TimeInterval, velocity: Bool) -> [Double] {
        switch motion {
        case .cycle(_, let tracks):
            var result = velocity ? Array(repeating: 0, count: 6) : SymbolEffectValues.rest.components
            for (component, path) in tracks {
                result[component.rawValue] = velocity ? path.velocity(at: time) : path.value(at: time)
            }
            return result
        case .hold(let active, _, _):
            return velocity ? Array(repeating: 0, count: 6) : active.components
        }
    }
}

/// Builds one component's keyframes.
func keyframes(@KeyframeTrackContentBuilder<Double> _ content: () -> _ResolvedKeyframeTrackContent<Double>)
    -> _ResolvedKeyframeTrackContent<Double>
{
    content()
}
