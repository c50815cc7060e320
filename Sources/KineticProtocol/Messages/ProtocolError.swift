// SPDX-License-Identifier: Apache-2.0
/// A protocol-level failure: a code, a message a person can act on, and whether the connection closes.
public struct ProtocolError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The machine-readable code.
    public var code: ErrorCode
    /// What went wrong and what to do about it.
    public var message: String
    /// Whether the server closes the connection after reporting it.
    public var isFatal: Bool
    /// The `id` of the command the error belongs to; such errors are sent as a failed `reply`.
    public var commandID: JSONValue?

    /// The longest message, in bytes of UTF-8: a longer one is cut at a scalar and ends in `…`. With the other
    /// fields of a failed reply (an `id` string is at most a message long) every error the server writes stays far
    /// below the protocol's 1 MiB line limit, whatever input it quotes.
    public static let maximumMessageBytes = 2048

    /// An error; `commandID` makes it a failed reply instead of an `error` message. `message` is cut to
    /// ``maximumMessageBytes``.
    public init(_ code: ErrorCode, _ message: String, isFatal: Bool = false, commandID: JSONValue? = nil) {
        self.code = code
        self.message = message.boundedPrefix(bytes: Self.maximumMessageBytes)
        self.isFatal = isFatal
        self.commandID = commandID
    }

    /// `code: message`.
    public var description: String { "\(code): \(message)" }
}
