// SPDX-License-Identifier: Apache-2.0
import NIOConcurrencyHelpers

/// A clock whose time moves only when told to: for deterministic tests and offline replay.
///
/// ``advance(to:)`` delivers every tick on the grid up to the target, on the caller's thread,
/// exactly as the real clock would have if the machine were infinitely fast. Ticks are spaced by
/// one period starting at the time of `resume()`; a resume right after a tick waits one period, so
/// two ticks never share a time.
public final class VirtualTickSource: TickSource, @unchecked Sendable {
    /// Ticks per second.
    public let rateHz: Double
    private var handler: ((Tick) -> Void)?
    private let lock = NIOLock()
    private var time: UInt64
    private var running = false
    private var nextTick: UInt64?
    private var lastTick: UInt64?
    private var grid: FrameGrid?
    /// Ticks delivered so far.
    public private(set) var tickCount = 0

    /// A suspended clock at `startTime` (ns).
    public init(rateHz: Double, startTime: UInt64 = 0) {
        self.rateHz = rateHz
        self.time = startTime
    }

    /// Sets the tick handler (not thread-safe: set it before advancing).
    public func onTick(_ handler: @escaping (Tick) -> Void) { self.handler = handler }

    /// The virtual time, in nanoseconds.
    public func now() -> UInt64 { lock.withLock { time } }

    /// Whether ticks are being delivered.
    public var isRunning: Bool { lock.withLock { running } }

    /// Starts ticking: the next tick is now, or one period after the last tick if that is later.
    public func resume() {
        lock.withLock {
            guard !running else { return }
            running = true
            nextTick = lastTick.map { max($0 + periodNanoseconds, time) } ?? time
            if let grid { nextTick = grid.tick(after: max(time, lastTick ?? 0)).tick }
        }
    }

    /// Ticks at `grid`'s tick times (a vblank minus the lead) from now on; `nil`: one period apart again.
    public func lock(to grid: FrameGrid?) {
        lock.withLock {
            self.grid = grid
            guard running else { return }
            if let grid {
                nextTick = grid.tick(after: max(time, lastTick ?? 0)).tick
            } else {
                nextTick = lastTick.map { max($0 + periodNanoseconds, time) } ?? time
            }
        }
    }

    /// The grid of the last ``lock(to:)``.
    public var frameGrid: FrameGrid? { lock.withLock { grid } }

    /// Stops delivering ticks.
    public func suspend() { lock.withLock { running = false } }

    /// Moves time to `target`, delivering each tick due on the way.
    public func advance(to target: UInt64) {
        while true {
            let due: UInt64? = lock.withLock {
                guard running, let next = nextTick, next <= target else { return nil }
                time = next
                lastTick = next
                nextTick = grid.map { $0.tick(after: next).tick } ?? next + periodNanoseconds
                return next
            }
            guard let due else { break }
            tickCount += 1
            handler?(Tick(time: due))
        }
        lock.withLock { time = max(time, target) }
    }

    /// Moves time to `target` without delivering the ticks due there: after ``advance(to:)`` to just before an input's
    /// time, the input happens at its own time, and a clock it resumes ticks from then on, not a nanosecond before.
    public func move(to target: UInt64) {
        lock.withLock { time = max(time, target) }
    }
}
