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

    /// Reads a file of either format; libinput-record files give one recording per device.
    public static func read(contentsOf path: String, limits: RecordingLimits = RecordingLimits()) throws(RecordingError) -> [Recording] {
        let text = try RecordingFile.text(at: path, limits: limits)
        switch detect(text) {
        case .evemu: return [try EvemuFormat.read(text, source: path, limits: limits)]
        case .libinputRecord: return try LibinputRecordFormat.read(text, source: path, limits: limits)
        }
    }
}
