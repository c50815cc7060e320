// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// What a fluid spring's state shares with every spring it can be stepped with: the animation's
/// parameters, the dimension, and the whole clock (begin time, sub-step clock tₛ, start time t₀,
/// blend bookkeeping, logical-completion flag — see ``FluidSpringState``). Springs with equal keys
/// take the same number of sub-steps at every frame, so one folded recurrence advances them all.
@usableFromInline
struct SpringLaneKey: Hashable {
    var animation: FluidSpringAnimation
    var dimension: Int
    /// t_b, graph seconds: elapsed times are measured from it.
    var beginTime: TimeInterval
    /// tₛ, seconds since t_b.
    var clock: Double
    /// t₀, seconds since t_b.
    var startTime: Double
    var blendStart: Double
    var blendInterval: Double
    var isLogicallyComplete: Bool

    /// A key from each of its parts.
    @usableFromInline
    init(animation: FluidSpringAnimation, dimension: Int, beginTime: TimeInterval, clock: Double, startTime: Double,
         blendStart: Double, blendInterval: Double, isLogicallyComplete: Bool) {
        self.animation = animation
        self.dimension = dimension
        self.beginTime = beginTime
        self.clock = clock
        self.startTime = startTime
        self.blendStart = blendStart
        self.blendInterval = blendInterval
        self.isLogicallyComplete = isLogicallyComplete
    }
}
