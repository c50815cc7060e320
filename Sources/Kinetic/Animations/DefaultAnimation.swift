// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// The animation `withAnimation` uses when none is given: a critically damped fluid spring with
/// response **0.55 s**, damping fraction 1.0 and no blend — the constant Apple documents for
/// `Animation.default` since iOS 17. (docs/ANIMATION.md §2.2.)
///
/// OpenSwiftUI instead resolves it to `.spring` (response 0.5 s); the difference is unmeasured
/// (docs/ANIMATION.md §9 #1), and Kinetic follows the documentation. With response 0.55 a move of 1 unit
/// finishes after 0.8833 s and a move of 100 units after 1.3833 s (0.8333 s / 1.2667 s for 0.5).
///
/// It has no stored properties, so it prints as `DefaultAnimation()` like SwiftUI's, and it
/// forwards `animate`, `velocity` and `shouldMerge` to ``base``.
public struct DefaultAnimation: CustomAnimation {
    /// The default animation.
    public init() {}

    /// The spring it runs: `FluidSpringAnimation(response: 0.55, dampingFraction: 1.0, blendDuration: 0.0)`.
    public var base: FluidSpringAnimation {
        FluidSpringAnimation(response: 0.55, dampingFraction: 1, blendDuration: 0)
    }

    /// ``base``'s offset at `time` seconds.
    public func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        base.animate(value: value, time: time, context: &context)
    }

    /// ``base``'s velocity, value units per second.
    public func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V? {
        base.velocity(value: value, time: time, context: context)
    }

    /// ``base``'s merge rule: always takes over.
    public func shouldMerge<V: VectorArithmetic>(
        previous: Animation, value: V, time: TimeInterval, context: inout AnimationContext<V>
    ) -> Bool {
        base.shouldMerge(previous: previous, value: value, time: time, context: &context)
    }
}

extension Animation {
    /// The default animation, ``DefaultAnimation``: a fluid spring with response 0.55 s, damping
    /// fraction 1.0, blend 0. (docs/ANIMATION.md §2.2.)
    public static var `default`: Animation { Animation(DefaultAnimation()) }
}
