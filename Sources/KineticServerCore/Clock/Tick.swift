// SPDX-License-Identifier: Apache-2.0
import KineticInput
import KineticTime
/// One tick of the display-rate clock.
public struct Tick: Equatable, Sendable {
    /// CLOCK_MONOTONIC nanoseconds when the tick was taken (measured, not the nominal grid point).
    public var time: UInt64
    /// Ticks that should have happened since the previous one but did not (late wake-ups).
    public var missed: UInt64

    /// A tick at `time` (ns) after `missed` skipped ticks.
    public init(time: UInt64, missed: UInt64 = 0) {
        self.time = time
        self.missed = missed
    }
}

/// A source of ticks at a fixed rate that can stop while idle.
///
/// `resume()` and `suspend()` are idempotent and may be called from any thread; while suspended the
/// source causes no wake-ups at all. The handler given at creation receives every tick.
public protocol TickSource: AnyObject, Sendable {
    /// The tick rate in ticks per second.
    var rateHz: Double { get }
    /// The current time on the source's clock, in nanoseconds (CLOCK_MONOTONIC for the real one).
    func now() -> UInt64
    /// Starts ticking if suspended; the first tick follows within one period.
    func resume()
    /// Stops ticking until the next `resume()`.
    func suspend()
    /// Times ticks for `grid`'s vblanks minus its lead (a compositor's `frame_clock`), or, with `nil`, at the source's
    /// own rate again. Sources without a real clock may ignore it.
    func lock(to grid: FrameGrid?)
    /// The grid the ticks are locked to (the last ``lock(to:)``), `nil` when they follow the source's own rate: the one
    /// place the frame grid is kept.
    var frameGrid: FrameGrid? { get }
}

extension TickSource {
    /// The tick period in nanoseconds: 10⁹ / rate.
    public var periodNanoseconds: UInt64 { Nanoseconds.unsigned(1e9 / rateHz) }
}
