import KineticProtocol
import Testing
@testable import KineticServer
@testable import KineticServerCore

/// `phase: auto` in the Dispatch tick source: the display's grid when no client holds the ticks, a client's
/// `frame_clock` over it, and the display's back when the client lets go. The display is a stand-in that reports a
/// 60 Hz mode and a vblank; the real one (vkms, through DRM) is tested in the systemd VM suite.
struct DisplayPhaseClockTests {
    final class StandInDisplay: VblankReading, Sendable {
        let source = "stand-in display"
        let result: Result<(modeRefresh: UInt64, sample: VblankSample), DisplayRefresh.Failure>
        init(_ result: Result<(modeRefresh: UInt64, sample: VblankSample), DisplayRefresh.Failure>) { self.result = result }
        func read() -> Result<(modeRefresh: UInt64, sample: VblankSample), DisplayRefresh.Failure> { result }
    }

    @Test func aClientsFrameClockWinsOverTheDisplayAndTheDisplayReturns() {
        let vblank = VblankSample(sequence: 42, time: MonotonicClock.now())
        let clock = DispatchTickSource(rateHz: 120, display: StandInDisplay(.success((16_666_667, vblank)))) { _ in }
        defer { clock.cancel() }
        #expect(clock.frameGrid == nil, "nothing read before the clock first wakes")
        clock.resume()
        let display = FrameGrid(refresh: 16_666_667, vblank: vblank.time)
        #expect(clock.frameGrid == display && clock.followsDisplay)
        let client = FrameGrid(refresh: 6_944_444, vblank: vblank.time + 1_000_000, lead: 1_000_000)
        clock.lock(to: client)
        #expect(clock.frameGrid == client && !clock.followsDisplay)
        clock.lock(to: nil)
        #expect(clock.frameGrid == display && clock.followsDisplay)
    }

    @Test func aDisplayWithoutVblanksLeavesTheTicksTheirOwnPhase() {
        let failure = DisplayRefresh.Failure(description: "stand-in gives no vblank times (Operation not supported)")
        let clock = DispatchTickSource(rateHz: 120, display: StandInDisplay(.failure(failure))) { _ in }
        defer { clock.cancel() }
        clock.resume()
        #expect(clock.frameGrid == nil && !clock.followsDisplay)
    }
}
