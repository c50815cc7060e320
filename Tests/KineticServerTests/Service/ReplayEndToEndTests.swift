import FoundationEssentials
import Testing
@testable import KineticProtocol
@testable import KineticBindings
@testable import KineticServerCore
@testable import KineticServer
@testable import KineticTestSupport

private let recordingsDirectory = ReplayFixtures.recordingsDirectory

@Suite("Replay", .serialized)
struct ReplayEndToEndTests {
    @Test("offline replay is bit-identical on every run and ends settled at the release target")
    func offlineDeterministic() throws {
        let schedule = try ReplaySchedule.load(path: recordingsDirectory + "/swipe-fling.evemu")
        let configuration = DaemonConfiguration.embeddedDefault
        let first = try OfflineReplay.run(schedule: schedule, configuration: configuration)
        let second = try OfflineReplay.run(schedule: schedule, configuration: configuration)
        #expect(first == second)
        #expect(first.count > 20)
        // The recording's parameters (its header): the finger lands at (250, 120) mm and lifts near (130, 112) moving
        // left fast; `target: momentum` carries the channel on, to the left of where it lifted, and brings it to rest.
        let firstFrame = try JSONValue.parse(try #require(first.first)).objectValue
        #expect(firstFrame?["values"]?.objectValue?["touch.position"]?.objectValue?["value"] == .vector([250, 120]))
        let last = try JSONValue.parse(try #require(first.last)).objectValue
        let value = try #require(last?["values"]?.objectValue?["touch.position"]?.objectValue?["value"]?.vectorValue)
        #expect(value[0] < 130 - 100 && abs(value[1] - 112) < 100, "\(value)")
        #expect(last?["values"]?.objectValue?["touch.position"]?.objectValue?["velocity"] == .vector([0, 0]))
        // Ticks are on the 120 Hz grid from the first event.
        let times = first.compactMap { try? JSONValue.parse($0).objectValue?["time_ns"]?.numberValue }
        #expect(times.first == Double(OfflineReplay.defaultEpoch))
        #expect(zip(times, times.dropFirst()).allSatisfy { abs($1 - $0 - 1e9 / 120) <= 1 })
    }

    /// The recordings and configurations replayed live: the embedded default, and the release targets and bindings
    /// kinds (momentum with bounds, a three-finger swipe snapping to pages within a range, a rotation).
    static let liveCases: [(recording: String, yaml: String?, channel: String)] = [
        ("swipe-fling.evemu", nil, "touch.position"),
        ("swipe-fling.evemu", "bindings:\n  - { channel: card, bounds: { min: [0, 0], max: [300, 200] }, release: { target: momentum } }\n", "card"),
        ("touchpad-swipe3.evemu", """
            bindings:
              - { gesture: swipe, fingers: 3, channel: ws, release: { target: snap, page: [50, 0], within: { min: [-100, -1], max: [100, 1] } } }
            """, "ws"),
        ("rotate.evemu", "bindings:\n  - { gesture: rotate, unit: degrees, channel: dial }\n", "dial"),
    ]

    @Test("kineticd replaying a recording: subscribers in both encodings get the offline replay's frames, bit for bit",
          arguments: liveCases.indices)
    func liveMatchesOffline(index: Int) async throws {
        let (recording, yaml, channel) = Self.liveCases[index]
        let directory = TemporaryDirectory()
        let configuration = try yaml.map { try DaemonConfiguration.parse($0, source: "test") } ?? DaemonConfiguration.embeddedDefault
        let server = try await DaemonServer.startGraphServer(in: directory, daemonUID: 0)
        let path = try #require(server.socketPath)
        let json = try SocketTestClient(path: path, encoding: .jsonLines)
        let binary = try SocketTestClient(path: path, encoding: .binary)
        binary.send(.hello(Hello(major: 1)))
        for client in [json, binary] { client.send(.subscribe(Subscription(patterns: ["*"]))) }
        for client in [json, binary] {
            client.receive(timeout: 5) { if case .message(.schema, _) = $0 { return true } else { return false } }
        }
        let schedule = try ReplaySchedule.load(path: recordingsDirectory + "/" + recording)
        let start = try await server.startReplay(schedule, bindings: configuration.bindings, mappings: configuration.mappings,
                                                 loop: false, delay: 0.3)
        // Bounded waits for conditions, not a fixed time: the JSON client reads until the channel has moved and come
        // to rest (the clock then stops), the binary one until it has the same ticks.
        json.wait(timeout: 30) {
            let velocities = json.frames.compactMap { $0.sample(of: channel, layout: nil)?.velocity }
            return velocities.contains { $0.contains { $0 != 0 } } && velocities.last?.allSatisfy { $0 == 0 } == true
        }
        let lastTick = json.frames.last?.timeNanoseconds ?? 0
        binary.wait(timeout: 10) { (binary.frames.last?.timeNanoseconds ?? 0) >= lastTick }
        await server.stop()

        let liveJSON = json.frames.filter { $0.sample(of: channel, layout: nil) != nil }
        // The binary client may have read a tick more than the JSON one: compare the frames of the same ticks.
        let lastJSON = json.frames.last?.timeNanoseconds ?? 0
        let liveBinary = binary.frames.filter {
            binary.layouts[$0.generation]?.channels.isEmpty == false && $0.timeNanoseconds <= lastJSON
        }
        #expect(liveJSON.count > 20)
        // Frames go out only at ticks where a value changed: seq increases, with gaps where nothing did.
        let seqs = json.frames.map(\.seq)
        #expect(zip(seqs, seqs.dropFirst()).allSatisfy { $1 > $0 })

        let offline = try OfflineReplay.run(schedule: schedule, configuration: configuration,
                                            epoch: try #require(start.epoch), offset: start.offset,
                                            tickTimes: json.frames.map(\.timeNanoseconds))
        // The offline replay, ticked at the live frames' times, sends a frame only where its own channels changed: the
        // values at a time are those of its last frame at or before it.
        var offlineFrames: [(time: UInt64, sample: ChannelSample)] = []
        for line in offline {
            var decoder = ServerMessageDecoder(encoding: .jsonLines)
            decoder.feed(Array((line + "\n").utf8))
            if case .frame(let frame)? = try decoder.next(), let sample = frame.sample(of: channel, layout: nil) {
                offlineFrames.append((frame.timeNanoseconds, sample))
            }
        }
        var expected: [UInt64: ChannelSample] = [:]
        for frame in json.frames {
            expected[frame.timeNanoseconds] = offlineFrames.last { $0.time <= frame.timeNanoseconds }?.sample
        }
        var compared = 0
        var moving = 0
        for frame in liveJSON {
            let sample = frame.sample(of: channel, layout: nil)
            #expect(sample == expected[frame.timeNanoseconds], "JSON frame at \(frame.timeNanoseconds)")
            compared += 1
            if sample?.velocity.contains(where: { $0 != 0 }) == true { moving += 1 }
        }
        for frame in liveBinary {
            #expect(frame.sample(of: channel, layout: binary.layouts[frame.generation]) == expected[frame.timeNanoseconds],
                    "binary frame at \(frame.timeNanoseconds)")
        }
        #expect(compared == liveJSON.count && moving > 10)
        #expect(liveBinary.count == liveJSON.count)
    }
}
