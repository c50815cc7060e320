// SPDX-License-Identifier: Apache-2.0
extension ClientMessage {
    /// Decodes a client message from its JSON object.
    ///
    /// `type` is the binary type code when the message came in binary framing (the JSON's `"type"`,
    /// if present, must then agree); for JSON Lines the `"type"` field decides. A failing command
    /// with a readable `id` yields an error carrying that id, so that it is answered with a failed reply.
    public static func decode(_ json: JSONValue, binaryType: MessageType? = nil) throws(ProtocolError) -> ClientMessage {
        guard let object = json.objectValue else {
            throw ProtocolError(.badMessage, "a message must be a JSON object, like {\"type\":\"subscribe\",\"channels\":[\"*\"]}")
        }
        let named = object["type"]
        let type: MessageType
        switch (named, binaryType) {
        case (nil, let binary?):
            type = binary
        case (.string(let name)?, _):
            guard let namedType = MessageType(name: name) else {
                throw ProtocolError(.unknownType, "unknown message type \"\(name)\"; clients send hello, subscribe or command")
            }
            if let binaryType, binaryType != namedType {
                throw ProtocolError(.badMessage, "binary type \(binaryType.rawValue) (\(binaryType.name)) disagrees with \"type\":\"\(name)\"")
            }
            type = namedType
        case (nil, nil):
            throw ProtocolError(.badMessage, "the message has no \"type\" field")
        case (_?, _):
            throw ProtocolError(.badMessage, "\"type\" must be a string")
        }
        switch type {
        case .hello: return .hello(try Hello(json: object))
        case .subscribe: return .subscribe(try Subscription(json: object))
        case .command: return .command(try Command(json: object))
        case .schema, .frame, .reply, .event, .error, .motion:
            throw ProtocolError(.unknownType, "\"\(type.name)\" messages flow from the server only; clients send hello, subscribe or command")
        }
    }
}

extension Hello {
    /// Decodes the JSON form (`"protocol"` is the major version; `"minor"` is optional).
    init(json: JSONObject) throws(ProtocolError) {
        let major = try json.integer("protocol", in: 0...Int(UInt16.max), required: true) ?? 0
        let minor = try json.integer("minor", in: 0...Int(UInt16.max), required: false) ?? 0
        let client = try json.string("client", required: false) ?? ""
        self.init(major: UInt16(major), minor: UInt16(minor), client: client)
    }
}

extension Subscription {
    /// The largest number of patterns one subscription may carry.
    public static let maximumPatterns = 256
    /// The longest pattern, in bytes: a channel name's limit (``NameRules/maximumChannelBytes``).
    public static let maximumPatternLength = NameRules.maximumChannelBytes
    /// The most pattern bytes one subscription may carry in all (16 patterns of the longest length).
    ///
    /// Matching costs up to (pattern bytes) × (name bytes) per channel at every layout change, so this
    /// bounds what one subscriber can make the event loop do between two ticks.
    public static let maximumPatternBytes = 4096

