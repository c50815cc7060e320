// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// A keyframe that moves towards its target with a spring, for a fixed time (docs/ANIMATION.md §7.2).
///
/// It starts from the previous value with the incoming velocity (or `startVelocity`):
/// `value(t) = from + spring.value(target: to − from, initialVelocity: v, time: t)`, and **stops at
/// its duration, holding the value reached** (it does not snap to `to`; K4: 9.864 at 0.4 s towards 10).
/// The next keyframe starts from that value with the spring's velocity there.
///
/// Default duration (`nil`): `spring.settlingDuration(target: to − from, initialVelocity: v, epsilon: 1e-4)`
/// (1.273 s for `Spring(duration: 0.4, bounce: 0.3)` towards 10, K4b). A default that does not exist
/// (an undamped spring) and a zero, negative or non-finite explicit duration make the keyframe hold
/// its start value for no time.
public struct SpringKeyframe<Value: Animatable>: KeyframeTrackContent {
    /// The spring's target.
    public var to: Value
    /// How long the spring runs, in seconds; `nil` for its settling duration.
    public var duration: TimeInterval?
    /// The spring that carries the value towards the keyframe's target, starting with the velocity it arrives with.
    public var spring: Spring
    /// The velocity at the start, in value units per second; `nil` carries the incoming velocity.
    public var startVelocity: Value?

    /// A keyframe that springs towards `to` for `duration` seconds (its settling time when `nil`).
    public init(_ to: Value, duration: TimeInterval? = nil, spring: Spring = Spring(), startVelocity: Value? = nil) {
        self.to = to
        self.duration = duration
        self.spring = spring
        self.startVelocity = startVelocity
    }

    /// Appends this keyframe (implementation detail of the builders).
    public func _resolve(into content: inout _ResolvedKeyframeTrackContent<Value>) {
        content.segments.append(.spring(to: to, duration: duration, spring: spring, startVelocity: startVelocity))
    }
}

extension SpringKeyframe: Sendable where Value: Sendable {}
