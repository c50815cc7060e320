// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// A key for a custom value carried by a ``Transaction``. (docs/ANIMATION.md §6.1.)
///
/// ```swift
/// struct AvatarTappedKey: TransactionKey {
///     static let defaultValue: Bool = false
/// }
/// extension Transaction {
///     var avatarTapped: Bool {
///         get { self[AvatarTappedKey.self] }
///         set { self[AvatarTappedKey.self] = newValue }
///     }
/// }
/// ```
public protocol TransactionKey {
    /// The type of the value.
    associatedtype Value
    /// The value read from a transaction in which the key has not been set.
    static var defaultValue: Value { get }
}
