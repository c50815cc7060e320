import Glibc

extension EventTime {
    /// Now on `CLOCK_MONOTONIC`, the clock live devices stamp their events with (docs/INPUT.md §1.1),
    /// e.g. for the time of an unplug, which has no kernel event.
    public static func monotonicNow() -> EventTime {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        return EventTime(nanoseconds: UInt64(now.tv_sec) * 1_000_000_000 + UInt64(now.tv_nsec))
    }
}
