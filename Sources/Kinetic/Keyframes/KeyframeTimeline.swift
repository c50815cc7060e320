// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// Keyframe tracks played over an initial value: a pure function of time (docs/ANIMATION.md §7.1–§7.3).
///
/// ```swift
/// let timeline = KeyframeTimeline(initialValue: 0.0) {
///     LinearKeyframe(10.0, duration: 0.2)
///     SpringKeyframe(0.0, duration: 0.4)
/// }
/// timeline.duration            // 0.6 s
/// timeline.value(time: 0.25)   // 9.280
/// ```
///
/// Each track starts at its field of `initialValue`, at rest. ``duration`` is the longest track's;
/// shorter tracks hold their last value; fields no track names keep `initialValue`'s; where tracks
/// write the same field, the one declared last wins.
///
/// Documented results for degenerate input (never a trap, never NaN of its own making): no tracks →
/// duration 0 and every value is `initialValue`; a keyframe with a zero, negative or non-finite
/// duration takes no time (a linear or cubic one jumps to its value, a spring one holds its start);
/// a keyframe whose value is NaN or infinite (in any animatable component) holds the track where it is for
/// its duration and hands on velocity 0, and NaN or infinite velocities count as 0, so they never reach
/// the output; a track whose initial value is not finite shows that value only before time 0, its first
/// keyframe then shows its own value for its duration; a NaN time or progress reads as 0.
public struct KeyframeTimeline<Value> {
    /// The value before the tracks start.
    public let initialValue: Value
    let tracks: [ResolvedKeyframeTrack<Value>]

    /// A timeline playing `content`'s tracks from `initialValue`.
    public init(initialValue: Value, @KeyframesBuilder<Value> content: () -> some Keyframes<Value>) {
        self.initialValue = initialValue
        self.tracks = content()._tracks.resolve(initialValue: initialValue)
        self.duration = tracks.reduce(0) { max($0, $1.duration) }
    }

    /// A timeline playing already-built tracks (used by ``KeyframeAnimator``).
    init(initialValue: Value, tracks: _KeyframeTracks<Value>) {
        self.initialValue = initialValue
        self.tracks = tracks.resolve(initialValue: initialValue)
        self.duration = self.tracks.reduce(0) { max($0, $1.duration) }
    }

    /// Seconds until the longest track ends; 0 without tracks. (Computed once: animators read it every frame.)
    public let duration: TimeInterval

    /// The value `time` seconds after the start: `initialValue` before 0, the final value from
    /// ``duration`` on. A keyframe boundary shows the value of the keyframe ending there (K5); move
    /// keyframes at time 0 are already made at 0.
    public func value(time: TimeInterval) -> Value {
        let time = time.isNaN ? 0 : time
        var value = initialValue
        for track in tracks { track.apply(&value, time) }
        return value
    }

    /// The value at `progress` through the timeline: `value(time: clamp(progress, 0, 1) · duration)` (K9).
    public func value(progress: Double) -> Value {
        let progress = progress.isNaN ? 0 : min(max(progress, 0), 1)
        return value(time: progress * duration)
    }
}
