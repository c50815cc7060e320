// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// A keyframe that moves along a cubic Hermite curve from the previous value to its target (docs/ANIMATION.md §7.2).
///
/// With u = t / d: `value = h00(u)·from + h01(u)·to + h10(u)·v₀·d + h11(u)·v₁·d`, where
/// h00 = 2u³ − 3u² + 1, h01 = 3u² − 2u³, h10 = u³ − 2u² + u, h11 = u³ − u². The tangents are the
/// velocities (value units per second) times the duration d (seconds). Velocities not given:
/// * next to another cubic keyframe, `(next − previous) / (t_next − t_previous)` (a non-uniform
///   Catmull-Rom difference, docs/ANIMATION.md §7.3 K3f/K3g);
/// * next to another kind of keyframe, that keyframe's velocity at the boundary (a linear one's end or
///   start velocity, a spring's velocity where it stops; 0 after a move, and 0 before a spring or move
///   that does not name a start velocity);
/// * at the start and end of the track, 0 (a lone cubic keyframe is a smoothstep, K3b).
///
/// A zero, negative or non-finite duration makes it a jump, like ``MoveKeyframe``.
public struct CubicKeyframe<Value: Animatable>: KeyframeTrackContent {
    /// The value reached at the end of the keyframe.
    public var to: Value
    /// The keyframe's duration, in seconds.
    public var duration: TimeInterval
    /// The velocity at the start, in value units per second; `nil` picks it as described above.
    public var startVelocity: Value?
    /// The velocity at the end, in value units per second; `nil` picks it as described above.
    public var endVelocity: Value?

    /// A keyframe that reaches `to` after `duration` seconds along a cubic curve.
    public init(_ to: Value, duration: TimeInterval, startVelocity: Value? = nil, endVelocity: Value? = nil) {
        self.to = to
        self.duration = duration
        self.startVelocity = startVelocity
        self.endVelocity = endVelocity
    }

    /// Appends this keyframe (implementation detail of the builders).
    public func _resolve(into content: inout _ResolvedKeyframeTrackContent<Value>) {
        content.segments.append(
            .cubic(to: to, duration: duration, startVelocity: startVelocity, endVelocity: endVelocity))
    }
}

extension CubicKeyframe: Sendable where Value: Sendable {}
