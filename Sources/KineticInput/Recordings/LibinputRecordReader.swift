// SPDX-License-Identifier: Apache-2.0
import KineticTime
import KineticYAML

/// The YAML walker behind ``LibinputRecordFormat/read(_:source:limits:)``.
struct LibinputRecordReader {
    let source: String?
    let limits: RecordingLimits
    var eventCount = 0

    /// libinput record never nests deeper than this; deeper input is rejected before Yams builds a tree for it.
    static let maximumIndentation = 256
    static let maximumFlowDepth = 32

    init(source: String?, limits: RecordingLimits) {
        self.source = source
        self.limits = limits
    }

    func error(_ expected: String, at node: Node?, found: String) -> RecordingError {
        RecordingError(source: source, line: node?.mark?.line ?? 0, column: node?.mark?.column, expected: expected, found: found)
    }

    mutating func read(_ text: String) throws(RecordingError) -> [Recording] {
        try precheck(text)
        let root: Node?
        do {
            root = try KineticYAML.compose(yaml: text)
        } catch {
            throw converted(error)
        }
        guard let root, case .mapping(let top) = root else {
            throw error("a YAML mapping with 'version' and 'devices' (libinput record)", at: root,
                        found: root.map(\.excerpt) ?? "an empty document")
        }
        guard let version = top["version"] else {
            throw error("a 'version: 1' key", at: root, found: "no version")
        }
        guard try integer(version, "the format version 1") == 1 else {
            throw error("version 1 (the only libinput record version)", at: version, found: version.excerpt)
        }
        guard let devicesNode = top["devices"], case .sequence(let devices) = devicesNode, !devices.isEmpty else {
            throw error("a non-empty 'devices' sequence", at: top["devices"] ?? root,
                        found: top["devices"].map(\.excerpt) ?? "no devices")
        }
        let comments = Self.leadingComments(text)
        var recordings: [Recording] = []
        for device in devices {
            var recording = try readDevice(device)
            recording.comments = comments
            recordings.append(recording)
        }
        return recordings
    }

    mutating func readDevice(_ node: Node) throws(RecordingError) -> Recording {
        guard case .mapping(let device) = node else { throw error("a device mapping", at: node, found: node.excerpt) }
        guard let evdevNode = device["evdev"], case .mapping(let evdev) = evdevNode else {
            throw error("an 'evdev' mapping in the device", at: device["evdev"] ?? node, found: device["evdev"].map(\.excerpt) ?? "none")
        }
        guard let nameNode = evdev["name"], case .scalar(let name) = nameNode else {
            throw error("'name: <device name>' in evdev", at: evdev["name"] ?? evdevNode, found: evdev["name"].map(\.excerpt) ?? "none")
        }
        var description = DeviceDescription(name: name.string)
        if let idNode = evdev["id"] {
            let ids = try integers(idNode, count: 4, "'id: [bustype, vendor, product, version]'")
            for (index, v) in ids.enumerated() where !(0...0xffff).contains(v) {
                throw error("an id in 0…65535", at: idNode, found: "\(v) at position \(index + 1)")
            }
            (description.bustype, description.vendor, description.product, description.version) =
                (UInt16(ids[0]), UInt16(ids[1]), UInt16(ids[2]), UInt16(ids[3]))
        }
        if let codesNode = evdev["codes"] {
            guard case .mapping(let codes) = codesNode else {
                throw error("'codes: {type: [code, …]}'", at: codesNode, found: codesNode.excerpt)
            }
            for (typeNode, listNode) in codes {
                let type = try integer(typeNode, "an event type (0…31)", range: 0...31)
                for code in try integers(listNode, count: nil, "a list of event codes") {
                    guard (0...0xffff).contains(code) else { throw error("an event code in 0…65535", at: listNode, found: "\(code)") }
                    description.codes[UInt16(type), default: []].insert(UInt16(code))
                }
            }
        }
        if let absNode = evdev["absinfo"] {
            if case .mapping(let absinfo) = absNode {
                for (codeNode, infoNode) in absinfo {
                    let code = try integer(codeNode, "an absolute axis code (0…63)", range: 0...0x3f)
                    let v = try integers(infoNode, count: 5, "'[min, max, fuzz, flat, resolution]'")
                    for value in v where Int64(Int32.min) > value || value > Int64(Int32.max) {
                        throw error("32-bit absinfo values", at: infoNode, found: "\(value)")
                    }
                    description.absInfo[UInt16(code)] = AbsInfo(minimum: Int32(v[0]), maximum: Int32(v[1]), fuzz: Int32(v[2]),
                                                                flat: Int32(v[3]), resolution: Int32(v[4]))
                }
            } else if !isNull(absNode) {
                throw error("'absinfo: {code: [min, max, fuzz, flat, resolution]}'", at: absNode, found: absNode.excerpt)
            }
        }
        if let propertiesNode = evdev["properties"], !isNull(propertiesNode) {
            for p in try integers(propertiesNode, count: nil, "'properties: [prop, …]'") {
                guard (0...0x1f).contains(p) else { throw error("an input property in 0…31", at: propertiesNode, found: "\(p)") }
                description.properties.insert(UInt16(p))
            }
        }
        var events: [InputEvent] = []
        if let eventsNode = device["events"], !isNull(eventsNode) {
            guard case .sequence(let entries) = eventsNode else {
                throw error("'events:' as a sequence of frames", at: eventsNode, found: eventsNode.excerpt)
            }
            for entry in entries {
                guard case .mapping(let frame) = entry else {
                    throw error("an event entry '- evdev: [...]'", at: entry, found: entry.excerpt)
                }
                guard let rows = frame["evdev"] else { continue }  // hid / libinput entries
                guard case .sequence(let list) = rows else {
                    throw error("'evdev:' as a sequence of [sec, usec, type, code, value]", at: rows, found: rows.excerpt)
                }
                for row in list { events.append(try readEvent(row, after: events.last)) }
            }
        }
        return Recording(device: description, events: events)
    }

