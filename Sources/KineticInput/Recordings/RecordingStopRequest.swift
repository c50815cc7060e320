// SPDX-License-Identifier: Apache-2.0
import Glibc
import Synchronization

/// Why a recording stopped, as ``RecordingStopRequest`` and ``RecordingSession`` report it.
public enum RecordingStopReason: Hashable, Sendable, CustomStringConvertible {
    /// A signal handled through ``RecordingStopRequest/handleSignals(_:)`` (its number, e.g. `SIGTERM`).
    case signal(Int32)
    /// ``RecordingStopRequest/request()`` was called.
    case requested
    /// The session's time limit passed.
    case timeLimit
    /// The device was unplugged, revoked or failed.
    case deviceGone

    /// "SIGTERM", "stop requested", "time limit", "device gone".
    public var description: String {
        switch self {
        case .signal(SIGINT): "SIGINT"
        case .signal(SIGTERM): "SIGTERM"
        case .signal(let number): "signal \(number)"
        case .requested: "stop requested"
        case .timeLimit: "time limit"
        case .deviceGone: "device gone"
        }
    }
}

/// A request to stop a recording that a `poll(2)` loop sees at once: a non-blocking self-pipe, made readable by
/// ``request()`` from any thread or by a handled signal (``handleSignals(_:)``).
///
/// A handled signal no longer takes its default action: the process is not killed, and — because no fatal
/// signal is pending — a `write(2)` to the recording is never cut short (Linux's `generic_perform_write` stops
/// early only on a fatal signal). The handler does only async-signal-safe work: one `write(2)` of the signal
/// number to the pipe, with `errno` preserved. One request at a time handles signals in a process (a signal
/// handler is process-wide state); its deinit puts the previous dispositions back.
public final class RecordingStopRequest: Sendable {
    /// The read end of the pipe: readable once a stop was requested. Watch it for `POLLIN` beside the device.
    public let fileDescriptor: Int32
    private let writeEnd: Int32
    private let state = Mutex(State())

    private struct State {
        var reason: RecordingStopReason?
        var previousActions: [(signal: Int32, action: sigaction)] = []
    }

    /// The pipe the installed handler writes to (-1: none); read by the handler, so an atomic.
    private static let handlerPipe = Atomic<Int32>(-1)

    /// Creates the pipe. Throws ``DeviceError/systemError(path:operation:errno:)`` when the process is out of
    /// file descriptors.
    public init() throws(DeviceError) {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else {
            throw DeviceError.systemError(path: "stop pipe", operation: "pipe", errno: errno)
        }
        // Non-blocking: the handler must never block, and reading drains without waiting.
        for end in ends {
            _ = fcntl(end, F_SETFL, fcntl(end, F_GETFL) | O_NONBLOCK)
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
        }
        fileDescriptor = ends[0]
        writeEnd = ends[1]
    }

    deinit {
        restoreSignals()
        Glibc.close(fileDescriptor)
        Glibc.close(writeEnd)
    }

    /// Requests a stop (``RecordingStopReason/requested``). Safe from any thread; later requests are no-ops.
    public func request() {
        var byte: UInt8 = 0
        _ = Glibc.write(writeEnd, &byte, 1)
    }

    /// Handles `signals` (default SIGINT and SIGTERM) by requesting a stop with the signal's number instead of
    /// their default action, until this request is deinitialised. `SA_RESTART` keeps other threads' system calls
    /// going; `poll(2)` still returns `EINTR` and then sees the pipe. The calling thread unblocks `signals`, so
    /// at least it takes them. Throws
    /// ``DeviceError/systemError(path:operation:errno:)`` when another request already handles signals.
    public func handleSignals(_ signals: [Int32] = [SIGINT, SIGTERM]) throws(DeviceError) {
        guard Self.handlerPipe.compareExchange(expected: -1, desired: writeEnd, ordering: .sequentiallyConsistent)
            .exchanged
        else { throw DeviceError.systemError(path: "stop pipe", operation: "sigaction (already installed)", errno: EBUSY) }
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { number in RecordingStopRequest.signalled(number) }
        sigemptyset(&action.sa_mask)
        action.sa_flags = SA_RESTART
        for number in signals {
            var previous = sigaction()
            guard sigaction(number, &action, &previous) == 0 else {
                let failure = errno
                restoreSignals()
                throw DeviceError.systemError(path: "signal \(number)", operation: "sigaction", errno: failure)
            }
            state.withLock { $0.previousActions.append((number, previous)) }
        }
        // A parent may have spawned us with them blocked (libdispatch's worker threads block asynchronous
        // signals, and a child inherits the mask): then no thread would ever take them.
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        for number in signals { sigaddset(&unblocked, number) }
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
    }

    /// Why the stop was requested, or nil while it was not. Reads what the pipe holds, without blocking.
    public var reason: RecordingStopReason? {
        state.withLock { state in
            var byte: UInt8 = 0
            while Glibc.read(fileDescriptor, &byte, 1) == 1 {
                if state.reason == nil { state.reason = byte == 0 ? .requested : .signal(Int32(byte)) }
            }
            return state.reason
        }
    }

    /// The signal handler: async-signal-safe (an atomic load and `write(2)`), `errno` preserved for the thread
    /// it interrupted.
    private static func signalled(_ number: Int32) {
        let saved = errno
        let pipe = handlerPipe.load(ordering: .relaxed)
        if pipe >= 0 {
            var byte = UInt8(truncatingIfNeeded: number)
            _ = Glibc.write(pipe, &byte, 1)
        }
        errno = saved
    }

    private func restoreSignals() {
        let previous = state.withLock { state in
            defer { state.previousActions.removeAll() }
            return state.previousActions
        }
        for (number, action) in previous {
            var action = action
            sigaction(number, &action, nil)
        }
        _ = Self.handlerPipe.compareExchange(expected: writeEnd, desired: -1, ordering: .sequentiallyConsistent)
    }
}
