// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// A keyframe that interpolates from the previous value to ``LinearKeyframe/init(_:duration:timingCurve:)``'s
/// target along a unit curve (docs/ANIMATION.md §7.2).
///
/// Value at time t into the keyframe: `from + (to − from) · timingCurve.value(at: t / duration)`.
/// It hands on the velocity `(to − from) / duration · timingCurve.velocity(at: 1)` (value units per
/// second) to a following cubic or spring keyframe. A zero, negative or non-finite duration makes
/// it a jump, like ``MoveKeyframe`` (SwiftUI reads NaN there, docs/ANIMATION.md §7.2 K8; Kinetic never does).
public struct LinearKeyframe<Value: Animatable>: KeyframeTrackContent {
    /// The value reached at the end of the keyframe.
    public var to: Value
    /// The keyframe's duration, in seconds.
    public var duration: TimeInterval
    /// How progress through the keyframe maps to progress between the values.
    public var timingCurve: UnitCurve

    /// A keyframe that reaches `to` after `duration` seconds, eased by `timingCurve`.
    public init(_ to: Value, duration: TimeInterval, timingCurve: UnitCurve = .linear) {
        self.to = to
        self.duration = duration
        self.timingCurve = timingCurve
    }

    /// Appends this keyframe (implementation detail of the builders).
    public func _resolve(into content: inout _ResolvedKeyframeTrackContent<Value>) {
        content.segments.append(.linear(to: to, duration: duration, timingCurve: timingCurve))
    }
}

extension LinearKeyframe: Sendable where Value: Sendable {}
