// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

extension AnimatorState {
    /// Takes a new animated change of `delta` at graph time `time`. (docs/ANIMATION.md §5.3 steps 2–5.)
    ///
    /// Returns the fork that keeps following the old animation for the current logical listeners
    /// (docs/ANIMATION.md §6.4), when there are any. Then, with e = time − t_b: if `animation.shouldMerge(previous:
    /// A, value: I, time: e, context: σ)` the new animation adopts the (mutated) state; otherwise both
    /// are combined (``DefaultCombiningAnimation``). Finally I ← I + delta and nextTime ← time, so the
    /// change is evaluated at once even between frame-interval grid points.
    func change(by delta: V, animation newAnimation: Animation, at time: TimeInterval,
                         environment: EnvironmentValues) -> LogicalFork<V>? {
        let elapsed = max(0, time - beginTime)
        var fork: LogicalFork<V>?
        if !logicalListeners.isEmpty {
            fork = LogicalFork(animation: animation, context: context, interval: interval,
                               beginTime: beginTime, listeners: logicalListeners)
            logicalListeners = []
        }
        var mergeContext = context
        if newAnimation.shouldMerge(previous: animation, value: interval, time: elapsed, context: &mergeContext) {
            animation = newAnimation
            // The logical-completion flag belongs to the change, so the adopted state starts afresh.
            context = AnimationContext(state: mergeContext.state, environment: environment)
        } else {
            combine(with: newAnimation, startingAt: elapsed, target: interval + delta, environment: environment)
        }
        interval += delta
        nextTime = time
        return fork
    }

    private func combine(with newAnimation: Animation, startingAt elapsed: TimeInterval, target: V,
                                  environment: EnvironmentValues) {
        let newEntry = DefaultCombiningAnimation.Entry(animation: newAnimation, startTime: elapsed)
        let newState = CombinedAnimationState<V>.Entry(target: target, state: AnimationState(), isLogicallyComplete: false)
        if var combining = animation.base as? DefaultCombiningAnimation {
            combining.entries.append(newEntry)
            animation = Animation(combining)
            context.state[CombinedAnimationState<V>.self].entries.append(newState)
            context = AnimationContext(state: context.state, environment: environment)
        } else {
            let combining = DefaultCombiningAnimation(entries: [
                .init(animation: animation, startTime: 0), newEntry,
            ])
            var combined = CombinedAnimationState<V>()
            combined.entries = [
                .init(target: interval, state: context.state, isLogicallyComplete: context.isLogicallyComplete),
                newState,
            ]
            var state = AnimationState<V>()
            state[CombinedAnimationState<V>.self] = combined
            animation = Animation(combining)
            context = AnimationContext(state: state, environment: environment)
        }
    }
}
