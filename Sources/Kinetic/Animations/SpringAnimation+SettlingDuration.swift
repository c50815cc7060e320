// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

extension SpringAnimation {
    /// How long the spring takes to settle within `epsilon` (a fraction of the interval) of the
    /// target, seconds. (docs/ANIMATION.md §2.4, §1.6.) ε′ = max(ε, 10⁻⁶).
    ///
    /// * ζ = 0: +∞ (it never settles).
    /// * ζ < 1: max(−ln(ε′/(1 + |B|)) / (ζω₀), 1 s), the time the envelope (1 + |B|)e^(−ζω₀t) needs to
    ///   fall below ε′. OpenSwiftUI divides by ζ/ω₀ instead of ζω₀ (e.g. 147 s instead of 1.47 s for
    ///   k = 100, c = 10; docs/ANIMATION.md §9 #6); Kinetic uses the dimensionally correct form. It only decides
    ///   when the animation is removed: the value is within ε′ of the target by then either way.
    /// * ζ ≥ 1 (and anything else): scans t = 0, 0.1, 0.2, … (at most 1024 samples) for the first
    ///   time t* with |1 − p(t)| < ε′ that stays below for more than 1 s, and returns t*; the last
    ///   recorded t* (0 if none) when the scan ends or p(t) stops being finite.
    public func settlingDuration(epsilon: Double) -> TimeInterval {
        let epsilon = max(epsilon, 1e-6)
        let zeta = dampingRatio, omega0 = naturalFrequency
        if zeta == 0 { return .infinity }
        if zeta < 1 {
            let decay = zeta * omega0
            let b = (decay - initialVelocity) / (omega0 * (1 - zeta * zeta).squareRoot())
            let settle = -log(epsilon / (1 + abs(b))) / decay
            return settle.isNaN ? 0 : max(settle, 1)
        }
        return scanSettlingTime(epsilon: epsilon)
    }

    /// The 0.1-s grid scan of docs/ANIMATION.md §1.6 on |1 − p(t)|.
    private func scanSettlingTime(epsilon: Double) -> TimeInterval {
        var settledAt: Double?
        for sample in 0..<1024 {
            let time = Double(sample) * 0.1
            let distance = abs(1 - fraction(at: time).value)
            guard distance.isFinite else { break }
            if distance < epsilon {
                if let start = settledAt {
                    if time - start > 1 { return start }
                } else {
                    settledAt = time
                }
            } else {
                settledAt = nil
            }
        }
        return settledAt ?? 0
    }
}
