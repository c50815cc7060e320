// SPDX-License-Identifier: Apache-2.0
/// A message the server sends, other than a frame (docs/PROTOCOL.md, "Messages").
///
/// Every one is a JSON object with a `"type"`; in binary framing the object is the payload, and the
/// HELLO payload is prefixed with the magic `KNTC` and the server's u16 major and minor version.
public enum ServerMessage: Equatable, Sendable {
    /// `{"type":"hello","protocol":1,"server":"kineticd VERSION","tick_hz":120,"features":[...]}`.
    case hello(ServerHello)
    /// `{"type":"schema","generation":G,"channels":[{"name":…,"dimension":2,"offset":0}, ...]}`.
    case schema(Schema)
    /// `{"type":"reply","id":7,"ok":true}` or `{"type":"reply","id":7,"ok":false,"error":{…}}`.
    case reply(Reply)
    /// `{"type":"event","event":"animation.logicallyComplete","id":7}`.
    case event(Event)
    /// `{"type":"error","code":"…","message":"…"}`, a connection-level error.
    case error(ProtocolError)

    /// The binary type code.
    public var type: MessageType {
        switch self {
        case .hello: .hello
        case .schema: .schema
        case .reply: .reply
        case .event: .event
        case .error: .error
        }
    }

    /// The JSON object of the message.
    public var json: JSONObject {
        var object: JSONObject = ["type": .string(type.name)]
        switch self {
        case .hello(let hello):
            object["protocol"] = .number(Double(hello.major))
            object["minor"] = .number(Double(hello.minor))
            object["server"] = .string(hello.server)
            object["tick_hz"] = .number(hello.tickHz)
            object["features"] = .array(hello.features.map { .string($0) })
            object["encoding"] = .string(hello.encoding.rawValue)
        case .schema(let layout):
            for member in layout.schema.members { object[member.key] = member.value }
        case .reply(let reply):
            object["id"] = reply.id
            switch reply.result {
            case .success(let fields):
                object["ok"] = true
                for member in fields.members where object[member.key] == nil { object[member.key] = member.value }
            case .failure(let error):
                object["ok"] = false
                object["error"] = .object(["code": .string(error.code.rawValue), "message": .string(error.message)])
            }
        case .event(let event):
            object["event"] = .string(event.name)
            if let id = event.id { object["id"] = id }
            for member in event.fields.members where object[member.key] == nil { object[member.key] = member.value }
        case .error(let error):
            object["code"] = .string(error.code.rawValue)
            object["message"] = .string(error.message)
        }
        return object
    }

    /// The message's bytes in `encoding`: a JSON line, or a binary header and payload.
    public func encoded(_ encoding: WireEncoding) -> [UInt8] {
        var prefix: HelloPrefix?
        if case .hello(let hello) = self { prefix = HelloPrefix(major: hello.major, minor: hello.minor) }
        return MessageFraming.encode(json, type: type, hello: prefix, encoding: encoding)
    }
}

/// The server's HELLO.
public struct ServerHello: Equatable, Sendable {
    /// The protocol major version.
    public var major: UInt16
    /// The protocol minor version.
    public var minor: UInt16
    /// `"kineticd VERSION"`.
    public var server: String
    /// The tick rate in frames per second.
    public var tickHz: Double
    /// Optional capabilities the server offers, by name.
    public var features: [String]
    /// The encoding the connection uses (the client chose it with its first byte).
    public var encoding: WireEncoding

    /// A hello for a connection in `encoding`.
    public init(server: String, tickHz: Double, features: [String], encoding: WireEncoding,
                major: UInt16 = ProtocolVersion.major, minor: UInt16 = ProtocolVersion.minor) {
        self.major = major
        self.minor = minor
        self.server = server
        self.tickHz = tickHz
        self.features = features
        self.encoding = encoding
    }
}

/// The answer to a command.
public struct Reply: Equatable, Sendable {
    /// The command's `id`, echoed.
    public var id: JSONValue
    /// Extra fields of a successful reply (`"channels"` for `list`, …), or the error.
    public var result: Result<JSONObject, ProtocolError>

    /// A reply to command `id`.
    public init(id: JSONValue, result: Result<JSONObject, ProtocolError>) {
        self.id = id
        self.result = result
    }

    /// A successful reply with `fields`.
    public static func ok(_ id: JSONValue, _ fields: JSONObject = [:]) -> Reply { Reply(id: id, result: .success(fields)) }

    /// A failed reply.
    public static func failed(_ id: JSONValue, _ error: ProtocolError) -> Reply { Reply(id: id, result: .failure(error)) }
}

/// A discrete notification.
public struct Event: Equatable, Sendable {
    /// `animation.logicallyComplete`, `animation.removed`, `device.added`, `device.removed`,
    /// `gesture.began`, `gesture.ended` or `shutdown`.
    public var name: String
    /// The id of the command it belongs to, for animation events.
    public var id: JSONValue?
    /// Extra fields (`"channel"`, `"device"`, …).
    public var fields: JSONObject

    /// An event; `id` for animation events.
    public init(name: String, id: JSONValue? = nil, fields: JSONObject = [:]) {
        self.name = name
        self.id = id
        self.fields = fields
    }

    /// `animation.logicallyComplete`.
    public static let logicallyComplete = "animation.logicallyComplete"
    /// `animation.removed`.
    public static let removed = "animation.removed"
    /// `shutdown`: the server is closing the connection.
    public static let shutdown = "shutdown"
    /// An input device a binding matches appeared (`path`, `name`, `class`), to every client.
    public static let deviceAdded = "device.added"
    /// An input device a binding matched went away (`path`), to every client.
    public static let deviceRemoved = "device.removed"
    /// A gesture started driving a channel (`channel`), to every client.
    public static let gestureBegan = "gesture.began"
    /// A gesture on a channel ended (`channel`, `cancelled`), to every client.
    public static let gestureEnded = "gesture.ended"

    /// The `device.removed` event for the device at `path`.
    public static func deviceRemoved(path: String) -> Event { Event(name: deviceRemoved, fields: ["path": .string(path)]) }
}
