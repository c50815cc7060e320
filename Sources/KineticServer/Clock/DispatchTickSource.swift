// SPDX-License-Identifier: Apache-2.0
import Dispatch
import Kinetic
import Logging
import NIOConcurrencyHelpers
import KineticProtocol
import KineticServerCore
import KineticTime

/// The display-rate clock: a `DispatchSourceTimer` on a user-interactive queue (docs/DAEMON.md §3).
///
/// On Linux libdispatch arms a `timerfd` with an absolute deadline per tick, so the grid does not
/// drift; `.strict` and zero leeway have no effect there but state the intent. Each tick carries the
/// measured CLOCK_MONOTONIC time and the number of ticks the timer coalesced (`timer.data − 1`).
///
/// Idle means no timer at all: `suspend()` cancels the timer and `resume()` makes a new one. (A
/// suspended timer source is not silent on Linux: libdispatch keeps re-arming its timerfd about once
/// a second, measured with strace in Benchmarks/daemon-bench.sh.)
///
/// With a display (`phase: auto`, docs/DAEMON.md §3.3) the ticks follow its vblanks when no client's `frame_clock`
/// holds them: the source reads the display's latest vblank when it resumes and then once a second while it ticks
/// (``DisplayPhase``), and re-arms the timer when the grid moves. An idle clock reads nothing, so it stays silent.
public final class DispatchTickSource: TickSource, @unchecked Sendable {
    /// Ticks per second.
    public let rateHz: Double
    private let queue = DispatchQueue(label: "kineticd.tick", qos: .userInteractive)
    private let handler: @Sendable (Tick) -> Void
    // Guards `timer` and `cancelled`.
    private let lock = NIOLock()
    private var timer: DispatchSourceTimer?
    private var cancelled = false
    /// A client's grid (``lock(to:)``), which wins over the display's.
    private var clientGrid: FrameGrid?
    /// `phase: auto`: the display, what its vblanks gave so far, and when they were last read.
    private let display: (any VblankReading)?
    private var displayPhase: DisplayPhase?
    private var displayGrid: FrameGrid?
    private var displayReadAt: UInt64 = 0
    /// The last thing said about the display in the log, so that each change is said once.
    private var displayState = ""
    private let logger: Logger
    private var grid: FrameGrid? { clientGrid ?? displayGrid }

    /// A clock ticking at `rateHz`, delivering ticks to `handler` on its own queue; with `display`, locked to its
    /// vblanks when it gives them. It starts suspended.
    public init(rateHz: Double, display: (any VblankReading)? = nil, logger: Logger = Logger(label: "kineticd.clock"),
                handler: @escaping @Sendable (Tick) -> Void) {
        self.rateHz = rateHz
        self.display = display
        self.logger = logger
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
            timer.setEventHandler { @Sendable [weak self] in
                let fired = source.timer?.data ?? 1
                let now = MonotonicClock.now()
                self?.followDisplay(now: now)
                handler(Tick(time: now, missed: fired > 1 ? UInt64(fired - 1) : 0))
            }
            readDisplay(now: MonotonicClock.now())
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
            clientGrid = grid
            if let timer { schedule(timer) }
        }
    }

    /// The grid in force: a client's (``lock(to:)``), else the display's (`phase: auto`).
    public var frameGrid: FrameGrid? { lock.withLock { grid } }

    /// Whether the grid in force is the display's (`phase: auto`), not a client's.
    public var followsDisplay: Bool { lock.withLock { clientGrid == nil && displayGrid != nil } }

    /// Once a second while ticking: the display's latest vblank, and the timer re-armed when the grid's interval
    /// changed (a new mode) or its phase moved by more than 50 µs (drift). Called on the clock's queue.
    private func followDisplay(now: UInt64) {
        guard display != nil else { return }
        lock.withLock {
            guard now &- displayReadAt >= DisplayPhase.measuringSpan else { return }
            let before = grid
            readDisplay(now: now)
            guard let timer, clientGrid == nil, grid != before else { return }
            if let before, let after = grid, before.refresh == after.refresh {
                let a = before.vblank(after: now), b = after.vblank(after: now)
                if max(a, b) - min(a, b) <= 50_000 { return }
            }
            schedule(timer)
        }
    }

    /// Reads the display into ``displayGrid`` (the caller holds the lock), saying in the log when it locks, unlocks,
    /// or cannot follow it, and why.
    private func readDisplay(now: UInt64) {
        guard let display else { return }
        displayReadAt = now
        let state: String
        switch display.read() {
        case .success(let (modeRefresh, sample)):
            if displayPhase?.modeRefresh != modeRefresh { displayPhase = DisplayPhase(modeRefresh: modeRefresh) }
            displayGrid = displayPhase?.update(with: sample)
            if let problem = displayPhase?.problem {
                state = "phase: auto: not following \(display.source): \(problem); ticking at \(rateHz) Hz on its own phase"
            } else {
                let interval = FixedDecimal.text(Double(modeRefresh) / 1e6, precision: 3)
                state = "phase: auto: ticks follow the vblanks of \(display.source), every \(interval) ms"
            }
        case .failure(let failure):
            displayGrid = nil
            state = "phase: auto: \(failure.description); ticking at \(rateHz) Hz on its own phase (a compositor can "
                + "still send frame_clock)"
        }
        if state != displayState {
            displayState = state
            if displayGrid == nil { logger.warning("\(state)") } else { logger.info("\(state)") }
        }
    }

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
