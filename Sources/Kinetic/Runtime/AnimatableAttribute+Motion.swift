// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// What an attribute will do from now on, as data: its model value, and the running animation's interval, begin time
/// and state in closed form where the animation has one. Kinetic's, not SwiftUI's: it lets another program evaluate
/// the motion at any later time exactly as the graph would (the daemon's motion descriptors, docs/PROTOCOL.md).
///
/// The presentation at graph time T ≥ ``AnimatableAttribute/motion``'s graph time is M + y − I with
/// y = ``term`` evaluated at the elapsed time T − t_b, or M once the term has finished (docs/ANIMATION.md §5.2).
public struct AttributeMotion<V: VectorArithmetic> {
    /// M: the model value.
    public var model: V
    /// I: the interval the animation moves through; zero when idle.
    public var interval: V
    /// t_b: the animation's begin time, graph seconds.
    public var beginTime: TimeInterval
    /// The animation, `nil` when idle (the presentation is the model).
    public var term: MotionTerm<V>?

    /// Seconds: a graph advanced by more than this in one step makes its running fluid springs catch up (they jump to
    /// 1/60 s before the new time, docs/ANIMATION.md §2.3) instead of running the step, so a motion taken before
    /// the step no longer gives the graph's values after it.
    public static var catchUpLimit: TimeInterval { FluidSpringStepper.catchUpLimit }
}

/// One animation of an ``AttributeMotion``, with the state it carries between evaluations.
public indirect enum MotionTerm<V: VectorArithmetic> {
    /// A fluid spring (``FluidSpringAnimation``, `.default` included) and its integrator's state.
    case fluidSpring(FluidSpringMotion<V>)
    /// A timing curve: y = value·curve(clamp(t/duration, 0, 1)), finished once t > duration.
    case timingCurve(BezierAnimation)
    /// Animations that did not merge, run as a chained interpolation (`DefaultCombiningAnimation`).
    case combined([CombinedMotion<V>])
    /// Any other animation, which the caller may recognise (its own `CustomAnimation`), or `reason` says why it has no
    /// closed form here.
    case other(Animation, reason: String)
}

/// A fluid spring's integrator as it stands: evaluate it with `FluidSpringStepper`'s sub-steps on the clock grid
/// (repeated addition of 1/300 s from ``clock``) and its stop rule.
public struct FluidSpringMotion<V: VectorArithmetic> {
    /// The animation.
    public var animation: FluidSpringAnimation
    /// k, 1/s², of the spring's response once no blend runs.
    public var stiffness: Double
    /// c = 2f√k, 1/s.
    public var damping: Double
    /// x: the offset from the start, value units.
    public var offset: V
    /// v, value units per second.
    public var velocity: V
    /// a of the last sub-step, value units per second².
    public var force: V
    /// tₛ: the sub-step clock, seconds since the animation's begin time (or its combination entry's start).
    public var clock: Double
    /// Whether a response blend runs at the motion's time: the stiffness then changes with each evaluation's time, so
    /// the values depend on when the graph is evaluated and have no closed form.
    public var isBlending: Bool
}

/// An entry of a combined motion: Rᵢ = Rᵢ₋₁ + term(Tᵢ − Rᵢ₋₁, t − sᵢ), or Tᵢ once the term has finished.
public struct CombinedMotion<V: VectorArithmetic> {
    /// sᵢ, seconds since the combination began.
    public var startTime: TimeInterval
    /// Tᵢ, the cumulative interval.
    public var target: V
    /// The entry's animation; `nil` once it has finished.
    public var term: MotionTerm<V>?
}

extension AnimatableAttribute {
    /// The attribute's motion from the graph's current time on (``AttributeMotion``).
    public var motion: AttributeMotion<Value.AnimatableData> {
        guard let animator else { return AttributeMotion(model: modelData, interval: .zero, beginTime: 0, term: nil) }
        let elapsed = (graph?.time ?? animator.beginTime) - animator.beginTime
        if let lane = laneSpringState() {
            let motion = FluidSpringMotion(spring: lane.animation, state: lane.state, elapsed: elapsed)
            return AttributeMotion(model: modelData, interval: lane.interval, beginTime: animator.beginTime,
                                   term: .fluidSpring(motion))
        }
        let term: MotionTerm<Data>
        if animator.frameInterval > 0 {
            term = .other(animator.animation, reason: "the animation is quantised to a frame interval")
        } else {
            term = MotionTerm(animator.animation, state: animator.context.state, elapsed: elapsed)
        }
        return AttributeMotion(model: modelData, interval: animator.interval, beginTime: animator.beginTime, term: term)
    }

