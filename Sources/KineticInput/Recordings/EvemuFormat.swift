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
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else {
            throw RecordingError(source: path, line: 0, expected: "a readable file", found: String(cString: strerror(errno)))
        }
        defer { close(fd) }
        // read(2) into one buffer sized from fstat (a pipe or a growing file may hold more: keep reading
        // until end of file, never past the limit + 1 byte that proves the file too large).
        var size = stat()
        let hint = fstat(fd, &size) == 0 && size.st_size > 0 ? Int(size.st_size) : 64 * 1024
        var bytes = [UInt8](repeating: 0, count: min(hint, limits.maximumBytes) + 1)
        var count = 0
        while true {
            if count == bytes.count {
                guard count <= limits.maximumBytes else { break }
                bytes.append(contentsOf: repeatElement(0, count: min(bytes.count, limits.maximumBytes + 1 - count)))
            }
            let got = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress! + count, $0.count - count) }
            if got < 0 {
                if errno == EINTR { continue }
                throw RecordingError(source: path, line: 0, expected: "a readable file", found: String(cString: strerror(errno)))
            }
            if got == 0 { break }
            count += got
        }
        guard count <= limits.maximumBytes else {
            throw RecordingError(source: path, line: 0, expected: "at most \(limits.maximumBytes) bytes",
                                 found: "a larger file")
        }
        guard let text = String(validating: bytes[..<count], as: UTF8.self) else {
            throw RecordingError(source: path, line: 0, expected: "UTF-8 text", found: "invalid UTF-8")
        }
        return text
    }
}
