// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// Builds the tracks of a ``KeyframeTimeline``: ``KeyframeTrack``s, `for` loops, `if`/`else` and
/// `switch`; when the value is ``Animatable``, also bare keyframes, which animate the whole value
/// (consecutive bare keyframes form one track). (docs/ANIMATION.md §7.1.)
@resultBuilder
public enum KeyframesBuilder<Value> {
    /// A track or tracks, in declaration order.
    public static func buildExpression<K: Keyframes>(_ keyframes: K) -> _KeyframeTracks<Value> where K.Value == Value {
        keyframes._tracks
    }

    /// The tracks in declaration order (later ones win on shared fields).
    public static func buildBlock(_ parts: _KeyframeTracks<Value>...) -> _KeyframeTracks<Value> {
        _KeyframeTracks(items: parts.flatMap(\.items))
    }

    /// The iterations of a `for` loop, in order.
    public static func buildArray(_ parts: [_KeyframeTracks<Value>]) -> _KeyframeTracks<Value> {
        _KeyframeTracks(items: parts.flatMap(\.items))
    }

    /// An `if` without `else`: its content, or nothing.
    public static func buildOptional(_ part: _KeyframeTracks<Value>?) -> _KeyframeTracks<Value> {
        part ?? _KeyframeTracks(items: [])
    }

    /// The first branch of an `if`/`else` or `switch`.
    public static func buildEither(first: _KeyframeTracks<Value>) -> _KeyframeTracks<Value> {
        first
    }

    /// The second branch of an `if`/`else` or `switch`.
    public static func buildEither(second: _KeyframeTracks<Value>) -> _KeyframeTracks<Value> {
        second
    }

    /// Content inside `if #available`.
    public static func buildLimitedAvailability(_ part: _KeyframeTracks<Value>) -> _KeyframeTracks<Value> {
        part
    }
}

extension KeyframesBuilder where Value: Animatable {
    /// Bare keyframes: a track for the whole value.
    public static func buildExpression<K: KeyframeTrackContent>(_ keyframes: K) -> _KeyframeTracks<Value>
    where K.Value == Value {
        var content = _ResolvedKeyframeTrackContent<Value>()
        keyframes._resolve(into: &content)
        return _KeyframeTracks(items: [.wholeValue(WholeValueRun(content: content))])
    }
}