    init(json: JSONObject) throws(ProtocolError) {
        guard let list = json["channels"]?.arrayValue else {
            throw ProtocolError(.badMessage, "subscribe needs \"channels\": an array of name patterns such as [\"touch.*\"]")
        }
        guard list.count <= Self.maximumPatterns else {
            throw ProtocolError(.badMessage, "subscribe accepts at most \(Self.maximumPatterns) patterns, got \(list.count)")
        }
        var patterns: [String] = []
        var total = 0
        for (index, element) in list.enumerated() {
            guard let pattern = element.stringValue else {
                throw ProtocolError(.badMessage, "\"channels\" must contain only strings, got \(element.excerpt) at [\(index)]")
            }
            if let problem = NameRules.problem(with: pattern, maximumBytes: Self.maximumPatternLength, pattern: true) {
                throw ProtocolError(.badMessage, "\"channels\"[\(index)] \"\(pattern.boundedPrefix(scalars: 40))\" \(problem); a pattern is a name ("
                                    + NameRules.accepted(maximumBytes: Self.maximumPatternLength) + ") in which '*' and '?' are wildcards")
            }
            total += pattern.utf8.count
            guard total <= Self.maximumPatternBytes else {
                throw ProtocolError(.badMessage, "\"channels\" holds more than \(Self.maximumPatternBytes) bytes of patterns in all")
            }
            patterns.append(pattern)
        }
        // `rate_hz`, the field's name until protocol 1.1, is still accepted (docs/PROTOCOL.md): the decimation was
        // renamed so that `rate_hz` names the tick rate alone.
        let given = [("max_rate_hz", json["max_rate_hz"]), ("rate_hz", json["rate_hz"])].filter { $0.1 != nil && $0.1 != .null }
        guard given.count < 2 else {
            throw ProtocolError(.badMessage, "\"max_rate_hz\" and its old name \"rate_hz\" are the same field; give one")
        }
        var rate: Double?
        if let (field, value) = given.first, let value {
            let range = Subscription.maxRateRange
            guard let hz = value.numberValue, range.contains(hz) else {
                throw ProtocolError(.badMessage, "\"\(field)\" must be a number of frames per second in \(range.lowerBound)...\(range.upperBound), got \(value.excerpt)")
            }
            rate = hz
        }
        var motion = false
        if let value = json["motion"], value != .null {
            guard case .bool(let wanted) = value else {
                throw ProtocolError(.badMessage, "\"motion\" must be true or false, got \(value.excerpt)")
            }
            motion = wanted
        }
        self.init(patterns: patterns, maxRateHz: rate, motion: motion)
    }
}

extension Command {
    /// The most components a channel may have.
    public static let maximumDimension = 64

    init(json: JSONObject) throws(ProtocolError) {
        let id = json["id"] ?? .null
        switch id {
        case .string(let text) where text.utf8.count > ProtocolLimits.maximumIDBytes:
            throw ProtocolError(.badMessage, "\"id\" is a string of \(text.utf8.count) bytes; ids are numbers or strings of at most \(ProtocolLimits.maximumIDBytes) bytes")
        case .null, .number, .string: break
        default: throw ProtocolError(.badMessage, "\"id\" must be a number or a string of at most \(ProtocolLimits.maximumIDBytes) bytes")
        }
        do {
            self.init(id: id, operation: try Operation(json: json))
        } catch {
            var error = error
            error.commandID = id
            throw error
        }
    }
}

extension Command.Operation {
    /// The most channels one `animate` may change.
    public static let maximumChanges = 64

    /// `"changes": {"CHANNEL": VALUE, …}`: 1 to ``maximumChanges`` channels, each named and valued as `animate`'s.
    static func changes(_ value: JSONValue) throws(ProtocolError) -> [ChannelChange] {
        guard let object = value.objectValue, !object.members.isEmpty, object.members.count <= maximumChanges else {
            throw ProtocolError(.badMessage, "\"changes\" must be an object of 1 to \(maximumChanges) channels and their values, like {\"a\":[0,1],\"b\":2}")
        }
        var changes: [ChannelChange] = []
        for member in object.members {
            // Checked as `animate`'s `channel` and `to`, the value's errors naming it `changes.NAME`.
            let field = "changes." + member.key
            let entry: JSONObject = ["channel": .string(member.key), field: member.value]
            let change = ChannelChange(channel: try entry.channelName(), to: try entry.vector(field))
            guard !changes.contains(where: { $0.channel == change.channel }) else {
                throw ProtocolError(.badMessage, "\"changes\" names \"\(change.channel)\" twice")
            }
            changes.append(change)
        }
        return changes
    }
}

