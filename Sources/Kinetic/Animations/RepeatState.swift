// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// A ``RepeatAnimation``'s progress: the iteration, when it began, and the base's own state for it.
struct RepeatState<V: VectorArithmetic>: AnimationStateKey {
    /// The iteration being played, from 0.
    var index = 0
    /// t₀: the time (seconds since the animation began) the iteration began.
    var timeOffset: TimeInterval = 0
    /// The base animation's state within this iteration; fresh for each iteration.
    var baseState = AnimationState<V>()

    static var defaultValue: RepeatState<V> { RepeatState() }
}
