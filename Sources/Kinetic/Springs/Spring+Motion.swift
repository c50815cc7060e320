// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

extension Spring {
    /// The closed-form motion at `time` as coefficients: x(t) = T·a + v₀·b and
    /// v(t) = T·c + v₀·d, for a spring starting at 0 with velocity v₀ towards T (docs/ANIMATION.md §1.5).
    ///
    /// With e = e^(−λt) and ω₀² = λ² + ω|ω|, in every regime c = ω₀²·b:
    /// * under-damped (ω > 0): a = 1 − e(λ sin ωt / ω + cos ωt), b = e sin ωt / ω,
    ///   d = e (cos ωt − λ sin ωt / ω);
    /// * critical: a = 1 − e(1 + λt), b = e t, d = e (1 − λt);
    /// * over-damped (ω < 0), with the slow root r₁ = −ω − λ, the fast root r₂ = ω − λ,
    ///   E₁ = e^(r₁t), E₂ = e^(r₂t): a = 1 + ((λ − ω)E₁ + r₁E₂)/(2ω), b = −(E₁ − E₂)/(2ω),
    ///   d = −(r₁E₁ − r₂E₂)/(2ω), with the roots computed from ω₀ and ζ so that strongly
    ///   over-damped springs keep their slow root. While |ω|t < 1 the same functions are
    ///   evaluated in their hyperbolic form (the under-damped one with sinh, cosh and μ = |ω|),
    ///   which does not lose precision to E₁ − E₂ when the spring is nearly critical.
    ///
    /// The over-damped velocity is the true derivative of the value; SwiftUI's reference adds 1 to
    /// its target coefficient (docs/ANIMATION.md §9 #4), which Kinetic does not reproduce.
    package func motionCoefficients(time t: Double) -> (a: Double, b: Double, c: Double, d: Double) {
        let omega0 = naturalFrequency
        switch regime {
        case .free:
            return (0, t, 0, 1)
        case .rigid:
            return t > 0 ? (1, 0, 0, 0) : (0, 0, 0, 1)
        case .frozen:
            return t > 0 ? (0, 0, 0, 0) : (0, 0, 0, 1)
        case let .underDamped(omega, lambda):
            let e = exp(-lambda * t)
            let sinc = sin(omega * t) / omega
            let co = cos(omega * t)
            let b = e * sinc
            return (1 - e * (lambda * sinc + co), b, omega0 * (omega0 * b), e * (co - lambda * sinc))
        case let .critical(lambda):
            let e = exp(-lambda * t)
            return (1 - e * (1 + lambda * t), e * t, e * lambda * lambda * t, e * (1 - lambda * t))
        case let .overDamped(omega, lambda):
            let mu = -omega
            if mu * abs(t) < 1 {
                let e = exp(-lambda * t)
                let sinhc = sinh(mu * t) / mu
                let ch = cosh(mu * t)
                let b = e * sinhc
                return (1 - e * (lambda * sinhc + ch), b, omega0 * (omega0 * b), e * (ch - lambda * sinhc))
            }
            // The roots without cancellation: r₂ = ω − λ (a sum of two negatives) and, since
            // r₁·r₂ = ω₀², r₁ = ω₀²/r₂. (−ω − λ loses all digits of r₁ for large ζ, and can
            // even turn positive.) Then 2ω = r₂ − r₁ and λ − ω = −r₂.
            let fast = omega - lambda
            // λ + |ω| can overflow where each is finite: that much damping is the frozen limit.
            guard fast.isFinite else { return t > 0 ? (0, 0, 0, 0) : (0, 0, 0, 1) }
            let slow = omega0 * (omega0 / fast)
            let e1 = exp(slow * t)
            let e2 = exp(fast * t)
            let gap = slow - fast
            let b = (e1 - e2) / gap
            return (1 - (slow * e2 - fast * e1) / gap, b, omega0 * (omega0 * b), (slow * e1 - fast * e2) / gap)
        }
    }

