// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// Builds the keyframes of one track: keyframes in order, `for` loops, `if`/`else` and `switch` (docs/ANIMATION.md §7.1).
@resultBuilder
public enum KeyframeTrackContentBuilder<Value: Animatable> {
    /// One keyframe, array or group of keyframes, in order.
    public static func buildExpression<K: KeyframeTrackContent>(_ keyframes: K) -> _ResolvedKeyframeTrackContent<Value>
    where K.Value == Value {
        var content = _ResolvedKeyframeTrackContent<Value>()
        keyframes._resolve(into: &content)
        return content
    }

    /// The parts one after another, in order.
    public static func buildBlock(_ parts: _ResolvedKeyframeTrackContent<Value>...) -> _ResolvedKeyframeTrackContent<Value> {
        _ResolvedKeyframeTrackContent(segments: parts.flatMap(\.segments))
    }

    /// The iterations of a `for` loop, in order.
    public static func buildArray(_ parts: [_ResolvedKeyframeTrackContent<Value>]) -> _ResolvedKeyframeTrackContent<Value> {
        _ResolvedKeyframeTrackContent(segments: parts.flatMap(\.segments))
    }

    /// An `if` without `else`: its content, or nothing.
    public static func buildOptional(_ part: _ResolvedKeyframeTrackContent<Value>?) -> _ResolvedKeyframeTrackContent<Value> {
        part ?? _ResolvedKeyframeTrackContent()
    }

    /// The first branch of an `if`/`else` or `switch`.
    public static func buildEither(first: _ResolvedKeyframeTrackContent<Value>) -> _ResolvedKeyframeTrackContent<Value> {
        first
    }

    /// The second branch of an `if`/`else` or `switch`.
    public static func buildEither(second: _ResolvedKeyframeTrackContent<Value>) -> _ResolvedKeyframeTrackContent<Value> {
        second
    }

    /// Content inside `if #available`.
    public static func buildLimitedAvailability(_ part: _ResolvedKeyframeTrackContent<Value>) -> _ResolvedKeyframeTrackContent<Value> {
        part
    }
}
