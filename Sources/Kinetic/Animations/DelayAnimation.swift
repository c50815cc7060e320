// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// An animation that starts `delay` seconds late: `animation.delay(_:)`. (docs/ANIMATION.md §2.7.)
///
/// The base is evaluated at t′ = max(0, t − delay), so it holds its start value (offset 0) until
/// the delay has passed. No velocity is reported (as in SwiftUI), so a spring that takes over starts
/// at rest. It merges only with a previous ``DelayAnimation`` of the same delay whose base merges, at
/// the delayed time.
///
/// A negative delay starts the base partway through; a NaN delay is ignored (treated as 0) so the
/// animation cannot stall.
public struct DelayAnimation: CustomAnimation {
    /// The delayed animation.
    public var base: Animation
    /// The delay, seconds.
    public var delay: TimeInterval

    /// `base`, started `delay` seconds late.
    public init(base: Animation, delay: TimeInterval) {
        self.base = base
        self.delay = delay
    }

    /// t′ = max(0, t − delay), seconds.
    func baseTime(_ time: TimeInterval) -> TimeInterval {
        max(0, time - (delay.isNaN ? 0 : delay))
    }

    /// The base's offset at the delayed time.
    public func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        base.animate(value: value, time: baseTime(time), context: &context)
    }

    /// Merges when `previous` is a ``DelayAnimation`` with the same delay and the bases merge.
    public func shouldMerge<V: VectorArithmetic>(
        previous: Animation, value: V, time: TimeInterval, context: inout AnimationContext<V>
    ) -> Bool {
        guard let previous = previous.base as? DelayAnimation, previous.delay == delay else { return false }
        return base.shouldMerge(previous: previous.base, value: value, time: baseTime(time), context: &context)
    }
}

extension DelayAnimation: CustomStringConvertible {
    /// `DelayAnimation(base: …, delay: 0.5)`.
    public var description: String { "DelayAnimation(base: \(base), delay: \(delay))" }
}