    mutating func readEvent(_ row: Node, after previous: InputEvent?) throws(RecordingError) -> InputEvent {
        let v = try integers(row, count: 5, "an event '[sec, usec, type, code, value]'")
        guard (0...Int64(Nanoseconds.maximumEventSeconds)).contains(v[0]) else {
            throw error("seconds in 0…\(Nanoseconds.maximumEventSeconds)", at: row, found: "\(v[0])")
        }
        guard (0...999_999).contains(v[1]) else { throw error("microseconds in 0…999999", at: row, found: "\(v[1])") }
        guard (0...0xffff).contains(v[2]) else { throw error("an event type in 0…65535", at: row, found: "\(v[2])") }
        guard (0...0xffff).contains(v[3]) else { throw error("an event code in 0…65535", at: row, found: "\(v[3])") }
        guard Int64(Int32.min) <= v[4], v[4] <= Int64(Int32.max) else { throw error("a 32-bit event value", at: row, found: "\(v[4])") }
        guard eventCount < limits.maximumEvents else { throw error("at most \(limits.maximumEvents) events", at: row, found: "more") }
        eventCount += 1
        let event = InputEvent(time: Nanoseconds.of(seconds: UInt64(v[0]), microseconds: UInt32(v[1])), type: UInt16(v[2]),
                               code: UInt16(v[3]), value: Int32(v[4]))
        if let previous, event.time < previous.time {
            throw error("a timestamp not before the previous event's \(EvemuFormat.timestamp(previous.time))",
                        at: row, found: "\(v[0]) s \(v[1]) µs")
        }
        return event
    }

    func isNull(_ node: Node) -> Bool {
        if case .scalar(let s) = node { return s.string.isEmpty || s.string == "~" || s.string == "null" }
        return false
    }

    /// A decimal integer scalar (optionally signed).
    func integer(_ node: Node, _ expected: String, range: ClosedRange<Int64>? = nil) throws(RecordingError) -> Int64 {
        guard case .scalar(let s) = node, s.string.count <= 20, let v = Int64(s.string), range.map({ $0.contains(v) }) ?? true else {
            throw error(expected, at: node, found: node.excerpt)
        }
        return v
    }

