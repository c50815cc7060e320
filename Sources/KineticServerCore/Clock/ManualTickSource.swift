// SPDX-License-Identifier: Apache-2.0
import NIOConcurrencyHelpers

/// A clock whose time the caller sets and whose ticks the caller makes (`core.tick(Tick(time:))`): for tests and the
/// fuzz harness, which tick a ``ServerCore`` by hand. It records what the core asks of a clock: how often it was woken
/// (``resumeCount``), whether it runs, and the frame grid it was locked to.
public final class ManualTickSource: TickSource, Sendable {
    /// Ticks per second (what ``periodNanoseconds`` derives from; the caller decides when ticks happen).
    public let rateHz: Double
    private struct State {
        var time: UInt64
        var running = false
        var resumes = 0
        var grid: FrameGrid?
    }
    private let state: NIOLockedValueBox<State>

    /// A suspended clock at `time` (ns).
    public init(rateHz: Double = 120, time: UInt64 = 0) {
        self.rateHz = rateHz
        self.state = NIOLockedValueBox(State(time: time))
    }

    /// The time the caller set, in nanoseconds.
    public var time: UInt64 {
        get { state.withLockedValue { $0.time } }
        set { state.withLockedValue { $0.time = newValue } }
    }

    /// ``time``.
    public func now() -> UInt64 { time }
    /// Marks the clock running and counts the wake-up.
    public func resume() { state.withLockedValue { $0.running = true; $0.resumes += 1 } }
    /// Marks the clock stopped.
    public func suspend() { state.withLockedValue { $0.running = false } }
    /// Keeps `grid` (``frameGrid``).
    public func lock(to grid: FrameGrid?) { state.withLockedValue { $0.grid = grid } }
    /// The grid of the last ``lock(to:)``.
    public var frameGrid: FrameGrid? { state.withLockedValue { $0.grid } }
    /// How many times ``resume()`` was called.
    public var resumeCount: Int { state.withLockedValue { $0.resumes } }
    /// Whether the last of ``resume()`` and ``suspend()`` was a resume.
    public var isRunning: Bool { state.withLockedValue { $0.running } }
}
