// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// The context of a change: which animation (if any) carries it, and any custom values.
/// (docs/ANIMATION.md §6.1.)
///
/// A transaction is a property list keyed by ``TransactionKey`` types. ``withTransaction(_:_:)``
/// makes one current while its body runs; setting an ``AnimatableAttribute``'s value reads it.
///
/// ```swift
/// var transaction = Transaction(animation: .interactiveSpring)
/// transaction.isContinuous = true
/// withTransaction(transaction) { offset.value = newOffset }
/// ```
///
/// Values are stored as `Any`; keys are expected to hold value types (or, like completions,
/// references that are only used on the graph's thread), as in SwiftUI. Hence the unchecked
/// `Sendable`: a transaction may be made current from any thread, but an ``AnimationGraph`` and
/// its attributes are single-threaded.
public struct Transaction: @unchecked Sendable {
    /// Custom keys' values.
    @usableFromInline
    var storage: [ObjectIdentifier: Any] = [:]

    // The built-in keys are stored fields (read on every attribute change), with a record of which
    // were set so that merging follows the property-list semantics.
    var storedAnimation: Animation?
    var storedDisablesAnimations = false
    var storedIsContinuous = false
    var storedTracksVelocity = false
    var storedCompletions: [AnimationCompletion] = []
    var storedAnimationFrameInterval: Double?
    var storedAnimationReason: UInt32?
    var setKeys: BuiltInKeys = []

    struct BuiltInKeys: OptionSet {
        let rawValue: UInt8
        static let animation = BuiltInKeys(rawValue: 1 << 0)
        static let disablesAnimations = BuiltInKeys(rawValue: 1 << 1)
        static let isContinuous = BuiltInKeys(rawValue: 1 << 2)
        static let tracksVelocity = BuiltInKeys(rawValue: 1 << 3)
        static let completions = BuiltInKeys(rawValue: 1 << 4)
        static let animationFrameInterval = BuiltInKeys(rawValue: 1 << 5)
        static let animationReason = BuiltInKeys(rawValue: 1 << 6)
    }

    /// An empty transaction: no animation, every key at its default value.
    public init() {}

    /// A transaction whose ``animation`` is `animation`. The key is set even when `animation` is
    /// `nil`, so `withAnimation(nil) { … }` inside an animated change turns animation off.
    public init(animation: Animation?) {
        self.animation = animation
    }

    /// The value for `key`, or `K.defaultValue` when the key has not been set.
    public subscript<K: TransactionKey>(key: K.Type) -> K.Value {
        get { storage[ObjectIdentifier(key)] as? K.Value ?? K.defaultValue }
        set { storage[ObjectIdentifier(key)] = newValue }
    }

    /// This transaction with every key that `other` sets overriding the same key here
    /// (iOS 17 semantics of nested ``withTransaction(_:_:)``, docs/ANIMATION.md §6.2).
    public func merging(_ other: Transaction) -> Transaction {
        var result = self
        if !other.storage.isEmpty { result.storage.merge(other.storage) { _, new in new } }
        let keys = other.setKeys
        if keys.contains(.animation) { result.storedAnimation = other.storedAnimation }
        if keys.contains(.disablesAnimations) { result.storedDisablesAnimations = other.storedDisablesAnimations }
        if keys.contains(.isContinuous) { result.storedIsContinuous = other.storedIsContinuous }
        if keys.contains(.tracksVelocity) { result.storedTracksVelocity = other.storedTracksVelocity }
        if keys.contains(.completions) { result.storedCompletions = other.storedCompletions }
        if keys.contains(.animationFrameInterval) {
            result.storedAnimationFrameInterval = other.storedAnimationFrameInterval
        }
        if keys.contains(.animationReason) { result.storedAnimationReason = other.storedAnimationReason }
        result.setKeys.formUnion(keys)
        return result
    }
}
