// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// The animation a change gets when its transaction ``Transaction/tracksVelocity`` and has no
/// animation: the presentation follows the model exactly, while the changes are sampled so that a
/// following spring inherits their velocity. (docs/ANIMATION.md §5.5.)
///
/// * ``shouldMerge(previous:value:time:context:)`` always takes over and records the sample
///   (interval before the incoming change, elapsed time), so the estimate lags one change.
///   The first change counts as the sample (0, 0).
/// * ``animate(value:time:context:)`` returns `value` (no lag) until 2 s after the newest sample,
///   or until the tracked velocity (with at least two samples) is exactly zero.
/// * ``velocity(value:time:context:)`` = sampler velocity · 0.998^(1000·(t − t_newest)), a decay of
///   about 86 % per second since the newest sample.
///
/// Spec §9 #11 flags an inverted `isEmpty` test in OpenSwiftUI here; Kinetic ends the animation on
/// zero velocity only once two samples exist, so that tracking survives its first frame.
struct VelocityTrackingAnimation: CustomAnimation {
    /// Seconds after the newest sample after which tracking ends.
    static let sampleLifetime: TimeInterval = 2
    /// The per-millisecond decay of the reported velocity.
    static let decayPerMillisecond: Double = 0.998

    func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        var sampler = context.state[VelocityTrackingState<V>.self]
        if sampler.isEmpty {
            sampler.addSample(.zero, time: 0)
            context.state[VelocityTrackingState<V>.self] = sampler
        }
        if time - (sampler.lastSampleTime ?? 0) > Self.sampleLifetime { return nil }
        if sampler.count >= 2, sampler.velocity == .zero { return nil }
        return value
    }

    func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V? {
        let sampler = context.state[VelocityTrackingState<V>.self]
        let age = max(0, time - (sampler.lastSampleTime ?? 0))
        return sampler.velocity.scaled(by: pow(Self.decayPerMillisecond, 1000 * age))
    }

    func shouldMerge<V: VectorArithmetic>(
        previous: Animation, value: V, time: TimeInterval, context: inout AnimationContext<V>
    ) -> Bool {
        var sampler = context.state[VelocityTrackingState<V>.self]
        if sampler.isEmpty, previous.base is VelocityTrackingAnimation {
            sampler.addSample(.zero, time: 0)
        }
        sampler.addSample(value, time: time)
        context.state[VelocityTrackingState<V>.self] = sampler
        return true
    }
}

extension VelocityTrackingAnimation: CustomStringConvertible {
    var description: String { "VelocityTrackingAnimation()" }
}

/// The samples of a ``VelocityTrackingAnimation``.
enum VelocityTrackingState<V: VectorArithmetic>: AnimationStateKey {
    static var defaultValue: VelocitySampler<V> { VelocitySampler() }
}
