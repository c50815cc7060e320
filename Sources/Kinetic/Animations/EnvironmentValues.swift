// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// A key for a value in ``EnvironmentValues``.
public protocol EnvironmentKey {
    /// The type of the value.
    associatedtype Value
    /// The value read when none has been set.
    static var defaultValue: Value { get }
}

/// The headless stand-in for SwiftUI's environment, as an ``AnimationContext`` sees it.
///
/// Kinetic has no view hierarchy; the runtime passes the environment of the attribute's graph.
/// Custom keys work as in SwiftUI: `extension EnvironmentValues { var myKey: Int { get { self[MyKey.self] } set { … } } }`.
public struct EnvironmentValues: @unchecked Sendable {
    // Values are stored as `Any`; keys are expected to hold value types, as in SwiftUI.
    private var storage: [ObjectIdentifier: Any] = [:]

    /// An environment in which every key has its default value.
    public init() {}

    /// The value for `key`, or `K.defaultValue`.
    public subscript<K: EnvironmentKey>(key: K.Type) -> K.Value {
        get { storage[ObjectIdentifier(key)] as? K.Value ?? K.defaultValue }
        set { storage[ObjectIdentifier(key)] = newValue }
    }
}

private enum AccessibilityReduceMotionKey: EnvironmentKey {
    static var defaultValue: Bool { false }
}

extension EnvironmentValues {
    /// Whether the user asked for reduced motion (SwiftUI's `accessibilityReduceMotion`).
    /// The daemon sets it from its reduce-motion switch.
    public var accessibilityReduceMotion: Bool {
        get { self[AccessibilityReduceMotionKey.self] }
        set { self[AccessibilityReduceMotionKey.self] = newValue }
    }
}
