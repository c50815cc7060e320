// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// An animation played `speed` times as fast: `animation.speed(_:)`. (docs/ANIMATION.md §2.7.)
///
/// The base is evaluated at t′ = t·speed, so durations scale by 1/speed. No velocity is reported
/// (as in SwiftUI). It merges only with a previous ``SpeedAnimation`` of the same speed whose base
/// merges, at the scaled time.
///
/// As in SwiftUI, speed 0 freezes the base at its start, and a negative speed evaluates it at
/// negative times (timing curves and springs then hold the start); neither finishes until replaced.
/// A NaN speed is ignored (treated as 1) so the animation cannot stall on NaN times.
public struct SpeedAnimation: CustomAnimation {
    /// The animation played faster or slower.
    public var base: Animation
    /// The speed factor (1 = unchanged, 2 = twice as fast).
    public var speed: Double

    /// `base`, played `speed` times as fast: the base sees time′ = time·speed seconds (docs/ANIMATION.md §2.7).
    public init(base: Animation, speed: Double) {
        self.base = base
        self.speed = speed
    }

    /// t′ = t·speed, seconds.
    func baseTime(_ time: TimeInterval) -> TimeInterval {
        time * (speed.isNaN ? 1 : speed)
    }

    /// The base's offset at the scaled time.
    public func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        base.animate(value: value, time: baseTime(time), context: &context)
    }

    /// Merges when `previous` is a ``SpeedAnimation`` with the same speed and the bases merge.
    public func shouldMerge<V: VectorArithmetic>(
        previous: Animation, value: V, time: TimeInterval, context: inout AnimationContext<V>
    ) -> Bool {
        guard let previous = previous.base as? SpeedAnimation, previous.speed == speed else { return false }
        return base.shouldMerge(previous: previous.base, value: value, time: baseTime(time), context: &context)
    }
}

extension SpeedAnimation: CustomStringConvertible {
    /// `SpeedAnimation(base: …, speed: 2.0)`.
    public var description: String { "SpeedAnimation(base: \(base), speed: \(speed))" }
}
