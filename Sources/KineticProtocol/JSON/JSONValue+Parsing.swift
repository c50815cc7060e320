// SPDX-License-Identifier: Apache-2.0
/// Why a JSON text could not be parsed, with the byte column (1-based) where parsing stopped.
public struct JSONParseError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The 1-based byte offset into the text where the problem was found.
    public var column: Int
    /// What was wrong, for a person.
    public var reason: String

    /// `invalid JSON at column N: reason`.
    public var description: String { "invalid JSON at column \(column): \(reason)" }
}

extension JSONValue {
    /// The deepest nesting of arrays and objects a message may use; deeper input is rejected
    /// instead of recursing without bound.
    public static let maximumDepth = 32

    /// The most members an object, and the most elements an array, may have: as many as the channels a server holds
    /// (``ProtocolLimits/maximumChannels``), so that the largest schema, `list` reply and frame parse, and no more,
    /// so that a message of a hundred thousand keys is refused after a thousand instead of costing the event loop
    /// a hash of each.
    public static let maximumCount = ProtocolLimits.maximumChannels

    /// Parses one complete JSON text (RFC 8259) from UTF-8 bytes; surrounding whitespace is allowed.
    ///
    /// Numbers must be finite doubles; strings must be valid UTF-8.
    public static func parse(_ bytes: some Collection<UInt8>) throws(JSONParseError) -> JSONValue {
        var parser = JSONParser(bytes: Array(bytes))
        parser.skipWhitespace()
        let value = try parser.parseValue(depth: 0)
        parser.skipWhitespace()
        guard parser.index == parser.bytes.count else { throw parser.error("unexpected text after the value") }
        return value
    }

    /// Parses a JSON text given as a string.
    public static func parse(_ text: String) throws(JSONParseError) -> JSONValue {
        try parse(Array(text.utf8))
    }
}

private struct JSONParser {
    let bytes: [UInt8]
    var index = 0

    init(bytes: [UInt8]) { self.bytes = bytes }

    func error(_ reason: String) -> JSONParseError { JSONParseError(column: index + 1, reason: reason) }

    mutating func skipWhitespace() {
        while index < bytes.count, bytes[index] == 0x20 || bytes[index] == 0x0A || bytes[index] == 0x0D
            || bytes[index] == 0x09
        {
            index += 1
        }
    }

    mutating func parseValue(depth: Int) throws(JSONParseError) -> JSONValue {
        guard index < bytes.count else { throw error("unexpected end of text, expected a value") }
        switch bytes[index] {
        case UInt8(ascii: "{"): return try parseObject(depth: depth + 1)
        case UInt8(ascii: "["): return try parseArray(depth: depth + 1)
        case UInt8(ascii: "\""): return .string(try parseString())
        case UInt8(ascii: "t"): try expectLiteral("true"); return .bool(true)
        case UInt8(ascii: "f"): try expectLiteral("false"); return .bool(false)
        case UInt8(ascii: "n"): try expectLiteral("null"); return .null
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"): return .number(try parseNumber())
        default: throw error("unexpected character, expected a value")
        }
    }

    mutating func expectLiteral(_ literal: StaticString) throws(JSONParseError) {
        let count = literal.utf8CodeUnitCount
        let matches = literal.withUTF8Buffer { expected in
            index + count <= bytes.count && (0..<count).allSatisfy { bytes[index + $0] == expected[$0] }
        }
        guard matches else { throw error("unknown literal, expected \(literal)") }
        index += count
    }

