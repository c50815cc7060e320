// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// A type that describes how to animate a property of itself.
///
/// Kinetic's runtime animates ``animatableData`` and writes intermediate values back through
/// its setter. Types that are themselves ``VectorArithmetic`` get `animatableData == self`;
/// types whose data is ``EmptyAnimatableData`` do not animate. (docs/ANIMATION.md §8.)
public protocol Animatable {
    /// The type of the animatable data.
    associatedtype AnimatableData: VectorArithmetic

    /// The data to animate.
    var animatableData: AnimatableData { get set }
}

extension Animatable where Self: VectorArithmetic {
    /// The value itself.
    public var animatableData: Self {
        get { self }
        set { self = newValue }
    }
}

extension Animatable where AnimatableData == EmptyAnimatableData {
    /// Empty: the type does not animate. Setting it does nothing.
    public var animatableData: EmptyAnimatableData {
        @inlinable get { EmptyAnimatableData() }
        @inlinable set {}
    }
}

extension Double: Animatable {}
#if FoundationGeometry  // otherwise CGFloat is Double
extension CGFloat: Animatable {}
#endif
