// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// The persistent state of a ``FluidSpringAnimation`` (SwiftUI's `SpringState<V>`), kept in
/// ``AnimationState`` between evaluations and handed over on merges. (docs/ANIMATION.md §2.3.)
///
/// Vectors are offsets from the animation's start, in value units; times are seconds since the
/// animation began.
struct FluidSpringState<V: VectorArithmetic>: AnimationStateKey {
    /// Offset x travelled from the start, value units.
    var offset: V = .zero
    /// Velocity v, value units per second.
    var velocity: V = .zero
    /// Force (acceleration) a of the last sub-step, value units per second².
    var force: V = .zero
    /// The sub-step clock tₛ: the time up to which the spring has been integrated.
    var time: Double = 0
    /// t₀: when the current (possibly merged) spring started; logical completion is r after it.
    var startTime: Double = 0
    /// t_b: when the response blend started.
    var blendStart: Double = 0
    /// Δr: the previous response minus this one, seconds; 0 when not blending.
    var blendInterval: Double = 0

    init() {}

    static var defaultValue: FluidSpringState<V> { FluidSpringState() }
}
