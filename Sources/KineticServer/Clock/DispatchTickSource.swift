import Dispatch
import NIOConcurrencyHelpers

/// The display-rate clock: a `DispatchSourceTimer` on a user-interactive queue (shared/spec/daemon.md §3).
///
/// On Linux libdispatch arms a `timerfd` with an absolute deadline per tick, so the grid does not
/// drift; `.strict` and zero leeway have no effect there but state the intent. Each tick carries the
/// measured CLOCK_MONOTONIC time and the number of ticks the timer coalesced (`timer.data − 1`).
/// While suspended the timer is not armed: an idle daemon has no wake-ups.
public final class DispatchTickSource: TickSource, @unchecked Sendable {
    public let rateHz: Double
    private let queue = DispatchQueue(label: "kineticd.tick", qos: .userInteractive)
    private let timer: DispatchSourceTimer
    private let handler: @Sendable (Tick) -> Void
    // Guards `state` (the timer itself is only touched under the lock).
    private let lock = NIOLock()
    private var state = State.idle

    private enum State {
        case idle, running, suspended, cancelled
    }

    /// A clock ticking at `rateHz`, delivering ticks to `handler` on its own queue. It starts suspended.
    public init(rateHz: Double, handler: @escaping @Sendable (Tick) -> Void) {
        self.rateHz = rateHz
        self.handler = handler
        self.timer = DispatchSource.makeTimerSource(flags: .strict, queue: queue)
        timer.setEventHandler { @Sendable [unowned self] in
            let fired = self.timer.data
            self.handler(Tick(time: MonotonicClock.now(), missed: fired > 1 ? UInt64(fired - 1) : 0))
        }
    }

    public func now() -> UInt64 { MonotonicClock.now() }

    public func resume() {
        lock.withLock {
            guard state == .idle || state == .suspended else { return }
            timer.schedule(deadline: .now(), repeating: .nanoseconds(Int(periodNanoseconds)), leeway: .nanoseconds(0))
            if state == .idle { timer.activate() } else { timer.resume() }
            state = .running
        }
    }

    public func suspend() {
        lock.withLock {
            guard state == .running else { return }
            timer.suspend()
            state = .suspended
        }
    }

    /// Stops the clock for good.
    public func cancel() {
        lock.withLock {
            switch state {
            case .cancelled: return
            // libdispatch traps when a suspended or never-activated source is released: balance first.
            case .suspended: timer.resume()
            case .idle: timer.activate()
            case .running: break
            }
            timer.cancel()
            state = .cancelled
        }
    }

    deinit { cancel() }
}
