// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// Runs animations that did not merge side by side as a chained interpolation. (docs/ANIMATION.md §5.3.)
///
/// Entry i has animation Aᵢ, start time sᵢ (seconds since the first began) and cumulative target
/// Tᵢ (the interval accumulated up to and including its change). At elapsed t, with R₀ = 0:
///
///     Rᵢ = Rᵢ₋₁ + Aᵢ.animate(value: Tᵢ − Rᵢ₋₁, time: t − sᵢ)     (Tᵢ once Aᵢ has finished)
///
/// For timing curves (Aᵢ.animate(value: x) = x·fᵢ) this is Rᵢ = Rᵢ₋₁ + (Tᵢ − Rᵢ₋₁)·fᵢ(t − sᵢ): the
/// newest animation interpolates from the live output of the older ones to its own target. The
/// combination finishes when the last entry finishes and is logically complete when the last entry
/// is. It reports no velocity, so a spring taking over a combination starts at rest.
struct DefaultCombiningAnimation: CustomAnimation {
    struct Entry: Hashable, Sendable {
        var animation: Animation
        /// sᵢ, seconds since the combination's first animation began.
        var startTime: TimeInterval
    }

    var entries: [Entry]

    func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        var states = context.state[CombinedAnimationState<V>.self].entries
        guard states.count == entries.count, !entries.isEmpty else { return nil }
        var result = V.zero
        for index in entries.indices {
            guard let state = states[index].state else {
                result = states[index].target
                continue
            }
            let remaining = states[index].target - result
            var entryContext = AnimationContext<V>(
                state: state, environment: context.environment,
                isLogicallyComplete: states[index].isLogicallyComplete)
            let entry = entries[index]
            if let offset = entry.animation.animate(
                value: remaining, time: time - entry.startTime, context: &entryContext) {
                result += offset
                states[index].state = entryContext.state
                states[index].isLogicallyComplete = entryContext.isLogicallyComplete
            } else {
                result += remaining
                states[index].state = nil
                states[index].isLogicallyComplete = true
            }
        }
        context.state[CombinedAnimationState<V>.self].entries = states
        guard let last = states.last, last.state != nil else { return nil }
        if last.isLogicallyComplete { context.isLogicallyComplete = true }
        return result
    }
}

extension DefaultCombiningAnimation {
    /// The combination without the entries before the newest finished one, whose output it no longer
    /// depends on (a finished entry i resets the chain to Tᵢ), and its state to match; `nil` when
    /// there is nothing to drop. Keeps a stream of non-merging changes from growing the chain forever.
    func pruned<V: VectorArithmetic>(state: inout AnimationState<V>) -> DefaultCombiningAnimation? {
        var combined = state[CombinedAnimationState<V>.self]
        guard combined.entries.count == entries.count,
              let newestFinished = combined.entries.lastIndex(where: { $0.state == nil }),
              newestFinished > 0 else { return nil }
        combined.entries.removeFirst(newestFinished)
        state[CombinedAnimationState<V>.self] = combined
        return DefaultCombiningAnimation(entries: Array(entries[newestFinished...]))
    }
}

extension DefaultCombiningAnimation: CustomStringConvertible {
    var description: String {
        "DefaultCombiningAnimation(\(entries.map { "\($0.animation) at \($0.startTime)" }.joined(separator: ", ")))"
    }
}

/// The per-entry targets and states of a ``DefaultCombiningAnimation``.
struct CombinedAnimationState<V: VectorArithmetic>: AnimationStateKey {
    struct Entry {
        /// Tᵢ: the cumulative interval this entry animates to.
        var target: V
        /// The entry's own state; `nil` once it has finished.
        var state: AnimationState<V>?
        var isLogicallyComplete: Bool
    }

    var entries: [Entry] = []

    static var defaultValue: CombinedAnimationState<V> { CombinedAnimationState() }
}
