import Testing
@testable import KineticProtocol

/// A client reads what the server sends as typed values: ``ServerMessage/init(decoding:)`` is the inverse of
/// ``ServerMessage/json``, and refuses what a broken server could send, naming the field.
@Suite("Server messages, decoded into typed values")
struct ServerMessageDecodingTests {
    static let messages: [ServerMessage] = [
        .hello(ServerHello(server: "kineticd 0.1.0", tickHz: 120, features: ["binary", "motion"], encoding: .jsonLines)),
        .hello(ServerHello(server: "kineticd 9", tickHz: 59.94, features: [], encoding: .binary, major: 1, minor: 3)),
        .schema(Schema(generation: 4, channels: [("touch.position", 2), ("card.opacity", 1)])),
        .reply(.ok(7, ["channels": .array([.string("a")])])),
        .reply(.ok(.string("x"))),
        .reply(.failed(8, ProtocolError(.unknownChannel, "no channel \"x\""))),
        .event(Event(name: Event.logicallyComplete, id: 7)),
        .event(Event(name: Event.gestureEnded, fields: ["channel": "touch.position", "cancelled": true])),
        .error(ProtocolError(.tooSlow, "the client read nothing for 2 s")),
    ]

    @Test("every kind of server message comes back as it was sent, in either encoding", arguments: messages)
    func roundTrip(message: ServerMessage) throws {
        for encoding in [WireEncoding.jsonLines, .binary] {
            var decoder = ServerMessageDecoder(encoding: encoding)
            decoder.feed(message.encoded(encoding))
            let received = try #require(try decoder.next())
            #expect(received.serverMessage == message, "\(encoding): \(received)")
            #expect(try ServerMessage(decoding: message.json) == message)
        }
    }

    @Test("what a broken server could send is refused with the field named", arguments: [
        (#"{"type":"reply","id":1}"#, "ok"),
        (#"{"type":"reply","id":1,"ok":false}"#, "error"),
        (#"{"type":"reply","id":1,"ok":false,"error":{"message":"m"}}"#, "error.code"),
        (#"{"type":"error","code":"too_slow"}"#, "error.message"),
        (#"{"type":"event","id":1}"#, "event"),
        (#"{"type":"schema","generation":1,"channels":[{"name":"a","dimension":0}]}"#, "schema"),
        (#"{"type":"schema","generation":-1,"channels":[]}"#, "schema"),
        (#"{"type":"hello","protocol":1,"server":"s","tick_hz":"fast","features":[],"encoding":"json"}"#, "tick_hz"),
        (#"{"type":"hello","protocol":70000,"server":"s","tick_hz":60,"features":[],"encoding":"json"}"#, "protocol"),
        (#"{"type":"hello","protocol":1,"server":"s","tick_hz":60,"features":[3],"encoding":"json"}"#, "features"),
        (#"{"type":"hello","protocol":1,"server":"s","tick_hz":60,"features":[],"encoding":"xml"}"#, "encoding"),
        (#"{"type":"frame","generation":1,"seq":1,"time_ns":1,"values":{}}"#, "type"),
        (#"{"type":"subscribe"}"#, "type"),
    ])
    func refusals(text: String, field: String) throws {
        let object = try #require(try JSONValue.parse(text).objectValue)
        let error = #expect(throws: ProtocolError.self) { try ServerMessage(decoding: object) }
        #expect(error?.code == .badMessage)
        #expect(error?.message.hasPrefix("a server message's \(field) ") == true, "\(error?.message ?? "")")
    }
}
