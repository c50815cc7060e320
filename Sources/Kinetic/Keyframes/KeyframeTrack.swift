// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// A sequence of keyframes animating one property of a root value (docs/ANIMATION.md §7.1).
///
/// The track starts at the timeline's initial value of that property, at rest, and plays its keyframes
/// one after another. Before time 0 it reads the initial value, after its last keyframe it holds the
/// value reached. In a timeline, tracks apply in declaration order: where two write the same
/// property, the later one wins. A track without keyframes writes nothing.
///
/// ```swift
/// KeyframeTimeline(initialValue: Pose()) {
///     KeyframeTrack(\.scale) {
///         SpringKeyframe(1.5, duration: 0.3)
///         LinearKeyframe(1.0, duration: 0.2)
///     }
/// }
/// ```
public struct KeyframeTrack<Root, Value: Animatable, Content: KeyframeTrackContent>: Keyframes
where Content.Value == Value {
    let keyPath: WritableKeyPath<Root, Value>
    let content: _ResolvedKeyframeTrackContent<Value>

    /// A track for the property at `keyPath` of the root value.
    public init(
        _ keyPath: WritableKeyPath<Root, Value>,
        @KeyframeTrackContentBuilder<Value> content: () -> Content
    ) {
        self.keyPath = keyPath
        var resolved = _ResolvedKeyframeTrackContent<Value>()
        content()._resolve(into: &resolved)
        self.content = resolved
    }

    init(_ keyPath: WritableKeyPath<Root, Value>, content: _ResolvedKeyframeTrackContent<Value>) {
        self.keyPath = keyPath
        self.content = content
    }

    /// This one track.
    public var _tracks: _KeyframeTracks<Root> {
        _KeyframeTracks(items: [.track(resolve(initialValue:))])
    }

    /// The track resolved against the root's initial value of its property.
    func resolve(initialValue: Root) -> ResolvedKeyframeTrack<Root> {
        // A track without keyframes writes nothing, so it cannot override an earlier track.
        guard !content.segments.isEmpty else { return ResolvedKeyframeTrack(duration: 0) { _, _ in } }
        let path = KeyframePath(initialValue: initialValue[keyPath: keyPath], content: content)
        let keyPath = keyPath
        return ResolvedKeyframeTrack(duration: path.duration) { root, time in
            root[keyPath: keyPath] = path.value(at: time)
        }
    }
}

extension KeyframeTrack where Root == Value {
    /// A track for the whole root value.
    public init(@KeyframeTrackContentBuilder<Root> content: () -> Content) {
        self.init(\Root.self, content: content)
    }
}
