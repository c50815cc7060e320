// SPDX-License-Identifier: Apache-2.0
import Logging
import Glibc
import KineticProtocol

/// A swift-log handler writing one line per message to stderr: with a syslog `<N>` priority
/// prefix when stderr is the journal (`$JOURNAL_STREAM` names stderr's device and inode; journald
/// parses the prefix), otherwise with a timestamp for people (docs/DAEMON.md §4).
public struct JournaldLogHandler: LogHandler {
    /// Messages below this level are dropped.
    public var logLevel: Logger.Level
    /// Fields appended to every line as `key=value`.
    public var metadata: Logger.Metadata = [:]
    private let label: String
    private let journal: Bool
    private let write: @Sendable (String) -> Void

    /// A handler for `label`; `journal` decides the format (see ``stderrIsJournal(environment:)``).
    public init(label: String, level: Logger.Level = .info, journal: Bool = JournaldLogHandler.stderrIsJournal(),
                write: @escaping @Sendable (String) -> Void = JournaldLogHandler.writeToStderr) {
        self.label = label
        self.logLevel = level
        self.journal = journal
        self.write = write
    }

    /// One metadata field.
    public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
        get { metadata[key] }
        set { metadata[key] = newValue }
    }

    /// The syslog priority of a level: debug 7, info 6, notice 5, warning 4, error 3, critical 2.
    public static func priority(of level: Logger.Level) -> Int {
        switch level {
        case .trace, .debug: 7
        case .info: 6
        case .notice: 5
        case .warning: 4
        case .error: 3
        case .critical: 2
        }
    }

    /// Writes one line: `<N>label: message key=value…` for the journal, or a timestamped line otherwise.
    public func log(event: LogEvent) {
        var fields = metadata
        if let extra = event.metadata { fields.merge(extra) { $1 } }
        var line = journal ? "<\(Self.priority(of: event.level))>" : Self.timestamp() + " \(event.level) "
        line += label + ": " + "\(event.message)"
        for key in fields.keys.sorted() { line += " \(key)=\(fields[key]!)" }
        // One line per message: journald and terminals must not see a message split in two.
        write(line.replacingNewlines() + "\n")
    }

    /// Whether stderr is connected to the journal: `$JOURNAL_STREAM` is `DEVICE:INODE` of stderr.
    public static func stderrIsJournal(environment: [String: String] = ProcessEnvironment.current()) -> Bool {
        guard let stream = environment["JOURNAL_STREAM"] else { return false }
        let parts = stream.split(separator: ":")
        guard parts.count == 2, let device = UInt64(parts[0]), let inode = UInt64(parts[1]) else { return false }
        var status = stat()
        guard fstat(2, &status) == 0 else { return false }
        return UInt64(status.st_dev) == device && UInt64(status.st_ino) == inode
    }

    /// Writes `line` to stderr with one `write(2)`.
    @Sendable public static func writeToStderr(_ line: String) {
        var bytes = Array(line.utf8)
        bytes.withUnsafeMutableBytes { _ = Glibc.write(2, $0.baseAddress, $0.count) }
    }

    private static func timestamp() -> String {
        var ts = timespec()
        clock_gettime(CLOCK_REALTIME, &ts)
        var time = tm()
        var seconds = ts.tv_sec
        gmtime_r(&seconds, &time)
        func pad(_ n: Int32, _ width: Int = 2) -> String {
            let s = String(n)
            return String(repeating: "0", count: max(0, width - s.count)) + s
        }
        return "\(pad(time.tm_year + 1900, 4))-\(pad(time.tm_mon + 1))-\(pad(time.tm_mday))T\(pad(time.tm_hour)):\(pad(time.tm_min)):\(pad(time.tm_sec)).\(pad(Int32(ts.tv_nsec / 1_000_000), 3))Z"
    }
}

extension String {
    func replacingNewlines() -> String {
        String(unicodeScalars.map { $0 == "\n" || $0 == "\r" ? " " : Character($0) })
    }
}
