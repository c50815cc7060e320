// SPDX-License-Identifier: Apache-2.0
/// A message received from the server, as a client sees it.
public enum ReceivedMessage: Equatable, Sendable {
    /// A frame, from either encoding.
    case frame(ReceivedFrame)
    /// Any other message: its type and JSON object.
    case message(MessageType, JSONObject)
    /// A `motion` message in the binary encoding, whose entries are read against the schema and the descriptors held
    /// (``BinaryMotion/message(layout:held:)``). In JSON a `motion` message is a ``message(_:_:)``.
    case motion(BinaryMotion)
}

/// A decoded frame. In JSON frames the values arrive by channel name; in binary frames as the flat
/// f64 array the schema describes. ``values(of:layout:)`` reads either form the same way.
public struct ReceivedFrame: Equatable, Sendable {
    /// The schema generation the frame follows.
    public var generation: UInt32
    /// The tick number.
    public var seq: UInt64
    /// CLOCK_MONOTONIC of the tick, nanoseconds.
    public var timeNanoseconds: UInt64
    /// The binary form's numbers (empty for JSON frames).
    public var components: [Double]
    /// The JSON form's samples by channel name (empty for binary frames).
    public var samples: [String: ChannelSample]

    public init(generation: UInt32, seq: UInt64, timeNanoseconds: UInt64, components: [Double] = [],
                samples: [String: ChannelSample] = [:]) {
        self.generation = generation
        self.seq = seq
        self.timeNanoseconds = timeNanoseconds
        self.components = components
        self.samples = samples
    }

    /// The value and velocity of channel `name`, using `layout` (the latest schema) for binary frames.
    public func sample(of name: String, layout: Schema?) -> ChannelSample? {
        if let sample = samples[name] { return sample }
        guard let channel = layout?.channels.first(where: { $0.name == name }),
            channel.offset + 2 * channel.dimension <= components.count
        else { return nil }
        let value = Array(components[channel.offset..<(channel.offset + channel.dimension)])
        let velocity = Array(components[(channel.offset + channel.dimension)..<(channel.offset + 2 * channel.dimension)])
        return ChannelSample(name: name, value: value, velocity: velocity)
    }
}

/// Incrementally decodes what a server sends, for clients (`kineticctl`, tests, examples).
///
/// Messages are limited in size like the server's (``MessageDecoder/defaultMaximumMessageSize`` by default), so a
/// hostile or broken server cannot make a client buffer without bound.
public struct ServerMessageDecoder: Sendable {
    /// The connection's encoding (the one the client chose).
    public let encoding: WireEncoding
    /// The largest message accepted, in bytes (a JSON line without its newline, or a binary `length`).
    public let maximumMessageSize: Int
    private var stream = ByteStream()

    /// A decoder for a connection in `encoding`.
    public init(encoding: WireEncoding, maximumMessageSize: Int = MessageDecoder.defaultMaximumMessageSize) {
        self.encoding = encoding
        self.maximumMessageSize = maximumMessageSize
    }

    /// Appends received bytes.
    public mutating func feed(_ bytes: some Collection<UInt8>) { stream.feed(bytes) }

    /// Bytes received and not yet taken as messages.
    public var bufferedByteCount: Int { stream.available }

    /// The next message, `nil` when more bytes are needed, or an error for bytes that are not a
    /// server message (the stream cannot be trusted after that).
    public mutating func next() throws(ProtocolError) -> ReceivedMessage? {
        switch encoding {
        case .jsonLines:
            switch stream.nextLine(limit: maximumMessageSize) {
            case nil: return nil
            case .tooLong(let count)?:
                throw ProtocolError(.tooLarge, "a line of \(count) bytes from the server exceeds \(maximumMessageSize)")
            case .line(let line)?: return try Self.decodeJSON(line, binaryType: nil)
            }
        case .binary:
            guard let header = stream.peekHeader() else { return nil }
            guard header.length >= 4 else { throw ProtocolError(.badMessage, "binary length \(header.length) < 4") }
            guard Int(header.length) <= maximumMessageSize else {
                throw ProtocolError(.tooLarge, "a message of \(header.length) bytes from the server exceeds \(maximumMessageSize)")
            }
            guard let payload = stream.takeMessage(header) else { return nil }
            guard let type = MessageType(rawValue: header.type) else {
                throw ProtocolError(.unknownType, "unknown message type \(header.type) from the server")
            }
            switch type {
            case .frame: return .frame(try Self.decodeBinaryFrame(payload))
            case .motion: return .motion(try BinaryMotion(payload: payload))
            case .hello:
                guard HelloPrefix(payload: payload) != nil else {
                    throw ProtocolError(.badMessage, "the server HELLO lacks the magic KNTC")
                }
                return try Self.decodeJSON(payload.dropFirst(BinaryHeader.helloPrefixSize), binaryType: .hello)
            default:
                return try Self.decodeJSON(payload, binaryType: type)
            }
        }
    }

