// SPDX-License-Identifier: Apache-2.0
/// A configuration or command-line value that cannot be used, with where it came from.
public struct ConfigurationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file (with line and column when known) or option the value came from.
    public var source: String
    /// What is wrong and how to fix it.
    public var reason: String

    /// An error about the value from `source`.
    public init(source: String, reason: String) {
        self.source = source
        self.reason = reason
    }

    /// `source: reason`.
    public var description: String { "\(source): \(reason)" }
}
