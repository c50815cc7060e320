import Kinetic
import Testing
@testable import KineticProtocol
@testable import KineticBindings
@testable import KineticServerCore
@testable import KineticTestSupport

/// A compositor's frame clock, on a virtual clock: ticks land on vblank − lead, and every frame's
/// values are for the vblank that shows them.
struct FrameClockTests {
    /// A client of `core` subscribed to channel `x`, which it defines at 0, and a way to send it commands.
    static func subscriberOfX(_ core: ServerCore) throws -> (MemorySink, ClientID, (Command.Operation, Int) -> Void) {
        let sink = MemorySink(encoding: .jsonLines)
        let client = try #require(core.connect(peer: PeerCredentials(pid: 1, uid: 0, gid: 0), sink: sink))
        let send = { (operation: Command.Operation, id: Int) in
            core.receive(ClientMessage.command(Command(id: .number(Double(id)), operation: operation)).encoded(.jsonLines), from: client)
        }
        core.receive(ClientMessage.subscribe(Subscription(patterns: ["x"])).encoded(.jsonLines), from: client)
        send(.define(channel: "x", dimension: 1, initial: [0]), 1)
        return (sink, client, send)
    }

    /// A core at 120 Hz on `clock`, with the daemon's engine.
    static func core(epoch: UInt64, clock: any TickSource) -> ServerCore {
        ServerCore(engine: GraphChannelEngine(epoch: epoch),
                   configuration: ServerConfiguration(tickHz: 120, authorization: AuthorizationPolicy(daemonUID: 0)),
                   clock: clock)
    }

    /// A core on a hand-ticked clock at 5 s, its subscriber's channel `x` moving linearly to 100 over 1 s, and its ticks
    /// locked to a 60 Hz grid (a vblank at 5.01 s, 2 ms of lead).
    static func lockedAndMoving() throws -> (core: ServerCore, sink: MemorySink, send: (Command.Operation, Int) -> Void,
                                             refresh: UInt64, lead: UInt64, vblank: UInt64) {
        let start: UInt64 = 5_000_000_000
        let core = Self.core(epoch: start, clock: ManualTickSource(time: start))
        let (sink, _, send) = try Self.subscriberOfX(core)
        let refresh: UInt64 = 16_666_667, lead: UInt64 = 2_000_000, vblank = start + 10_000_000
        send(.frameClock(refreshNanoseconds: refresh, lastVblankNanoseconds: vblank, leadNanoseconds: lead), 2)
        send(.animate(channel: "x", to: [100], animation: ".linear(duration: 1)", completion: nil), 3)
        return (core, sink, send, refresh, lead, vblank)
    }

    @Test func gridArithmeticByHand() {
        let grid = FrameGrid(refresh: 16_666_667, vblank: 1_000_000_000, lead: 2_000_000)
        #expect(grid.vblank(after: 1_000_000_000) == 1_016_666_667)
        #expect(grid.vblank(after: 999_999_999) == 1_000_000_000)
        #expect(grid.vblank(after: 900_000_000) == 916_666_665)  // 1e9 − 5 × 16 666 667
        #expect(grid.vblank(after: 916_666_665) == 933_333_332)
        let next = grid.tick(after: 1_010_000_000)
        #expect(next.vblank == 1_016_666_667 && next.tick == 1_014_666_667)
        #expect(grid.tick(after: 1_014_666_667).tick == 1_031_333_334)  // strictly after
        #expect(FrameGrid(refresh: 10, vblank: 0, lead: 50).refresh == FrameGrid.refreshRange.lowerBound)
        #expect(FrameGrid(refresh: 2_000_000, vblank: 0, lead: 5_000_000).lead == 2_000_000)
    }

    @Test(arguments: [(60.0, 3_000_000 as UInt64), (144, 2_000_000)])
    func ticksFollowTheGridAndValuesAreForTheVblank(hz: Double, lead: UInt64) throws {
        let start: UInt64 = 5_000_000_000
        let clock = VirtualTickSource(rateHz: 120, startTime: start)
        let core = Self.core(epoch: start, clock: clock)
        var ticks: [UInt64] = []
        clock.onTick { tick in
            ticks.append(tick.time)
            core.tick(tick)
        }
        let (sink, client, send) = try Self.subscriberOfX(core)
        let refresh = UInt64((1e9 / hz).rounded())
        let vblank = start + 4_321_000
        send(.frameClock(refreshNanoseconds: refresh, lastVblankNanoseconds: vblank, leadNanoseconds: lead), 2)
        let reply = try #require(sink.replies().last)
        #expect(reply["locked"] == true && reply["lead_ns"] == .number(Double(lead)))
        send(.animate(channel: "x", to: [100], animation: ".linear(duration: 1)", completion: nil), 3)
        clock.advance(to: start + 600_000_000)

        let frames = sink.frames
        #expect(frames.count >= Int(0.5 * hz))
        for frame in frames {
            #expect((frame.timeNanoseconds - vblank) % refresh == 0, "frame time on the grid")
            // Linear from the animate command (at `start`) over 1 s: the value is for the frame's time. (Within 1e-3:
            // the linear curve goes through the timing curves' solver, exact to about 1e-7 of the change; the tick's
            // own time, `lead` earlier, would be 0.2 to 0.3 off.)
            let expected = 100 * Double(frame.timeNanoseconds - start) / 1e9
            #expect(abs((frame.samples["x"]?.value.first ?? -1) - expected) < 1e-3)
        }
        // Every tick fired exactly `lead` before the vblank its frame is for.
        #expect(!ticks.isEmpty && ticks.allSatisfy { ($0 + lead - vblank) % refresh == 0 })
        #expect(ticks.count == frames.count && zip(ticks, frames).allSatisfy { $1.timeNanoseconds - $0 == lead })

        // The status shows it; the owner's disconnect unlocks.
        send(.status, 4)
        #expect(sink.replies().last?["frame_clock"]?.objectValue?["refresh_ns"] == .number(Double(refresh)))
        core.disconnect(client)
        #expect(core.frameGrid == nil)
    }

