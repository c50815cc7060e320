// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// An animation played several times, or forever: `repeatCount(_:autoreverses:)` and
/// `repeatForever(autoreverses:)`. (docs/ANIMATION.md §2.7.)
///
/// Iteration i plays the base from time t − t₀ᵢ (t₀ᵢ = the time iteration i began) with a fresh
/// state. With `autoreverses`, odd iterations play backwards: they return value − base. When an
/// iteration finishes, that frame shows its end (0 after a backward iteration, else `value`) and
/// the next iteration starts; after `repeatCount` iterations the animation finishes (`nil`) and the
/// model value shows. Backward iterations count: `repeatCount(2, autoreverses: true)` goes forward,
/// back, then jumps to the model value, as SwiftUI documents.
///
/// Logical completion: Kinetic reports the base's logical completion only during the last
/// iteration (never for `repeatForever`), so `.logicallyComplete` completions wait for the repeats;
/// SwiftUI leaves this unspecified. No velocity is reported (as in SwiftUI). It merges only with a
/// previous ``RepeatAnimation`` of the same count and direction whose base merges, within the
/// current iteration.
///
/// A count ≤ 0 plays the base once, forward (the count is checked when an iteration ends).
public struct RepeatAnimation: CustomAnimation {
    /// The repeated animation.
    public var base: Animation
    /// How many iterations to play; `nil` repeats forever.
    public var repeatCount: Int?
    /// Whether odd iterations play backwards.
    public var autoreverses: Bool

    /// `base`, played `repeatCount` times (`nil`: forever), odd iterations reversed if `autoreverses`.
    public init(base: Animation, repeatCount: Int?, autoreverses: Bool) {
        self.base = base
        self.repeatCount = repeatCount
        self.autoreverses = autoreverses
    }

    /// Whether iteration `index` is the last one.
    private func isLastIteration(_ index: Int) -> Bool {
        guard let repeatCount else { return false }
        return index >= repeatCount &- 1  // wraps for Int.min instead of trapping; a count ≤ 0 plays once
    }

    /// The current iteration's offset (reversed on odd iterations when autoreversing), the
    /// iteration's end value on the frame it finishes, or nil after the last iteration.
    ///
    /// A `value` with a non-finite component (or an overflowing squared magnitude) finishes at once, even when
    /// repeating forever: every iteration's end value is `value` itself, so there is nothing finite to present.
    public func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        guard value.magnitudeSquared.isFinite else { return nil }
        var state = context.state[RepeatState<V>.self]
        let reversed = autoreverses && state.index % 2 == 1
        var iteration = AnimationContext(state: state.baseState, environment: context.environment)
        if let offset = base.animate(value: value, time: time - state.timeOffset, context: &iteration) {
            state.baseState = iteration.state
            if iteration.isLogicallyComplete, isLastIteration(state.index) {
                context.isLogicallyComplete = true
            }
            context.state[RepeatState<V>.self] = state
            return reversed ? value - offset : offset
        }
        if isLastIteration(state.index) {
            context.isLogicallyComplete = true
        }
        state = RepeatState(index: state.index + 1, timeOffset: time)
        context.state[RepeatState<V>.self] = state
        if let repeatCount, state.index >= repeatCount { return nil }
        return reversed ? .zero : value
    }

    /// Merges when `previous` is a ``RepeatAnimation`` with the same count and direction and the
    /// bases merge, at the time within the current iteration.
    public func shouldMerge<V: VectorArithmetic>(
        previous: Animation, value: V, time: TimeInterval, context: inout AnimationContext<V>
    ) -> Bool {
        guard let previous = previous.base as? RepeatAnimation,
              previous.repeatCount == repeatCount, previous.autoreverses == autoreverses else { return false }
        var state = context.state[RepeatState<V>.self]
        var iteration = AnimationContext(state: state.baseState, environment: context.environment)
        guard base.shouldMerge(previous: previous.base, value: value, time: time - state.timeOffset,
                               context: &iteration) else { return false }
        state.baseState = iteration.state
        context.state[RepeatState<V>.self] = state
        return true
    }
}

extension RepeatAnimation: CustomStringConvertible {
    /// `RepeatAnimation(base: …, repeatCount: 3, autoreverses: true)` (`repeatCount: nil` = forever).
    public var description: String {
        "RepeatAnimation(base: \(base), repeatCount: \(repeatCount.map(String.init) ?? "nil"), autoreverses: \(autoreverses))"
    }
}
