import Testing
@testable import KineticProtocol
import KineticTestSupport

@Suite("Message decoder")
struct MessageDecoderTests {
    private func decodeAll(_ bytes: [UInt8], chunk: Int = .max, limit: Int = MessageDecoder.defaultMaximumMessageSize)
        -> [Result<ClientMessage, ProtocolError>]
    {
        var decoder = MessageDecoder(maximumMessageSize: limit)
        var results: [Result<ClientMessage, ProtocolError>] = []
        var index = 0
        while index < bytes.count {
            let end = min(bytes.count, index + chunk)
            decoder.feed(bytes[index..<end])
            index = end
            while let result = decoder.next() { results.append(result) }
        }
        return results
    }

    private func binary(type: UInt16, payload: [UInt8]) -> [UInt8] {
        header(length: UInt32(payload.count + 4), type: type) + payload
    }

    private func hello(major: UInt16 = 1, minor: UInt16 = 0, json: String = "") -> [UInt8] {
        binary(type: 1, payload: Array("KNTC".utf8) + [UInt8(major & 0xFF), UInt8(major >> 8), UInt8(minor & 0xFF), UInt8(minor >> 8)] + Array(json.utf8))
    }

    @Test("JSON Lines: docs/PROTOCOL.md's message shapes decode")
    func jsonLines() throws {
        let text = """
        {"type":"hello","protocol":1,"client":"probe"}
        {"type":"subscribe","channels":["touch.*","card.offset"],"max_rate_hz":60}
        {"type":"command","id":7,"op":"animate","channel":"card.offset","to":[0,120],"animation":".spring(duration: 0.4, bounce: 0.2)","completion":"logicallyComplete"}
        {"type":"command","id":"x","op":"define","channel":"c","dimension":2,"initial":[1,2]}
        {"type":"command","id":9,"op":"set","channel":"c","to":3}
        {"type":"command","op":"reduce_motion","enabled":true}
        {"type":"command","op":"reduce_motion","enabled":false,"scope":"connection"}

        """
        let results = decodeAll(Array(text.utf8))
        let messages = try results.map { try $0.get() }
        #expect(messages == [
            .hello(Hello(major: 1, client: "probe")),
            .subscribe(Subscription(patterns: ["touch.*", "card.offset"], maxRateHz: 60)),
            .command(Command(id: 7, operation: .animate(channel: "card.offset", to: [0, 120],
                                                        animation: ".spring(duration: 0.4, bounce: 0.2)",
                                                        completion: .logicallyComplete))),
            .command(Command(id: "x", operation: .define(channel: "c", dimension: 2, initial: [1, 2]))),
            .command(Command(id: 9, operation: .set(channel: "c", to: [3]))),
            .command(Command(id: .null, operation: .reduceMotion(enabled: true))),
            .command(Command(id: .null, operation: .reduceMotion(enabled: false, scope: .connection))),
        ])
    }

    @Test("a subscribe's decimation is max_rate_hz; its old name rate_hz is still accepted, but not both at once")
    func decimationAlias() throws {
        let new = decodeAll(Array(#"{"type":"subscribe","channels":["*"],"max_rate_hz":60}"#.utf8) + [10])
        let old = decodeAll(Array(#"{"type":"subscribe","channels":["*"],"rate_hz":60}"#.utf8) + [10])
        #expect(try new.map { try $0.get() } == [.subscribe(Subscription(patterns: ["*"], maxRateHz: 60))])
        #expect(try old.map { try $0.get() } == [.subscribe(Subscription(patterns: ["*"], maxRateHz: 60))])
        let both = decodeAll(Array(#"{"type":"subscribe","channels":["*"],"max_rate_hz":60,"rate_hz":30}"#.utf8) + [10])
        let error = #expect(throws: ProtocolError.self) { try both.first?.get() }
        #expect(error?.code == .badMessage && error?.message.contains("give one") == true, "\(String(describing: error))")
        let outside = decodeAll(Array(#"{"type":"subscribe","channels":["*"],"rate_hz":0}"#.utf8) + [10])
        let range = #expect(throws: ProtocolError.self) { try outside.first?.get() }
        #expect(range?.message.hasPrefix("\"rate_hz\" must be") == true, "the old name is named as the client sent it")
        // What a client writes is the new name.
        #expect(String(decoding: ClientMessage.subscribe(Subscription(patterns: ["*"], maxRateHz: 60)).encoded(.jsonLines), as: UTF8.self)
            == #"{"type":"subscribe","channels":["*"],"max_rate_hz":60}"# + "\n")
    }

    @Test("decoding does not depend on how the bytes are split", arguments: [1, 2, 3, 7, 64])
    func chunking(chunk: Int) throws {
        let json = ClientMessage.subscribe(Subscription(patterns: ["*"], maxRateHz: 30))
        let command = ClientMessage.command(Command(id: 1, operation: .list))
        let jsonBytes = json.encoded(.jsonLines) + Array("\r\n   \n".utf8) + command.encoded(.jsonLines)
        #expect(try decodeAll(jsonBytes, chunk: chunk).map { try $0.get() } == [json, command])
        let binaryBytes = ClientMessage.hello(Hello(major: 1, minor: 3, client: "c")).encoded(.binary)
            + json.encoded(.binary) + command.encoded(.binary)
        #expect(try decodeAll(binaryBytes, chunk: chunk).map { try $0.get() }
            == [.hello(Hello(major: 1, minor: 3, client: "c")), json, command])
    }

    @Test("binary HELLO: versions come from the prefix, the JSON is optional")
    func binaryHello() throws {
        #expect(try decodeAll(hello(major: 2, minor: 5)).map { try $0.get() } == [.hello(Hello(major: 2, minor: 5))])
        #expect(try decodeAll(hello(json: "{\"type\":\"hello\",\"client\":\"py\"}")).map { try $0.get() }
            == [.hello(Hello(major: 1, client: "py"))])
    }

    @Test("garbage first bytes are fatal as soon as the header shows it", arguments: [
        Array("GET / HTTP/1.1\r\n".utf8),
        [0x00, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00],
        [0x10, 0x00, 0x00, 0x00, 0x02, 0x00, 0x00, 0x00],
        Array("i3-ipc\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}\u{0}".utf8),
        [0x0C, 0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x58, 0x58, 0x58, 0x58],
    ])
    func garbageFirstBytes(bytes: [UInt8]) {
        let results = decodeAll(bytes)
        #expect(results.count == 1)
        guard case .failure(let error)? = results.first else { Issue.record("expected an error"); return }
        #expect(error.isFatal)
        #expect(error.code == .badMessage)
    }

    @Test("an oversized binary length is rejected from its header, before any payload")
    func oversizedLength() {
        var decoder = MessageDecoder()
        decoder.feed(hello())
        #expect(decoder.next().map { (try? $0.get()) != nil } == true)
        decoder.feed(header(length: 0xFFFF_FFFF, type: 5))
        guard case .failure(let error)? = decoder.next() else { Issue.record("expected too_large"); return }
        #expect(error.code == .tooLarge && error.isFatal)
        #expect(decoder.next() == nil)
        decoder.feed(hello())
        #expect(decoder.next() == nil, "a stopped decoder stays stopped")
        #expect(decoder.bufferedByteCount == 0)
    }

    @Test("a JSON line longer than the limit is fatal without buffering more than the limit")
    func oversizedLine() {
        var decoder = MessageDecoder(maximumMessageSize: 1024)
        decoder.feed(Array("{\"type\":\"command\"".utf8))
        #expect(decoder.next() == nil)
        decoder.feed([UInt8](repeating: 0x20, count: 1100))
        guard case .failure(let error)? = decoder.next() else { Issue.record("expected too_large"); return }
        #expect(error.code == .tooLarge && error.isFatal)
        #expect(decoder.bufferedByteCount == 0)
    }

    @Test("malformed JSON, unknown types and server-only types are non-fatal errors", arguments: [
        ("{\"type\":\"subscribe\",\"channels\":[\"a\"\n", ErrorCode.badMessage),
        ("{]\n", .badMessage),
        ("[1,2]\n", .badMessage),
        ("{\"type\":\"launch\"}\n", .unknownType),
        ("{\"type\":\"frame\",\"generation\":1}\n", .unknownType),
        ("{\"channels\":[]}\n", .badMessage),
        ("{\"type\":7}\n", .badMessage),
        ("{\"type\":\"subscribe\",\"channels\":\"*\"}\n", .badMessage),
        ("{\"type\":\"subscribe\",\"channels\":[\"*\"],\"rate_hz\":-1}\n", .badMessage),
    ])
    func nonFatal(line: String, code: ErrorCode) throws {
        // A valid first line fixes the encoding as JSON Lines ("[" as a first byte would mean binary).
        let first = ClientMessage.hello(Hello(major: 1, client: "t"))
        let follow = ClientMessage.command(Command(id: 2, operation: .status))
        let results = decodeAll(first.encoded(.jsonLines) + Array(line.utf8) + follow.encoded(.jsonLines))
        #expect(results.count == 3)
        guard results.count == 3, case .failure(let error) = results[1] else { Issue.record("expected an error"); return }
        #expect(error.code == code)
        #expect(!error.isFatal)
        #expect(try results.last?.get() == follow, "decoding continues after a non-fatal error")
    }

    @Test("unknown binary types are skipped by length after an unknown_type error")
    func unknownBinaryType() throws {
        let follow = ClientMessage.command(Command(id: 3, operation: .list))
        let bytes = hello() + binary(type: 77, payload: [1, 2, 3]) + binary(type: 4, payload: Array("{}".utf8)) + follow.encoded(.binary)
        let results = decodeAll(bytes)
        #expect(results.count == 4)
        guard case .failure(let unknown) = results[1], case .failure(let serverOnly) = results[2] else {
            Issue.record("expected two errors"); return
        }
        #expect(unknown.code == .unknownType && !unknown.isFatal)
        #expect(serverOnly.code == .unknownType && !serverOnly.isFatal)
        #expect(try results[3].get() == follow)
    }

    @Test("a bad command keeps its id so that it is answered by a failed reply", arguments: [
        ("{\"type\":\"command\",\"id\":5,\"op\":\"fly\"}", ErrorCode.unknownOperation),
        ("{\"type\":\"command\",\"id\":5,\"op\":\"set\",\"channel\":\"a\"}", .badMessage),
        ("{\"type\":\"command\",\"id\":5,\"op\":\"set\",\"channel\":\"a*\",\"to\":1}", .badMessage),
        ("{\"type\":\"command\",\"id\":5,\"op\":\"set\",\"channel\":\"a\",\"to\":[\"x\"]}", .badMessage),
        ("{\"type\":\"command\",\"id\":5,\"op\":\"define\",\"channel\":\"a\",\"dimension\":0}", .badMessage),
        ("{\"type\":\"command\",\"id\":5,\"op\":\"define\",\"channel\":\"a\",\"dimension\":2,\"initial\":[1]}", .dimensionMismatch),
        ("{\"type\":\"command\",\"id\":5,\"op\":\"animate\",\"channel\":\"a\",\"to\":1,\"completion\":\"soon\"}", .badMessage),
    ])
    func badCommand(line: String, code: ErrorCode) {
        let results = decodeAll(Array((line + "\n").utf8))
        guard case .failure(let error)? = results.first else { Issue.record("expected an error"); return }
        #expect(error.code == code)
        #expect(error.commandID == 5)
    }

    @Test("random bytes never trap and never buffer beyond the limit")
    func randomBytes() {
        var generator = SplitMix64(seed: 0x6B69_6E65_7469_63)
        for round in 0..<300 {
            var decoder = MessageDecoder(maximumMessageSize: 4096)
            // Half the rounds start like a valid client so that the fuzzing reaches past the first message.
            if round.isMultiple(of: 2) { decoder.feed(round.isMultiple(of: 4) ? hello() : Array("{\"type\":\"list\"}\n".utf8)) }
            for _ in 0..<8 {
                let count = Int(generator.next() % 700)
                decoder.feed((0..<count).map { _ in UInt8(truncatingIfNeeded: generator.next()) })
                while decoder.next() != nil {}
                #expect(decoder.bufferedByteCount <= 4096 + 700 + BinaryHeader.size)
            }
        }
    }
}

/// A small deterministic generator, so that fuzz-style tests replay exactly.
/// A binary header's 8 bytes.
private func header(length: UInt32, type: UInt16) -> [UInt8] {
    var bytes: [UInt8] = []
    BinaryHeader(length: length, type: type, flags: 0).write(to: &bytes)
    return bytes
}