    mutating func parseObject(depth: Int) throws(JSONParseError) -> JSONValue {
        guard depth <= JSONValue.maximumDepth else { throw error("nested deeper than \(JSONValue.maximumDepth)") }
        index += 1
        var object = JSONObject()
        // Keys compare by their bytes (with the stream-safe rule of parseString they are linear to hash).
        var keys = Set<ArraySlice<UInt8>>()
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "}") {
            index += 1
            return .object(object)
        }
        while true {
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: "\"") else { throw error("expected a key string") }
            let keyStart = index
            let (key, keyBytes) = try parseStringAndBytes()
            guard keys.insert(keyBytes).inserted else {
                index = keyStart
                throw error("the key \"\(key.boundedPrefix(scalars: 40))\" appears twice in one object; each key may appear once")
            }
            skipWhitespace()
            guard index < bytes.count, bytes[index] == UInt8(ascii: ":") else { throw error("expected ':' after key") }
            index += 1
            skipWhitespace()
            guard object.members.count < JSONValue.maximumCount else {
                index = keyStart
                throw error("an object has at most \(JSONValue.maximumCount) members")
            }
            object.appendNewKey(key, try parseValue(depth: depth))
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of text in object") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] == UInt8(ascii: "}") {
                index += 1
                return .object(object)
            } else {
                throw error("expected ',' or '}' in object")
            }
        }
    }

    mutating func parseArray(depth: Int) throws(JSONParseError) -> JSONValue {
        guard depth <= JSONValue.maximumDepth else { throw error("nested deeper than \(JSONValue.maximumDepth)") }
        index += 1
        var elements: [JSONValue] = []
        skipWhitespace()
        if index < bytes.count, bytes[index] == UInt8(ascii: "]") {
            index += 1
            return .array(elements)
        }
        while true {
            skipWhitespace()
            guard elements.count < JSONValue.maximumCount else { throw error("an array has at most \(JSONValue.maximumCount) elements") }
            elements.append(try parseValue(depth: depth))
            skipWhitespace()
            guard index < bytes.count else { throw error("unexpected end of text in array") }
            if bytes[index] == UInt8(ascii: ",") {
                index += 1
            } else if bytes[index] == UInt8(ascii: "]") {
                index += 1
                return .array(elements)
            } else {
                throw error("expected ',' or ']' in array")
            }
        }
    }

    mutating func parseHex4() throws(JSONParseError) -> UInt32 {
        guard index + 4 <= bytes.count else { throw error("truncated \\u escape") }
        var scalar: UInt32 = 0
        for _ in 0..<4 {
            let c = bytes[index]
            let digit: UInt32
            switch c {
            case UInt8(ascii: "0")...UInt8(ascii: "9"): digit = UInt32(c - UInt8(ascii: "0"))
            case UInt8(ascii: "a")...UInt8(ascii: "f"): digit = UInt32(c - UInt8(ascii: "a") + 10)
            case UInt8(ascii: "A")...UInt8(ascii: "F"): digit = UInt32(c - UInt8(ascii: "A") + 10)
            default: throw error("invalid hex digit in \\u escape")
            }
            scalar = scalar << 4 | digit
            index += 1
        }
        return scalar
    }

    /// Refuses a string with more than ``String/maximumCombiningRun`` combining marks in a row, pointing at its quote.
    mutating func checkStreamSafe(_ string: String, openingQuote: Int) throws(JSONParseError) {
        guard let run = string.overlongCombiningRun else { return }
        index = openingQuote
        throw error("the string holds more than \(String.maximumCombiningRun) combining marks in a row (at its scalar \(run + 1)); Unicode's stream-safe text allows at most \(String.maximumCombiningRun)")
    }

    mutating func parseString() throws(JSONParseError) -> String { try parseStringAndBytes().string }

    /// A string and its UTF-8 bytes. Refused: invalid UTF-8, and more than ``String/maximumCombiningRun`` combining
    /// marks in a row (``String/overlongCombiningRun``).
    mutating func parseStringAndBytes() throws(JSONParseError) -> (string: String, bytes: ArraySlice<UInt8>) {
        let start = index
        index += 1  // opening quote
        // Most strings have no escape: their bytes are the input's, read without copying them one by one.
        var end = index
        while end < bytes.count, bytes[end] != UInt8(ascii: "\""), bytes[end] != UInt8(ascii: "\\"), bytes[end] >= 0x20 { end += 1 }
        if end < bytes.count, bytes[end] == UInt8(ascii: "\"") {
            let slice = bytes[index..<end]
            guard let string = String(validating: slice, as: UTF8.self) else { throw error("string is not valid UTF-8") }
            try checkStreamSafe(string, openingQuote: start)
            index = end + 1
            return (string, slice)
        }
        var utf8: [UInt8] = []
        while true {
            guard index < bytes.count else { throw error("unterminated string") }
            let c = bytes[index]
            switch c {
            case UInt8(ascii: "\""):
                index += 1
                guard let string = String(validating: utf8, as: UTF8.self) else {
                    throw error("string is not valid UTF-8")
                }
                try checkStreamSafe(string, openingQuote: start)
                return (string, utf8[...])
            case UInt8(ascii: "\\"):
                index += 1
                guard index < bytes.count else { throw error("unterminated escape") }
                let escape = bytes[index]
                index += 1
                switch escape {
                case UInt8(ascii: "\""): utf8.append(0x22)
                case UInt8(ascii: "\\"): utf8.append(0x5C)
                case UInt8(ascii: "/"): utf8.append(0x2F)
                case UInt8(ascii: "b"): utf8.append(0x08)
                case UInt8(ascii: "f"): utf8.append(0x0C)
                case UInt8(ascii: "n"): utf8.append(0x0A)
                case UInt8(ascii: "r"): utf8.append(0x0D)
                case UInt8(ascii: "t"): utf8.append(0x09)
                case UInt8(ascii: "u"):
                    var scalar = try parseHex4()
                    if (0xD800...0xDBFF).contains(scalar) {
                        guard index + 2 <= bytes.count, bytes[index] == UInt8(ascii: "\\"),
                            bytes[index + 1] == UInt8(ascii: "u")
                        else { throw error("unpaired surrogate in \\u escape") }
                        index += 2
                        let low = try parseHex4()
                        guard (0xDC00...0xDFFF).contains(low) else { throw error("unpaired surrogate in \\u escape") }
                        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
                    }
                    guard let unicode = Unicode.Scalar(scalar) else { throw error("unpaired surrogate in \\u escape") }
                    utf8.append(contentsOf: UTF8.encode(unicode)!)
                default:
                    index -= 1
                    throw error("invalid escape")
                }
            case 0x00..<0x20:
                throw error("control character in string")
            default:
                utf8.append(c)
                index += 1
            }
        }
    }

    mutating func parseNumber() throws(JSONParseError) -> Double {
        let start = index
        func digits(_ parser: inout JSONParser) -> Int {
            let from = parser.index
            while parser.index < parser.bytes.count, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(parser.bytes[parser.index]) {
                parser.index += 1
            }
            return parser.index - from
        }
        if bytes[index] == UInt8(ascii: "-") { index += 1 }
        guard index < bytes.count else { throw error("truncated number") }
        if bytes[index] == UInt8(ascii: "0") {
            index += 1
        } else {
            guard digits(&self) > 0 else { throw error("expected a digit") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: ".") {
            index += 1
            guard digits(&self) > 0 else { throw error("expected a digit after '.'") }
        }
        if index < bytes.count, bytes[index] == UInt8(ascii: "e") || bytes[index] == UInt8(ascii: "E") {
            index += 1
            if index < bytes.count, bytes[index] == UInt8(ascii: "+") || bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard digits(&self) > 0 else { throw error("expected a digit in the exponent") }
        }
        let text = String(decoding: bytes[start..<index], as: UTF8.self)
        guard let value = Double(text), value.isFinite else {
            index = start
            throw error("number out of range")
        }
        return value
    }
}
