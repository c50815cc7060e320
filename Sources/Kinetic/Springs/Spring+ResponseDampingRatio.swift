// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

extension Spring {
    /// A spring with a response time and a damping ratio (docs/ANIMATION.md §1.2).
    ///
    /// - Parameters:
    ///   - response: The stiffness of the spring as an approximate duration, in seconds:
    ///     k = (2π/response)² with mass 1.
    ///   - dampingRatio: ζ, the fraction of critical damping: 1 critically damped, < 1 bouncy,
    ///     > 1 over-damped. Not clamped above.
    ///
    /// `Spring(response: 0.5, dampingRatio: 0.825)` has ω = 7.101667 rad/s, λ = 10.367256 /s and
    /// bounce 0.175.
    ///
    /// Degenerate parameters (never trap): `response ≤ 0` or NaN gives a rigid spring (see
    /// ``init(duration:bounce:)``); a negative or NaN `dampingRatio` — a spring that would gain
    /// energy — is clamped to 0 (undamped), as `Spring(duration:bounce:)` clamps bounce above 1;
    /// `dampingRatio == +∞` gives a frozen spring.
    public init(response: Double, dampingRatio: Double) {
        let zeta = dampingRatio >= 0 ? dampingRatio : 0
        self.init(naturalFrequency: Self.naturalFrequency(period: response), dampingRatio: zeta, mass: 1)
    }

    /// The stiffness of the spring as an approximate duration, in seconds: `2π / ω₀`
    /// (docs/ANIMATION.md §1.3; the same as ``duration``).
    public var response: Double { duration }
}
