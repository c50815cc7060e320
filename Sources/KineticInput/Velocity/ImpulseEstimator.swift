// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// Android's impulse estimator (docs/INPUT.md §5.1): the screen is a unit mass pushed by the finger, and the
/// velocity is the one implied by the kinetic energy the segments put into it.
enum ImpulseEstimator {
    /// With segment velocities vᵢ = Δxᵢ/Δtᵢ in time order: W += (vᵢ − sign(W)·√(2|W|))·|vᵢ|, with W halved after
    /// the first segment (the finger is assumed already moving); v = sign(W)·√(2|W|). 0 with fewer than 2 samples.
    static func velocity(of samples: ArraySlice<VelocitySample>) -> Double {
        guard samples.count >= 2 else { return 0 }
        var work = 0.0
        var first = true
        var previous = samples[samples.startIndex]
        for sample in samples.dropFirst() {
            let dt = sample.time - previous.time
            defer { previous = sample }
            guard dt > 0 else { continue }
            let v = (sample.position - previous.position) / dt
            let vPrevious = kineticVelocity(work)
            work += (v - vPrevious) * abs(v)
            if first {
                work *= 0.5
                first = false
            }
        }
        return kineticVelocity(work)
    }

    /// sign(W)·√(2|W|).
    private static func kineticVelocity(_ work: Double) -> Double {
        (work < 0 ? -1 : 1) * (2 * abs(work)).squareRoot()
    }
}
