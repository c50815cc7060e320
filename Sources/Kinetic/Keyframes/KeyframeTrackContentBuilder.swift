import Foundation

/// Builds the keyframes of one track: keyframes in order, `for` loops, `if`/`else` and `switch`.
@resultBuilder
public enum KeyframeTrackContentBuilder<Value: Animatable> {
    public static func buildExpression<K: KeyframeTrackContent>(_ keyframes: K) -> _ResolvedKeyframeTrackContent<Value>
    where K.Value == Value {
        var content = _ResolvedKeyframeTrackContent<Value>()
        keyframes._resolve(into: &content)
        return content
    }

    public static func buildBlock(_ parts: _ResolvedKeyframeTrackContent<Value>...) -> _ResolvedKeyframeTrackContent<Value> {
        _ResolvedKeyframeTrackContent(segments: parts.flatMap(\.segments))
    }

    public static func buildArray(_ parts: [_ResolvedKeyframeTrackContent<Value>]) -> _ResolvedKeyframeTrackContent<Value> {
        _ResolvedKeyframeTrackContent(segments: parts.flatMap(\.segments))
    }

    public static func buildOptional(_ part: _ResolvedKeyframeTrackContent<Value>?) -> _ResolvedKeyframeTrackContent<Value> {
        part ?? _ResolvedKeyframeTrackContent()
    }

    public static func buildEither(first: _ResolvedKeyframeTrackContent<Value>) -> _ResolvedKeyframeTrackContent<Value> {
        first
    }

    public static func buildEither(second: _ResolvedKeyframeTrackContent<Value>) -> _ResolvedKeyframeTrackContent<Value> {
        second
    }

    public static func buildLimitedAvailability(_ part: _ResolvedKeyframeTrackContent<Value>) -> _ResolvedKeyframeTrackContent<Value> {
        part
    }
}