    /// A tick that fires after the vblank it was planned for publishes the next vblank's values; the tick planned for
    /// that vblank then publishes nothing, so no vblank is published twice and frames' times only increase.
    @Test func aLateTickNeverPublishesAVblankTwice() throws {
        let (core, sink, _, refresh, lead, vblank) = try Self.lockedAndMoving()
        let n = vblank + 3 * refresh
        // On time for n, late for n + refresh (fired 0.5 ms after it), then on time for n + 2, n + 3 and n + 4 refreshes.
        for time in [n - lead, n + refresh + 500_000, n + 2 * refresh - lead, n + 3 * refresh - lead, n + 4 * refresh - lead] {
            core.tick(Tick(time: time))
        }
        let times = sink.frames.map(\.timeNanoseconds)
        #expect(times == [n, n + 2 * refresh, n + 3 * refresh, n + 4 * refresh], "\(times.map { Double($0) - Double(n) })")
        #expect(zip(times, times.dropFirst()).allSatisfy { $0 < $1 })
        #expect(sink.frames.map(\.seq) == [1, 2, 3, 4], "seq counts frames")
    }

    /// Unlocking leaves the last frame stamped with a vblank ahead of the ticks: a tick before that time publishes nothing,
    /// and the next frame is the first tick after it, so frames' times only increase across the unlock too.
    @Test func unlockingNeverStampsAFrameBeforeTheLastVblank() throws {
        let (core, sink, send, refresh, lead, vblank) = try Self.lockedAndMoving()
        let n = vblank + refresh
        core.tick(Tick(time: n - lead))
        send(.frameClock(refreshNanoseconds: 0, lastVblankNanoseconds: 0, leadNanoseconds: nil), 4)
        #expect(core.frameGrid == nil)
        for time in [n - lead + 500_000, n - 1, n, n + 8_333_333] { core.tick(Tick(time: time)) }
        let times = sink.frames.map(\.timeNanoseconds)
        #expect(times == [n, n + 8_333_333], "\(times.map { Double($0) - Double(n) })")
    }

    /// The lead window: a tick at vblank − lead advances the engine to the vblank, and the engine's time only moves
    /// forward, so a command that arrives before that vblank takes effect at it, `lead` at most after its own time
    /// (docs/PROTOCOL.md, `frame_clock`). A `.linear` move sent 1 ms after the tick starts at the vblank.
    @Test func inputInTheLeadWindowTakesEffectAtTheVblank() throws {
        let start: UInt64 = 5_000_000_000
        let clock = ManualTickSource(time: start)
        let core = Self.core(epoch: start, clock: clock)
        let (sink, _, send) = try Self.subscriberOfX(core)
        let refresh: UInt64 = 16_666_667, lead: UInt64 = 3_000_000, vblank = start + 10_000_000
        send(.frameClock(refreshNanoseconds: refresh, lastVblankNanoseconds: vblank, leadNanoseconds: lead), 2)
        let n = vblank + refresh
        clock.time = n - lead
        core.tick(Tick(time: clock.time))
        clock.time = n - lead + 1_000_000  // inside the window: after the tick, before its vblank
        send(.animate(channel: "x", to: [100], animation: ".linear(duration: 1)", completion: nil), 3)
        clock.time = n + refresh - lead
        core.tick(Tick(time: clock.time))
        let frame = try #require(sink.frames.last)
        #expect(frame.timeNanoseconds == n + refresh)
        let value = try #require(frame.samples["x"]?.value.first)
        // From the vblank n: 100 · refresh / 1 s; from the command's own time it would be 0.2 larger.
        #expect(abs(value - 100 * Double(refresh) / 1e9) < 1e-3, "\(value)")
    }

    @Test("frame_clock fields are checked", arguments: [
        (#"{"type":"command","op":"frame_clock","refresh_ns":500,"last_vblank_ns":1}"#, "refresh_ns"),
        (#"{"type":"command","op":"frame_clock","refresh_ns":16666667}"#, "last_vblank_ns"),
        (#"{"type":"command","op":"frame_clock","refresh_ns":16666667,"last_vblank_ns":1,"lead_ns":20000000}"#, "lead_ns"),
        (#"{"type":"command","op":"frame_clock","refresh_ns":16666667,"last_vblank_ns":-5}"#, "last_vblank_ns"),
        (#"{"type":"command","op":"frame_clock","refresh_ns":1.5e7,"last_vblank_ns":1e300}"#, "last_vblank_ns"),
    ])
    func refusals(text: String, field: String) throws {
        let json = try JSONValue.parse(text)
        do {
            _ = try ClientMessage.decode(json)
            Issue.record("decoded \(text)")
        } catch {
            #expect(error.message.contains(field), "\(error.message)")
        }
    }
}
