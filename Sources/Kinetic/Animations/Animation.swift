// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// An animation: a hashable value wrapping any ``CustomAnimation``.
///
/// Built-ins are static members (`.spring`, `.easeInOut(duration:)`, …); custom ones are
/// wrapped with ``init(_:)``. Two animations are equal when they wrap equal values of the
/// same type. (docs/ANIMATION.md §4.)
public struct Animation: Hashable, Sendable {
    /// The wrapped animation.
    public let base: any CustomAnimation

    public init<A: CustomAnimation>(_ base: A) {
        // Re-wrapping an Animation-valued base would only add indirection.
        self.base = base
    }

    /// Forwards to the wrapped animation's ``CustomAnimation/animate(value:time:context:)``: the offset (value units)
    /// reached `time` seconds after the animation began towards the delta `value`, or nil when finished (docs/ANIMATION.md §4).
    public func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        base.animate(value: value, time: time, context: &context)
    }

    /// Forwards to the wrapped animation's ``CustomAnimation/velocity(value:time:context:)``: the velocity in value
    /// units per second at `time` seconds, or nil when the animation does not track velocity (docs/ANIMATION.md §4).
    public func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V? {
        base.velocity(value: value, time: time, context: context)
    }

    /// Forwards to the wrapped animation's ``CustomAnimation/shouldMerge(previous:value:time:context:)``.
    public func shouldMerge<V: VectorArithmetic>(
        previous: Animation, value: V, time: TimeInterval, context: inout AnimationContext<V>
    ) -> Bool {
        base.shouldMerge(previous: previous, value: value, time: time, context: &context)
    }

    public static func == (lhs: Animation, rhs: Animation) -> Bool {
        func equals<A: CustomAnimation>(_ a: A) -> Bool { (rhs.base as? A) == a }
        return equals(lhs.base)
    }

    /// Hashes the wrapped animation's type and value, consistent with `==` (equal only when the wrapped
    /// animations have the same type and compare equal).
    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(type(of: base)))
        base.hash(into: &hasher)
    }
}

extension Animation: CustomStringConvertible, CustomDebugStringConvertible {
    /// The wrapped animation's description, e.g. `FluidSpringAnimation(response: 0.5, …)`.
    public var description: String { String(describing: base) }
    /// Same as ``description``.
    public var debugDescription: String { description }
}
