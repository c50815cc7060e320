import Foundation

/// The grouped path for fluid springs (issue 3, item 6): an attribute whose animation is a single
/// ``FluidSpringAnimation`` with no response blend running hands its spring state to a
/// ``SpringLaneGroup`` and takes it back (``leaveSpringLane()``) whenever the generic path needs it.
/// Every step here mirrors what ``FluidSpringAnimation`` and ``AnimatorState`` do with the same
/// numbers, so the two paths agree up to rounding.
extension AnimatableAttribute: SpringLaneOwner {
    func springLaneFinished() {
        laneGroup = nil
        laneIndex = -1
        if let state = animator {
            animator = nil
            graph?.animationsRemoved(state.logicalListeners + state.removalListeners)
        }
    }

    func springLaneLogicallyCompleted() {
        guard let listeners = animator?.logicalListeners, !listeners.isEmpty else { return }
        animator?.logicalListeners = []
        graph?.animationsRemoved(listeners)
    }

    /// u = x − D of the lane, i.e. presentation − model.
    var laneOffset: Data? {
        guard let group = laneGroup, let codec = laneCodec else { return nil }
        return group.offsets.withUnsafeBufferPointer { codec.read($0.baseAddress! + laneIndex * group.dimension, group.dimension) }
    }

    var laneVelocity: Data? {
        guard let group = laneGroup, let codec = laneCodec else { return nil }
        return group.velocities.withUnsafeBufferPointer { codec.read($0.baseAddress! + laneIndex * group.dimension, group.dimension) }
    }

    /// Whether a response blend would still be running at elapsed `elapsed` (then the response varies
    /// per sub-step and the spring must be sub-stepped by the animation).
    private static func isBlending(_ spring: FluidSpringAnimation, blendStart: Double, blendInterval: Double,
                                   elapsed: Double) -> Bool {
        spring.blendDuration > 0 && blendInterval != 0 && !((elapsed - blendStart) / spring.blendDuration >= 1)
    }

    /// Moves the running animation into a group when it is a fluid spring without a running blend,
    /// the data type has a lane codec and no fork needs per-attribute evaluation.
    func enterSpringLaneIfEligible() -> Bool {
        guard laneGroup == nil, forks.isEmpty, let graph, let state = animator, let codec = laneCodec,
              let spring = state.animation.base as? FluidSpringAnimation else { return false }
        let springState = state.context.state[FluidSpringState<Data>.self]
        let elapsed = graph.time - state.beginTime
        guard !Self.isBlending(spring, blendStart: springState.blendStart, blendInterval: springState.blendInterval,
                               elapsed: elapsed) else { return false }
        let dimension = max(codec.dimension(state.interval), codec.dimension(springState.offset),
                            codec.dimension(springState.velocity), codec.dimension(springState.force))
        guard dimension > 0 else { return false }
        let key = SpringLaneKey(
            animation: spring, dimension: dimension, beginTime: state.beginTime, clock: springState.time,
            startTime: springState.startTime, blendStart: springState.blendStart,
            blendInterval: springState.blendInterval, isLogicallyComplete: state.context.isLogicallyComplete)
        let group = graph.springGroup(for: key)
        let tolerance = state.interval.scaled(by: FluidSpringStepper.targetTolerance).magnitudeSquared
        withUnsafeTemporaryAllocation(of: Double.self, capacity: 4 * dimension) { buffer in
            let x = buffer.baseAddress!, v = x + dimension, a = v + dimension, target = a + dimension
            codec.write(springState.offset, x, dimension)
            codec.write(springState.velocity, v, dimension)
            codec.write(springState.force, a, dimension)
            codec.write(state.interval, target, dimension)
            for j in 0..<dimension { x[j] -= target[j] }
            _ = group.append(owner: self, offset: x, velocity: v, force: a, target: target, tolerance: tolerance)
        }
        laneGroup = group
        return true
    }

