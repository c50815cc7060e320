// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// A change's logical-completion listeners that keep following the change's own animation after a
/// later change merged into or combined with it. (docs/ANIMATION.md §6.4.)
///
/// The fork evaluates a copy of the old (animation, state, interval) at the same elapsed times
/// until it returns `nil` or reports logical completion; it never affects the presented value.
struct LogicalFork<V: VectorArithmetic> {
    var animation: Animation
    var context: AnimationContext<V>
    var interval: V
    var beginTime: TimeInterval
    var listeners: [AnimationCompletion]

    /// Evaluates at graph time `time`; `false` once the old animation is logically complete or over.
    mutating func evaluate(at time: TimeInterval) -> Bool {
        if context.isLogicallyComplete { return false }
        let elapsed = max(0, time - beginTime)
        guard animation.animate(value: interval, time: elapsed, context: &context) != nil else { return false }
        return !context.isLogicallyComplete
    }
}
