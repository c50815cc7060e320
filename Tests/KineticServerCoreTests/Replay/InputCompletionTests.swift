import FoundationEssentials
import Testing
@testable import KineticProtocol
@testable import KineticBindings
@testable import KineticServerCore
@testable import KineticTestSupport

private let recordingsDirectory = ReplayFixtures.recordingsDirectory

/// A client's completion event that falls due while a gesture's input advances the engine (input is
/// applied at its own timestamp, between ticks) reaches the client, exactly once.
struct InputCompletionTests {
    @Test func aCompletionThatFallsDueDuringReplayedInputReachesTheClientOnce() throws {
        let epoch: UInt64 = 1_000_000_000
        let clock = ManualTickSource(time: epoch)
        let engine = GraphChannelEngine(epoch: epoch)
        let core = ServerCore(engine: engine,
                              configuration: ServerConfiguration(tickHz: 120, authorization: AuthorizationPolicy(daemonUID: 0)),
                              clock: clock)
        let sink = MemorySink(encoding: .jsonLines)
        let client = try #require(core.connect(peer: PeerCredentials(pid: 1, uid: 0, gid: 0), sink: sink))
        core.receive(ClientMessage.hello(Hello(major: 1)).encoded(.jsonLines), from: client)
        core.receive(ClientMessage.command(Command(id: 1, operation: .define(channel: "badge", dimension: 1, initial: [0])))
            .encoded(.jsonLines), from: client)
        // {"type":"command","id":2,"op":"animate",…,"animation":".linear(duration: 0.1)","completion":"logicallyComplete"}
        core.receive(ClientMessage.command(Command(id: 2, operation: .animate(channel: "badge", to: [1], animation: ".linear(duration: 0.1)",
                                                                              completion: .logicallyComplete)))
            .encoded(.jsonLines), from: client)
        #expect(sink.replies().map { $0["ok"] } == [true, true])

        // The real-time replay's queue, its first event at the epoch: the drag's input up to 0.3 s is
        // applied (as the replay's wake-ups do when the clock is idle), advancing the engine past the
        // animation's end at 0.1 s before any tick does.
        let schedule = try ReplaySchedule.load(path: recordingsDirectory + "/drag-hold.evemu")
        let driver = try ReplayDriver(schedule: schedule, bindings: [GestureBinding(channel: "card")], core: core, at: epoch)
        driver.startPass(offset: Int64(epoch) - schedule.startNanoseconds)
        let inputEnd = epoch + 300_000_000
        let offset = driver.offset
        let completionTime = epoch + 100_000_000
        #expect(schedule.items.contains { item in
            (completionTime...inputEnd).contains(UInt64(Int64(item.event.time) + offset))
        })
        driver.drain(upTo: inputEnd)
        #expect(engine.presentationValue(of: "card") != [0, 0], "the input moved the bound channel")

        func completions() -> [JSONObject] { sink.events().filter { $0["event"] == "animation.logicallyComplete" } }
        #expect(completions().count == 1, "delivered when the input that advanced the engine is applied")
        // Ticks after the input, and the rest of the recording: no second delivery.
        for k in 1...120 {
            clock.time = inputEnd + UInt64(k) * 8_333_333
            core.tick(Tick(time: clock.time))
        }
        driver.drain(upTo: .max)
        core.tick(Tick(time: clock.time + 8_333_333))
        let received = completions()
        #expect(received.count == 1)
        #expect(received.first?["id"] == 2 && received.first?["channel"] == "badge")
    }
}
