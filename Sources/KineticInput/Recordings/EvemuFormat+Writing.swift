// SPDX-License-Identifier: Apache-2.0
import KineticTime

/// Writing evemu 1.3 exactly as `evemu-record` does (docs/INPUT.md §2.1), so `evemu-device`/`evemu-play` accept it.
extension EvemuFormat {
    /// The event types with a code mask, in the order and line counts evemu writes them: EV_SYN, EV_KEY (12 lines,
    /// KEY_MAX 0x2ff), EV_REL, EV_ABS, EV_MSC, EV_SW, EV_LED, EV_SND, EV_REP (1 line each), EV_FF (2 lines).
    static let maskLayout: [(type: UInt16, lines: Int)] = [
        (0x00, 1), (0x01, 12), (0x02, 1), (0x03, 1), (0x04, 1), (0x05, 1), (0x11, 1), (0x12, 1), (0x14, 1), (0x15, 2),
    ]

    /// The whole recording: description, then one `E:` line per event.
    public static func write(_ recording: Recording) -> String {
        var text = header(device: recording.device, comments: recording.comments)
        var previousReport: UInt64?
        for event in recording.events {
            text += eventLine(event, previousReport: &previousReport)
        }
        return text
    }

    /// `# EVEMU 1.3`, the comment lines, then `N:`, `I:`, one `P:`, the `B:` masks and the `A:` lines.
    /// Codes that no `B:` line of the layout can hold (types without a mask, keys above 0x2ff) are not written.
    public static func header(device: DeviceDescription, comments: [String] = []) -> String {
        var text = "# EVEMU \(version)\n"
        for comment in comments {
            for line in comment.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
                text += line.isEmpty ? "#\n" : "# \(line)\n"
            }
        }
        // The name is the rest of the line; a newline in it would break the format.
        let name = device.name.map { $0.isNewline ? " " : $0 }
        text += "N: \(String(name))\n"
        text += "I: \(hex4(device.bustype)) \(hex4(device.vendor)) \(hex4(device.product)) \(hex4(device.version))\n"
        text += "P:" + maskBytes(device.properties, line: 0) + "\n"
        for (type, lines) in maskLayout {
            for line in 0..<lines {
                // evemu always writes SYN_REPORT, SYN_CONFIG and SYN_DROPPED for EV_SYN.
                let codes: Set<UInt16> = type == 0 ? [0, 1, 3] : device.codes[type] ?? []
                text += "B: \(hex2(type))" + maskBytes(codes, line: line) + "\n"
            }
        }
        let axes = Set(device.absInfo.keys).union(device.codes[EventCodes.evAbs] ?? []).filter { $0 <= 0x3f }
        for code in axes.sorted() {
            let a = device.absInfo[code] ?? AbsInfo(minimum: 0, maximum: 0)
            text += "A: \(hex2(code)) \(a.minimum) \(a.maximum) \(a.fuzz) \(a.flat) \(a.resolution)\n"
        }
        return text
    }

    /// One `E:` line as `%lu.%06u %04x %04x %04d`, a tab and evemu's description comment. `previousReport` is the
    /// time of the last `SYN_REPORT`, for the `+Nms` of the next one.
    public static func eventLine(_ event: InputEvent, previousReport: inout UInt64?) -> String {
        var line = "E: \(timestamp(event.time)) \(hex4(event.type)) \(hex4(event.code)) \(decimal4(event.value))\t"
        if event.type == EventCodes.evSyn {
            let name = EventNames.codeName(type: event.type, code: event.code) ?? "SYN_\(event.code)"
            var delta = 0
            if let previousReport, event.time >= previousReport { delta = Int((event.time - previousReport) / 1_000_000) }
            line += "# ------------ \(name) (\(event.code)) ---------- +\(delta)ms"
            if event.code == EventCodes.synReport { previousReport = event.time }
        } else {
            let type = EventNames.typeName(event.type) ?? "EV_\(event.type)"
            let code = EventNames.codeName(type: event.type, code: event.code) ?? "\(event.code)"
            line += "# \(type) / \(pad(code, 20, " ", left: false)) \(event.value)"
        }
        return line + "\n"
    }

    /// An instant as evemu writes it, `<seconds>.<microseconds>` with six digits after the point (`1.008001`): in
    /// `E:` lines and in the readers' errors that quote an event's time.
    public static func timestamp(_ instant: UInt64) -> String {
        let (seconds, microseconds) = Nanoseconds.timeval(instant)
        return "\(seconds).\(pad(String(microseconds), 6, "0"))"
    }

    static func maskBytes(_ codes: Set<UInt16>, line: Int) -> String {
        var bytes = [UInt8](repeating: 0, count: 8)
        for code in codes where Int(code) / 64 == line {
            let bit = Int(code) % 64
            bytes[bit / 8] |= 1 << (bit % 8)
        }
        return bytes.map { " " + hex2(UInt16($0)) }.joined()
    }

    static func hex2(_ v: UInt16) -> String { pad(String(v, radix: 16), 2, "0") }
    static func hex4(_ v: UInt16) -> String { pad(String(v, radix: 16), 4, "0") }

    /// `%04d`: zero-padded to width 4 including the sign (−1 → "-001").
    static func decimal4(_ v: Int32) -> String {
        guard v < 0 else { return pad(String(v), 4, "0") }
        return "-" + pad(String(v.magnitude), 3, "0")
    }

    static func pad(_ s: String, _ width: Int, _ fill: Character, left: Bool = true) -> String {
        guard s.count < width else { return s }
        let padding = String(repeating: fill, count: width - s.count)
        return left ? padding + s : s + padding
    }
}
