import Glibc
import FoundationEssentials
import Testing
@testable import KineticProtocol
@testable import KineticServerCore
@testable import KineticServer
@testable import KineticTestSupport
import KineticTime

/// After `frame_clock`, every frame is for a
/// vblank of the client's grid (whatever the machine's timing), and unlocking returns to the daemon's own clock.
@Suite("Frame clock over a real socket", .serialized)
struct FrameClockSocketTests {
    @Test func framesAreForTheClientsVblanks() async throws {
        let directory = TemporaryDirectory()
        let server = try await DaemonServer.startGraphServer(in: directory)
        let client = try SocketTestClient(path: try #require(server.socketPath), encoding: .binary)
        client.send(.hello(Hello(major: 1, client: "compositor")))
        client.send(.command(Command(id: 1, operation: .define(channel: "x", dimension: 1, initial: [0]))))
        client.send(.command(Command(id: 2, operation: .animate(channel: "x", to: [1e6], animation: ".linear(duration: 3600)",
                                                                completion: nil))))
        client.send(.subscribe(Subscription(patterns: ["x"])))
        let refresh: UInt64 = 6_944_444  // 144 Hz
        let vblank = MonotonicClock.now() + 1_234_567
        client.send(.command(Command(id: 3, operation: .frameClock(refreshNanoseconds: refresh, lastVblankNanoseconds: vblank,
                                                                   leadNanoseconds: 1_500_000))))
        client.receive(timeout: 10) { if case .message(.reply, let o) = $0 { o["id"] == 3 } else { false } }
        #expect(client.messages(.reply).last?["locked"] == true)
        let before = client.frames.count
        client.wait(timeout: 10) { client.frames.count >= before + 40 }
        let locked = client.frames.dropFirst(before + 1)  // a frame already on its way may predate the lock
        #expect(locked.count >= 39)
        #expect(locked.allSatisfy { $0.timeNanoseconds >= vblank && ($0.timeNanoseconds - vblank) % refresh == 0 })

        client.send(.command(Command(id: 4, operation: .frameClock(refreshNanoseconds: 0, lastVblankNanoseconds: 0, leadNanoseconds: nil))))
        client.receive(timeout: 10) { if case .message(.reply, let o) = $0 { o["id"] == 4 } else { false } }
        #expect(client.messages(.reply).last?["locked"] == false)
        await server.stop()
    }
}
