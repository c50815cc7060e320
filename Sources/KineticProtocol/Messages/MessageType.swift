// SPDX-License-Identifier: Apache-2.0
/// The binary type code of a message (docs/PROTOCOL.md, "Binary framing").
///
/// JSON Lines messages carry the same set, named by their `"type"` field.
public enum MessageType: UInt16, Sendable, CaseIterable {
    /// Both directions: the handshake.
    case hello = 1
    /// Client → server: which channels, how often.
    case subscribe = 2
    /// Server → client: the layout of the following frames.
    case schema = 3
    /// Server → client: one tick's values and velocities.
    case frame = 4
    /// Client → server: a request with an id.
    case command = 5
    /// Server → client: the answer to a command.
    case reply = 6
    /// Server → client: a discrete notification.
    case event = 7
    /// Server → client: a connection-level error.
    case error = 8
    /// Server → client: channels' motion in closed form, to a subscriber that asked for it (`"motion": true`).
    case motion = 9

    /// The `"type"` string of the JSON form.
    public var name: String {
        switch self {
        case .hello: "hello"
        case .subscribe: "subscribe"
        case .schema: "schema"
        case .frame: "frame"
        case .command: "command"
        case .reply: "reply"
        case .event: "event"
        case .error: "error"
        case .motion: "motion"
        }
    }

    /// The type named `name` in JSON, if any.
    public init?(name: String) {
        guard let type = Self.allCases.first(where: { $0.name == name }) else { return nil }
        self = type
    }
}
