// SPDX-License-Identifier: Apache-2.0
/// A machine-readable error code, sent in `error` messages and failed replies (docs/PROTOCOL.md, "Errors").
///
/// Codes are stable strings; clients branch on them, people read the accompanying message.
public struct ErrorCode: RawRepresentable, Hashable, Sendable, ExpressibleByStringLiteral, CustomStringConvertible {
    /// The code as sent: `permission_denied`.
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    /// A code from a string literal.
    public init(stringLiteral value: String) { self.rawValue = value }
    public var description: String { rawValue }

    /// The client's protocol major version is not one the server speaks; the connection closes.
    public static let versionUnsupported: ErrorCode = "version_unsupported"
    /// The bytes or the JSON are not a valid message (garbage first bytes close the connection).
    public static let badMessage: ErrorCode = "bad_message"
    /// A message exceeds the size limit (1 MiB); the connection closes.
    public static let tooLarge: ErrorCode = "too_large"
    /// The message type (binary code or JSON `"type"`) is not one a client may send.
    public static let unknownType: ErrorCode = "unknown_type"
    /// A command names an operation the server does not know.
    public static let unknownOperation: ErrorCode = "unknown_operation"
    /// A command names a channel that does not exist.
    public static let unknownChannel: ErrorCode = "unknown_channel"
    /// A command's value has the wrong number of components for the channel.
    public static let dimensionMismatch: ErrorCode = "dimension_mismatch"
    /// `define` names a channel that already exists, or belongs to someone else.
    public static let channelExists: ErrorCode = "channel_exists"
    /// A command's `animation` expression does not parse or is not supported.
    public static let badAnimation: ErrorCode = "bad_animation"
    /// The peer may subscribe but not change state (SO_PEERCRED policy).
    public static let permissionDenied: ErrorCode = "permission_denied"
    /// The client stayed unwritable for too long (2 s); the connection closes.
    public static let tooSlow: ErrorCode = "too_slow"
    /// The server already serves its maximum number of clients; the connection closes.
    public static let tooManyClients: ErrorCode = "too_many_clients"
    /// The client already owns its maximum number of channels.
    public static let tooManyChannels: ErrorCode = "too_many_channels"
    /// A message arrived before the HELLO it requires, or a second HELLO.
    public static let unexpectedMessage: ErrorCode = "unexpected_message"
    /// `reload`: the configuration file cannot be read or is invalid (the running one stays), or reloading is
    /// not available (a replay, a server without a configuration source).
    public static let badConfiguration: ErrorCode = "bad_configuration"
    /// `reload` while the daemon replays a recording (`kineticd --replay`): the replay keeps the bindings it started
    /// with; restart kineticd to change them.
    public static let replayKeepsBindings: ErrorCode = "replay_keeps_bindings"
    /// A command for an element of another kind (`zoom` on an inserted element), or `set`/`animate` on an
    /// element's channel, which only the element's commands change.
    public static let elementMismatch: ErrorCode = "element_mismatch"
    /// The server is stopping and no longer accepts the request.
    public static let shuttingDown: ErrorCode = "shutting_down"

    /// Every code above: the set protocol/kinetic.json describes (its parity test compares the two).
    public static let all: [ErrorCode] = [
        .versionUnsupported, .badMessage, .tooLarge, .unknownType, .unknownOperation, .unknownChannel, .dimensionMismatch,
        .channelExists, .badAnimation, .permissionDenied, .tooSlow, .tooManyClients, .tooManyChannels, .unexpectedMessage,
        .badConfiguration, .replayKeepsBindings, .elementMismatch, .shuttingDown,
    ]
}
