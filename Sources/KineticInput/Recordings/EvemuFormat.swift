import Foundation

/// The evemu recording format, version 1.3 (linux-input.md §2): reading and writing.
///
/// Reading accepts versions 1.0–1.x: comments (`#`, on their own line or, from 1.1, after data except on `N:`),
/// `N:`, `I:`, `P:`, `B:`, `A:` (resolution from 1.2, optional), `L:`/`S:` (validated, not kept), unknown
/// `X:` line types (ignored, for forward compatibility), then `E:` lines with relative or absolute timestamps and
/// values with or without zero padding. Anything else is an error with its line and column; nothing is skipped.
public enum EvemuFormat {
    /// The version this writer produces.
    public static let version = "1.3"

    /// Reads evemu text. `source` names the text in errors.
    public static func read(_ text: String, source: String? = nil,
                            limits: RecordingLimits = RecordingLimits()) throws(RecordingError) -> Recording {
        var reader = EvemuReader(source: source, limits: limits)
        return try reader.read(text)
    }

    /// Reads an evemu file.
    public static func read(contentsOf path: String, limits: RecordingLimits = RecordingLimits()) throws(RecordingError) -> Recording {
        try read(RecordingFile.text(at: path, limits: limits), source: path, limits: limits)
    }
}

/// Reads a whole file as UTF-8 text within the size limit.
enum RecordingFile {
    static func text(at path: String, limits: RecordingLimits) throws(RecordingError) -> String {
        guard let handle = FileHandle(forReadingAtPath: path) else {
            throw RecordingError(source: path, line: 0, expected: "a readable file",
                                 found: String(cString: strerror(errno)))
        }
        defer { try? handle.close() }
        let data: Data
        do {
            data = try handle.read(upToCount: limits.maximumBytes + 1) ?? Data()
        } catch {
            throw RecordingError(source: path, line: 0, expected: "a readable file", found: "\(error)")
        }
        guard data.count <= limits.maximumBytes else {
            throw RecordingError(source: path, line: 0, expected: "at most \(limits.maximumBytes) bytes",
                                 found: "a larger file")
        }
        guard let text = String(data: data, encoding: .utf8) else {
            throw RecordingError(source: path, line: 0, expected: "UTF-8 text", found: "invalid UTF-8")
        }
        return text
    }
}
