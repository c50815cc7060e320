import Testing
@testable import KineticProtocol
import KineticTestSupport

/// Text from outside whose handling once cost the square of its length, and the rules that keep it linear.
@Suite("Hostile text")
struct HostileTextTests {
    static func marks(_ pairs: Int) -> String {
        var text = ""
        for _ in 0..<pairs { text.unicodeScalars.append("\u{0301}"); text.unicodeScalars.append("\u{0316}") }
        return text
    }

    @Test("a JSON string with more than 30 combining marks in a row is refused; 30 pass")
    func combiningRuns() throws {
        let ok = "{\"a\":\"x" + Self.marks(15) + "\"}"
        #expect(throws: Never.self) { _ = try JSONValue.parse(ok) }
        let long = "{\"type\":\"command\",\"op\":\"animate\",\"animation\":\".a" + Self.marks(8000) + "\"}"
        #expect {
            _ = try JSONValue.parse(long)
        } throws: { error in
            let parse = try #require(error as? JSONParseError)
            // The column points at the string's opening quote, the message's 46th byte.
            return parse.column == 46 && parse.reason.contains("more than 30 combining marks in a row")
        }
    }

    @Test("a key twice in one object is refused, naming the key; keys compare by bytes")
    func duplicateKeys() throws {
        #expect {
            _ = try JSONValue.parse(#"{"changes":{"cd0":1,"cd0":2}}"#)
        } throws: { error in
            (error as? JSONParseError)?.reason == "the key \"cd0\" appears twice in one object; each key may appear once"
        }
        // é precomposed and e + U+0301 are different bytes, so different keys.
        let object = try #require(JSONValue.parse("{\"\u{E9}\":1,\"e\u{301}\":2}").objectValue)
        #expect(object.members.count == 2)
    }

    @Test("objects and arrays hold at most 1024 members or elements, the most channels a server holds")
    func containerCounts() throws {
        func object(_ n: Int) -> String { "{" + (0..<n).map { "\"k\($0)\":0" }.joined(separator: ",") + "}" }
        func array(_ n: Int) -> String { "[" + Array(repeating: "0", count: n).joined(separator: ",") + "]" }
        #expect(try JSONValue.parse(object(1024)).objectValue?.members.count == 1024)
        #expect(try JSONValue.parse(array(1024)).arrayValue?.count == 1024)
        #expect { _ = try JSONValue.parse(object(1025)) } throws: { ($0 as? JSONParseError)?.reason == "an object has at most 1024 members" }
        #expect { _ = try JSONValue.parse(array(1025)) } throws: { ($0 as? JSONParseError)?.reason == "an array has at most 1024 elements" }
    }

    @Test("a command's string id is at most 256 bytes: replies echo it")
    func idLimit() throws {
        var decoder = MessageDecoder()
        let id = String(repeating: "i", count: 257)
        decoder.feed(Array(#"{"type":"command","id":"\#(id)","op":"status"}"#.utf8) + [0x0A])
        guard case .failure(let error)? = decoder.next() else { Issue.record("accepted"); return }
        #expect(error.message == "\"id\" is a string of 257 bytes; ids are numbers or strings of at most 256 bytes")
    }

    @Test("an error message is cut to 2048 bytes at a scalar, whatever it quotes")
    func errorMessages() {
        let error = ProtocolError(.badMessage, "x" + String(repeating: "é", count: 5000))
        #expect(error.message.utf8.count <= ProtocolError.maximumMessageBytes)
        #expect(error.message.hasSuffix("…"))
        #expect(ProtocolError(.badMessage, "short").message == "short")
    }

    @Test("bounded prefixes: cut by scalars or bytes, marked only when cut", arguments: [
        ("abc", 3, Int.max, "abc"), ("abcd", 3, Int.max, "ab…"), ("ééé", Int.max, 6, "ééé"), ("éééé", Int.max, 6, "é…"),
        ("", 1, 1, ""), ("a\u{301}\u{316}", 2, Int.max, "a…"),
    ])
    func boundedPrefix(text: String, scalars: Int, bytes: Int, expected: String) {
        #expect(text.boundedPrefix(scalars: scalars, bytes: bytes).unicodeScalars.elementsEqual(expected.unicodeScalars))
    }

    @Test("names: one set of rules, with what is wrong said", arguments: [
        ("touch.position", nil), ("caf\u{E9}", nil), ("cafe\u{301}", "is not in Unicode NFC"),
        ("", "is empty"), (String(repeating: "n", count: 257), "is 257 bytes long; at most 256 are accepted"),
        ("a\nb", "contains the control character U+000A"), ("a\u{85}b", "contains the control character U+0085"),
        ("a\"b", "contains '\"'"), ("a\\b", "contains '\\'"), ("a*", "contains '*', which subscription patterns use"),
    ] as [(String, String?)])
    func names(name: String, problem: String?) {
        let found = NameRules.problem(with: name)
        if let problem { #expect(found?.hasPrefix(problem) == true, "\(found ?? "accepted")") } else { #expect(found == nil) }
    }

    /// The plain backtracking glob matcher, as the reference.
    static func reference(_ pattern: [Unicode.Scalar], _ name: [Unicode.Scalar]) -> Bool {
        guard let first = pattern.first else { return name.isEmpty }
        if first == "*" {
            return (0...name.count).contains { reference(Array(pattern.dropFirst()), Array(name.dropFirst($0))) }
        }
        guard let head = name.first, first == "?" || first == head else { return false }
        return reference(Array(pattern.dropFirst()), Array(name.dropFirst()))
    }

    @Test("the linear matcher agrees with backtracking on 20 000 random patterns and names")
    func patternsAgainstReference() {
        var generator = SplitMix64(seed: 0x7061_7474)
        let alphabet: [Unicode.Scalar] = ["a", "b", ".", "é", "*", "?"]
        for _ in 0..<20_000 {
            let pattern = (0..<Int.random(in: 0...8, using: &generator)).map { _ in alphabet.randomElement(using: &generator)! }
            let name = (0..<Int.random(in: 0...10, using: &generator)).map { _ in alphabet.prefix(4).randomElement(using: &generator)! }
            var p = "", n = ""
            p.unicodeScalars.append(contentsOf: pattern)
            n.unicodeScalars.append(contentsOf: name)
            #expect(ChannelPattern(p).matches(n) == Self.reference(pattern, name), "\(p) ~ \(n)")
        }
    }

    @Test("long pieces between stars span several mask words")
    func longPieces() {
        let piece = String(repeating: "ab", count: 70) + "?c"
        let name = "x" + String(repeating: "ab", count: 70) + "zc" + "y"
        #expect(ChannelPattern("*" + piece + "*").matches(name))
        #expect(!ChannelPattern("*" + piece + "d*").matches(name))
        #expect(ChannelPattern("x*" + piece + "*y").matches(name))
    }
}

@Suite("Refusal messages")
struct RefusalMessageTests {
    static func refusal(_ line: String) -> String? {
        var decoder = MessageDecoder()
        decoder.feed(Array(line.utf8) + [0x0A])
        guard case .failure(let error)? = decoder.next() else { return nil }
        return error.message
    }

    @Test("frame_clock: lead_ns goes with a refresh, and ranges are spelled out", arguments: [
        (#"{"type":"command","op":"frame_clock","refresh_ns":0,"lead_ns":5}"#,
         "\"lead_ns\" goes with a \"refresh_ns\" above 0; \"refresh_ns\": 0 unlocks the clock and takes no lead (got \"lead_ns\": 5)"),
        (#"{"type":"command","op":"frame_clock","refresh_ns":8333333,"last_vblank_ns":0,"lead_ns":9000000}"#,
         "\"lead_ns\" must be a whole number from 0 to 8333333, got 9000000"),
    ])
    func frameClock(line: String, message: String) {
        #expect(Self.refusal(line) == message)
    }

    @Test("reduce_motion: a scope outside the two is named with both")
    func reduceMotionScope() {
        #expect(Self.refusal(#"{"type":"command","op":"reduce_motion","enabled":true,"scope":"session"}"#)
                == "\"scope\" is \"session\"; use \"daemon\" (the default) or \"connection\"")
    }
}
