// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// A keyframe that jumps to its value immediately, taking no time (docs/ANIMATION.md §7.2, K5).
///
/// The next keyframe starts from `to`; the velocity handed to it is 0.
public struct MoveKeyframe<Value: Animatable>: KeyframeTrackContent {
    /// The value jumped to.
    public var to: Value

    /// A keyframe that jumps to `to`.
    public init(_ to: Value) {
        self.to = to
    }

    /// Appends this keyframe (implementation detail of the builders).
    public func _resolve(into content: inout _ResolvedKeyframeTrackContent<Value>) {
        content.segments.append(.move(to: to))
    }
}

extension MoveKeyframe: Sendable where Value: Sendable {}
