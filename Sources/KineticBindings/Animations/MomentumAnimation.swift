// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials
import Kinetic

/// A fling that keeps going and slows down (UIScrollView's deceleration), stopped at bounds by a spring that keeps its
/// velocity — the `momentum` release target's animation (docs/DAEMON.md, "Release targets").
///
/// Per component i, released moving at v₀ᵢ, with decay constant k (``DecelerationRate/decayConstant``): the natural
/// travel is Dᵢ = v₀ᵢ/k and the position, relative to the release, x(t) = Dᵢ·(1 − e^(−k·t)), velocity v₀ᵢ·e^(−k·t)
/// — closed form, so the velocity at release is the finger's and the value never overshoots. The animation's own
/// target (the change it animates, Cᵢ) is the natural rest clamped into the channel's bounds; where Cᵢ falls short of
/// Dᵢ the decay runs until it reaches Cᵢ, at t_b = −ln(1 − Cᵢ/Dᵢ)/k, and from there ``bounce`` (a spring) carries the
/// component past the bound and back with the velocity it had, k·(Dᵢ − Cᵢ). A component released already past its
/// bound and moving outward springs back from the start with its release velocity.
///
/// It ends (and the channel rests exactly on its target) once every decaying component is within ``restDistance``
/// of its rest and every spring has settled. Values other than `AnimatableVector` (a channel's type) decay along
/// the change as a whole.
public struct MomentumAnimation: CustomAnimation {
    /// k, per second.
    public var decayConstant: Double
    /// Dᵢ: the distance each component would travel without bounds (channel units).
    public var naturalTravel: [Double]
    /// The spring at a bound (Kinetic's choice: `Spring(duration: 0.4, bounce: 0)`, critically damped, as a scroll
    /// view's edge bounce comes back without oscillating).
    public var bounce: Spring
    /// How close to its rest a decaying component must be for the animation to end (channel units; 0.01).
    public var restDistance: Double

    /// The spring at a bound, by default.
    public static let defaultBounce = Spring(duration: 0.4, bounce: 0)

    /// A momentum animation with decay constant `decayConstant` (per second, above 0) and the components' natural
    /// travel.
    public init(decayConstant: Double, naturalTravel: [Double], bounce: Spring = MomentumAnimation.defaultBounce,
                restDistance: Double = 0.01) {
        self.decayConstant = decayConstant
        self.naturalTravel = naturalTravel
        self.bounce = bounce
        self.restDistance = restDistance
    }

    /// Where a component is at `t`, relative to the release, and how fast it moves, for change `c` and natural
    /// travel `d`; and whether it has come to rest.
    func component(change c: Double, natural d: Double, time t: Double) -> (value: Double, velocity: Double, done: Bool) {
        let k = decayConstant
        let sameWay = c != 0 && d != 0 && (c > 0) == (d > 0)
        if c == 0, d == 0 { return (0, 0, true) }
        if sameWay, abs(c) >= abs(d) * (1 - 1e-12) || k <= 0 {
            // Not stopped by a bound: the decay itself, ending at c (= d).
            let decay = exp(-k * t)
            return (c * (1 - decay), k * c * decay, abs(c) * decay <= restDistance)
        }
        var start = 0.0, base = 0.0, velocity = k * d
        if sameWay {
            // The decay reaches the bound at t_b, then the spring takes over with the velocity left.
            start = -log(1 - c / d) / k
            if t < start {
                let decay = exp(-k * t)
                return (d * (1 - decay), k * d * decay, false)
            }
            base = c
            velocity = k * (d - c)
        }
        // Otherwise released past its bound, or at rest off its target: the spring from the start, with the release
        // velocity.
        let s = t - start
        let value = base + bounce.value(target: c - base, initialVelocity: velocity, time: s)
        let speed = bounce.velocity(target: c - base, initialVelocity: velocity, time: s)
        return (value, speed, s >= bounce.settlingDuration)
    }

    /// The change's progress at `time`: per component as above; `nil` once everything rests.
    public func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        guard let vector = value as? AnimatableVector, vector.components.count == naturalTravel.count else {
            let decay = exp(-decayConstant * time)
            return decay * value.magnitudeSquared.squareRoot() <= restDistance ? nil : value.scaled(by: 1 - decay)
        }
        var done = true
        let components = vector.components.indices.map { i in
            let part = component(change: vector.components[i], natural: naturalTravel[i], time: time)
            done = done && part.done
            return part.value
        }
        return done ? nil : AnimatableVector(components) as? V
    }

    /// The rate of change of ``animate(value:time:context:)`` at `time`.
    public func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V? {
        guard let vector = value as? AnimatableVector, vector.components.count == naturalTravel.count else {
            return value.scaled(by: decayConstant * exp(-decayConstant * time))
        }
        return AnimatableVector(vector.components.indices.map { i in
            component(change: vector.components[i], natural: naturalTravel[i], time: time).velocity
        }) as? V
    }
}
