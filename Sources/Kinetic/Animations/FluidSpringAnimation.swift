// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// The persistent spring behind `.spring`, `.smooth`, `.snappy`, `.bouncy`, `.interactiveSpring`
/// and `.default`: a mass-1 spring integrated at 300 Hz that keeps its velocity when it is
/// re-targeted. (docs/ANIMATION.md §2.3.)
///
/// Each evaluation at time t (seconds since the animation began) towards the delta D:
/// 1. Effective response r = r₀, or, while blending from a previous response (Δr ≠ 0, B > 0),
///    r = r₀ + Δr·(1 − p²(3 − 2p)) with p = clamp((t − t_b)/B, 0, 1) (smoothstep; docs/ANIMATION.md §9 #2).
/// 2. Stiffness k = min((2π/r)², 45 000) (r ≤ 0 ⇒ ∞ ⇒ 45 000; docs/ANIMATION.md §9 #3), damping c = 2f√k.
/// 3. Logically complete once t − t₀ ≥ r.
/// 4. The sub-step clock catches up to 1/60 s before t if it is more than 1 s behind.
/// 5. Integrates 1/300-s sub-steps while the clock is before t (`FluidSpringStepper`).
/// 6. Finishes (`nil`) once |v| ≤ 0.06 units/s and |a| ≤ 0.06 units/s² — thresholds absolute in
///    value units — unless it is still further than 1 % of |D| from D.
///
/// ``velocity(value:time:context:)`` reports the integrator's velocity (value units per second)
/// and ``shouldMerge(previous:value:time:context:)`` always takes over: a new spring starts from
/// the previous animation's position and velocity.
///
/// Bad parameters never trap. Response ≤ 0 gives the stiffest spring (k = 45 000). A damping
/// fraction below 0 (from `spring(duration:bounce:)` with bounce > 1 or < −1) grows without
/// bound, as in SwiftUI; Kinetic finishes the animation (`nil`, showing the model value) as soon as
/// its state stops being finite, rather than presenting NaN or ∞. NaN or infinite deltas finish at
/// the first evaluation. Response +∞ means k = 0: the value never moves and the animation never
/// finishes, exactly as the formula says.
public struct FluidSpringAnimation: CustomAnimation {
    /// r₀: the response, seconds — the period of the undamped spring, (2π/√k).
    public var response: Double
    /// f: the damping fraction (1 = critically damped, < 1 bounces).
    public var dampingFraction: Double
    /// B: seconds over which a change of response from a merged spring is blended in.
    public var blendDuration: TimeInterval

    /// A fluid spring with response r₀ (s), damping fraction f and blend duration B (s). No clamping.
    public init(response: Double, dampingFraction: Double, blendDuration: TimeInterval) {
        self.response = response
        self.dampingFraction = dampingFraction
        self.blendDuration = blendDuration
    }

    /// The response at `time` (seconds): r₀, or the smoothstep blend from the merged spring's response.
    func effectiveResponse<V>(at time: TimeInterval, state: FluidSpringState<V>) -> Double {
        guard blendDuration > 0, state.blendInterval != 0 else { return response }
        // Clamp the progress, not the blend duration (OpenSwiftUI's precedence bug; docs/ANIMATION.md §9 #2).
        let progress = min(max((time - state.blendStart) / blendDuration, 0), 1)
        return response + state.blendInterval * (1 - progress * progress * (3 - 2 * progress))
    }

    /// The offset from the start at `time`, or `nil` when the spring has come to rest (steps 1–6 above).
    public func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        var state = context.state[FluidSpringState<V>.self]
        let (offset, isLogicallyComplete) = advance(&state, value: value, time: time)
        context.state[FluidSpringState<V>.self] = state
        if isLogicallyComplete {
            context.isLogicallyComplete = true
        }
        return offset
    }

    /// The integrator's current velocity, value units per second.
    public func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V? {
        context.state[FluidSpringState<V>.self].velocity
    }

    /// Always `true`: takes over any running animation. The spring's state becomes the previous
    /// animation's position (its `animate` at `time`) and velocity (its `velocity`, when it reports
    /// one), keeping the force; the start time and sub-step clock restart at `time`. When the previous
    /// animation is a fluid spring with a different response, that difference is blended out over
    /// ``blendDuration``.
    public func shouldMerge<V: VectorArithmetic>(
        previous: Animation, value: V, time: TimeInterval, context: inout AnimationContext<V>
    ) -> Bool {
        var state = context.state[FluidSpringState<V>.self]
        let velocity = previous.velocity(value: value, time: time, context: context)
        let offset = previous.animate(value: value, time: time, context: &context)
        take(over: &state, offset: offset, velocity: velocity,
             response: (previous.base as? FluidSpringAnimation)?.response, time: time)
        context.state[FluidSpringState<V>.self] = state
        return true
    }
}

extension FluidSpringAnimation {
    /// One evaluation (steps 1–6) on a bare state, without an ``AnimationContext``: the runtime's
    /// fast path for many springs (keep one `FluidSpringState<Double>` per scalar channel).
    /// Returns the offset (nil when finished) and whether the spring is logically complete.
    func advance<V: VectorArithmetic>(_ state: inout FluidSpringState<V>, value: V,
                                      time: TimeInterval) -> (offset: V?, isLogicallyComplete: Bool) {
        let response = effectiveResponse(at: time, state: state)
        let stepper = FluidSpringStepper(response: response, dampingFraction: dampingFraction)
        let isLogicallyComplete = time - state.startTime >= response
        state.time = FluidSpringStepper.catchUp(time: state.time, now: time)
        for _ in 0..<FluidSpringStepper.advance(time: &state.time, to: time) {
            stepper.step(offset: &state.offset, velocity: &state.velocity, force: &state.force, target: value)
        }

        let velocitySquared = state.velocity.magnitudeSquared
        let forceSquared = state.force.magnitudeSquared
        // Kinetic guard: a state that has overflowed or become NaN ends the animation.
        guard velocitySquared.isFinite, forceSquared.isFinite, state.offset.magnitudeSquared.isFinite else {
            return (nil, isLogicallyComplete)
        }
        let finished = FluidSpringStepper.isFinished(
            velocitySquared: velocitySquared, forceSquared: forceSquared,
            toleranceSquared: value.scaled(by: FluidSpringStepper.targetTolerance).magnitudeSquared,
            remainingSquared: (value - state.offset).magnitudeSquared)
        return (finished ? nil : state.offset, isLogicallyComplete)
    }

    /// The merge of ``shouldMerge(previous:value:time:context:)`` on a bare state: adopt the previous
    /// animation's `offset` and `velocity` where given (nil keeps the state's own), keep the force,
    /// restart the clocks at `time`, and blend from the previous spring's `response` when it differs.
    func take<V: VectorArithmetic>(over state: inout FluidSpringState<V>, offset: V?, velocity: V?,
                                   response previousResponse: Double?, time: TimeInterval) {
        if let velocity { state.velocity = velocity }
        if let offset { state.offset = offset }
        state.time = time
        state.startTime = time
        if let previousResponse, previousResponse != response {
            state.blendInterval = previousResponse - response
            state.blendStart = time
        }
    }
}

extension FluidSpringAnimation: CustomStringConvertible {
    /// `FluidSpringAnimation(response: 0.5, dampingFraction: 1.0, blendDuration: 0.0)`, as SwiftUI prints it.
    public var description: String {
        "FluidSpringAnimation(response: \(response), dampingFraction: \(dampingFraction), blendDuration: \(blendDuration))"
    }
}
