// SPDX-License-Identifier: Apache-2.0
import KineticTime

/// The evemu line parser behind ``EvemuFormat/read(_:source:limits:)`` (docs/INPUT.md §2.1).
struct EvemuReader {
    let source: String?
    let limits: RecordingLimits
    var version = (major: 1, minor: 0)
    var name: String?
    var id: (bus: UInt16, vendor: UInt16, product: UInt16, version: UInt16) = (0, 0, 0, 0)
    var sawID = false
    var propertyBytes = 0
    var properties: Set<UInt16> = []
    var maskLines: [UInt16: Int] = [:]
    var codes: [UInt16: Set<UInt16>] = [:]
    var absInfo: [UInt16: AbsInfo] = [:]
    var events: [InputEvent] = []
    var comments: [String] = []
    var inHeaderComments = true
    var lineNumber = 0

    init(source: String?, limits: RecordingLimits) {
        self.source = source
        self.limits = limits
    }

    func error(_ expected: String, _ found: Substring, column: Int? = nil) -> RecordingError {
        RecordingError(source: source, line: lineNumber, column: column, expected: expected, found: String(found))
    }

    mutating func read(_ text: String) throws(RecordingError) -> Recording {
        guard text.utf8.count <= limits.maximumBytes else {
            throw RecordingError(source: source, line: 0, expected: "at most \(limits.maximumBytes) bytes",
                                 found: "\(text.utf8.count) bytes")
        }
        // Split on the byte: "\r\n" is one Character, so splitting Characters on "\n" would miss CRLF lines.
        var failure: RecordingError?
        var contiguous = text
        contiguous.withUTF8 { bytes in
            do throws(RecordingError) { try readLines(bytes, of: text) } catch { failure = error }
        }
        if let failure { throw failure }
        guard let name else {
            throw RecordingError(source: source, line: lineNumber, expected: "an 'N: <device name>' line",
                                 found: "end of file")
        }
        let device = DeviceDescription(name: name, bustype: id.bus, vendor: id.vendor, product: id.product,
                                       version: id.version, properties: properties, codes: codes, absInfo: absInfo)
        return Recording(device: device, events: events, comments: comments)
    }

    mutating func readLine(_ line: Substring) throws(RecordingError) {
        if lineNumber == 1, line.hasPrefix("# EVEMU") {
            try readVersion(line)
            return
        }
        if line.utf8.allSatisfy({ $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }) { return }
        if line.utf8.first == UInt8(ascii: "#") {
            if inHeaderComments {
                let text = line.drop { $0 == "#" }
                if !text.allSatisfy({ $0 == " " || $0 == "#" }) {
                    comments.append(String(text.hasPrefix(" ") ? text.dropFirst() : text))
                }
            }
            return
        }
        inHeaderComments = false
        let chars = Array(line.prefix(2))
        guard chars.count == 2, chars[1] == ":", chars[0].isASCII, chars[0].isLetter else {
            throw error("a line type (N:, I:, P:, B:, A:, L:, S:, E:) or a '#' comment", line, column: 1)
        }
        if chars[0] == "N" {
            try readName(line)
            return
        }
        // From 1.1, a comment may follow data on any line but N:.
        var data = line
        if version >= (1, 1), let hash = line.utf8.firstIndex(of: UInt8(ascii: "#")) { data = Substring(line.utf8[..<hash]) }
        let fields = LineScanner.fields(of: data, from: 2)
        switch chars[0] {
        case "E": try readEvent(fields, line)
        case "I", "P", "B", "A", "L", "S":
            guard events.isEmpty else {
                throw error("only E: lines after the first event (the description comes first)", line, column: 1)
            }
            guard name != nil else { throw error("the 'N: <device name>' line before the rest of the description", line, column: 1) }
            switch chars[0] {
            case "I": try readID(fields, line)
            case "P": try readProperties(fields, line)
            case "B": try readMask(fields, line)
            case "A": try readAbs(fields, line)
            default: try readState(fields, line)
            }
        default:
            return  // unknown line types are ignored, as the format's readers do
        }
    }

