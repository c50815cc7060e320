// SPDX-License-Identifier: Apache-2.0
import Kinetic

/// The latest vblank of a display as the kernel reports it (DRM's `DRM_IOCTL_CRTC_GET_SEQUENCE`): its sequence number
/// and its CLOCK_MONOTONIC time in nanoseconds.
public struct VblankSample: Equatable, Sendable {
    /// The vblank counter.
    public var sequence: UInt64
    /// When that vblank happened, CLOCK_MONOTONIC ns.
    public var time: UInt64

    /// A sample of vblank `sequence` at `time` ns.
    public init(sequence: UInt64, time: UInt64) {
        self.sequence = sequence
        self.time = time
    }
}

/// `phase: auto`: the frame grid of a display followed from samples of its latest vblank, with no client's help
/// (docs/DAEMON.md §3.1). Pure arithmetic: the daemon reads the samples from DRM, tests feed them by hand.
///
/// The grid's phase is the latest sample's vblank, so each sample corrects any drift between the display's clock and
/// CLOCK_MONOTONIC. Its interval is the mode's (from its timings) until a second of samples has been measured, then
/// the measured one: (time₂ − time₁) / (sequence₂ − sequence₁). Vblanks that are not periodic — a variable refresh
/// rate display, whose vblanks follow the frames shown — give an interval that disagrees with the mode's by more than
/// ``tolerance``: then there is no grid, and ``problem`` says why, for the log.
public struct DisplayPhase: Equatable, Sendable {
    /// How far the measured interval may stray from the mode's: 0.5 %, about 80 µs at 60 Hz — far more than a real
    /// display's crystal (a few hundred ppm) and far less than a variable refresh rate's range.
    public static let tolerance = 0.005
    /// The shortest span of samples whose interval is measured, ns.
    public static let measuringSpan: UInt64 = 1_000_000_000

    /// The mode's refresh interval, ns.
    public let modeRefresh: UInt64
    /// The lead of the grid's ticks before each vblank, ns.
    public let lead: UInt64
    /// The grid ticks follow, or `nil` (no sample yet, or vblanks that are not periodic).
    public private(set) var grid: FrameGrid?
    /// Why there is no grid, when a sample showed it; `nil` otherwise.
    public private(set) var problem: String?
    /// The sample the measured interval starts from.
    private var start: VblankSample?

    /// A display whose current mode refreshes every `modeRefresh` ns, its ticks `lead` ns before each vblank.
    public init(modeRefresh: UInt64, lead: UInt64 = FrameGrid.defaultLead) {
        self.modeRefresh = modeRefresh
        self.lead = lead
    }

    /// Takes the latest vblank into account; returns the grid now in force (`nil` with ``problem`` set when the
    /// vblanks are not periodic).
    @discardableResult
    public mutating func update(with sample: VblankSample) -> FrameGrid? {
        guard let first = start, sample.sequence > first.sequence, sample.time > first.time else {
            // The first sample, or a counter that went back (a mode set restarts it): start measuring again.
            start = sample
            problem = nil
            grid = FrameGrid(refresh: modeRefresh, vblank: sample.time, lead: lead)
            return grid
        }
        let span = sample.time - first.time
        guard span >= Self.measuringSpan else {
            grid = problem == nil ? FrameGrid(refresh: grid?.refresh ?? modeRefresh, vblank: sample.time, lead: lead) : nil
            return grid
        }
        let measured = Double(span) / Double(sample.sequence - first.sequence)
        let deviation = abs(measured - Double(modeRefresh)) / Double(modeRefresh)
        start = sample
        guard deviation <= Self.tolerance else {
            problem = "its vblanks came every \(FixedDecimal.text(measured / 1e6, precision: 3)) ms over the last "
                + "\(FixedDecimal.text(Double(span) / 1e9, precision: 1)) s, not every \(FixedDecimal.text(Double(modeRefresh) / 1e6, precision: 3)) ms "
                + "as its mode says (a variable refresh rate?)"
            grid = nil
            return nil
        }
        problem = nil
        grid = FrameGrid(refresh: UInt64(measured.rounded()), vblank: sample.time, lead: lead)
        return grid
    }
}
