// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

extension Spring {
    /// A spring that settles (to within `epsilon` by SwiftUI's envelope estimate) in about
    /// `settlingDuration` seconds, with the given damping ratio (docs/ANIMATION.md §1.2).
    ///
    /// - Parameters:
    ///   - settlingDuration: The settling time T in seconds, clamped to 0.01…10.
    ///   - dampingRatio: ζ, clamped to 2.2×10⁻¹⁶ (`ulpOfOne`)…1, so the spring is never over-damped.
    ///   - epsilon: The threshold ε for being at rest, as a fraction of the distance. Default 0.001.
    ///
    /// Solves for the natural frequency x = ω₀ with Newton's method, from x₀ = 5/T (12 steps) and,
    /// if that fails, from x₀ = 1/T (20 steps), stopping after a step of at most ε:
    /// * ζ < 1: f(x) = ε − ζ/√(1 − ζ²)·e^(−ζTx), f′(x) = ζ²T·e^(−ζTx)/√(1 − ζ²);
    /// * ζ = 1: f(x) = e^(−Tx)(Tx + 1) − ε, f′(x) = −T²x·e^(−Tx).
    ///
    /// The result has λ = ζx and ω = x√(1 − ζ²): `Spring(settlingDuration: 1, dampingRatio: 0.5)`
    /// has ω = 11.013157, λ = 6.358449. As in SwiftUI, the spring's own ``settlingDuration`` is
    /// *not* T (1.4 s for that spring): the two use different envelope estimates.
    ///
    /// Degenerate parameters (never trap): NaN settling durations and damping ratios are treated as
    /// their lower bounds; an `epsilon` that is not in 0<ε<1 is replaced by the default 0.001. When no
    /// positive frequency solves f (ζ below about ε, where the envelope starts below ε), the
    /// spring gets ω₀ = 2π/T, i.e. a response equal to the requested duration.
    public init(settlingDuration: TimeInterval, dampingRatio: Double, epsilon: Double = 0.001) {
        let duration = Self.clamp(settlingDuration, 0.01, 10)
        let zeta = Self.clamp(dampingRatio, .ulpOfOne, 1)
        let eps = epsilon > 0 && epsilon < 1 ? epsilon : 0.001
        let solved = Self.settlingFrequency(duration: duration, dampingRatio: zeta, epsilon: eps)
        let omega0 = solved ?? 2 * .pi / duration
        self.init(naturalFrequency: omega0, dampingRatio: zeta, mass: 1)
    }

    /// The Newton iteration of ``init(settlingDuration:dampingRatio:epsilon:)``: the positive root
    /// x = ω₀, or nil when neither start converges to one.
    private static func settlingFrequency(duration t: Double, dampingRatio zeta: Double, epsilon: Double) -> Double? {
        func step(_ x: Double) -> Double {
            if zeta < 1 {
                let root = (1 - zeta * zeta).squareRoot()
                let decay = exp(-zeta * t * x)
                let f = epsilon - abs(zeta / root * decay)
                let slope = zeta * zeta * t * decay / root
                return f / slope
            }
            let decay = exp(-t * x)
            let f = decay * (t * x + 1) - epsilon * (x > 0 ? 1 : (x < 0 ? -1 : 0))
            let slope = -t * t * x * decay
            return f / slope
        }
        for (start, iterations) in [(5 / t, 12), (1 / t, 20)] {
            var x = start
            for _ in 0..<iterations {
                let delta = step(x)
                x -= delta
                guard x.isFinite else { break }
                if abs(delta) <= epsilon {
                    if x > 0 { return x }
                    break
                }
            }
        }
        return nil
    }

    /// The time for the spring to settle from rest at distance 1:
    /// `settlingDuration(target: 1.0, initialVelocity: 0.0, epsilon: 0.001)`, in seconds (docs/ANIMATION.md §1.6).
    public var settlingDuration: TimeInterval {
        settlingDuration(target: 1.0, initialVelocity: 0.0, epsilon: 0.001)
    }

    /// The estimated time, in seconds, for the spring to come to rest within `epsilon`
    /// (value units) of `target`, starting at zero with `initialVelocity` (docs/ANIMATION.md §1.6).
    ///
    /// * Under-damped: the exponential envelope M·e^(−λt) with M = |λT − v₀| + |T| (vector
    ///   magnitudes) reaches ε at `max(0, −ln(ε/M)/λ)`.
    /// * Critically and over-damped: a scan of |x(t) − T| on a 0.1 s grid (at most 1024 samples):
    ///   the first sample below ε after which the samples stay below ε for more than 1 s. So the
    ///   result is a multiple of 0.1 s (0.8 for `Spring(duration: 0.5, bounce: 0)`).
    /// * No damping (λ = 0): +∞. A rigid spring: 0.
    ///
    /// Where no settling time exists — a non-finite target or velocity, ε ≤ 0, a frozen spring,
    /// or no settling within the 102.4 s scan — the result is +∞. (SwiftUI's reference returns 0
    /// when the scan ends, which would report a very slow spring as already settled.)
    public func settlingDuration<V: VectorArithmetic>(target: V, initialVelocity: V = .zero, epsilon: Double) -> TimeInterval {
        let targetMagnitude = target.magnitudeSquared.squareRoot()
        let velocityMagnitude = initialVelocity.magnitudeSquared.squareRoot()
        guard targetMagnitude.isFinite, velocityMagnitude.isFinite, epsilon > 0 else { return .infinity }
        switch regime {
        case .rigid:
            return 0
        case .free:
            return .infinity
        case let .underDamped(_, lambda):
            guard lambda > 0 else { return .infinity }
            let envelope = (target.scaled(by: lambda) - initialVelocity).magnitudeSquared.squareRoot() + targetMagnitude
            return max(0, -log(epsilon / envelope) / lambda)
        case .critical, .overDamped, .frozen:
            var settledSince: Double?
            for sample in 0..<1024 {
                let time = Double(sample) * 0.1
                let distance = (value(target: target, initialVelocity: initialVelocity, time: time) - target)
                    .magnitudeSquared.squareRoot()
                guard distance.isFinite else { return .infinity }
                if distance < epsilon {
                    guard let start = settledSince else {
                        settledSince = time
                        continue
                    }
                    if time - start > 1 { return start }
                } else {
                    settledSince = nil
                }
            }
            return .infinity
        }
    }

    /// `x` clamped to `lower…upper`; NaN becomes `lower`.
    static func clamp(_ x: Double, _ lower: Double, _ upper: Double) -> Double {
        x >= lower ? (x <= upper ? x : upper) : lower
    }
}
