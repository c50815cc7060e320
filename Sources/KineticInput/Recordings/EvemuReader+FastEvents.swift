// SPDX-License-Identifier: Apache-2.0
import KineticTime

/// The byte-level fast path for the common `E:` line (docs/INPUT.md §2.1): a recording is almost all
/// events, and going through `Substring` fields for each of them made reading the dominant cost of
/// `kineticctl replay`. The fast path accepts only the plainest spelling — unsigned decimal timestamp,
/// 1–4 hex digits for type and code, an optionally negative decimal value, no comment — and hands
/// every other line, valid or not, to ``EvemuReader/readLine(_:)``, so errors and their messages come
/// from one place and the fast path cannot accept anything the general reader rejects.
extension EvemuReader {
    /// Splits `text` into lines (on the byte `\n`, dropping a trailing `\r`) and reads each one.
    mutating func readLines(_ bytes: UnsafeBufferPointer<UInt8>, of text: String) throws(RecordingError) {
        let utf8 = text.utf8
        var start = 0
        while true {
            var end = start
            while end < bytes.count, bytes[end] != UInt8(ascii: "\n") { end += 1 }
            lineNumber += 1
            var lineEnd = end
            if lineEnd > start, bytes[lineEnd - 1] == UInt8(ascii: "\r") { lineEnd -= 1 }
            if lineEnd - start > limits.maximumLineLength || !readPlainEvent(bytes, from: start, to: lineEnd) {
                let from = utf8.index(utf8.startIndex, offsetBy: start)
                let line = Substring(utf8[from..<utf8.index(from, offsetBy: lineEnd - start)])
                guard line.utf8.count <= limits.maximumLineLength else {
                    throw error("a line of at most \(limits.maximumLineLength) bytes", "a line of \(line.utf8.count) bytes")
                }
                try readLine(line)
            }
            if end == bytes.count { return }
            start = end + 1
        }
    }

    /// Reads `bytes[start..<end]` if it is a plain, valid `E:` line that the general reader would accept
    /// as is; returns false, changing nothing, for anything else.
    mutating func readPlainEvent(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Bool {
        guard end - start >= 2, bytes[start] == UInt8(ascii: "E"), bytes[start + 1] == UInt8(ascii: ":"),
              name != nil, events.count < limits.maximumEvents else { return false }
        var i = start + 2
        func isBlank(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        func skipBlanks() { while i < end, isBlank(bytes[i]) { i += 1 } }
        /// Decimal digits up to `maxDigits` ending at a blank, the end or `terminator`; nil otherwise.
        func decimal(maxDigits: Int, terminator: UInt8? = nil) -> (value: Int64, digits: Int)? {
            var value: Int64 = 0
            var digits = 0
            while i < end, bytes[i] != terminator, !isBlank(bytes[i]) {
                let digit = bytes[i] &- UInt8(ascii: "0")
                guard digit < 10, digits < maxDigits else { return nil }
                value = value * 10 + Int64(digit)
                digits += 1
                i += 1
            }
            return digits > 0 ? (value, digits) : nil
        }
        func hex() -> UInt16? {
            var value: UInt16 = 0
            var digits = 0
            while i < end, !isBlank(bytes[i]) {
                let byte = bytes[i] | 0x20  // ASCII lower case; digits are unchanged
                let digit: UInt8
                if byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") {
                    digit = byte - UInt8(ascii: "0")
                } else if byte >= UInt8(ascii: "a"), byte <= UInt8(ascii: "f") {
                    digit = byte - UInt8(ascii: "a") + 10
                } else {
                    return nil
                }
                guard digits < 4 else { return nil }
                value = value << 4 | UInt16(digit)
                digits += 1
                i += 1
            }
            return digits > 0 ? value : nil
        }
        skipBlanks()
        guard let seconds = decimal(maxDigits: 12, terminator: UInt8(ascii: ".")), seconds.value <= Int64(Nanoseconds.maximumEventSeconds),
              i < end, bytes[i] == UInt8(ascii: ".") else { return false }
        i += 1
        guard let micro = decimal(maxDigits: 6) else { return false }
        skipBlanks()
        guard let type = hex() else { return false }
        skipBlanks()
        guard let code = hex() else { return false }
        skipBlanks()
        let negative = i < end && bytes[i] == UInt8(ascii: "-")
        if negative { i += 1 }
        guard let magnitude = decimal(maxDigits: 10) else { return false }
        let value = negative ? -magnitude.value : magnitude.value
        guard let value32 = Int32(exactly: value) else { return false }
        skipBlanks()
        guard i == end else { return false }  // a fifth field or a comment: the general reader decides
        let time = Nanoseconds.of(seconds: UInt64(seconds.value), microseconds: UInt32(micro.value))
        if let previous = events.last?.time, time < previous { return false }
        inHeaderComments = false
        events.append(InputEvent(time: time, type: type, code: code, value: value32))
        return true
    }
}
