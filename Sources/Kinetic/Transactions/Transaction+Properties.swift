// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

extension Transaction {
    /// The animation of the change, or `nil` for none (the default). (docs/ANIMATION.md §6.1, §5.1.)
    public var animation: Animation? {
        get { storedAnimation }
        set {
            storedAnimation = newValue
            setKeys.insert(.animation)
        }
    }

    /// Whether attribute-level animation overrides (``AnimatableAttribute/animation(_:)``, the
    /// role of `.animation(_:value:)`) are ignored for this change. Default `false`.
    ///
    /// It does **not** stop the transaction's own ``animation`` (docs/ANIMATION.md §5.1, measured in SwiftUI).
    public var disablesAnimations: Bool {
        get { storedDisablesAnimations }
        set {
            storedDisablesAnimations = newValue
            setKeys.insert(.disablesAnimations)
        }
    }

    /// Whether a continuous action (a drag, a held stepper) created the transaction. Default
    /// `false`. Kinetic's runtime does not read it; it is carried for `.transaction { }` transforms
    /// and for clients, as in SwiftUI. (docs/ANIMATION.md §6.1.)
    public var isContinuous: Bool {
        get { storedIsContinuous }
        set {
            storedIsContinuous = newValue
            setKeys.insert(.isContinuous)
        }
    }

    /// Whether changes without an animation record velocity samples, so that a following spring
    /// inherits the tracked velocity. Mutually exclusive with an animation: it only matters when
    /// ``animation`` is `nil`. Default `false`. (docs/ANIMATION.md §5.5.)
    public var tracksVelocity: Bool {
        get { storedTracksVelocity }
        set {
            storedTracksVelocity = newValue
            setKeys.insert(.tracksVelocity)
        }
    }

    /// The completion registrations this transaction carries.
    var animationCompletions: [AnimationCompletion] {
        get { storedCompletions }
        set {
            storedCompletions = newValue
            setKeys.insert(.completions)
        }
    }
}
