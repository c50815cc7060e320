import Dispatch
import NIOConcurrencyHelpers
import KineticProtocol
import KineticServerCore

/// The display-rate clock: a `DispatchSourceTimer` on a user-interactive queue (docs/DAEMON.md §3).
///
/// On Linux libdispatch arms a `timerfd` with an absolute deadline per tick, so the grid does not
/// drift; `.strict` and zero leeway have no effect there but state the intent. Each tick carries the
/// measured CLOCK_MONOTONIC time and the number of ticks the timer coalesced (`timer.data − 1`).
///
/// Idle means no timer at all: `suspend()` cancels the timer and `resume()` makes a new one. (A
/// suspended timer source is not silent on Linux: libdispatch keeps re-arming its timerfd about once
/// a second, measured with strace in Benchmarks/daemon-bench.sh.)
public final class DispatchTickSource: TickSource, @unchecked Sendable {
    /// Ticks per second.
    public let rateHz: Double
    private let queue = DispatchQueue(label: "kineticd.tick", qos: .userInteractive)
    private let handler: @Sendable (Tick) -> Void
    // Guards `timer` and `cancelled`.
    private let lock = NIOLock()
    private var timer: DispatchSourceTimer?
    private var cancelled = false
    private var grid: FrameGrid?

    /// A clock ticking at `rateHz`, delivering ticks to `handler` on its own queue. It starts suspended.
    public init(rateHz: Double, handler: @escaping @Sendable (Tick) -> Void) {
        self.rateHz = rateHz
        self.handler = handler
    }

    /// CLOCK_MONOTONIC, in nanoseconds.
    public func now() -> UInt64 { MonotonicClock.now() }

    /// Creates and starts the timer (first tick at once) unless it runs or the clock was cancelled.
    public func resume() {
        lock.withLock {
            guard timer == nil, !cancelled else { return }
            let timer = DispatchSource.makeTimerSource(flags: .strict, queue: queue)
            let handler = self.handler
            let source = TimerReference(timer)
            timer.setEventHandler { @Sendable in
                let fired = source.timer?.data ?? 1
                handler(Tick(time: MonotonicClock.now(), missed: fired > 1 ? UInt64(fired - 1) : 0))
            }
            schedule(timer)
            timer.activate()
            self.timer = timer
        }
    }

    /// Arms `timer`: at once and every period, or, locked to a frame grid, at its next tick time (vblank − lead) and
    /// every refresh interval. `DispatchTime`'s uptime nanoseconds are CLOCK_MONOTONIC on Linux, the clock the grid
    /// is given in. The caller holds the lock.
    private func schedule(_ timer: DispatchSourceTimer) {
        if let grid {
            let next = grid.tick(after: MonotonicClock.now()).tick
            timer.schedule(deadline: DispatchTime(uptimeNanoseconds: next), repeating: .nanoseconds(Int(clamping: grid.refresh)),
                           leeway: .nanoseconds(0))
        } else {
            timer.schedule(deadline: .now(), repeating: .nanoseconds(Int(clamping: periodNanoseconds)), leeway: .nanoseconds(0))
        }
    }

    /// Re-arms the running timer for `grid` (or the source's own rate with `nil`); a suspended clock uses it when it
    /// resumes.
    public func lock(to grid: FrameGrid?) {
        lock.withLock {
            self.grid = grid
            if let timer { schedule(timer) }
        }
    }

    /// The grid of the last ``lock(to:)``.
    public var frameGrid: FrameGrid? { lock.withLock { grid } }

    /// Cancels the timer: no wake-ups until the next `resume()`.
    public func suspend() {
        lock.withLock {
            timer?.cancel()
            timer = nil
        }
    }

    /// Returns once every tick handler already queued has run (a barrier on the clock's queue): after
    /// `suspend()` and this, no handler runs until the next `resume()`. Not to be called from a handler.
    func waitForQueuedTicks() {
        queue.sync {}
    }

    /// Stops the clock for good.
    public func cancel() {
        lock.withLock {
            cancelled = true
            timer?.cancel()
            timer = nil
        }
    }

    deinit { cancel() }
}

/// Lets a timer's handler read the timer (`data`) without keeping it alive: the timer's own queue is
/// the only place the handler runs.
private final class TimerReference: @unchecked Sendable {
    weak var timer: (any DispatchSourceTimer & AnyObject)?
    init(_ timer: any DispatchSourceTimer) { self.timer = timer as AnyObject as? (any DispatchSourceTimer & AnyObject) }
}
