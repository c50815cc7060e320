// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// The per-sub-step mathematics of ``FluidSpringAnimation``: a damped spring of mass 1 integrated
/// at a fixed 300 Hz with kick–drift–kick (velocity Verlet, damping taken at the half-step
/// velocity). (docs/ANIMATION.md §2.3 steps 2, 5 and 6.)
///
/// One sub-step of length h = 1/300 s towards `target` D (value units), with stiffness k (1/s²)
/// and damping coefficient c = 2f√k (1/s):
///
///     v½ = v + a·h/2
///     x  ← x + v½·h
///     a  ← −c·v½ + k·(D − x)
///     v  ← v½ + a·h/2
///
/// The recurrence is linear in (x, v, a, D), so many springs with the same (k, c) can be advanced
/// together, and n sub-steps can be folded into one ``Recurrence`` (see ``recurrence``).
/// The runtime reuses this type to step large numbers of scalar springs without going through
/// `AnimationContext`; ``FluidSpringAnimation`` uses the generic ``step(offset:velocity:force:target:)``.
@usableFromInline
struct FluidSpringStepper: Hashable, Sendable {
    /// The sub-step length h, seconds (300 Hz).
    static let stepInterval: Double = 1.0 / 300
    /// h/2, seconds.
    static let halfStepInterval: Double = 1.0 / 600
    /// The largest stiffness used, 1/s²: (τ/r)² is capped here, and r ≤ 0 gives this cap (docs/ANIMATION.md §9 #3).
    static let maximumStiffness: Double = 45_000
    /// If the sub-step clock lags the requested time by more than this (seconds), it jumps ahead…
    static let catchUpLimit: Double = 1.0
    /// …to this many seconds before the requested time (one 60 Hz frame).
    static let catchUpInterval: Double = 1.0 / 60
    /// The spring may stop when max(|v|², |a|²) ≤ this (|v| ≤ 0.06 units/s and |a| ≤ 0.06 units/s²).
    static let restThresholdSquared: Double = 0.0036
    /// …unless it is still further than this fraction of the whole interval from the target.
    @inlinable static var targetTolerance: Double { 0.01 }

    /// Stiffness k, 1/s² (mass 1).
    let stiffness: Double
    /// Damping coefficient c = 2f√k, 1/s (mass 1).
    let damping: Double

    /// A stepper for a spring of the given (effective) response r (seconds) and damping fraction f:
    /// k = min((τ/r)², 45 000) with (τ/r)² = +∞ when r ≤ 0, c = 2f√k.
    init(response: Double, dampingFraction: Double) {
        let k = Self.stiffness(response: response)
        self.init(stiffness: k, damping: 2 * dampingFraction * k.squareRoot())
    }

    /// A stepper with explicit stiffness (1/s²) and damping coefficient (1/s).
    init(stiffness: Double, damping: Double) {
        self.stiffness = stiffness
        self.damping = damping
    }

    /// k = min((2π/r)², 45 000), where r ≤ 0 (or NaN) counts as an infinitely stiff spring and so gets the cap.
    static func stiffness(response: Double) -> Double {
        // SwiftUI uses +∞ for r ≤ 0 and lets the cap bound it (docs/ANIMATION.md §9 #3); OpenSwiftUI's 1.0 is a bug.
        let k = response > 0 ? (2 * Double.pi / response) * (2 * Double.pi / response) : Double.infinity
        return min(k, maximumStiffness)
    }

    /// One sub-step of any vector type; arithmetic in exactly the order of the type's doc comment.
    func step<V: VectorArithmetic>(offset x: inout V, velocity v: inout V, force a: inout V, target: V) {
        var halfVelocity = a.scaled(by: Self.halfStepInterval)
        halfVelocity += v
        x += halfVelocity.scaled(by: Self.stepInterval)
        a = (target - x).scaled(by: stiffness) - halfVelocity.scaled(by: damping)
        v = halfVelocity + a.scaled(by: Self.halfStepInterval)
    }

    /// One sub-step of a scalar spring; bit-identical to the generic form with `V == Double`.
    func step(offset x: inout Double, velocity v: inout Double, force a: inout Double, target: Double) {
        let halfVelocity = v + a * Self.halfStepInterval
        x += halfVelocity * Self.stepInterval
        a = (target - x) * stiffness - halfVelocity * damping
        v = halfVelocity + a * Self.halfStepInterval
    }

    /// Advances the sub-step clock `time` towards `now` the way SwiftUI does: `time` grows by repeated
    /// addition of h while `time < now`, so it lands on the first accumulated grid point ≥ `now`
    /// (floating-point accumulation occasionally gives one extra sub-step). Returns the number of
    /// sub-steps to take. Apply the catch-up rule (``catchUp(time:now:)``) first.
    static func advance(time: inout Double, to now: Double) -> Int {
        var count = 0
        while time < now {
            time += stepInterval
            count += 1
        }
        return count
    }

    /// The catch-up rule: a sub-step clock more than 1 s behind `now` restarts 1/60 s before it,
    /// bounding the work of one evaluation to 300 sub-steps.
    static func catchUp(time: Double, now: Double) -> Double {
        now - time > catchUpLimit ? now - catchUpInterval : time
    }

    /// The stop rule (docs/ANIMATION.md §2.3 step 6) on squared magnitudes: finished when
    /// max(|v|², |a|²) ≤ 0.0036 and not (0 < |0.01·D|² < |D − x|²).
    static func isFinished(velocitySquared: Double, forceSquared: Double,
                           toleranceSquared: Double, remainingSquared: Double) -> Bool {
        guard max(velocitySquared, forceSquared) <= restThresholdSquared else { return false }
        return !(toleranceSquared > 0 && toleranceSquared < remainingSquared)
    }
}