    /// A sequence of decimal integers, of exactly `count` elements when given.
    func integers(_ node: Node, count: Int?, _ expected: String) throws(RecordingError) -> [Int64] {
        guard case .sequence(let list) = node, count.map({ $0 == list.count }) ?? true else {
            throw error(expected, at: node, found: node.excerpt)
        }
        var result: [Int64] = []
        result.reserveCapacity(list.count)
        for element in list { result.append(try integer(element, expected)) }
        return result
    }

    /// The `#` lines at the top of the file, without `#` (the header comment that says how it was made).
    static func leadingComments(_ text: String) -> [String] {
        var comments: [String] = []
        for line in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            guard line.hasPrefix("#") else { break }
            let body = line.dropFirst()
            comments.append(String(body.hasPrefix(" ") ? body.dropFirst() : body))
        }
        return comments
    }

    /// Bounds the work before Yams sees the text: size, line length, indentation, flow nesting, no anchors/aliases
    /// (libinput record writes none, and aliases could expand a small file into a huge tree).
    func precheck(_ text: String) throws(RecordingError) {
        guard text.utf8.count <= limits.maximumBytes else {
            throw RecordingError(source: source, line: 0, expected: "at most \(limits.maximumBytes) bytes", found: "\(text.utf8.count) bytes")
        }
        var lineNumber = 0
        var depth = 0
        for line in text.utf8.split(separator: UInt8(ascii: "\n"), omittingEmptySubsequences: false) {
            lineNumber += 1
            guard line.count <= limits.maximumLineLength else {
                throw RecordingError(source: source, line: lineNumber, expected: "a line of at most \(limits.maximumLineLength) bytes",
                                     found: "a line of \(line.count) bytes")
            }
            let indentation = line.prefix { $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "-") }.count
            guard indentation <= Self.maximumIndentation else {
                throw RecordingError(source: source, line: lineNumber, column: indentation + 1,
                                     expected: "indentation of at most \(Self.maximumIndentation) columns", found: "\(indentation) columns")
            }
            var quote: UInt8?
            var previous = UInt8(ascii: " ")
            for (offset, byte) in line.enumerated() {
                defer { previous = byte }
                if let q = quote {
                    if byte == q { quote = nil }
                    continue
                }
                switch byte {
                case UInt8(ascii: "\""), UInt8(ascii: "'"):
                    if [UInt8(ascii: " "), UInt8(ascii: "["), UInt8(ascii: ","), UInt8(ascii: "{"), UInt8(ascii: ":")].contains(previous) { quote = byte }
                case UInt8(ascii: "#") where previous == UInt8(ascii: " ") || offset == 0:
                    break
                case UInt8(ascii: "["), UInt8(ascii: "{"):
                    depth += 1
                    guard depth <= Self.maximumFlowDepth else {
                        throw RecordingError(source: source, line: lineNumber, column: offset + 1,
                                             expected: "at most \(Self.maximumFlowDepth) nested [ or {", found: "deeper nesting")
                    }
                case UInt8(ascii: "]"), UInt8(ascii: "}"):
                    depth = max(depth - 1, 0)
                case UInt8(ascii: "&"), UInt8(ascii: "*"):
                    if [UInt8(ascii: " "), UInt8(ascii: "["), UInt8(ascii: ","), UInt8(ascii: "{")].contains(previous) {
                        throw RecordingError(source: source, line: lineNumber, column: offset + 1,
                                             expected: "no YAML anchors or aliases (libinput record writes none)",
                                             found: String(decoding: line.dropFirst(offset).prefix(20), as: UTF8.self))
                    }
                default:
                    continue
                }
                if byte == UInt8(ascii: "#"), previous == UInt8(ascii: " ") || offset == 0 { break }
            }
        }
    }

    func converted(_ yamlError: YAMLError) -> RecordingError {
        switch yamlError.stage {
        case .scanner, .parser, .composer:
            let detail = yamlError.context.map { "\(yamlError.problem) \($0)" } ?? yamlError.problem
            return RecordingError(source: source, line: yamlError.mark.line, column: yamlError.mark.column,
                                  expected: "well-formed YAML", found: detail)
        case .reader:
            return RecordingError(source: source, line: 0, expected: "readable YAML text",
                                  found: "\(yamlError.problem) at byte \(yamlError.offset ?? 0)")
        }
    }
}