    /// The column just after the last field: where a missing field was expected.
    static func endColumn<C: Collection>(_ fields: C) -> Int where C.Element == LineScanner.Field {
        guard let last = fields.reversed().first else { return 4 }
        return last.column + last.text.utf8.count
    }

    mutating func readVersion(_ line: Substring) throws(RecordingError) {
        let fields = LineScanner.fields(of: line, from: 7)
        let parts = fields.first?.text.split(separator: ".", omittingEmptySubsequences: false) ?? []
        guard fields.count == 1, parts.count == 2, let major = Int(parts[0]), let minor = Int(parts[1]), major == 1 else {
            throw error("a version 1.x after '# EVEMU' (e.g. '# EVEMU 1.3')", line, column: fields.first?.column ?? 8)
        }
        version = (major, minor)
    }

    mutating func readName(_ line: Substring) throws(RecordingError) {
        guard name == nil else { throw error("one N: line per recording", line, column: 1) }
        guard events.isEmpty, !sawID, maskLines.isEmpty, absInfo.isEmpty, propertyBytes == 0 else {
            throw error("the N: line first in the description", line, column: 1)
        }
        var text = line.dropFirst(2)
        if text.hasPrefix(" ") { text = text.dropFirst() }
        while let last = text.last, last == " " || last == "\t" { text = text.dropLast() }
        name = String(text)
    }

    mutating func readID(_ fields: [LineScanner.Field], _ line: Substring) throws(RecordingError) {
        guard !sawID else { throw error("one I: line per recording", line, column: 1) }
        guard fields.count == 4 else {
            throw error("4 hexadecimal fields 'I: <bus> <vendor> <product> <version>'", line,
                        column: fields.count < 4 ? Self.endColumn(fields) : fields[4].column)
        }
        var values: [UInt16] = []
        for field in fields {
            guard let v = LineScanner.hex(field.text, maxDigits: 4, limit: 0xffff) else {
                throw error("a hexadecimal id of up to 4 digits", field.text, column: field.column)
            }
            values.append(UInt16(v))
        }
        id = (values[0], values[1], values[2], values[3])
        sawID = true
    }

    mutating func readBytes(_ fields: ArraySlice<LineScanner.Field>, _ line: Substring) throws(RecordingError) -> [UInt8] {
        guard fields.count == 8 else {
            throw error("8 hexadecimal bytes", line,
                        column: fields.count < 8 ? Self.endColumn(fields) : fields[fields.startIndex + 8].column)
        }
        var bytes: [UInt8] = []
        for field in fields {
            guard let v = LineScanner.hex(field.text, maxDigits: 2, limit: 0xff) else {
                throw error("a hexadecimal byte (00…ff)", field.text, column: field.column)
            }
            bytes.append(UInt8(v))
        }
        return bytes
    }

    mutating func readProperties(_ fields: [LineScanner.Field], _ line: Substring) throws(RecordingError) {
        let bytes = try readBytes(fields[...], line)
        guard propertyBytes < 64 else { throw error("at most 8 P: lines", line, column: 1) }
        for (i, byte) in bytes.enumerated() {
            for bit in 0..<8 where byte & (1 << bit) != 0 { properties.insert(UInt16((propertyBytes + i) * 8 + bit)) }
        }
        propertyBytes += 8
    }

    mutating func readMask(_ fields: [LineScanner.Field], _ line: Substring) throws(RecordingError) {
        guard let typeField = fields.first,
              let type = LineScanner.hex(typeField.text, maxDigits: 2, limit: 0x1f) else {
            throw error("an event type in hexadecimal (00…1f)", fields.first?.text ?? "", column: fields.first?.column ?? 3)
        }
        let bytes = try readBytes(fields.dropFirst(), line)
        let lineIndex = maskLines[UInt16(type), default: 0]
        guard lineIndex < 1024 else { throw error("at most 1024 B: lines per event type", line, column: 1) }
        maskLines[UInt16(type)] = lineIndex + 1
        for (i, byte) in bytes.enumerated() {
            for bit in 0..<8 where byte & (1 << bit) != 0 {
                codes[UInt16(type), default: []].insert(UInt16(lineIndex * 64 + i * 8 + bit))
            }
        }
    }