    /// The lane's spring as the generic path would hold it — its state, the interval the lane's targets hold, the
    /// key's animation and logical completion — or `nil` when the attribute is not on a lane.
    func laneSpringState() -> (state: FluidSpringState<Data>, interval: Data, animation: FluidSpringAnimation,
                               isLogicallyComplete: Bool)? {
        guard let group = laneGroup, let codec = animator?.laneCodec else { return nil }
        let key = group.key, dimension = group.dimension, lane = laneIndex
        var springState = FluidSpringState<Data>()
        withUnsafeTemporaryAllocation(of: Double.self, capacity: dimension) { x in
            for j in 0..<dimension { x[j] = group.offset(lane, j) + group.target(lane, j) }
            springState.offset = codec.read(UnsafePointer(x.baseAddress!), dimension)
        }
        springState.velocity = group.read(lane, component: 1) { codec.read($0, dimension) }
        springState.force = group.read(lane, component: 2) { codec.read($0, dimension) }
        springState.time = key.clock
        springState.startTime = key.startTime
        springState.blendStart = key.blendStart
        springState.blendInterval = key.blendInterval
        let interval = codec.read(group.targets.base + lane * dimension, dimension)
        return (springState, interval, key.animation, key.isLogicallyComplete)
    }
}

extension FluidSpringMotion {
    /// The motion of `spring` with `state` at `elapsed` seconds.
    init(spring: FluidSpringAnimation, state: FluidSpringState<V>, elapsed: Double) {
        let stepper = FluidSpringStepper(response: spring.response, dampingFraction: spring.dampingFraction)
        self.init(animation: spring, stiffness: stepper.stiffness, damping: stepper.damping, offset: state.offset,
                  velocity: state.velocity, force: state.force, clock: state.time,
                  isBlending: SpringLaneGroup.isBlending(spring, blendStart: state.blendStart,
                                                         blendInterval: state.blendInterval, elapsed: elapsed))
    }
}

extension MotionTerm {
    /// The term of `animation` with its `state`, at `elapsed` seconds of its own time.
    init(_ animation: Animation, state: AnimationState<V>, elapsed: Double) {
        if let spring = animation.base as? FluidSpringAnimation ?? (animation.base as? DefaultAnimation)?.base {
            self = .fluidSpring(FluidSpringMotion(spring: spring, state: state[FluidSpringState<V>.self], elapsed: elapsed))
        } else if let curve = animation.base as? BezierAnimation {
            self = .timingCurve(curve)
        } else if let combining = animation.base as? DefaultCombiningAnimation {
            let states = state[CombinedAnimationState<V>.self].entries
            guard states.count == combining.entries.count else {
                self = .other(animation, reason: "the combination has not been evaluated yet")
                return
            }
            self = .combined(zip(combining.entries, states).map { entry, entryState in
                CombinedMotion(startTime: entry.startTime, target: entryState.target,
                               term: entryState.state.map { MotionTerm(entry.animation, state: $0, elapsed: elapsed - entry.startTime) })
            })
        } else {
            self = .other(animation, reason: "\(type(of: animation.base)) has no closed form here")
        }
    }
}

extension AttributeMotion {
    /// The same motion of a value carried through `transform`, which must be linear (a change of units, a vector's
    /// components): the model, the interval and the springs' state are mapped, the times and curves kept. Lets an
    /// attribute of one type be described as another's (a `CGSize` scale as two numbers, an angle in degrees).
    public func mapped<W: VectorArithmetic>(_ transform: (V) -> W) -> AttributeMotion<W> {
        AttributeMotion<W>(model: transform(model), interval: transform(interval), beginTime: beginTime,
                           term: term.map { $0.mapped(transform) })
    }
}

extension MotionTerm {
    /// The term with its values carried through the linear `transform` (``AttributeMotion/mapped(_:)``).
    public func mapped<W: VectorArithmetic>(_ transform: (V) -> W) -> MotionTerm<W> {
        switch self {
        case .fluidSpring(let spring):
            return .fluidSpring(FluidSpringMotion<W>(animation: spring.animation, stiffness: spring.stiffness,
                                                     damping: spring.damping, offset: transform(spring.offset),
                                                     velocity: transform(spring.velocity), force: transform(spring.force),
                                                     clock: spring.clock, isBlending: spring.isBlending))
        case .timingCurve(let curve):
            return .timingCurve(curve)
        case .combined(let entries):
            return .combined(entries.map {
                CombinedMotion<W>(startTime: $0.startTime, target: transform($0.target), term: $0.term.map { $0.mapped(transform) })
            })
        case .other(let animation, let reason):
            return .other(animation, reason: reason)
        }
    }
}
