import Foundation

private enum AnimationKey: TransactionKey {
    static var defaultValue: Animation? { nil }
}

private enum DisablesAnimationsKey: TransactionKey {
    static var defaultValue: Bool { false }
}

private enum IsContinuousKey: TransactionKey {
    static var defaultValue: Bool { false }
}

private enum TracksVelocityKey: TransactionKey {
    static var defaultValue: Bool { false }
}

extension Transaction {
    /// The animation of the change, or `nil` for none (the default). (spec §6.1, §5.1.)
    public var animation: Animation? {
        get { self[AnimationKey.self] }
        set { self[AnimationKey.self] = newValue }
    }

    /// Whether attribute-level animation overrides (``AnimatableAttribute/animation(_:)``, the
    /// role of `.animation(_:value:)`) are ignored for this change. Default `false`.
    ///
    /// It does **not** stop the transaction's own ``animation`` (spec §5.1, measured in SwiftUI).
    public var disablesAnimations: Bool {
        get { self[DisablesAnimationsKey.self] }
        set { self[DisablesAnimationsKey.self] = newValue }
    }

    /// Whether a continuous action (a drag, a held stepper) created the transaction. Default
    /// `false`. Kinetic's runtime does not read it; it is carried for `.transaction { }` transforms
    /// and for clients, as in SwiftUI. (spec §6.1.)
    public var isContinuous: Bool {
        get { self[IsContinuousKey.self] }
        set { self[IsContinuousKey.self] = newValue }
    }

    /// Whether changes without an animation record velocity samples, so that a following spring
    /// inherits the tracked velocity. Mutually exclusive with an animation: it only matters when
    /// ``animation`` is `nil`. Default `false`. (spec §5.5.)
    public var tracksVelocity: Bool {
        get { self[TracksVelocityKey.self] }
        set { self[TracksVelocityKey.self] = newValue }
    }
}
