// SPDX-License-Identifier: Apache-2.0
import Glibc

/// CLOCK_MONOTONIC, the time base of frames (`time_ns`) and of input event timestamps: the daemon's one clock (its
/// ticks, its replays' offsets, an unplugged device's cancel time), and the client's for its reply deadlines.
public enum MonotonicClock {
    /// Nanoseconds since an arbitrary point (boot on Linux), never going backwards.
    public static func now() -> UInt64 {
        var ts = timespec()
        clock_gettime(CLOCK_MONOTONIC, &ts)
        return UInt64(ts.tv_sec) * 1_000_000_000 + UInt64(ts.tv_nsec)
    }

    /// ``now()`` in seconds.
    public static func seconds() -> Double { Double(now()) / 1e9 }
}
