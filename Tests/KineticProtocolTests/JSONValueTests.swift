import Testing
@testable import KineticProtocol

@Suite("JSON values")
struct JSONValueTests {
    @Test("parses RFC 8259 values", arguments: [
        ("null", JSONValue.null),
        ("true", .bool(true)),
        (" false ", .bool(false)),
        ("0", .number(0)),
        ("-12.5e1", .number(-125)),
        ("1E-2", .number(0.01)),
        ("\"a\\n\\u00e9\\ud83d\\ude00\"", .string("a\né😀")),
        ("[1,[2],{}]", .array([1, .array([2]), .object([:])])),
        ("{\"b\":1,\"a\":[true,null]}", .object(["b": 1, "a": .array([true, .null])])),
    ])
    func parses(text: String, expected: JSONValue) throws {
        #expect(try JSONValue.parse(text) == expected)
    }

    @Test("rejects malformed text with the column of the problem", arguments: [
        ("", 1), ("{", 2), ("[1,]", 4), ("{\"a\" 1}", 6), ("01", 2), ("1.", 3), ("-", 2), ("tru", 1),
        ("\"abc", 5), ("\"\\x\"", 3), ("\"\\ud800\"", 8), ("1e999", 1), ("[1] x", 5), ("{\"a\":1,}", 8),
        ("\"a\tb\"", 3),
    ])
    func rejects(text: String, column: Int) {
        #expect(throws: JSONParseError.self) { try JSONValue.parse(text) }
        do {
            _ = try JSONValue.parse(text)
        } catch {
            #expect(error.column == column, "\(text): \(error)")
        }
    }

    @Test("rejects invalid UTF-8 inside strings")
    func invalidUTF8() {
        #expect(throws: JSONParseError.self) { try JSONValue.parse([0x22, 0xFF, 0xFE, 0x22]) }
    }

    @Test("bounds nesting depth instead of recursing without limit")
    func depth() throws {
        let ok = String(repeating: "[", count: JSONValue.maximumDepth) + String(repeating: "]", count: JSONValue.maximumDepth)
        #expect(try JSONValue.parse(ok) != .null)
        let deep = String(repeating: "[", count: 100_000)
        #expect(throws: JSONParseError.self) { try JSONValue.parse(deep) }
    }

    @Test("writes compact JSON with keys in order and integral numbers without a fraction", arguments: [
        (JSONValue.object(["type": "hello", "protocol": 1, "tick_hz": 120.5]), "{\"type\":\"hello\",\"protocol\":1,\"tick_hz\":120.5}"),
        (.array([.number(-0.25), .number(1e-5), .number(.infinity), .number(.nan)]), "[-0.25,1e-05,null,null]"),
        (.string("q\"\\\n\u{01}é"), "\"q\\\"\\\\\\n\\u0001é\""),
        (.array([.number(1e15), .number(1e17)]), "[1000000000000000,1e+17]"),
    ])
    func writes(value: JSONValue, text: String) {
        #expect(value.jsonText == text)
    }

    @Test("numbers survive writing and parsing bit for bit", arguments: [0.1, 1.0 / 3.0, -2.5e-300, Double.greatestFiniteMagnitude, 123456.789, Double.leastNonzeroMagnitude])
    func numberRoundTrip(n: Double) throws {
        let parsed = try JSONValue.parse(JSONValue.number(n).jsonText)
        #expect(parsed.numberValue?.bitPattern == n.bitPattern)
    }
}
