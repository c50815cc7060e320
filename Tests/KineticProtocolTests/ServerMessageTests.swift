import Testing
@testable import KineticProtocol

@Suite("Server messages and frames")
struct ServerMessageTests {
    @Test("the JSON shapes of docs/PROTOCOL.md's server messages")
    func shapes() {
        let hello = ServerMessage.hello(ServerHello(server: "kineticd 0.1", tickHz: 120, features: ["binary"], encoding: .jsonLines))
        #expect(String(decoding: hello.encoded(.jsonLines), as: UTF8.self)
            == "{\"type\":\"hello\",\"protocol\":1,\"minor\":1,\"server\":\"kineticd 0.1\",\"tick_hz\":120,\"features\":[\"binary\"],\"encoding\":\"json\"}\n")
        let schema = ServerMessage.schema(Schema(generation: 3, channels: [("touch.position", 2), ("glow", 1)]))
        #expect(JSONValue.object(schema.json).jsonText
            == "{\"type\":\"schema\",\"generation\":3,\"channels\":[{\"name\":\"touch.position\",\"dimension\":2,\"offset\":0},{\"name\":\"glow\",\"dimension\":1,\"offset\":4}],\"count\":6}")
        #expect(JSONValue.object(ServerMessage.reply(.ok(7)).json).jsonText == "{\"type\":\"reply\",\"id\":7,\"ok\":true}")
        let failed = ServerMessage.reply(.failed(7, ProtocolError(.unknownChannel, "no channel \"x\"")))
        #expect(JSONValue.object(failed.json).jsonText
            == "{\"type\":\"reply\",\"id\":7,\"ok\":false,\"error\":{\"code\":\"unknown_channel\",\"message\":\"no channel \\\"x\\\"\"}}")
        #expect(JSONValue.object(ServerMessage.event(Event(name: Event.logicallyComplete, id: 7)).json).jsonText
            == "{\"type\":\"event\",\"event\":\"animation.logicallyComplete\",\"id\":7}")
        #expect(JSONValue.object(ServerMessage.error(ProtocolError(.tooSlow, "m")).json).jsonText
            == "{\"type\":\"error\",\"code\":\"too_slow\",\"message\":\"m\"}")
    }

    @Test("binary framing: u32 LE length of type+flags+payload, u16 type, u16 flags, JSON payload")
    func binaryControl() {
        let bytes = ServerMessage.reply(.ok(1)).encoded(.binary)
        let json = Array("{\"type\":\"reply\",\"id\":1,\"ok\":true}".utf8)
        #expect(bytes == [UInt8(json.count + 4), 0, 0, 0, 6, 0, 0, 0] + json)
        let hello = ServerMessage.hello(ServerHello(server: "s", tickHz: 60, features: [], encoding: .binary)).encoded(.binary)
        #expect(Array(hello[4..<16]) == [1, 0, 0, 0] + Array("KNTC".utf8) + [1, 0, 1, 0])
    }

    @Test("binary frame bytes, computed by hand")
    func binaryFrame() {
        let layout = Schema(generation: 2, channels: [("a", 2)])
        let bytes = FrameEncoder.encode(seq: 1, timeNanoseconds: 0x0102, layout: layout,
                                        samples: [ChannelSample(name: "a", value: [1.5, -2], velocity: [0, 3])],
                                        encoding: .binary)
        let expected: [UInt8] = [60, 0, 0, 0, 4, 0, 0, 0,
                                 2, 0, 0, 0,
                                 1, 0, 0, 0, 0, 0, 0, 0,
                                 0x02, 0x01, 0, 0, 0, 0, 0, 0,
                                 4, 0, 0, 0,
                                 0, 0, 0, 0, 0, 0, 0xF8, 0x3F,  // 1.5
                                 0, 0, 0, 0, 0, 0, 0x00, 0xC0,  // -2
                                 0, 0, 0, 0, 0, 0, 0x00, 0x00,  // 0
                                 0, 0, 0, 0, 0, 0, 0x08, 0x40]  // 3
        #expect(bytes == expected)
    }

    @Test("JSON frame shape")
    func jsonFrame() {
        let layout = Schema(generation: 1, channels: [("touch.position", 2)])
        let bytes = FrameEncoder.encode(seq: 9, timeNanoseconds: 1_000, layout: layout,
                                        samples: [ChannelSample(name: "touch.position", value: [10, 20.5], velocity: [-1, 0])],
                                        encoding: .jsonLines)
        #expect(String(decoding: bytes, as: UTF8.self)
            == "{\"type\":\"frame\",\"generation\":1,\"seq\":9,\"time_ns\":1000,\"values\":{\"touch.position\":{\"value\":[10,20.5],\"velocity\":[-1,0]}}}\n")
    }

    @Test("the client-side decoder reads both frame encodings to the same samples", arguments: [WireEncoding.jsonLines, .binary])
    func frameRoundTrip(encoding: WireEncoding) throws {
        let layout = Schema(generation: 4, channels: [("p", 2), ("s", 1)])
        let samples = [ChannelSample(name: "p", value: [0.1, 1.0 / 3.0], velocity: [-7.25, 1e-9]),
                       ChannelSample(name: "s", value: [42], velocity: [0])]
        var decoder = ServerMessageDecoder(encoding: encoding)
        decoder.feed(FrameEncoder.encode(seq: 77, timeNanoseconds: 123_456_789, layout: layout, samples: samples, encoding: encoding))
        guard case .frame(let frame)? = try decoder.next() else { Issue.record("expected a frame"); return }
        #expect(frame.generation == 4 && frame.seq == 77 && frame.timeNanoseconds == 123_456_789)
        for sample in samples {
            #expect(frame.sample(of: sample.name, layout: layout) == sample)
        }
        #expect(try decoder.next() == nil)
    }
}
