// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

extension AnimatableAttribute {
    /// Applies a model change under the current transaction. (docs/ANIMATION.md §5.1, §5.3, §6.3, §6.4.)
    @usableFromInline
    func change(to newValue: Value) {
        let oldData = modelData
        let newData = newValue.animatableData
        model = newValue
        modelData = newData

        var transaction = Transaction.current ?? Transaction()
        if let animationOverride, !transaction.disablesAnimations {
            transaction.animation = animationOverride
        }
        transactionTransform?(&transaction)
        // A registration added by the attribute's own transform is scoped to this change.
        let completions = transaction.animationCompletions
        for completion in completions { completion.openScope() }
        let graph = self.graph
        defer {
            for completion in completions { completion.closeScope() }
            refreshLaneRetargetReady()
            graph?.runDueCompletions()
        }

        guard newData != oldData, let graph else { return }
        let delta = newData - oldData
        guard delta.magnitudeSquared.isFinite else {
            stopAnimating()
            return
        }
        let animation = transaction.animation
            ?? (transaction.tracksVelocity ? Animation(VelocityTrackingAnimation()) : nil)
        // No animation: the running animation (if any) is left alone, so the presentation
        // (M + y − I) moves by exactly `delta`; an idle attribute snaps.
        guard let animation else { return }

        if laneGroup != nil {
            if retargetSpringLane(by: delta, animation: animation, completions: completions) {
                // A lane's animation has q = 0, and min(0, q_new) = 0 keeps it on the lane.
                animator?.adoptFrameInterval(of: transaction, merging: true)
                return
            }
            leaveSpringLane()
        }
        let state: AnimatorState<Data>
        if let running = animator {
            if let fork = running.change(by: delta, animation: animation, at: graph.time,
                                         environment: graph.environment) {
                forks.append(fork)
            }
            state = running
            state.adoptFrameInterval(of: transaction, merging: true)
        } else {
            state = AnimatorState(animation: animation, interval: delta, beginTime: graph.time,
                                  environment: graph.environment)
            state.adoptFrameInterval(of: transaction, merging: false)
        }
        state.attach(completions)
        // Like SwiftUI (nextTime = T), the changed animation is evaluated at once, at the change's
        // time: the presentation read before the next frame is already the merged one.
        animator = state
        evaluateAnimator(at: graph.time)
        if enterSpringLaneIfEligible() {
            graph.deactivate(self)
        } else if isAnimating || !forks.isEmpty {
            graph.activate(self)
        }
    }

    /// Evaluates the running animation at graph time `time`, dropping it when it is over.
    func evaluateAnimator(at time: TimeInterval) {
        guard let state = animator else { return }
        if state.evaluate(at: time) {
            if state.context.isLogicallyComplete, !state.logicalListeners.isEmpty {
                graph?.animationsRemoved(state.logicalListeners)
                state.logicalListeners = []
            }
        } else {
            animator = nil
            graph?.animationsRemoved(state.logicalListeners + state.removalListeners)
        }
    }

    /// Drops the running animation and forks (their listeners are told the animations are gone).
    func stopAnimating() {
        if let group = laneGroup {
            group.remove(at: laneIndex)
            laneGroup = nil
            laneIndex = -1
        }
        if let state = animator {
            animator = nil
            graph?.animationsRemoved(state.logicalListeners + state.removalListeners)
        }
        for fork in forks { graph?.animationsRemoved(fork.listeners) }
        forks = []
    }
}

extension AnimatableAttribute: AttributeNode {
    var trackingExpiry: TimeInterval? {
        guard forks.isEmpty, laneGroup == nil, let state = animator,
              state.animation.base is VelocityTrackingAnimation else { return nil }
        let newestSample = state.context.state[VelocityTrackingState<Data>.self].lastSampleTime ?? 0
        return state.beginTime + newestSample + VelocityTrackingAnimation.sampleLifetime
    }

    func update(at time: TimeInterval) -> Bool {
        // A spring on the grouped path is stepped by its group (its state here is stale); the
        // attribute can still be listed here when it entered a group during this very update pass.
        // Forks follow the old animations at the times the running animation is evaluated, so a
        // frame that re-shows P (docs/ANIMATION.md §5.2 frame gating) skips them too.
        let isHeld = animator?.isHeld(at: time) ?? false
        if laneGroup == nil {
            evaluateAnimator(at: time)
            if enterSpringLaneIfEligible() { return !forks.isEmpty }
        }
        if !forks.isEmpty, !isHeld {
            var index = 0
            while index < forks.count {
                if forks[index].evaluate(at: time) {
                    index += 1
                } else {
                    graph?.animationsRemoved(forks[index].listeners)
                    forks.remove(at: index)
                }
            }
        }
        return (animator != nil && laneGroup == nil) || !forks.isEmpty
    }
}
