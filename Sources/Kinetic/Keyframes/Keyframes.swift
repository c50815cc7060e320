// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// A set of keyframe tracks over a root value: what a ``KeyframeTimeline`` plays (docs/ANIMATION.md §7.1).
///
/// Build one with ``KeyframesBuilder``: ``KeyframeTrack``s, arrays and conditionals of them, or bare
/// keyframes for the whole value.
public protocol Keyframes<Value> {
    /// The root value the tracks write into.
    associatedtype Value

    /// The tracks in declaration order. Implementation detail of the built-ins.
    var _tracks: _KeyframeTracks<Value> { get }
}

/// Keyframe tracks in declaration order; later tracks win where they write the same field.
public struct _KeyframeTracks<Root>: Keyframes {
    /// Resolves one track against the timeline's initial value.
    typealias Resolve = (Root) -> ResolvedKeyframeTrack<Root>

    enum Item {
        case track(Resolve)
        /// Bare keyframes for the whole value; consecutive runs join into one track.
        case wholeValue(any WholeValueKeyframes<Root>)
    }

    var items: [Item]

    /// Itself.
    public var _tracks: _KeyframeTracks<Root> { self }

    /// The tracks resolved against `initialValue`, each starting at rest.
    func resolve(initialValue: Root) -> [ResolvedKeyframeTrack<Root>] {
        var resolved: [ResolvedKeyframeTrack<Root>] = []
        var run: (any WholeValueKeyframes<Root>)?
        for item in items {
            switch item {
            case .track(let resolve):
                if let pending = run { resolved.append(pending.resolve(initialValue: initialValue)) }
                run = nil
                resolved.append(resolve(initialValue))
            case .wholeValue(let keyframes):
                if let pending = run, let joined = pending.joined(with: keyframes) {
                    run = joined
                } else {
                    if let pending = run { resolved.append(pending.resolve(initialValue: initialValue)) }
                    run = keyframes
                }
            }
        }
        if let pending = run { resolved.append(pending.resolve(initialValue: initialValue)) }
        return resolved
    }
}

/// One track resolved against a start value: its duration and how it writes into the root.
struct ResolvedKeyframeTrack<Root> {
    /// Seconds until the track's last keyframe ends.
    var duration: TimeInterval
    /// Writes the track's value at a time (seconds) into the root.
    var apply: (inout Root, TimeInterval) -> Void
}

/// Bare keyframes of the whole value, kept typed so that consecutive runs can be joined.
protocol WholeValueKeyframes<Root> {
    associatedtype Root
    func joined(with other: any WholeValueKeyframes<Root>) -> (any WholeValueKeyframes<Root>)?
    func resolve(initialValue: Root) -> ResolvedKeyframeTrack<Root>
}

struct WholeValueRun<Root: Animatable>: WholeValueKeyframes {
    var content: _ResolvedKeyframeTrackContent<Root>

    func joined(with other: any WholeValueKeyframes<Root>) -> (any WholeValueKeyframes<Root>)? {
        guard let other = other as? WholeValueRun<Root> else { return nil }
        return WholeValueRun(content: _ResolvedKeyframeTrackContent(segments: content.segments + other.content.segments))
    }

    func resolve(initialValue: Root) -> ResolvedKeyframeTrack<Root> {
        KeyframeTrack<Root, Root, _ResolvedKeyframeTrackContent<Root>>(\.self, content: content).resolve(initialValue: initialValue)
    }
}