    mutating func readAbs(_ fields: [LineScanner.Field], _ line: Substring) throws(RecordingError) {
        guard fields.count == 5 || fields.count == 6 else {
            throw error("'A: <code> <min> <max> <fuzz> <flat> <resolution>'", line,
                        column: fields.count < 5 ? Self.endColumn(fields) : fields[6].column)
        }
        guard let code = LineScanner.hex(fields[0].text, maxDigits: 2, limit: 0x3f) else {
            throw error("an absolute axis code in hexadecimal (00…3f)", fields[0].text, column: fields[0].column)
        }
        var numbers: [Int32] = []
        for field in fields.dropFirst() {
            guard let v = LineScanner.int32(field.text) else {
                throw error("a decimal 32-bit integer", field.text, column: field.column)
            }
            numbers.append(v)
        }
        guard absInfo[UInt16(code)] == nil else { throw error("one A: line per axis", line, column: fields[0].column) }
        absInfo[UInt16(code)] = AbsInfo(minimum: numbers[0], maximum: numbers[1], fuzz: numbers[2], flat: numbers[3],
                                        resolution: numbers.count > 4 ? numbers[4] : 0)
    }

    mutating func readState(_ fields: [LineScanner.Field], _ line: Substring) throws(RecordingError) {
        guard fields.count == 2 else { throw error("'<code> <state>'", line, column: 3) }
        guard LineScanner.hex(fields[0].text, maxDigits: 4, limit: 0xffff) != nil else {
            throw error("a hexadecimal code", fields[0].text, column: fields[0].column)
        }
        guard LineScanner.int32(fields[1].text) != nil else {
            throw error("a decimal state", fields[1].text, column: fields[1].column)
        }
    }

    mutating func readEvent(_ fields: [LineScanner.Field], _ line: Substring) throws(RecordingError) {
        guard name != nil else { throw error("the 'N: <device name>' line before the events", line, column: 1) }
        guard fields.count == 4 else {
            throw error("'E: <sec>.<usec> <type> <code> <value>'", line,
                        column: fields.count < 4 ? Self.endColumn(fields) : fields[4].column)
        }
        guard events.count < limits.maximumEvents else {
            throw error("at most \(limits.maximumEvents) events", line, column: 1)
        }
        let stamp = fields[0]
        let parts = stamp.text.split(separator: ".", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, parts[0].count <= 12, parts[0].allSatisfy(\.isASCII),
              let seconds = UInt64(parts[0]), seconds <= Nanoseconds.maximumEventSeconds,
              (1...6).contains(parts[1].count), parts[1].allSatisfy(\.isASCII), let micro = UInt32(parts[1]) else {
            throw error("a timestamp '<seconds>.<microseconds>' (seconds in 0…\(Nanoseconds.maximumEventSeconds), up to 6 microsecond digits)",
                        stamp.text, column: stamp.column)
        }
        guard let type = LineScanner.hex(fields[1].text, maxDigits: 4, limit: 0xffff) else {
            throw error("a hexadecimal event type (0000…ffff)", fields[1].text, column: fields[1].column)
        }
        guard let code = LineScanner.hex(fields[2].text, maxDigits: 4, limit: 0xffff) else {
            throw error("a hexadecimal event code (0000…ffff)", fields[2].text, column: fields[2].column)
        }
        guard let value = LineScanner.int32(fields[3].text) else {
            throw error("a decimal 32-bit event value", fields[3].text, column: fields[3].column)
        }
        let time = Nanoseconds.of(seconds: seconds, microseconds: micro)
        if let previous = events.last?.time, time < previous {
            throw error("a timestamp not before the previous event's \(EvemuFormat.timestamp(previous))",
                        stamp.text, column: stamp.column)
        }
        events.append(InputEvent(time: time, type: UInt16(type), code: UInt16(code), value: value))
    }
}
