import NIOCore
import Testing
@testable import KineticBindings
@testable import KineticProtocol
@testable import KineticServerCore
@testable import KineticTestSupport

/// The invariant of docs/PROTOCOL.md "Limits": nothing the server writes is longer than the protocol's limit, at the
/// extremes of every limit; and subscriptions see exactly the channels their patterns match, however the layout
/// changed.
@Suite("Protocol limits")
struct ProtocolLimitTests {
    final class Sink: ClientSink {
        var control: [ByteBuffer] = []
        var frames: [ByteBuffer] = []
        func send(_ message: ByteBuffer) { control.append(message) }
        func sendFrame(_ frame: ByteBuffer) { frames.append(frame) }
        func close() {}
    }

    /// Element names of 240 bytes (their channels 256: `NAME.relative_offset`), as many elements as fit, then
    /// 256-byte channels up to the channel limit, every component used: the largest `list`, schema and frame.
    @Test("the largest schema, list reply, frame and error fit the protocol's limit", arguments: [WireEncoding.jsonLines, .binary])
    func largestMessages(encoding: WireEncoding) throws {
        let clock = ManualTickSource(time: 1_000_000_000)
        let engine = GraphChannelEngine(epoch: 0)
        let configuration = ServerConfiguration(maximumChannelsPerClient: ProtocolLimits.maximumChannels,
                                                authorization: AuthorizationPolicy(daemonUID: 0, allowedGroups: []))
        let core = ServerCore(engine: engine, configuration: configuration, clock: clock)
        let sink = Sink()
        let client = try #require(core.connect(peer: PeerCredentials(pid: 1, uid: 0, gid: 0, groups: []), sink: sink))
        func command(_ id: JSONValue, _ operation: Command.Operation) {
            core.receive(ClientMessage.command(Command(id: id, operation: operation)).encoded(encoding), from: client)
        }
        core.receive(ClientMessage.hello(Hello(major: 1)).encoded(encoding), from: client)
        var element = 0
        while engine.channels.count + 6 <= ProtocolLimits.maximumChannels {
            let name = String(element) + String(repeating: "e", count: NameRules.maximumElementBytes - String(element).count)
            command(.number(Double(element)), .insert(element: name, transition: nil, animation: nil))
            element += 1
        }
        var channel = 0
        while engine.channels.count < ProtocolLimits.maximumChannels {
            let left = ProtocolLimits.maximumChannels - engine.channels.count
            let budget = ProtocolLimits.maximumComponents - engine.channels.reduce(0) { $0 + $1.dimension }
            let dimension = min(64, budget / left)
            let name = String(channel) + String(repeating: "c", count: NameRules.maximumChannelBytes - String(channel).count)
            command(1, .define(channel: name, dimension: max(1, dimension), initial: nil))
            channel += 1
        }
        #expect(engine.channels.count == ProtocolLimits.maximumChannels)
        // One more channel is refused.
        let before = sink.control.count
        command(2, .define(channel: "one.more", dimension: 1, initial: nil))
        #expect(sink.control.count == before + 1)

        let longID = JSONValue.string(String(repeating: "i", count: ProtocolLimits.maximumIDBytes))
        command(longID, .list)
        core.receive(ClientMessage.subscribe(Subscription(patterns: ["*"])).encoded(encoding), from: client)
        // The longest expression a line can carry, refused with an excerpt.
        let text = "." + String(repeating: "x", count: ProtocolLimits.maximumMessageBytes - 600)
        command(longID, .animate(channel: "c", to: [0], animation: text, completion: nil))
        clock.time += 8_333_333
        core.tick(Tick(time: clock.time))
        let sizes = sink.control.map(\.readableBytes)
        let largest = try #require(sizes.max())
        // The list reply is the largest control message: half the limit, with room to spare.
        #expect(largest > ProtocolLimits.maximumMessageBytes / 3 && largest <= ProtocolLimits.maximumMessageBytes)
        #expect(try #require(sizes.last) < 4096, "the refused expression is quoted as an excerpt")

        // The largest frame: every channel named at the limit, every component used, every number at its longest
        // (values near ±1e12 with fractions, velocities like 1e-300).
        let dimension = ProtocolLimits.maximumComponents / ProtocolLimits.maximumChannels
        let layout = Schema(generation: 1, channels: (0..<ProtocolLimits.maximumChannels).map { i in
            (String(i) + String(repeating: "c", count: NameRules.maximumChannelBytes - String(i).count), dimension)
        })
        let samples = layout.channels.map { channel in
            ChannelSample(name: channel.name, value: Array(repeating: -999_999_999_999.9999, count: channel.dimension),
                          velocity: Array(repeating: -1.2345678901234567e-300, count: channel.dimension))
        }
        let frame = FrameEncoder.encode(seq: .max, timeNanoseconds: .max, layout: layout, samples: samples, encoding: encoding)
        #expect(frame.count <= ProtocolLimits.maximumMessageBytes)
        #expect(try #require(sink.frames.last).readableBytes <= ProtocolLimits.maximumMessageBytes)
        // The largest schema: that layout's.
        let schema = ServerMessage.schema(layout).encoded(encoding)
        #expect(schema.count <= ProtocolLimits.maximumMessageBytes)
    }

    @Test("after any sequence of defines and removals, each subscriber's layout is exactly what its patterns match")
    func incrementalLayouts() throws {
        var generator = SplitMix64(seed: 0x6C61_796F)
        let h = CoreHarness(maximumClients: 8, maximumChannelsPerClient: 64)
        let (owner, _) = h.connect(.jsonLines)
        let patterns = [["*"], ["a*"], ["*.x", "b?"], ["none"], ["*b*"]]
        let subscribers = patterns.map { patterns in
            let (id, sink) = h.connect(.binary)
            h.send(.hello(Hello(major: 1)), from: id, .binary)
            h.send(.subscribe(Subscription(patterns: patterns)), from: id, .binary)
            return (patterns.map(ChannelPattern.init), sink)
        }
        var defined: [String] = []
        for step in 0..<300 {
            // Within the client's 64 channels: two defines for every removal until the limit is near.
            if defined.isEmpty || (defined.count < 60 && Int.random(in: 0..<3, using: &generator) > 0) {
                let name = ["a", "b", "ab", "b.x", "a.x", "q"].randomElement(using: &generator)! + String(step)
                h.command(.number(Double(step)), .define(channel: name, dimension: 1, initial: nil), from: owner)
                defined.append(name)
            } else {
                let name = defined.remove(at: Int.random(in: 0..<defined.count, using: &generator))
                h.command(.number(Double(step)), .remove(channel: name), from: owner)
            }
            if step % 7 == 0 || step == 299 {
                h.run(seconds: 1 / 120)
                for (patterns, sink) in subscribers {
                    let expected = defined.filter { name in patterns.contains { $0.matches(name) } }
                    #expect(sink.layout?.channels.map(\.name) ?? [] == expected)
                }
            }
        }
    }
}
