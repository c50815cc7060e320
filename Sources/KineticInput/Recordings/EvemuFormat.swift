// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// The evemu recording format, version 1.3 (docs/INPUT.md §2): reading and writing.
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

/// Reads a whole recording file as UTF-8 text within the size limit.
enum RecordingFile {
    static func text(at path: String, limits: RecordingLimits) throws(RecordingError) -> String {
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.read(path, limit: limits.maximumBytes)
        } catch {
            switch error {
            case .unreadable(let reason):
                throw RecordingError(source: path, line: 0, expected: "a readable file", found: reason)
            case .tooLarge:
                throw RecordingError(source: path, line: 0, expected: "at most \(limits.maximumBytes) bytes",
                                     found: "a larger file")
            }
        }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw RecordingError(source: path, line: 0, expected: "UTF-8 text", found: "invalid UTF-8")
        }
        return text
    }
}