    /// The value of the spring at `time` seconds, starting at zero with `initialVelocity`
    /// (value units per second) and moving towards `target` (docs/ANIMATION.md §1.5).
    ///
    /// Under-damped: `T − e^(−λt)·((λT − v₀)·sin(ωt)/ω + T·cos(ωt))`; critically damped:
    /// `T − e^(−λt)·(T + (λT − v₀)·t)`; over-damped: the two-exponential form of
    /// `motionCoefficients(time:)`. A rigid spring is at `target` for every t > 0, a frozen one
    /// stays at 0. Non-finite targets or velocities propagate (the result is NaN or infinite);
    /// nothing traps.
    public func value<V: VectorArithmetic>(target: V, initialVelocity: V = .zero, time: TimeInterval) -> V {
        let k = motionCoefficients(time: time)
        return Self.combine(target, k.a, initialVelocity, k.b)
    }

    /// The velocity of the spring at `time` seconds, in value units per second: the derivative of
    /// ``value(target:initialVelocity:time:)`` with respect to time (docs/ANIMATION.md §1.5).
    ///
    /// Under-damped: `e^(−λt)·((λT − v₀)(λ sin ωt − ω cos ωt)/ω + T(ω sin ωt + λ cos ωt))`;
    /// critically damped: `e^(−λt)·((λT − v₀)(λt − 1) + λT)`. Over-damped springs use the exact
    /// derivative (SwiftUI's reference adds the target to it, docs/ANIMATION.md §9 #4). `initialVelocity` at
    /// t = 0 in every regime; 0 for t > 0 for rigid and frozen springs.
    public func velocity<V: VectorArithmetic>(target: V, initialVelocity: V = .zero, time: TimeInterval) -> V {
        let k = motionCoefficients(time: time)
        return Self.combine(target, k.c, initialVelocity, k.d)
    }

    /// The force the spring exerts on its mass at `position` moving at `velocity`, pulled towards
    /// `target`: `k·(target − position) − c·velocity` (docs/ANIMATION.md §1.5), in mass × value units per second².
    ///
    /// k is ``stiffness`` = m·ω₀² and c is ``damping`` = 2mλ. SwiftUI's reference uses
    /// m(ω² + λ²) for k, which is wrong for over-damped springs (docs/ANIMATION.md §9 #5); Kinetic uses the
    /// correct stiffness, so `force / mass` is the acceleration of ``value(target:initialVelocity:time:)``.
    /// A rigid or frozen spring has an infinite coefficient, so its force is infinite or NaN.
    public func force<V: VectorArithmetic>(target: V, position: V, velocity: V) -> V {
        Self.combine(target - position, stiffness, velocity, -damping)
    }

    /// Advances a spring simulation by `deltaTime` seconds in closed form (docs/ANIMATION.md §1.5).
    ///
    /// With Δ = target − value: `velocity ← v(Δ, velocity, deltaTime)` and
    /// `value ← value + x(Δ, velocity, deltaTime)`, both from the velocity before the step. Because
    /// the solution is exact, any sequence of steps lands where one step of the total time would
    /// (up to rounding).
    public func update<V: VectorArithmetic>(value: inout V, velocity: inout V, target: V, deltaTime: TimeInterval) {
        let delta = target - value
        let k = motionCoefficients(time: deltaTime)
        let newVelocity = Self.combine(delta, k.c, velocity, k.d)
        value += Self.combine(delta, k.a, velocity, k.b)
        velocity = newVelocity
    }

    /// `u·p + w·q`, skipping a term whose coefficient is exactly 0 (so that a zero coefficient
    /// times an infinite vector does not turn into NaN).
    static func combine<V: VectorArithmetic>(_ u: V, _ p: Double, _ w: V, _ q: Double) -> V {
        var result = V.zero
        if p != 0 { result += u.scaled(by: p) }
        if q != 0 { result += w.scaled(by: q) }
        return result
    }
}
