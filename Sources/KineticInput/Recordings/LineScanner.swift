// SPDX-License-Identifier: Apache-2.0
/// Splits one text line into whitespace-separated fields with their 1-based columns, and parses numbers without
/// ever trapping (overflow is an error value, not a crash).
struct LineScanner {
    /// A field and the column where it starts.
    struct Field {
        var text: Substring
        var column: Int
    }

    /// The fields of `line` (spaces and tabs separate) from byte `offset` (0-based). Columns count bytes, which
    /// equals characters for the ASCII that evemu data lines hold.
    static func fields(of line: Substring, from offset: Int) -> [Field] {
        var result: [Field] = []
        let bytes = line.utf8
        var start: Substring.UTF8View.Index?
        var startColumn = 0
        var column = 0
        var index = bytes.startIndex
        while index < bytes.endIndex {
            let byte = bytes[index]
            if column >= offset {
                if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") {
                    if let s = start {
                        result.append(Field(text: Substring(bytes[s..<index]), column: startColumn + 1))
                        start = nil
                    }
                } else if start == nil {
                    start = index
                    startColumn = column
                }
            }
            column += 1
            index = bytes.index(after: index)
        }
        if let s = start { result.append(Field(text: Substring(bytes[s..<bytes.endIndex]), column: startColumn + 1)) }
        return result
    }

    /// A hexadecimal number of 1…`maxDigits` digits, no prefix, at most `limit`.
    static func hex(_ text: Substring, maxDigits: Int, limit: UInt64) -> UInt64? {
        guard !text.isEmpty, text.count <= maxDigits, let value = UInt64(text, radix: 16), value <= limit else { return nil }
        return value
    }

    /// A decimal `Int32`, optionally signed and zero-padded (`-001`, `0120`).
    static func int32(_ text: Substring) -> Int32? {
        guard !text.isEmpty, text.count <= 16 else { return nil }
        return Int32(text, radix: 10)
    }
}
