// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

extension Spring {
    /// The value at `time` seconds of a spring moving an ``Animatable`` value from `fromValue`
    /// towards `toValue` with `initialVelocity` (its animatable data in units per second).
    ///
    /// Operates on the animatable data: `from + x(to − from, v₀, t)` (docs/ANIMATION.md §1.5, inferred; SwiftUI
    /// documents the overload without its formula). Non-animatable parts come from `fromValue`.
    public func value<V: Animatable>(fromValue: V, toValue: V, initialVelocity: V, time: TimeInterval) -> V {
        var result = fromValue
        result.animatableData = fromValue.animatableData + value(
            target: toValue.animatableData - fromValue.animatableData,
            initialVelocity: initialVelocity.animatableData, time: time)
        return result
    }

    /// The velocity at `time` seconds of a spring moving from `fromValue` towards `toValue`, as a
    /// value whose animatable data is the velocity (units per second), built from `fromValue`.
    public func velocity<V: Animatable>(fromValue: V, toValue: V, initialVelocity: V, time: TimeInterval) -> V {
        var result = fromValue
        result.animatableData = velocity(
            target: toValue.animatableData - fromValue.animatableData,
            initialVelocity: initialVelocity.animatableData, time: time)
        return result
    }

    /// The force on a spring at `position` (an absolute value, like `toValue`) moving at
    /// `velocity`, pulled towards `toValue`: `k·(to − position) − c·velocity` on the animatable
    /// data, as a value built from `fromValue`.
    public func force<V: Animatable>(fromValue: V, toValue: V, position: V, velocity: V) -> V {
        var result = fromValue
        result.animatableData = force(
            target: toValue.animatableData, position: position.animatableData,
            velocity: velocity.animatableData)
        return result
    }

    /// The settling time, in seconds, of a spring moving from `fromValue` towards `toValue` with
    /// `initialVelocity`: ``settlingDuration(target:initialVelocity:epsilon:)`` of the animatable
    /// data's delta `to − from`.
    public func settlingDuration<V: Animatable>(
        fromValue: V, toValue: V, initialVelocity: V, epsilon: Double
    ) -> TimeInterval {
        settlingDuration(
            target: toValue.animatableData - fromValue.animatableData,
            initialVelocity: initialVelocity.animatableData, epsilon: epsilon)
    }
}
