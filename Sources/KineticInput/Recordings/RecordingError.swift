// SPDX-License-Identifier: Apache-2.0
/// Why a recording could not be read: where (file, line, column) and what was expected instead of what was found.
public struct RecordingError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file (or a caller-given name for in-memory text), when known.
    public var source: String?
    /// 1-based line number; 0 when the problem is not tied to a line (e.g. the file is too large).
    public var line: Int
    /// 1-based column, when it can be pinned down.
    public var column: Int?
    /// What the reader expected, e.g. "a hexadecimal event type (0000…ffff)".
    public var expected: String
    /// What it found instead (truncated to keep messages short).
    public var found: String

    /// Whether `found` is text from the file (quoted in the message) or a description of it.
    public var quoted = true

    /// Creates an error; `found` is text from the file, shortened to 60 characters, unless `quoted` is false (a
    /// description of what was found).
    public init(source: String?, line: Int, column: Int? = nil, expected: String, found: String, quoted: Bool = true) {
        self.source = source
        self.line = line
        self.column = column
        self.expected = expected
        self.quoted = quoted
        self.found = quoted && found.count > 60 ? String(found.prefix(57)) + "..." : found
    }

    /// "file:line:column: expected …, found …".
    public var description: String {
        var location = source ?? "<recording>"
        if line > 0 { location += ":\(line)" }
        if let column { location += ":\(column)" }
        return "\(location): expected \(expected), found \(found.isEmpty ? "nothing" : quoted ? "'\(found)'" : found)"
    }
}

/// Limits that keep reading bounded on huge or hostile input.
public struct RecordingLimits: Hashable, Sendable {
    /// Longest accepted line in bytes (evemu lines are < 200 bytes; `N:` names < 256).
    public var maximumLineLength: Int
    /// Most events accepted in one recording.
    public var maximumEvents: Int
    /// Largest accepted file in bytes (libinput YAML is parsed as a whole document).
    public var maximumBytes: Int

    /// Creates limits: by default 4 KiB lines, 20 million events, 512 MiB.
    public init(maximumLineLength: Int = 4096, maximumEvents: Int = 20_000_000, maximumBytes: Int = 512 << 20) {
        self.maximumLineLength = maximumLineLength
        self.maximumEvents = maximumEvents
        self.maximumBytes = maximumBytes
    }
}