    /// Writes the lane's spring back into the animator's context and leaves the group.
    func leaveSpringLane() {
        guard let group = laneGroup, var state = animator, let codec = laneCodec else { return }
        let key = group.key, dimension = group.dimension, base = laneIndex * dimension
        var springState = FluidSpringState<Data>()
        withUnsafeTemporaryAllocation(of: Double.self, capacity: dimension) { x in
            for j in 0..<dimension { x[j] = group.offsets[base + j] + group.targets[base + j] }
            springState.offset = codec.read(UnsafePointer(x.baseAddress!), dimension)
        }
        springState.velocity = group.velocities.withUnsafeBufferPointer { codec.read($0.baseAddress! + base, dimension) }
        springState.force = group.forces.withUnsafeBufferPointer { codec.read($0.baseAddress! + base, dimension) }
        springState.time = key.clock
        springState.startTime = key.startTime
        springState.blendStart = key.blendStart
        springState.blendInterval = key.blendInterval
        state.context.state[FluidSpringState<Data>.self] = springState
        if key.isLogicallyComplete { state.context.isLogicallyComplete = true }
        state.offset = springState.offset
        animator = state
        group.remove(at: laneIndex)
        laneGroup = nil
        laneIndex = -1
    }

    /// A fluid spring re-targeting the lane's spring with the same response and nothing to fork:
    /// the merge of ``FluidSpringAnimation/shouldMerge(previous:value:time:context:)`` (x, v, a kept,
    /// tₛ = t₀ = e) and the evaluation at e that follows, done on the lane. Returns `false` when the
    /// generic path is needed.
    func retargetSpringLane(by delta: Data, animation: Animation, completions: [AnimationCompletion],
                            graph: AnimationGraph) -> Bool {
        guard let group = laneGroup, var state = animator, let codec = laneCodec,
              let spring = animation.base as? FluidSpringAnimation,
              spring.response == group.key.animation.response,
              state.logicalListeners.isEmpty, forks.isEmpty else { return false }
        let oldKey = group.key, dimension = group.dimension
        let elapsed = graph.time - state.beginTime
        guard !Self.isBlending(spring, blendStart: oldKey.blendStart, blendInterval: oldKey.blendInterval,
                               elapsed: elapsed) else { return false }
        let interval = state.interval + delta
        guard codec.dimension(interval) <= dimension else { return false }

        state.animation = animation
        state.interval = interval
        for completion in completions where !completion.hasFired {
            completion.animationWasAdded()
            switch completion.criteria.storage {
            case .logicallyComplete: state.logicalListeners.append(completion)
            case .removed: state.removalListeners.append(completion)
            }
        }
        let key = SpringLaneKey(
            animation: spring, dimension: dimension, beginTime: state.beginTime, clock: elapsed,
            startTime: elapsed, blendStart: oldKey.blendStart, blendInterval: oldKey.blendInterval,
            isLogicallyComplete: elapsed - elapsed >= spring.response)
        let tolerance = interval.scaled(by: FluidSpringStepper.targetTolerance).magnitudeSquared
        let finished: Bool = withUnsafeTemporaryAllocation(of: Double.self, capacity: 4 * dimension) { buffer in
            let x = buffer.baseAddress!, v = x + dimension, a = v + dimension, target = a + dimension
            let base = laneIndex * dimension
            for j in 0..<dimension {
                x[j] = group.offsets[base + j] + group.targets[base + j]
                v[j] = group.velocities[base + j]
                a[j] = group.forces[base + j]
            }
            codec.write(interval, target, dimension)
            var velocitySquared = 0.0, forceSquared = 0.0, remainingSquared = 0.0, offsetSquared = 0.0
            for j in 0..<dimension {
                velocitySquared += v[j] * v[j]
                forceSquared += a[j] * a[j]
                remainingSquared += (target[j] - x[j]) * (target[j] - x[j])
                offsetSquared += x[j] * x[j]
                x[j] -= target[j]
            }
            if !velocitySquared.isFinite || !forceSquared.isFinite || !offsetSquared.isFinite
                || FluidSpringStepper.isFinished(velocitySquared: velocitySquared, forceSquared: forceSquared,
                                                 toleranceSquared: tolerance, remainingSquared: remainingSquared) {
                return true
            }
            group.remove(at: laneIndex)
            let newGroup = graph.springGroup(for: key)
            _ = newGroup.append(owner: self, offset: x, velocity: v, force: a, target: target, tolerance: tolerance)
            laneGroup = newGroup
            return false
        }
        animator = state
        if finished {
            group.remove(at: laneIndex)
            springLaneFinished()
        } else if key.isLogicallyComplete {
            springLaneLogicallyCompleted()
        }
        return true
    }
}
