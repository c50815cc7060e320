// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// Writes an evemu 1.3 recording durably, one whole frame at a time, so that the file on disk always parses.
///
/// The header goes out in one `write(2)` when the writer is created; events are held only until the
/// `SYN_REPORT` that closes their frame, and the frame is then written with one `write(2)` on an unbuffered file
/// descriptor. A process killed by SIGTERM/SIGINT (or anything else) at any moment therefore leaves the header and
/// every completed frame in the file; only the unfinished frame, which is not yet an input frame, is lost —
/// unless the owner stops gracefully and calls ``closeUnfinishedFrame()`` before ``close()``, as
/// ``RecordingSession`` does on SIGINT/SIGTERM.
/// ``SyncPolicy`` decides how often `fsync(2)` also pushes it to the disk (power loss).
///
/// A `write(2)` to a regular file completes unless a fatal signal arrives while it copies across a page boundary;
/// a recorder that handles SIGINT/SIGTERM itself (and then calls ``close()``) is never cut short. A writer has a
/// single owner; it is not safe to use from several threads at once.
public final class RecordingWriter {
    /// When to `fsync(2)`.
    public enum SyncPolicy: Hashable, Sendable {
        /// Never (the kernel writes back on its own; a killed process loses nothing).
        case never
        /// After every frame.
        case everyFrame
        /// After a frame once at least this many seconds of event time passed since the last sync.
        case interval(seconds: Double)
    }

    /// How event timestamps are written.
    public enum TimeBase: Hashable, Sendable {
        /// As given (e.g. `CLOCK_MONOTONIC`).
        case asIs
        /// Rebased so the first event is at 0.000001 s, as `evemu-record` does (docs/INPUT.md §2.2).
        case firstEventAtOneMicrosecond
    }

    /// The file being written.
    public let path: String
    /// When the file is flushed to disk with `fsync`: never, after every frame, or at an interval of event time.
    public let syncPolicy: SyncPolicy
    private let timeBase: TimeBase
    private var fd: Int32
    /// Bytes of whole frames (and the header) on disk; a failed write is cut back to this.
    private var committedSize: off_t = 0
    private var pending: [InputEvent] = []
    private var offsetNanoseconds: Int64?
    private var lastReport: UInt64?
    private var lastSync: UInt64?
    /// Frames written so far.
    public private(set) var frameCount = 0
    /// Events written so far.
    public private(set) var eventCount = 0

