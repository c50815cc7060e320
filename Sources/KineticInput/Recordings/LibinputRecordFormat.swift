// SPDX-License-Identifier: Apache-2.0
/// `libinput record` YAML (docs/INPUT.md §3), imported with Yams.
///
/// Reads `version` (must be 1), and per entry of `devices`: `evdev.name`, `evdev.id`, `evdev.codes`,
/// `evdev.absinfo`, `evdev.properties`, and every `events[*].evdev` frame (`[sec, usec, type, code, value]`, decimal).
/// Unknown keys, and `hid`/`libinput` event entries, are ignored as the format asks; everything the reader does use
/// is checked, and a problem is reported with its line and column.
public enum LibinputRecordFormat {
    /// Reads libinput-record YAML; one recording per device. `source` names the text in errors.
    public static func read(_ text: String, source: String? = nil,
                            limits: RecordingLimits = RecordingLimits()) throws(RecordingError) -> [Recording] {
        var reader = LibinputRecordReader(source: source, limits: limits)
        return try reader.read(text)
    }

    /// Reads a libinput-record file.
    public static func read(contentsOf path: String, limits: RecordingLimits = RecordingLimits()) throws(RecordingError) -> [Recording] {
        try read(RecordingFile.text(at: path, limits: limits), source: path, limits: limits)
    }
}

/// Either recording format, told apart by content: evemu (docs/INPUT.md §2) or libinput record (§3).
public enum RecordingFormat: String, Hashable, Sendable {
    /// evemu text (`# EVEMU 1.x` or a first `N:` line).
    case evemu
    /// `libinput record` YAML.
    case libinputRecord

    /// evemu when the text starts with `# EVEMU` or its first non-comment line is `N:`, else libinput record.
    public static func detect(_ text: String) -> RecordingFormat {
        if text.hasPrefix("# EVEMU") { return .evemu }
        for line in text.split(separator: "\n", maxSplits: 200).prefix(200) {
            let trimmed = line.drop { $0 == " " || $0 == "\t" }
            if trimmed.isEmpty || trimmed.hasPrefix("#") { continue }
            return trimmed.hasPrefix("N:") ? .evemu : .libinputRecord
        }
        return .libinputRecord
    }

    /// Reads a file of either format; libinput-record files give one recording per device. A file that is neither
    /// is refused with what it looks like instead (frames, a configuration), before either reader's own errors.
    public static func read(contentsOf path: String, limits: RecordingLimits = RecordingLimits()) throws(RecordingError) -> [Recording] {
        try read(try RecordingFile.text(at: path, limits: limits), source: path, limits: limits)
    }

    /// Reads the text of a file of either format, read already; `source` names it in errors.
    public static func read(_ text: String, source path: String, limits: RecordingLimits = RecordingLimits()) throws(RecordingError) -> [Recording] {
        switch detect(text) {
        case .evemu: return [try EvemuFormat.read(text, source: path, limits: limits)]
        case .libinputRecord:
            if let other = notARecording(text) {
                throw RecordingError(source: path, line: 0, expected: "a recording (evemu, starting '# EVEMU 1.3', or libinput record, with 'version: 1')",
                                     found: other, quoted: false)
            }
            return try LibinputRecordFormat.read(text, source: path, limits: limits)
        }
    }

    /// What text that `detect` did not find to be evemu looks like, when it is not libinput record either: `nil`
    /// when it has libinput record's `version:` key at the start of a line.
    static func notARecording(_ text: String) -> String? {
        let lines = text.split(separator: "\n", maxSplits: 2000).prefix(2000)
        if lines.contains(where: { $0.hasPrefix("version:") }) { return nil }
        let first = text.drop { $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" }.first
        if first == "{" { return "JSON lines, such as the frames kineticctl replay prints (kineticctl plot FILE draws them)" }
        if lines.contains(where: { $0.hasPrefix("bindings:") || $0.hasPrefix("rate_hz:") || $0.hasPrefix("mappings:") }) {
            return "a kineticd configuration (give it with --config)"
        }
        return "text that is neither (kineticctl record makes recordings)"
    }
}
