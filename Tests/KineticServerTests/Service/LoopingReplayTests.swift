import Foundation
import Testing
import KineticProtocol
import KineticTestSupport

/// `kineticd --replay FILE --loop`, the demo's daemon: the next pass starts only once the channel rests, so a fling
/// still coasting with momentum is never cut short by the recording starting again.
@Suite struct LoopingReplayTests {
    @Test func theNextPassWaitsUntilTheChannelRests() throws {
        let directory = TemporaryDirectory()
        let socket = directory.path + "/k.sock"
        let recording = ReplayFixtures.repositoryRoot.appendingPathComponent("Recordings/swipe-fling.evemu").path
        let daemon = Process()
        daemon.executableURL = URL(fileURLWithPath: try #require(builtProduct("kineticd")))
        daemon.arguments = ["--socket", socket, "--replay", recording, "--loop", "--log-level", "error"]
        daemon.standardError = FileHandle.nullDevice
        try daemon.run()
        defer { daemon.terminate(); daemon.waitUntilExit() }
        var client: KineticClient?
        let deadline = Date().addingTimeInterval(60)
        while client == nil, Date() < deadline, daemon.isRunning {
            client = try? KineticClient(path: socket, encoding: .jsonLines)
            if client == nil { usleep(20_000) }
        }
        let connection = try #require(client, "kineticd listens")
        try connection.send(.subscribe(Subscription(patterns: ["touch.position"])))
        // The recording's finger lands at x = 250 mm and flings left; a new pass shows as x back at 250 after the
        // channel has been far to the left. The frame before it must be at rest.
        var previous: ChannelSample?
        var firstPass = false, wentLeft = false
        var restarts = 0
        while restarts < 1, Date() < deadline {
            guard case .frame(let frame)? = try connection.next(timeout: 1), let layout = connection.layout,
                let sample = frame.sample(of: "touch.position", layout: layout)
            else { continue }
            if sample.value[0] == 250 { firstPass = true }
            if firstPass, sample.value[0] < 100 { wentLeft = true }
            if wentLeft, sample.value[0] == 250, let before = previous {
                #expect(before.velocity == [0, 0], "the pass restarted while the channel moved: \(before)")
                restarts += 1
            }
            previous = sample
        }
        #expect(restarts == 1, "a second pass within 60 s")
    }
}
