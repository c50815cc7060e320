import Foundation

/// Builds the tracks of a ``KeyframeTimeline``: ``KeyframeTrack``s, `for` loops, `if`/`else` and
/// `switch`; when the value is ``Animatable``, also bare keyframes, which animate the whole value
/// (consecutive bare keyframes form one track).
@resultBuilder
public enum KeyframesBuilder<Value> {
    public static func buildExpression<K: Keyframes>(_ keyframes: K) -> _KeyframeTracks<Value> where K.Value == Value {
        keyframes._tracks
    }

    public static func buildBlock(_ parts: _KeyframeTracks<Value>...) -> _KeyframeTracks<Value> {
        _KeyframeTracks(items: parts.flatMap(\.items))
    }

    public static func buildArray(_ parts: [_KeyframeTracks<Value>]) -> _KeyframeTracks<Value> {
        _KeyframeTracks(items: parts.flatMap(\.items))
    }

    public static func buildOptional(_ part: _KeyframeTracks<Value>?) -> _KeyframeTracks<Value> {
        part ?? _KeyframeTracks(items: [])
    }

    public static func buildEither(first: _KeyframeTracks<Value>) -> _KeyframeTracks<Value> {
        first
    }

    public static func buildEither(second: _KeyframeTracks<Value>) -> _KeyframeTracks<Value> {
        second
    }

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
