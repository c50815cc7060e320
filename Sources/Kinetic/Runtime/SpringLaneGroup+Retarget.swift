// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

extension SpringLaneGroup {
    /// Whether a response blend would still be running at elapsed `elapsed` (then the response varies
    /// per sub-step and the spring must be sub-stepped by the animation).
    static func isBlending(_ spring: FluidSpringAnimation, blendStart: Double, blendInterval: Double,
                           elapsed: Double) -> Bool {
        spring.blendDuration > 0 && blendInterval != 0 && !((elapsed - blendStart) / spring.blendDuration >= 1)
    }

    /// Whether ``retarget(lane:by:spring:)`` can re-target a lane of this group with `spring` now: the
    /// same response, and no response blend running at the graph's current time.
    @usableFromInline
    func canRetarget(with spring: FluidSpringAnimation) -> Bool {
        spring.response == key.animation.response
            && !Self.isBlending(spring, blendStart: key.blendStart, blendInterval: key.blendInterval,
                                elapsed: withGraph { $0.time } - key.beginTime)
    }

    /// Re-targets lane `lane` by `change` (``dimension`` components: the model's delta) with `spring`, at the
    /// graph's current time e: the merge of ``FluidSpringAnimation/shouldMerge(previous:value:time:context:)``
    /// (x, v, a kept, tₛ = t₀ = e) and the evaluation at e that follows, on the lane's components
    /// (component-wise arithmetic is the data type's own for lane types). The lane moves to the group of
    /// its new key; its owner is told when the spring is at rest at once (finished) or logically complete.
    /// Call only after ``canRetarget(with:)`` said yes, with the owner's animation state already updated
    /// (the generic path attaches the change's completions first); the graph's due completions are left
    /// for the caller to run.
    @usableFromInline
    func retarget(lane: Int, by change: UnsafePointer<Double>, spring: FluidSpringAnimation) {
        // The dimension as a constant for the common sizes, so that the per-component loops unroll.
        switch dimension {
        case 1: retarget(lane: lane, by: change, spring: spring, dimension: 1)
        case 2: retarget(lane: lane, by: change, spring: spring, dimension: 2)
        case 4: retarget(lane: lane, by: change, spring: spring, dimension: 4)
        default: retarget(lane: lane, by: change, spring: spring, dimension: dimension)
        }
    }

    @inline(__always)
    private func retarget(lane: Int, by change: UnsafePointer<Double>, spring: FluidSpringAnimation, dimension: Int) {
        guard owners[lane] != nil else { return }
        let finished: Bool = withUnsafeTemporaryAllocation(of: Double.self, capacity: 4 * dimension) { buffer in
            let x = buffer.baseAddress!, v = x + dimension, a = v + dimension, target = a + dimension
            copyLane(lane, record: x, target: target, dimension: dimension)
            var velocitySquared = 0.0, forceSquared = 0.0, remainingSquared = 0.0, offsetSquared = 0.0
            var toleranceSquared = 0.0
            for j in 0..<dimension {
                x[j] += target[j]
                target[j] += change[j]
                velocitySquared += v[j] * v[j]
                forceSquared += a[j] * a[j]
                remainingSquared += (target[j] - x[j]) * (target[j] - x[j])
                offsetSquared += x[j] * x[j]
                toleranceSquared += (target[j] * FluidSpringStepper.targetTolerance) * (target[j] * FluidSpringStepper.targetTolerance)
                x[j] -= target[j]
            }
            if !velocitySquared.isFinite || !forceSquared.isFinite || !offsetSquared.isFinite
                || FluidSpringStepper.isFinished(velocitySquared: velocitySquared, forceSquared: forceSquared,
                                                 toleranceSquared: toleranceSquared, remainingSquared: remainingSquared) {
                return true
            }
            // Moved, not copied: the lane's one reference to its owner goes with it (no retain or release).
            let owner = takeOwner(at: lane)!
            // elapsed − t₀ ≥ response at t₀ = elapsed. Fires only the owner's logical-completion listeners (queued
            // as due), whichever group holds the lane.
            if 0 >= spring.response { owner.springLaneLogicallyCompleted() }
            destination(for: spring).append(owner: owner, record: x, target: target, tolerance: toleranceSquared,
                                            dimension: dimension)
            return false
        }
        if finished, let owner = takeOwner(at: lane) {
            owner.springLaneFinished()
        }
    }

    /// The group of the key a lane of this group gets when re-targeted with `spring` now: same begin time and
    /// blend bookkeeping, the sub-step clock and start time restarted at the graph's current time.
    private func destination(for spring: FluidSpringAnimation) -> SpringLaneGroup {
        let generation = withGraph { $0.springGroupGeneration }
        if let cached = retargetDestination, cached.generation == generation, cached.spring == spring {
            return cached.group.takeUnretainedValue()
        }
        let oldKey = key
        let elapsed = withGraph { $0.time } - oldKey.beginTime
        let newKey = SpringLaneKey(
            animation: spring, dimension: dimension, beginTime: oldKey.beginTime, clock: elapsed,
            startTime: elapsed, blendStart: oldKey.blendStart, blendInterval: oldKey.blendInterval,
            isLogicallyComplete: 0 >= spring.response)
        let group = withGraph { $0.springGroup(for: newKey, reusing: self) }
        // Looking the group up may have re-keyed this one (and moved the generation on).
        retargetDestination = (withGraph { $0.springGroupGeneration }, spring, Unmanaged.passUnretained(group))
        return group
    }
}
