// SPDX-License-Identifier: Apache-2.0
/// A compositor's presentation clock, as its `frame_clock` command gives it (docs/PROTOCOL.md): its refresh interval
/// and the time of a vblank (CLOCK_MONOTONIC ns), and how long before each vblank kineticd computes the frame.
///
/// Locked to it, ticks are timed for `vblank − lead` and each frame's values are computed for the vblank at which the
/// compositor will show them — not for the moment they were computed.
public struct FrameGrid: Equatable, Sendable {
    /// The refresh interval, nanoseconds (10⁶…10⁹: 1 to 1000 Hz).
    public var refresh: UInt64
    /// A vblank on the grid, nanoseconds.
    public var vblank: UInt64
    /// How long before a vblank the tick fires, nanoseconds (0 to one refresh interval).
    public var lead: UInt64

    /// The refresh intervals accepted: 1 ms (1000 Hz) to 1 s.
    public static let refreshRange: ClosedRange<UInt64> = 1_000_000...1_000_000_000
    /// The default lead when the client gives none: 2 ms, the time kineticd's tick takes with room to spare
    /// (docs/PERFORMANCE.md, "kineticd") — Kinetic's choice.
    public static let defaultLead: UInt64 = 2_000_000

    /// A grid; `refresh` must lie in ``refreshRange`` and `lead` must not exceed it (the command validates both).
    public init(refresh: UInt64, vblank: UInt64, lead: UInt64 = FrameGrid.defaultLead) {
        self.refresh = min(max(refresh, Self.refreshRange.lowerBound), Self.refreshRange.upperBound)
        self.vblank = vblank
        self.lead = min(lead, self.refresh)
    }

    /// The first vblank strictly after `time`.
    public func vblank(after time: UInt64) -> UInt64 {
        if time < vblank {
            // Vblanks before the reference lie on the grid too: step back whole intervals.
            let back = (vblank - time - 1) / refresh
            return vblank - back * refresh
        }
        return vblank + ((time - vblank) / refresh + 1) * refresh
    }

    /// The first tick time (a vblank minus the lead) strictly after `time`, and the vblank it is for.
    public func tick(after time: UInt64) -> (tick: UInt64, vblank: UInt64) {
        let target = vblank(after: time &+ lead)
        return (target - lead, target)
    }
}
