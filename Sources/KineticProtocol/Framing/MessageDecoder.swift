// SPDX-License-Identifier: Apache-2.0
/// Incrementally decodes the messages a client sends, in whichever encoding its first byte chose.
///
/// Feed bytes as they arrive with ``feed(_:)`` and drain messages with ``next()``. Each result is
/// a message or a ``ProtocolError``; after a fatal error (garbage first bytes, a message over the
/// size limit) the decoder stops and returns `nil` forever, and the server closes the connection.
/// Non-fatal errors (malformed JSON, an unknown type, a bad command) leave framing intact, so the
/// decoder carries on with the next message. Hostile input is bounded: at most
/// ``maximumMessageSize`` plus one header is ever buffered, and a bad header is rejected as soon as
/// its 8 bytes (12 for the HELLO magic) have arrived, before any payload.
public struct MessageDecoder: Sendable {
    /// The default limit on one message: 1 MiB (docs/PROTOCOL.md, "Limits").
    public static let defaultMaximumMessageSize = ProtocolLimits.maximumMessageBytes

    /// The largest message accepted, in bytes: a JSON line without its newline, or a binary
    /// message's `length` field (type, flags and payload).
    public let maximumMessageSize: Int
    /// The connection's encoding, known once the first byte has arrived.
    public private(set) var encoding: WireEncoding?
    /// Whether a fatal error has stopped the decoder.
    public private(set) var isStopped = false

    private var stream = ByteStream()
    private var sawFirstMessage = false

    /// A decoder with a size limit in bytes (1 MiB by default).
    public init(maximumMessageSize: Int = MessageDecoder.defaultMaximumMessageSize) {
        self.maximumMessageSize = maximumMessageSize
    }

    /// The number of bytes received but not yet decoded.
    package var bufferedByteCount: Int { stream.available }

    /// Appends received bytes.
    public mutating func feed(_ bytes: some Collection<UInt8>) {
        guard !isStopped, !bytes.isEmpty else { return }
        if encoding == nil, let first = bytes.first { encoding = WireEncoding(firstByte: first) }
        stream.feed(bytes)
    }

    /// The next decoded message or error, or `nil` when more bytes are needed (or after a fatal error).
    public mutating func next() -> Result<ClientMessage, ProtocolError>? {
        guard !isStopped, let encoding else { return nil }
        switch encoding {
        case .jsonLines: return nextLine()
        case .binary: return nextBinary()
        }
    }

    private mutating func stop(_ error: ProtocolError) -> Result<ClientMessage, ProtocolError> {
        isStopped = true
        stream.reset()
        var fatal = error
        fatal.isFatal = true
        return .failure(fatal)
    }

    private mutating func nextLine() -> Result<ClientMessage, ProtocolError>? {
        while let found = stream.nextLine(limit: maximumMessageSize) {
            switch found {
            case .tooLong(let count):
                return stop(ProtocolError(.tooLarge, "a JSON line of \(count) bytes exceeds the limit of \(maximumMessageSize)"))
            case .line(let line):
                if line.allSatisfy({ $0 == 0x20 || $0 == 0x09 }) { continue }
                sawFirstMessage = true
                return decodeJSON(line, binaryType: nil)
            }
        }
        return nil
    }

    private func decodeJSON(_ bytes: ArraySlice<UInt8>, binaryType: MessageType?) -> Result<ClientMessage, ProtocolError> {
        let json: JSONValue
        do {
            json = try JSONValue.parse(bytes)
        } catch {
            return .failure(ProtocolError(.badMessage, error.description))
        }
        do {
            return .success(try ClientMessage.decode(json, binaryType: binaryType))
        } catch {
            return .failure(error)
        }
    }

    private mutating func nextBinary() -> Result<ClientMessage, ProtocolError>? {
        guard let header = stream.peekHeader() else { return nil }
        if !sawFirstMessage {
            guard header.type == MessageType.hello.rawValue else {
                return stop(ProtocolError(.badMessage, "expected a binary HELLO (type 1) or a JSON object starting with '{'; got type \(header.type)"))
            }
            guard header.payloadSize >= BinaryHeader.helloPrefixSize else {
                return stop(ProtocolError(.badMessage, "a HELLO payload needs at least the magic KNTC and two u16 versions"))
            }
        }
        guard header.length >= 4 else {
            return stop(ProtocolError(.badMessage, "binary length \(header.length) is shorter than the type and flags it must cover"))
        }
        guard Int(header.length) <= maximumMessageSize else {
            return stop(ProtocolError(.tooLarge, "a binary message of \(header.length) bytes exceeds the limit of \(maximumMessageSize)"))
        }
        // The magic is checked as soon as its 4 bytes are in, before the rest of the payload arrives.
        let magic = stream.unconsumed.dropFirst(BinaryHeader.size).prefix(4)
        if !sawFirstMessage, magic.count == 4, !magic.elementsEqual(BinaryHeader.helloMagic) {
            return stop(ProtocolError(.badMessage, "the HELLO payload does not start with the magic KNTC"))
        }
        guard let payload = stream.takeMessage(header) else { return nil }
        sawFirstMessage = true
        guard let type = MessageType(rawValue: header.type) else {
            return .failure(ProtocolError(.unknownType, "unknown binary message type \(header.type); clients send 1 (hello), 2 (subscribe) or 5 (command)"))
        }
        guard type == .hello else { return decodeJSON(payload, binaryType: type) }
        return decodeHello(payload)
    }

    private func decodeHello(_ payload: ArraySlice<UInt8>) -> Result<ClientMessage, ProtocolError> {
        guard let prefix = HelloPrefix(payload: payload) else {
            return .failure(ProtocolError(.badMessage, "a HELLO payload starts with the magic KNTC and two u16 versions"))
        }
        let rest = payload.dropFirst(BinaryHeader.helloPrefixSize)
        var client = ""
        if !rest.allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }) {
            // The binary prefix carries the versions, so the JSON's "protocol" is optional here.
            let json: JSONValue
            do {
                json = try JSONValue.parse(rest)
            } catch {
                return .failure(ProtocolError(.badMessage, "HELLO payload: \(error.description)"))
            }
            guard let object = json.objectValue else {
                return .failure(ProtocolError(.badMessage, "the HELLO payload's JSON must be an object"))
            }
            if let type = object["type"], type != "hello" {
                return .failure(ProtocolError(.badMessage, "the HELLO payload's \"type\" must be \"hello\""))
            }
            if let name = object["client"] {
                guard let string = name.stringValue else {
                    return .failure(ProtocolError(.badMessage, "\"client\" must be a string"))
                }
                client = string
            }
        }
        return .success(.hello(Hello(major: prefix.major, minor: prefix.minor, client: client)))
    }
}
