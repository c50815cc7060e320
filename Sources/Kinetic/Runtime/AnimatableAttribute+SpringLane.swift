// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// The grouped path for fluid springs: an attribute whose animation is a single
/// ``FluidSpringAnimation`` with no response blend running hands its spring state to a
/// ``SpringLaneGroup`` and takes it back (``leaveSpringLane()``) whenever the generic path needs it.
/// Every step here mirrors what ``FluidSpringAnimation`` and ``AnimatorState`` do with the same
/// numbers, so the two paths agree up to rounding.
extension AnimatableAttribute: SpringLaneOwner {
    @usableFromInline
    func springLaneFinished() {
        laneGroup = nil
        laneIndex = -1
        if let state = animator {
            animator = nil
            graph?.animationsRemoved(state.logicalListeners + state.removalListeners)
        }
    }

    @usableFromInline
    func detachFromSpringLane() {
        leaveSpringLane()
        laneGroup = nil
        laneIndex = -1
    }

    @usableFromInline
    func springLaneLogicallyCompleted() {
        guard let listeners = animator?.logicalListeners, !listeners.isEmpty else { return }
        animator?.logicalListeners = []
        graph?.animationsRemoved(listeners)
        refreshLaneRetargetReady()
    }

    /// u = x − D of the lane, i.e. presentation − model.
    var laneOffset: Data? {
        guard let group = laneGroup, let codec = animator?.laneCodec else { return nil }
        return group.read(laneIndex, component: 0) { codec.read($0, group.dimension) }
    }

    var laneVelocity: Data? {
        guard let group = laneGroup, let codec = animator?.laneCodec else { return nil }
        return group.read(laneIndex, component: 1) { codec.read($0, group.dimension) }
    }

    /// Moves the running animation into a group when it is a fluid spring without a running blend,
    /// the data type has a lane codec, no fork needs per-attribute evaluation and the animation has no
    /// frame interval (q = 0: a group steps every lane at every advance, so it cannot hold P between
    /// a quantised animation's evaluations; those stay on the generic path).
    func enterSpringLaneIfEligible() -> Bool {
        guard laneGroup == nil, forks.isEmpty, let graph, let state = animator, state.frameInterval == 0,
              let codec = state.laneCodec,
              let spring = state.animation.base as? FluidSpringAnimation else { return false }
        let springState = state.context.state[FluidSpringState<Data>.self]
        let elapsed = graph.time - state.beginTime
        guard !SpringLaneGroup.isBlending(spring, blendStart: springState.blendStart,
                                          blendInterval: springState.blendInterval, elapsed: elapsed) else { return false }
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
            group.append(owner: self, record: x, target: target, tolerance: tolerance)
        }
        // The evaluation just before may have fired (and dropped) the logical-completion listeners.
        refreshLaneRetargetReady()
        return true
    }

    /// The part of ``startLane(to:spring:)`` that is not inlined: an animator for the change (`delta`, starting now,
    /// with `spring`, no frame interval and no reason — all the transaction carries) and the lane, appended to the
    /// group for its key: the spring's state at elapsed 0 with the sub-step clock and start time at 0. This is what
    /// the generic path reaches through the spring's first evaluation and ``enterSpringLaneIfEligible()``.
    @inlinable
    func startLane(by delta: Data, record: UnsafePointer<Double>, target: UnsafePointer<Double>, dimension: Int,
                   tolerance: Double, spring: FluidSpringAnimation) {
        guard graphLink.isAlive else { return }
        // The link holds the graph, unretained, while it is alive: no retain and release of it here.
        Unmanaged.passUnretained(graphLink.graph)._withUnsafeGuaranteedRef { graph in
            animator = AnimatorState(animation: Animation(spring), interval: delta, beginTime: graph.time,
                                     environment: graph.environment)
            let key = SpringLaneKey(animation: spring, dimension: dimension, beginTime: graph.time, clock: 0,
                                    startTime: 0, blendStart: 0, blendInterval: 0, isLogicallyComplete: false)
            graph.springGroup(for: key).append(owner: self, record: record, target: target, tolerance: tolerance)
            // What ``refreshLaneRetargetReady()`` gives here, without its generic reads: the lanes are readable inline
            // and nothing is customised (``laneStartReady`` held), and the new animator has no listener and no reason.
            laneRetargetReady = true
            if activeIndex >= 0 { leaveActiveList(graph) }
            graph.runDueCompletions()
        }
    }

    /// Takes the attribute off the graph's list of attributes to update (its spring is on a lane now).
    @usableFromInline
    func leaveActiveList(_ graph: AnimationGraph) { graph.deactivate(self) }

    /// Writes the lane's spring back into the animator (its context's spring state, its animation, and the
    /// interval, which the lane's targets hold while on the grouped path) and leaves the group.
    func leaveSpringLane() {
        guard let group = laneGroup, let state = animator, let lane = laneSpringState() else { return }
        state.interval = lane.interval
        // Re-targets on the lane change only the key's spring (same response; the damping may differ).
        state.animation = Animation(lane.animation)
        state.context.state[FluidSpringState<Data>.self] = lane.state
        if lane.isLogicallyComplete { state.context.isLogicallyComplete = true }
        state.offset = lane.state.offset
        group.remove(at: laneIndex)
        laneGroup = nil
        laneIndex = -1
    }

    /// A fluid spring re-targeting the lane's spring with the same response and nothing to fork: the
    /// change's completions are attached, then the group re-targets the lane
    /// (``SpringLaneGroup/retarget(lane:by:spring:)``, the one implementation the inlined fast path
    /// ``retargetLane(to:spring:)`` uses too). Returns `false`, changing nothing, when the generic path is needed.
    func retargetSpringLane(by delta: Data, animation: Animation, completions: [AnimationCompletion]) -> Bool {
        guard let group = laneGroup, let state = animator, let codec = state.laneCodec,
              let spring = animation.base as? FluidSpringAnimation,
              state.logicalListeners.isEmpty, forks.isEmpty,
              group.canRetarget(with: spring), codec.dimension(delta) <= group.dimension else { return false }
        state.attach(completions)
        withUnsafeTemporaryAllocation(of: Double.self, capacity: group.dimension) { change in
            codec.write(delta, change.baseAddress!, group.dimension)
            group.retarget(lane: laneIndex, by: change.baseAddress!, spring: spring)
        }
        return true
    }
}
