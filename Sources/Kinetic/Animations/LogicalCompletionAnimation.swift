// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// An animation that reports logical completion `duration` seconds in, unless its base has already
/// done so: `animation.logicallyComplete(after:)`. (docs/ANIMATION.md §2.7, §6.4.)
///
/// After each evaluation of the base, if the context is not yet logically complete it becomes so
/// once t ≥ duration. The animation itself is unchanged: it does not end any earlier or later, and
/// removal still implies logical completion. Velocity is forwarded (the timing is untouched). It
/// merges only with a previous ``LogicalCompletionAnimation`` of the same duration whose base merges.
public struct LogicalCompletionAnimation: CustomAnimation {
    /// The animation whose logical completion is set.
    public var base: Animation
    /// When to report logical completion, seconds since the animation began.
    public var duration: TimeInterval

    /// `base`, logically complete after `duration` seconds.
    public init(base: Animation, duration: TimeInterval) {
        self.base = base
        self.duration = duration
    }

    /// The base's offset; marks the context logically complete once `time ≥ duration`.
    public func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        let offset = base.animate(value: value, time: time, context: &context)
        if !context.isLogicallyComplete, time >= duration {
            context.isLogicallyComplete = true
        }
        return offset
    }

    /// The base's velocity, value units per second.
    public func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V? {
        base.velocity(value: value, time: time, context: context)
    }

    /// Merges when `previous` is a ``LogicalCompletionAnimation`` with the same duration and the bases merge.
    public func shouldMerge<V: VectorArithmetic>(
        previous: Animation, value: V, time: TimeInterval, context: inout AnimationContext<V>
    ) -> Bool {
        guard let previous = previous.base as? LogicalCompletionAnimation, previous.duration == duration else {
            return false
        }
        return base.shouldMerge(previous: previous.base, value: value, time: time, context: &context)
    }
}

extension LogicalCompletionAnimation: CustomStringConvertible {
    /// `LogicalCompletionAnimation(base: …, duration: 0.2)`.
    public var description: String { "LogicalCompletionAnimation(base: \(base), duration: \(duration))" }
}
