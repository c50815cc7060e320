import Testing
@testable import KineticProtocol

/// The one JSON writer (bytes) writes numbers, decimals and strings as hand-written JSON spells them, and
/// `jsonText` is its UTF-8.
@Suite struct JSONBytesWritingTests {
    @Test(arguments: [
        (0.0, "0"), (-0.0, "0"), (120, "120"), (-7, "-7"), (1e15, "1000000000000000"), (9_007_199_254_740_991, "9007199254740991"),
        (9_007_199_254_740_992, "9007199254740992.0"), (1e17, "1e+17"), (-0.25, "-0.25"), (1e-5, "1e-05"),
        (0.1, "0.1"), (1.0 / 3.0, "0.3333333333333333"), (.infinity, "null"), (.nan, "null"), (-.infinity, "null"),
    ])
    func numbers(n: Double, text: String) {
        var bytes: [UInt8] = []
        JSONValue.writeNumber(n, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == text)
        #expect(JSONValue.number(n).jsonText == text)
    }

    @Test(arguments: [UInt64(0), 9, 10, 1_000_000_000, UInt64.max])
    func decimals(n: UInt64) {
        var bytes: [UInt8] = []
        JSONValue.writeDecimal(n, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == String(n))
    }

    @Test(arguments: [("touch.position", #""touch.position""#), ("q\"\\\n\r\t\u{01}\u{1f}é✓", #""q\"\\\n\r\t\u0001\u001fé✓""#)])
    func strings(s: String, text: String) {
        var bytes: [UInt8] = []
        JSONValue.writeString(s, to: &bytes)
        #expect(String(decoding: bytes, as: UTF8.self) == text)
        #expect(JSONValue.string(s).jsonText == text)
    }
}
