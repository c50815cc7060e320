// SPDX-License-Identifier: Apache-2.0
import Glibc
import KineticTime

/// Records a live device into a ``RecordingWriter`` until a stop request, a time limit or the device's end, and
/// then finishes the file so that nothing read is lost and it parses (`kineticctl record`).
///
/// One `poll(2)` watches the device and the ``RecordingStopRequest`` pipe, so a SIGINT/SIGTERM is seen at once,
/// not at the next timeout. On a stop it drains what the device already queued (events the kernel delivered
/// before the stop), closes an unfinished frame with ``RecordingWriter/closeUnfinishedFrame()``, then syncs and
/// closes the file.
public struct RecordingSession {
    /// The device read.
    public let device: InputDevice
    /// The file written.
    public let writer: RecordingWriter
    /// The stop request watched beside the device.
    public let stop: RecordingStopRequest

    /// Most reads of the drain after a stop, so a device flooding events cannot hold the stop off.
    static let drainReadLimit = 64

    /// What a finished session wrote and why it ended.
    public struct Summary: Hashable, Sendable {
        /// Frames in the file (including a closed unfinished one).
        public var frames: Int
        /// Events in the file (including a `SYN_REPORT` added to close an unfinished frame).
        public var events: Int
        /// Events of the unfinished frame that the added `SYN_REPORT` closed (0: the recording ended on a frame).
        public var closedUnfinishedFrameEvents: Int
        /// `SYN_DROPPED` resyncs while reading (the kernel buffer overflowed; the resync's events are recorded).
        public var resyncs: Int
        /// Why it stopped.
        public var reason: RecordingStopReason
    }

    /// A session of `device` into `writer`, stopped by `stop`.
    public init(device: InputDevice, writer: RecordingWriter, stop: RecordingStopRequest) {
        self.device = device
        self.writer = writer
        self.stop = stop
    }

    /// Records until `stop`, `timeLimit` (a duration from now; nil: none) or the device's end, then closes
    /// the writer. Throws when the file cannot be written (the file then still parses; see ``RecordingWriter``).
    public func run(timeLimit: Duration? = nil) throws(RecordingWriterError) -> Summary {
        let clock = ContinuousClock()
        let deadline = timeLimit.map { clock.now.advanced(by: $0) }
        var resyncs = 0
        var reason: RecordingStopReason?
        while reason == nil {
            var timeout: Int32 = -1
            if let deadline {
                let remaining = clock.now.duration(to: deadline)
                guard remaining > .zero else { reason = .timeLimit; break }
                timeout = remaining.pollMilliseconds
            }
            var descriptors = [pollfd(fd: device.fileDescriptor, events: Int16(POLLIN), revents: 0),
                               pollfd(fd: stop.fileDescriptor, events: Int16(POLLIN), revents: 0)]
            let rc = poll(&descriptors, 2, timeout)
            if rc < 0 {
                if errno == EINTR { continue }
                reason = .deviceGone
                break
            }
            if descriptors[0].revents & Int16(POLLIN) != 0 {
                let read = device.readAvailable()
                resyncs += read.resyncCount
                try writer.append(frame: read.events)
                if read.status != .open { reason = .deviceGone }
            } else if descriptors[0].revents & Int16(POLLHUP | POLLERR | POLLNVAL) != 0 {
                reason = .deviceGone
            }
            if reason == nil, descriptors[1].revents & Int16(POLLIN) != 0 { reason = stop.reason }
        }
        if reason != .deviceGone {
            // What the kernel queued before the stop belongs to the recording.
            for _ in 0..<Self.drainReadLimit {
                let read = device.readAvailable()
                resyncs += read.resyncCount
                try writer.append(frame: read.events)
                if read.events.isEmpty || read.status != .open { break }
            }
        }
        let closed = try writer.closeUnfinishedFrame()
        try writer.close()
        return Summary(frames: writer.frameCount, events: writer.eventCount, closedUnfinishedFrameEvents: closed,
                       resyncs: resyncs, reason: reason ?? .requested)
    }
}
