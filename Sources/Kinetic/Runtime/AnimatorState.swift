// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// The running animation of one attribute: SwiftUI's `AnimatorState`. (docs/ANIMATION.md §5.2–§5.3.)
///
/// * ``interval`` I: the whole delta the animation moves through (model change, accumulated over
///   every later animated change).
/// * ``beginTime`` t_b: graph time of the first change; merges and combines keep it, so elapsed
///   times continue from the original start.
/// * Presentation at graph time T with model M: y = A.animate(value: I, time: T − t_b);
///   presented = M + y − I; `nil` ends the animation (presented = M).
///
/// Deviation from SwiftUI (documented, docs/ANIMATION.md §5.2): SwiftUI's start-up phases re-display the first
/// frame (its clock effectively starts a frame late) and clamp a hitch in the second frame. Those are
/// artefacts of its frame pipeline; Kinetic begins the animation exactly at the graph time of the
/// change, so elapsed = T − t_b at every ``AnimationGraph/advance(to:)``.
///
/// A class: an attribute owns exactly one, and updating it in place avoids copying its context
/// and listener arrays on every frame and change.
@usableFromInline
final class AnimatorState<V: VectorArithmetic> {
    var animation: Animation
    var context: AnimationContext<V>
    /// I, value units.
    var interval: V
    /// t_b, graph seconds.
    var beginTime: TimeInterval
    /// y of the last evaluation (P): the offset from the start, value units.
    var offset: V = .zero
    /// q, seconds: the quantised frame interval; 0 evaluates at every update (docs/ANIMATION.md §5.2).
    var frameInterval: TimeInterval = 0
    /// nextTime, graph seconds: with q > 0, updates at or before nextTime − q/2 re-show P.
    var nextTime: TimeInterval
    /// Graph time of the last evaluation (the time of the presented P), seconds.
    var evaluationTime: TimeInterval
    /// The change's ``Transaction/animationReason``, kept only while q < 1/60 s.
    var reason: UInt32?
    /// Registrations waiting for logical completion of the *current* change's animation.
    var logicalListeners: [AnimationCompletion] = []
    /// Registrations waiting for this state to be dropped.
    var removalListeners: [AnimationCompletion] = []
    /// How the grouped path stores `V` in lanes, or `nil` when it cannot (``SpringLaneCodec/codec()``).
    /// Made on first use: a spring started on a lane by the inlined path (``AnimatableAttribute/startLane(to:spring:)``)
    /// needs it only when it leaves the lane or is read generically.
    lazy var laneCodec = SpringLaneCodec<V>.codec()

    @usableFromInline
    init(animation: Animation, interval: V, beginTime: TimeInterval, environment: EnvironmentValues) {
        self.animation = animation
        self.context = AnimationContext(environment: environment)
        self.interval = interval
        self.beginTime = beginTime
        self.nextTime = beginTime
        self.evaluationTime = beginTime
    }

    /// Counts the change's completion registrations and files them by criteria (docs/ANIMATION.md §6.4).
    func attach(_ completions: [AnimationCompletion]) {
        for completion in completions where !completion.hasFired {
            completion.animationWasAdded()
            switch completion.criteria.storage {
            case .logicallyComplete: logicalListeners.append(completion)
            case .removed: removalListeners.append(completion)
            }
        }
    }

    /// The offset of the presentation from the model: y − I.
    var presentationOffset: V { offset - interval }

    /// Evaluates at graph time `time`; `false` when the animation is over (it returned `nil`, or a
    /// value that is not finite, which Kinetic never presents).
    func evaluate(at time: TimeInterval) -> Bool {
        if isHeld(at: time) { return true }
        if frameInterval > 0 { nextTime = ((time / frameInterval).rounded(.down) + 1) * frameInterval }
        evaluationTime = time
        let elapsed = max(0, time - beginTime)
        guard let y = animation.animate(value: interval, time: elapsed, context: &context),
              y.magnitudeSquared.isFinite else { return false }
        offset = y
        if let combining = animation.base as? DefaultCombiningAnimation,
           let pruned = combining.pruned(state: &context.state) {
            animation = Animation(pruned)
        }
        return true
    }

    /// The presentation velocity at graph time `time`, value units per second, when the animation
    /// reports one: dy/dt, since the presentation is M + y − I. With a frame interval the presented
    /// P is the last evaluation's, so the velocity is the one at that evaluation's time.
    func velocity(at time: TimeInterval) -> V? {
        let shownTime = frameInterval > 0 ? evaluationTime : time
        return animation.velocity(value: interval, time: max(0, shownTime - beginTime), context: context)
    }
}
