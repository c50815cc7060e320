// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// A type that defines how an animatable value changes over time.
///
/// Mirrors SwiftUI's `CustomAnimation` (docs/ANIMATION.md §4). The runtime calls ``animate(value:time:context:)``
/// with `value`, the **delta** to animate through (target − start, accumulated over merges),
/// and `time`, the seconds elapsed since the animation began. Return the offset travelled
/// *from the start* (zero at the beginning, `value` at the end), or `nil` once finished.
///
/// ```swift
/// struct LinearAnimation: CustomAnimation {
///     let duration: TimeInterval
///     func animate<V: VectorArithmetic>(value: V, time: TimeInterval,
///                                       context: inout AnimationContext<V>) -> V? {
///         time >= duration ? nil : value.scaled(by: time / duration)
///     }
/// }
/// ```
public protocol CustomAnimation: Hashable, Sendable {
    /// The offset from the start at `time` seconds into the animation, or `nil` when finished.
    func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V?

    /// The velocity (value units per second) at `time`, or `nil` when the animation cannot say.
    /// Used to keep motion continuous when another animation takes over. Default: `nil`.
    func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V?

    /// Whether this (new) animation takes over `previous`, which has been running for `time`
    /// seconds through the interval `value`; `context` holds the previous animation's state.
    /// Returning `true` adopts that state and drops `previous`; `false` runs both and combines
    /// them (docs/ANIMATION.md §5.3). Default: `false`.
    func shouldMerge<V: VectorArithmetic>(
        previous: Animation, value: V, time: TimeInterval, context: inout AnimationContext<V>
    ) -> Bool
}

extension CustomAnimation {
    /// No velocity information.
    public func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V? {
        nil
    }

    /// Never merges: a new animation is combined with the running one.
    public func shouldMerge<V: VectorArithmetic>(
        previous: Animation, value: V, time: TimeInterval, context: inout AnimationContext<V>
    ) -> Bool {
        false
    }
}
