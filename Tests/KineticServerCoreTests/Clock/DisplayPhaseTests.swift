import Testing
@testable import KineticServerCore

/// `phase: auto`'s arithmetic (``DisplayPhase``): vblank samples in, the frame grid out, with expectations worked out
/// by hand from the samples.
struct DisplayPhaseTests {
    /// A 60 Hz mode: 16 666 667 ns (1e9 / 60, rounded).
    static let mode: UInt64 = 16_666_667

    @Test func theFirstSampleGivesTheModesIntervalAtThatVblank() {
        var phase = DisplayPhase(modeRefresh: Self.mode)
        let grid = phase.update(with: VblankSample(sequence: 100, time: 5_000_000_000))
        #expect(grid == FrameGrid(refresh: Self.mode, vblank: 5_000_000_000))
        #expect(phase.problem == nil)
    }

    /// A display whose crystal runs 100 ppm fast: 60 vblanks take 999 900 000 ns instead of 1 s. Until a second of
    /// samples the mode's interval holds (re-phased at each sample); then the measured one, 999 900 000 / 60 =
    /// 16 665 000 ns, phased at the latest vblank.
    @Test func aSecondOfSamplesGivesTheMeasuredInterval() {
        var phase = DisplayPhase(modeRefresh: Self.mode)
        phase.update(with: VblankSample(sequence: 0, time: 1_000_000_000))
        let half = phase.update(with: VblankSample(sequence: 30, time: 1_499_950_000))
        #expect(half == FrameGrid(refresh: Self.mode, vblank: 1_499_950_000))
        let second = phase.update(with: VblankSample(sequence: 60, time: 1_999_900_000))
        #expect(second == FrameGrid(refresh: Self.mode, vblank: 1_999_900_000), "999.9 ms is under the measuring span: still the mode's")
        let later = phase.update(with: VblankSample(sequence: 61, time: 2_016_565_000))
        #expect(later == FrameGrid(refresh: 16_665_000, vblank: 2_016_565_000))
        #expect(phase.problem == nil)
    }

    /// Variable refresh: the vblanks follow the frames shown, here every 20 ms where the mode says 16.667 ms — 20 %
    /// off, far beyond 0.5 %: no grid, and the reason for the log.
    @Test func vblanksThatAreNotPeriodicGiveNoGrid() {
        var phase = DisplayPhase(modeRefresh: Self.mode)
        phase.update(with: VblankSample(sequence: 0, time: 1_000_000_000))
        let grid = phase.update(with: VblankSample(sequence: 60, time: 2_200_000_000))
        #expect(grid == nil)
        #expect(phase.problem?.contains("every 20.000 ms") == true && phase.problem?.contains("16.667 ms") == true,
                "\(phase.problem ?? "no problem")")
        // While it lasts, samples within the span give no grid either; a counter that restarts (a mode set) starts over.
        #expect(phase.update(with: VblankSample(sequence: 61, time: 2_220_000_000)) == nil)
        #expect(phase.update(with: VblankSample(sequence: 3, time: 2_300_000_000)) == FrameGrid(refresh: Self.mode, vblank: 2_300_000_000))
        #expect(phase.problem == nil)
    }
}