    static func decodeBinaryFrame(_ payload: ArraySlice<UInt8>) throws(ProtocolError) -> ReceivedFrame {
        guard payload.count >= FrameEncoder.binaryPrefixSize else { throw ProtocolError(.badMessage, "short frame payload") }
        let reader = LittleEndianReader(payload)
        let count = Int(reader.read(UInt32.self, at: 20))
        guard payload.count == FrameEncoder.binaryPrefixSize + 8 * count else {
            throw ProtocolError(.badMessage, "frame count \(count) does not match its payload of \(payload.count) bytes")
        }
        let components = (0..<count).map {
            Double(bitPattern: reader.read(UInt64.self, at: FrameEncoder.binaryPrefixSize + 8 * $0))
        }
        return ReceivedFrame(generation: reader.read(UInt32.self, at: 0), seq: reader.read(UInt64.self, at: 4),
                             timeNanoseconds: reader.read(UInt64.self, at: 12), components: components)
    }

    static func decodeJSON(_ bytes: ArraySlice<UInt8>, binaryType: MessageType?) throws(ProtocolError) -> ReceivedMessage {
        let json: JSONValue
        do { json = try JSONValue.parse(bytes) } catch { throw ProtocolError(.badMessage, error.description) }
        guard let object = json.objectValue, let name = object["type"]?.stringValue, let type = MessageType(name: name) else {
            throw ProtocolError(.badMessage, "a server message is a JSON object with a known \"type\"")
        }
        if let binaryType, binaryType != type { throw ProtocolError(.badMessage, "binary type disagrees with \"type\"") }
        guard type == .frame else { return .message(type, object) }
        func unsigned<T: FixedWidthInteger & UnsignedInteger>(_ key: String, _: T.Type) -> T? {
            guard let n = object[key]?.numberValue, n >= 0, n < Double(T.max), n == n.rounded() else { return nil }
            return T(n)
        }
        guard let generation = unsigned("generation", UInt32.self), let seq = unsigned("seq", UInt64.self),
            let time = unsigned("time_ns", UInt64.self), let values = object["values"]?.objectValue
        else { throw ProtocolError(.badMessage, "a JSON frame needs generation, seq, time_ns and values") }
        var samples: [String: ChannelSample] = [:]
        for member in values.members {
            guard let sample = member.value.objectValue, let value = sample["value"]?.vectorValue,
                let velocity = sample["velocity"]?.vectorValue
            else { throw ProtocolError(.badMessage, "frame value \"\(member.key)\" needs value and velocity arrays") }
            samples[member.key] = ChannelSample(name: member.key, value: value, velocity: velocity)
        }
        return .frame(ReceivedFrame(generation: generation, seq: seq, timeNanoseconds: time,
                                    samples: samples))
    }
}

extension ServerMessageDecoder {
    /// Everything a subscriber received, already recorded (`kineticctl replay`'s or `subscribe`'s output, an
    /// offline replay's messages): its frames in order and the layout of the latest schema; other messages are
    /// skipped. The first bytes that are not a server message throw, their line (JSON Lines) or message (binary)
    /// numbered from 1.
    public static func frames(in bytes: [UInt8], encoding: WireEncoding) throws(ProtocolError) -> (frames: [ReceivedFrame], layout: Schema?) {
        var decoder = ServerMessageDecoder(encoding: encoding, maximumMessageSize: .max)
        decoder.feed(encoding == .jsonLines && bytes.last != UInt8(ascii: "\n") ? bytes + [UInt8(ascii: "\n")] : bytes)
        var frames: [ReceivedFrame] = []
        var layout: Schema?
        var number = 0
        while true {
            number += 1
            let message: ReceivedMessage?
            do {
                message = try decoder.next()
            } catch {
                var numbered = error
                numbered.message = "\(encoding == .jsonLines ? "line" : "message") \(number): \(error.message)"
                throw numbered
            }
            switch message {
            case nil: return (frames, layout)
            case .frame(let frame)?: frames.append(frame)
            case .message(.schema, let object)?: layout = Schema(schema: object) ?? layout
            case .message?, .motion?: break
            }
        }
    }
}