    /// Creates (or truncates) `path` and writes the evemu header for `device`, with `comments` (say how it was
    /// made) as `#` lines. The header is synced to disk before this returns.
    public init(path: String, device: DeviceDescription, comments: [String] = [], syncPolicy: SyncPolicy = .everyFrame,
                timeBase: TimeBase = .firstEventAtOneMicrosecond) throws(RecordingWriterError) {
        self.path = path
        self.syncPolicy = syncPolicy
        self.timeBase = timeBase
        fd = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw RecordingWriterError(path: path, operation: "open", errno: errno) }
        try writeAll(EvemuFormat.header(device: device, comments: comments))
        try sync()
    }

    deinit {
        if fd >= 0 { _ = Glibc.close(fd) }
    }

    /// Adds one event; when it is a `SYN_REPORT`, writes the frame it closes. Other events are held until then.
    public func append(_ event: InputEvent) throws(RecordingWriterError) {
        guard fd >= 0 else { throw RecordingWriterError(path: path, operation: "append", message: "the writer is closed") }
        pending.append(event)
        guard event.type == EventCodes.evSyn, event.code == EventCodes.synReport else { return }
        try writePendingFrame(note: nil)
    }

    /// Ends the unfinished frame, if any, with a `SYN_REPORT` at its last event's time and writes it (its line
    /// says the recorder added it), so a recording stopped mid-frame keeps every event it read. Returns how many
    /// events the frame held (0: none were pending and nothing was written).
    ///
    /// The kernel's input core hands evdev clients whole frames (it queues a device's events until
    /// `SYN_REPORT`), so a recorder holds an unfinished frame only when a read stopped inside one or the device
    /// went away mid-frame. A `SYN_REPORT` is what `evemu-play` and every reader need to apply the frame, and
    /// its time is the frame's own last event time, so replay timing is unchanged.
    @discardableResult
    public func closeUnfinishedFrame() throws(RecordingWriterError) -> Int {
        guard fd >= 0 else { throw RecordingWriterError(path: path, operation: "append", message: "the writer is closed") }
        guard let last = pending.last else { return 0 }
        let count = pending.count
        pending.append(InputEvent(time: last.time, type: EventCodes.evSyn, code: EventCodes.synReport, value: 0))
        try writePendingFrame(note: "added by the recorder, which stopped mid-frame after \(count) events")
        return count
    }

    /// Writes the held events (ending with `SYN_REPORT`) with one `write(2)`, then syncs per ``syncPolicy``.
    /// `note` is appended to the `SYN_REPORT` line's comment.
    private func writePendingFrame(note: String?) throws(RecordingWriterError) {
        guard let event = pending.last else { return }
        var text = ""
        for pendingEvent in pending {
            text += EvemuFormat.eventLine(rebased(pendingEvent), previousReport: &lastReport)
        }
        if let note { text = String(text.dropLast()) + " (\(note))\n" }
        try writeAll(text)
        frameCount += 1
        eventCount += pending.count
        pending.removeAll(keepingCapacity: true)
        switch syncPolicy {
        case .never:
            break
        case .everyFrame:
            try sync()
        case .interval(let seconds):
            if let lastSync, Double(Int64(event.time) &- Int64(lastSync)) / 1e9 < seconds { break }
            try sync()
            lastSync = event.time
        }
    }

    /// Adds every event of a frame (which should end with `SYN_REPORT`).
    public func append(frame: [InputEvent]) throws(RecordingWriterError) {
        for event in frame { try append(event) }
    }

    /// Syncs and closes the file. Returns how many events of an unfinished frame were not written (they never got
    /// their `SYN_REPORT`; call ``closeUnfinishedFrame()`` first to keep them). Closing twice is harmless.
    @discardableResult
    public func close() throws(RecordingWriterError) -> Int {
        guard fd >= 0 else { return 0 }
        let dropped = pending.count
        pending.removeAll()
        let syncResult = fsync(fd)
        let syncErrno = errno
        let closeResult = Glibc.close(fd)
        fd = -1
        if syncResult != 0 { throw RecordingWriterError(path: path, operation: "fsync", errno: syncErrno) }
        if closeResult != 0 { throw RecordingWriterError(path: path, operation: "close", errno: errno) }
        return dropped
    }

    private func rebased(_ event: InputEvent) -> InputEvent {
        guard timeBase == .firstEventAtOneMicrosecond else { return event }
        let offset = offsetNanoseconds ?? (Int64(event.time) &- 1_000)
        offsetNanoseconds = offset
        var copy = event
        copy.time = UInt64(max(Int64(event.time) &- offset, 0))
        return copy
    }

    private func sync() throws(RecordingWriterError) {
        guard fsync(fd) == 0 else { throw RecordingWriterError(path: path, operation: "fsync", errno: errno) }
    }

    /// Writes all of `text`, or — when the disk refuses part of it (ENOSPC, EIO) — cuts the file back to the last
    /// whole frame, so that even a failed append leaves a file that parses.
    private func writeAll(_ text: String) throws(RecordingWriterError) {
        var bytes = Array(text.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = bytes.withUnsafeMutableBytes { buffer in
                Glibc.write(fd, buffer.baseAddress! + offset, buffer.count - offset)
            }
            if written < 0 {
                if errno == EINTR { continue }
                let failure = errno
                if ftruncate(fd, committedSize) == 0 { _ = lseek(fd, committedSize, SEEK_SET) }
                throw RecordingWriterError(path: path, operation: "write", errno: failure)
            }
            offset += written
        }
        committedSize += off_t(bytes.count)
    }
}

/// A recording file could not be written.
public struct RecordingWriterError: Error, Hashable, Sendable, CustomStringConvertible {
    /// The file.
    public var path: String
    /// The failed step ("open", "write", "fsync", "close", "append").
    public var operation: String
    /// The system's reason.
    public var message: String

    public init(path: String, operation: String, message: String) {
        self.path = path
        self.operation = operation
        self.message = message
    }

    /// Creates an error from an `errno`.
    public init(path: String, operation: String, errno code: Int32) {
        self.init(path: path, operation: operation, message: String(cString: strerror(code)))
    }

    /// "cannot write /tmp/x.evemu: No space left on device".
    public var description: String { "cannot \(operation) \(path): \(message)" }
}
