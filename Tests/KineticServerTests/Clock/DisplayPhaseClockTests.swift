import KineticProtocol
import NIOConcurrencyHelpers
import Testing
@testable import KineticServer
@testable import KineticServerCore
import KineticTime

/// `phase: auto` in the Dispatch tick source: the display's grid when no client holds the ticks, a client's
/// `frame_clock` over it, and the display's back when the client lets go. The display is a stand-in that reports a
/// 60 Hz mode and a vblank; the real one (vkms, through DRM) is tested in the systemd VM suite.
struct DisplayPhaseClockTests {
    final class StandInDisplay: VblankReading, Sendable {
        typealias Reading = Result<(modeRefresh: UInt64, sample: VblankSample), DisplayRefresh.Failure>
        let source = "stand-in display"
        /// What the next read gives (a test changes it: a new mode).
        let result: NIOLockedValueBox<Reading>
        init(_ result: Reading) { self.result = NIOLockedValueBox(result) }
        func read() -> Reading { result.withLockedValue { $0 } }
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

    /// A new mode (60 → 120 Hz) is followed at the next reading, which a ticking clock makes once a second: a bounded
    /// wait for the grid to change.
    @Test func aNewModeIsFollowed() async throws {
        let vblank = VblankSample(sequence: 7, time: MonotonicClock.now())
        let display = StandInDisplay(.success((16_666_667, vblank)))
        let clock = DispatchTickSource(rateHz: 120, display: display) { _ in }
        defer { clock.cancel() }
        clock.resume()
        #expect(clock.frameGrid?.refresh == 16_666_667)
        let later = VblankSample(sequence: 0, time: vblank.time + 500_000_000)
        display.result.withLockedValue { $0 = .success((8_333_333, later)) }
        let deadline = ContinuousClock.now + .seconds(10)
        while clock.frameGrid?.refresh != 8_333_333, ContinuousClock.now < deadline {
            try await Task.sleep(for: .milliseconds(50))
        }
        #expect(clock.frameGrid == FrameGrid(refresh: 8_333_333, vblank: later.time))
    }

    @Test func aDisplayWithoutVblanksLeavesTheTicksTheirOwnPhase() {
        let failure = DisplayRefresh.Failure(description: "stand-in gives no vblank times (Operation not supported)")
        let clock = DispatchTickSource(rateHz: 120, display: StandInDisplay(.failure(failure))) { _ in }
        defer { clock.cancel() }
        clock.resume()
        #expect(clock.frameGrid == nil && !clock.followsDisplay)
    }
}
