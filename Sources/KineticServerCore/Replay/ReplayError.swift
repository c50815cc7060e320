// SPDX-License-Identifier: Apache-2.0
/// Why a replay cannot run.
public struct ReplayError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What is wrong and how to fix it.
    public var reason: String

    /// An error saying `reason`.
    public init(_ reason: String) {
        self.reason = reason
    }

    public var description: String { reason }
}
