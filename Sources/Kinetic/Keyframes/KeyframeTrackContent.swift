// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// A group of keyframes that make up one track (docs/ANIMATION.md §7.1).
///
/// Conforming types are the built-in keyframes (``LinearKeyframe``, ``CubicKeyframe``,
/// ``SpringKeyframe``, ``MoveKeyframe``), arrays of content and what ``KeyframeTrackContentBuilder``
/// builds from them.
public protocol KeyframeTrackContent<Value> {
    /// The type of value the keyframes animate.
    associatedtype Value: Animatable

    /// Appends these keyframes, in order, to `content`. Implementation detail of the built-ins.
    func _resolve(into content: inout _ResolvedKeyframeTrackContent<Value>)
}

/// The keyframes of one track in order, before timing is resolved against a start value.
///
/// Mirrors SwiftUI's internal type of the same name (docs/ANIMATION.md §7.1: segments ∈ {move, cubic, spring, linear}).
public struct _ResolvedKeyframeTrackContent<Value: Animatable> {
    /// One keyframe. Durations are in seconds; velocities in value units per second.
    enum Segment {
        case move(to: Value)
        case linear(to: Value, duration: TimeInterval, timingCurve: UnitCurve)
        case cubic(to: Value, duration: TimeInterval, startVelocity: Value?, endVelocity: Value?)
        case spring(to: Value, duration: TimeInterval?, spring: Spring, startVelocity: Value?)
    }

    var segments: [Segment] = []

    init(segments: [Segment] = []) {
        self.segments = segments
    }
}

extension _ResolvedKeyframeTrackContent: KeyframeTrackContent {
    /// Appends these keyframes, in order.
    public func _resolve(into content: inout _ResolvedKeyframeTrackContent<Value>) {
        content.segments += segments
    }
}

extension Array: KeyframeTrackContent where Element: KeyframeTrackContent {
    /// The keyframes of every element, in order.
    public typealias Value = Element.Value

    /// Appends every element's keyframes, in order.
    public func _resolve(into content: inout _ResolvedKeyframeTrackContent<Element.Value>) {
        for element in self { element._resolve(into: &content) }
    }
}
