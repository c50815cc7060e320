// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// What an animation sees while it runs: its persistent ``state``, the ``environment``, and
/// whether it has reported logical completion. (docs/ANIMATION.md §4.)
public struct AnimationContext<Value: VectorArithmetic> {
    /// The animation's own state, kept between calls.
    public var state: AnimationState<Value>

    /// The environment of the animated attribute.
    public var environment: EnvironmentValues

    @usableFromInline
    var logicallyComplete: Bool

    /// Creates a context. SwiftUI makes contexts itself; Kinetic exposes this initializer so that
    /// an animation can be evaluated headlessly (`animation.animate(value:time:context:)`).
    public init(state: AnimationState<Value> = .init(), environment: EnvironmentValues = .init(),
                isLogicallyComplete: Bool = false) {
        self.state = state
        self.environment = environment
        self.logicallyComplete = isLogicallyComplete
    }

    /// Whether the animation has reached its logical end (for `.logicallyComplete` completions).
    ///
    /// Set-once: setting it to `true` sticks; setting it back to `false` afterwards is ignored, as
    /// SwiftUI documents. An animation that never sets it is logically complete when it finishes.
    public var isLogicallyComplete: Bool {
        get { logicallyComplete }
        set { if newValue { logicallyComplete = true } }
    }

    /// A context with a different state type, keeping the environment and the completion flag.
    public func withState<T: VectorArithmetic>(_ state: AnimationState<T>) -> AnimationContext<T> {
        AnimationContext<T>(state: state, environment: environment, isLogicallyComplete: logicallyComplete)
    }
}
