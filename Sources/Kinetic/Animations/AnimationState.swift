// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// A key for a value an animation keeps between calls, in ``AnimationState``.
///
/// Keys are distinguished by type, so a generic key (`SpringState<V>`) gives one slot per
/// vector type. (docs/ANIMATION.md §4.)
public protocol AnimationStateKey {
    /// The type of the stored value.
    associatedtype Value
    /// The value read before any has been stored.
    static var defaultValue: Value { get }
}

/// Per-animation storage, keyed by ``AnimationStateKey`` types. (docs/ANIMATION.md §4.)
public struct AnimationState<Value: VectorArithmetic> {
    @usableFromInline
    var storage = [ObjectIdentifier: Any]()

    /// Empty state: every key reads its default value.
    public init() {}

    /// The value stored for `key`, or `Key.defaultValue`.
    public subscript<K: AnimationStateKey>(key: K.Type) -> K.Value {
        get { storage[ObjectIdentifier(key)] as? K.Value ?? K.defaultValue }
        set { storage[ObjectIdentifier(key)] = newValue }
    }
}
