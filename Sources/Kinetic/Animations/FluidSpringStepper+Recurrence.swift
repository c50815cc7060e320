// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

extension FluidSpringStepper {
    /// The sub-step as a linear map of (x, v, a; D), so that n sub-steps fold into one map.
    ///
    /// Rows give x′, v′, a′ as combinations of x, v, a and the target D (which is unchanged),
    /// with g = k·h + c:
    ///
    ///     x′ = x + h·v + h·h/2·a
    ///     v′ = −h/2·k·x + (1 − h/2·g)·v + (h/2 − (h/2)²·g)·a + h/2·k·D
    ///     a′ = −k·x − g·v − h/2·g·a + k·D
    ///
    /// A folded map gives the same motion as stepping one sub-step at a time up to rounding (a few
    /// ulps per sub-step; not bit-identical). Use it when many springs share (k, c), e.g. a batch of
    /// channels driven by the same animation, and the per-frame sub-step count is known.
    struct Recurrence: Hashable, Sendable {
        /// Coefficients of x′, v′ and a′ over (x, v, a, D).
        var x: SIMD4<Double>
        var v: SIMD4<Double>
        var a: SIMD4<Double>

        /// The identity map (zero sub-steps).
        static let identity = Recurrence(x: [1, 0, 0, 0], v: [0, 1, 0, 0], a: [0, 0, 1, 0])

        init(x: SIMD4<Double>, v: SIMD4<Double>, a: SIMD4<Double>) {
            self.x = x
            self.v = v
            self.a = a
        }

        /// This map followed by `next`: (next ∘ self).
        func followed(by next: Recurrence) -> Recurrence {
            // Typed terms, summed left to right as before: the untyped literal made this one expression take
            // 2 s to type-check, half of the module's type-checking (`-warn-long-expression-type-checking`).
            func row(_ n: SIMD4<Double>) -> SIMD4<Double> {
                let target = SIMD4<Double>(0, 0, 0, n[3])
                let xTerm: SIMD4<Double> = n[0] * x, vTerm: SIMD4<Double> = n[1] * v, aTerm: SIMD4<Double> = n[2] * a
                return xTerm + vTerm + aTerm + target
            }
            return Recurrence(x: row(next.x), v: row(next.v), a: row(next.a))
        }

        /// This map applied `count` times (count ≤ 0 gives the identity), by repeated squaring.
        func repeated(_ count: Int) -> Recurrence {
            var result = Recurrence.identity
            var power = self
            var remaining = max(0, count)
            while remaining > 0 {
                if remaining & 1 == 1 { result = result.followed(by: power) }
                power = power.followed(by: power)
                remaining >>= 1
            }
            return result
        }

        /// Applies the map to a scalar spring's (offset, velocity, force) towards `target`.
        func apply(offset: inout Double, velocity: inout Double, force: inout Double, target: Double) {
            let state = SIMD4(offset, velocity, force, target)
            offset = (x * state).sum()
            velocity = (v * state).sum()
            force = (a * state).sum()
        }
    }

    /// One sub-step of this spring as a linear map.
    var recurrence: Recurrence {
        let h = Self.stepInterval, h2 = Self.halfStepInterval, k = stiffness
        let g = k * h + damping
        return Recurrence(
            x: [1, h, h * h2, 0],
            v: [-h2 * k, 1 - h2 * g, h2 - h2 * h2 * g, h2 * k],
            a: [-k, -g, -h2 * g, k])
    }
}
