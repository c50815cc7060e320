// SPDX-License-Identifier: Apache-2.0
extension ClientMessage {
    /// The JSON object of the message, as a client writes it.
    public var json: JSONObject {
        switch self {
        case .hello(let hello):
            var object: JSONObject = ["type": "hello", "protocol": .number(Double(hello.major))]
            if hello.minor != 0 { object["minor"] = .number(Double(hello.minor)) }
            object["client"] = .string(hello.client)
            return object
        case .subscribe(let subscription):
            var object: JSONObject = ["type": "subscribe", "channels": .array(subscription.patterns.map { .string($0) })]
            if let rate = subscription.maxRateHz { object["max_rate_hz"] = .number(rate) }
            if subscription.motion { object["motion"] = .bool(true) }
            return object
        case .command(let command):
            var object: JSONObject = ["type": "command", "id": command.id, "op": .string(command.operation.name)]
            for member in command.operation.fields.members { object[member.key] = member.value }
            return object
        }
    }

    /// The message's bytes in `encoding` (a client library's encoder; the server only decodes these).
    public func encoded(_ encoding: WireEncoding) -> [UInt8] {
        switch self {
        case .hello(let hello):
            MessageFraming.encode(json, type: .hello, hello: HelloPrefix(major: hello.major, minor: hello.minor),
                                  encoding: encoding)
        case .subscribe: MessageFraming.encode(json, type: .subscribe, encoding: encoding)
        case .command: MessageFraming.encode(json, type: .command, encoding: encoding)
        }
    }
}
