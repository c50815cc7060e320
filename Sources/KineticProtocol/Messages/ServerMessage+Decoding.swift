// SPDX-License-Identifier: Apache-2.0
extension ServerMessage {
    /// The typed message of a server's JSON object (what ``ServerMessageDecoder`` gives as `.message`): the inverse of
    /// ``json``. An object whose type is not a server message other than a frame (`motion` and frames have types of
    /// their own), or that lacks a field its type needs, or has one of the wrong type, throws `bad_message` naming the
    /// field, the value and what is accepted.
    public init(decoding object: JSONObject) throws(ProtocolError) {
        let name = object["type"]?.stringValue
        switch name.flatMap(MessageType.init(name:)) {
        case .hello?: self = .hello(try Self.hello(object))
        case .schema?:
            guard let layout = Schema(schema: object) else {
                throw Self.bad("schema", "needs a whole-number generation and channels, each a name and a dimension of 1–\(Command.maximumDimension)")
            }
            self = .schema(layout)
        case .reply?: self = .reply(try Self.reply(object))
        case .event?:
            guard let event = object["event"]?.stringValue else { throw Self.bad("event", "is a string: the event's name") }
            self = .event(Event(name: event, id: object["id"], fields: object.removing(["type", "event", "id"])))
        case .error?: self = .error(try Self.error(object, in: "error"))
        default:
            throw Self.bad("type", "\(object["type"]?.excerpt ?? "missing") is not hello, schema, reply, event or error")
        }
    }

    private static func hello(_ object: JSONObject) throws(ProtocolError) -> ServerHello {
        func version(_ key: String, default value: UInt16?) throws(ProtocolError) -> UInt16 {
            guard let field = object[key] else {
                if let value { return value }
                throw bad(key, "is missing: the protocol's version")
            }
            guard let number = field.numberValue, let version = UInt16(exactly: number) else {
                throw bad(key, "\(field.excerpt) is not a whole number 0–65535")
            }
            return version
        }
        guard let server = object["server"]?.stringValue else { throw bad("server", "is a string: \"kineticd VERSION\"") }
        guard let tickHz = object["tick_hz"]?.numberValue, tickHz > 0 else { throw bad("tick_hz", "is a number above 0") }
        guard let list = object["features"]?.arrayValue else { throw bad("features", "is an array of names") }
        var features: [String] = []
        for feature in list {
            guard let text = feature.stringValue else { throw bad("features", "\(feature.excerpt) is not a name") }
            features.append(text)
        }
        let encodingName = object["encoding"]?.stringValue ?? ""
        guard let encoding = WireEncoding(rawValue: encodingName) else {
            throw bad("encoding", "\(JSONValue.string(encodingName).excerpt) is not json or binary")
        }
        return ServerHello(server: server, tickHz: tickHz, features: features, encoding: encoding,
                           major: try version("protocol", default: nil), minor: try version("minor", default: 0))
    }

    private static func reply(_ object: JSONObject) throws(ProtocolError) -> Reply {
        let id = object["id"] ?? .null
        switch object["ok"]?.boolValue {
        case true?: return .ok(id, object.removing(["type", "id", "ok"]))
        case false?:
            guard let error = object["error"]?.objectValue else { throw bad("error", "a refusal carries an error object") }
            return .failed(id, try Self.error(error, in: "error"))
        case nil: throw bad("ok", "is true or false")
        }
    }

    private static func error(_ object: JSONObject, in field: String) throws(ProtocolError) -> ProtocolError {
        guard let code = object["code"]?.stringValue else { throw bad("\(field).code", "is a string: an error code") }
        guard let message = object["message"]?.stringValue else { throw bad("\(field).message", "is a string") }
        return ProtocolError(ErrorCode(rawValue: code), message)
    }

    private static func bad(_ field: String, _ rule: String) -> ProtocolError {
        ProtocolError(.badMessage, "a server message's \(field) \(rule)")
    }
}

extension ReceivedMessage {
    /// The message as a typed ``ServerMessage``; `nil` for frames, motion messages and objects that are not a valid
    /// server message (``ServerMessage/init(decoding:)`` says why).
    public var serverMessage: ServerMessage? {
        guard case .message(_, let object) = self else { return nil }
        return try? ServerMessage(decoding: object)
    }
}

extension JSONObject {
    /// The object without the members named `keys`, the others in their order.
    func removing(_ keys: Set<String>) -> JSONObject {
        JSONObject(members.filter { !keys.contains($0.key) })
    }
}
