// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// A bounce: the symbol squashes, springs up (or down) and settles — Kinetic's curve, 0.5 s a cycle:
///
/// - scale: 1 → 0.88 (0.12 s) → 1.06 (0.16 s) → 0.98 (0.12 s) → 1 (0.1 s);
/// - offset along the direction: 0 (held through the squash) → 0.12 heights (0.16 s) → −0.02 (0.12 s) → 0 (0.1 s).
///
/// Cubic keyframes throughout, so value and velocity are continuous and a cycle ends at rest.
public struct BounceSymbolEffect: DiscreteSymbolEffect, IndefiniteSymbolEffect, ScopedSymbolEffect {
    /// Up (the default) or down.
    public enum Direction: Hashable, Sendable { case up, down }
    /// Which way the symbol jumps.
    public var direction: Direction = .up
    /// Layer by layer or the whole symbol (no change to the curve, see ``SymbolEffectScope``).
    public var scope: SymbolEffectScope?

    /// The default bounce: up.
    public init() {}

    /// The bounce upward.
    public var up: BounceSymbolEffect { with { $0.direction = .up } }
    /// The bounce downward.
    public var down: BounceSymbolEffect { with { $0.direction = .down } }

    /// 0.5 s of squash, jump and settle (see the type).
    public var curve: SymbolEffectCurve {
        let s = direction == .up ? -1.0 : 1.0
        return SymbolEffectCurve(duration: 0.5, [
            .scale: keyframes {
                CubicKeyframe(0.88, duration: 0.12)
                CubicKeyframe(1.06, duration: 0.16)
                CubicKeyframe(0.98, duration: 0.12)
                CubicKeyframe(1.0, duration: 0.1)
            },
            .offsetY: keyframes {
                CubicKeyframe(0.0, duration: 0.12)
                CubicKeyframe(0.12 * s, duration: 0.16)
                CubicKeyframe(-0.02 * s, duration: 0.12)
                CubicKeyframe(0.0, duration: 0.1)
            },
        ])
    }
}

/// A wiggle: the symbol shakes along a direction, or rocks about its centre — Kinetic's curve, 0.6 s a cycle:
/// amplitude A, then −0.8 A, 0.5 A, −0.2 A and back to 0 (cubic keyframes of 0.1, 0.15, 0.15, 0.1 and 0.1 s).
/// A is 0.1 symbol heights for a move and 10° for a rock.
public struct WiggleSymbolEffect: DiscreteSymbolEffect, IndefiniteSymbolEffect, ScopedSymbolEffect {
    /// Where the wiggle goes.
    public enum Direction: Hashable, Sendable {
        /// Moves along an angle measured clockwise from the positive x axis (SwiftUI's y grows downward).
        case angle(Angle)
        /// Rocks: rotates clockwise (`+1`) or counter-clockwise (`−1`) first.
        case rotation(Double)
    }

    /// The wiggle's direction; forward (to the right, left-to-right layout) by default.
    public var direction: Direction = .angle(.zero)
    /// Layer by layer or the whole symbol (no change to the curve, see ``SymbolEffectScope``).
    public var scope: SymbolEffectScope?

    /// The default wiggle: forward.
    public init() {}

    /// Moves up first.
    public var up: WiggleSymbolEffect { with { $0.direction = .angle(.degrees(-90)) } }
    /// Moves down first.
    public var down: WiggleSymbolEffect { with { $0.direction = .angle(.degrees(90)) } }
    /// Moves left first.
    public var left: WiggleSymbolEffect { with { $0.direction = .angle(.degrees(180)) } }
    /// Moves right first.
    public var right: WiggleSymbolEffect { with { $0.direction = .angle(.zero) } }
    /// Moves forward first: right, in a left-to-right layout (Kinetic has no layout direction).
    public var forward: WiggleSymbolEffect { right }
    /// Moves backward first: left, in a left-to-right layout.
    public var backward: WiggleSymbolEffect { left }
    /// Rocks clockwise first.
    public var clockwise: WiggleSymbolEffect { with { $0.direction = .rotation(1) } }
    /// Rocks counter-clockwise first.
    public var counterClockwise: WiggleSymbolEffect { with { $0.direction = .rotation(-1) } }
    /// Moves along `angle` first (clockwise from the positive x axis).
    public func custom(angle: Angle) -> WiggleSymbolEffect { with { $0.direction = .angle(angle) } }

    /// 0.6 s of decaying shake (see the type).
    public var curve: SymbolEffectCurve {
        func shake(_ a: Double) -> _ResolvedKeyframeTrackContent<Double> {
            keyframes {
                CubicKeyframe(a, duration: 0.1)
                CubicKeyframe(-0.8 * a, duration: 0.15)
                CubicKeyframe(0.5 * a, duration: 0.15)
                CubicKeyframe(-0.2 * a, duration: 0.1)
                CubicKeyframe(0, duration: 0.1)
            }
        }
        switch direction {
        case .angle(let angle):
            return SymbolEffectCurve(duration: 0.6, [.offsetX: shake(0.1 * cos(angle.radians)),
                                                     .offsetY: shake(0.1 * sin(angle.radians))])
        case .rotation(let sign):
            return SymbolEffectCurve(duration: 0.6, [.rotation: shake(10 * sign)])
        }
    }
}

extension SymbolEffect {
    /// A copy changed by `change`.
    func with(_ change: (inout Self) -> Void) -> Self {
        var copy = self
        change(&copy)
        return copy
    }
}

extension SymbolEffect where Self == BounceSymbolEffect {
    /// A bounce (``BounceSymbolEffect``).
    public static var bounce: BounceSymbolEffect { BounceSymbolEffect() }
}

extension SymbolEffect where Self == WiggleSymbolEffect {
    /// A wiggle (``WiggleSymbolEffect``).
    public static var wiggle: WiggleSymbolEffect { WiggleSymbolEffect() }
}