extension ZoomRequest {
    init(json: JSONObject) throws(ProtocolError) {
        guard let name = try json.string("action", required: true), let action = Action(rawValue: name) else {
            throw ProtocolError(.badMessage, "\"action\" must be one of " + Action.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", "))
        }
        func vector(_ key: String, count: Int, required: Bool) throws(ProtocolError) -> [Double]? {
            guard json[key] != nil, json[key] != .null else {
                if required { throw ProtocolError(.badMessage, "zoom \(name) needs \"\(key)\": \(count) numbers") }
                return nil
            }
            let value = try json.vector(key)
            guard value.count == count else {
                throw ProtocolError(.dimensionMismatch, "\"\(key)\" needs \(count) numbers, got \(value.count)")
            }
            return value
        }
        self.init(action: action, source: try vector("source", count: 4, required: false),
                  destination: try vector("destination", count: 4, required: false),
                  cornerRadius: try vector("corner_radius", count: 2, required: false),
                  translation: try vector("translation", count: 2, required: action == .drag || action == .release),
                  velocity: try vector("velocity", count: 2, required: action == .release),
                  animation: try json.string("animation", required: false))
    }
}

extension EffectRequest {
    init(json: JSONObject) throws(ProtocolError) {
        let effect = try json.string("effect", required: true) ?? ""
        let options = try json.string("options", required: false)
        let trigger = json["trigger"], active = json["active"]
        switch (trigger, active) {
        case (.bool(true)?, nil): self.init(effect: effect, options: options, mode: .trigger)
        case (nil, .bool(let on)?): self.init(effect: effect, options: options, mode: .active(on))
        default:
            throw ProtocolError(.badMessage, "effect needs either \"trigger\": true (run once) or \"active\": true or false")
        }
    }
}

extension JSONObject {
    func string(_ key: String, required: Bool) throws(ProtocolError) -> String? {
        guard let value = self[key], value != .null else {
            if required { throw ProtocolError(.badMessage, "missing \"\(key)\"") }
            return nil
        }
        guard let string = value.stringValue else { throw ProtocolError(.badMessage, "\"\(key)\" must be a string") }
        return string
    }

    func integer(_ key: String, in range: ClosedRange<Int>, required: Bool) throws(ProtocolError) -> Int? {
        guard let value = self[key], value != .null else {
            if required { throw ProtocolError(.badMessage, "missing \"\(key)\"") }
            return nil
        }
        guard let n = value.numberValue, n == n.rounded(), n >= Double(range.lowerBound), n <= Double(range.upperBound) else {
            throw ProtocolError(.badMessage, "\"\(key)\" must be a whole number from \(range.lowerBound) to \(range.upperBound), got \(value.excerpt)")
        }
        return Int(n)
    }

    func vector(_ key: String) throws(ProtocolError) -> [Double] {
        guard let value = self[key] else {
            throw ProtocolError(.badMessage, "missing \"\(key)\": a number or an array of numbers")
        }
        guard let vector = value.vectorValue, !vector.isEmpty, vector.count <= Command.maximumDimension else {
            throw ProtocolError(.badMessage, "\"\(key)\" must be a number or an array of 1 to \(Command.maximumDimension) numbers")
        }
        if let (index, component) = ChannelValue.firstRejected(in: vector) {
            throw ProtocolError(.badMessage, "\"\(key)\"[\(index)] is \(component); channel values are \(ChannelValue.acceptedRange)")
        }
        return vector
    }

    /// A name under `key`, checked by ``NameRules``.
    func channelName(_ key: String = "channel", maximumLength: Int = NameRules.maximumChannelBytes) throws(ProtocolError) -> String {
        guard let name = try string(key, required: true) else { throw ProtocolError(.badMessage, "missing \"\(key)\"") }
        if let problem = NameRules.problem(with: name, maximumBytes: maximumLength) {
            throw ProtocolError(.badMessage, NameRules.message(field: "\"\(key)\"", name: name, problem: problem, maximumBytes: maximumLength))
        }
        return name
    }

    /// An element's name: a channel name short enough for its longest channel (`NAME.relative_offset`).
    func elementName() throws(ProtocolError) -> String {
        try channelName("element", maximumLength: NameRules.maximumElementBytes)
    }
}
