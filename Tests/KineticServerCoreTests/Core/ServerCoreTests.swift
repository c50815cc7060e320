import NIOCore
import Testing
@testable import KineticProtocol
@testable import KineticTestSupport


@Suite("Server core")
struct ServerCoreTests {
    @Test("hello, subscribe, define and frames in both encodings", arguments: [WireEncoding.jsonLines, .binary])
    func flow(encoding: WireEncoding) throws {
        let h = CoreHarness()
        let (client, sink) = h.connect(encoding)
        h.send(.hello(Hello(major: 1, client: "test")), from: client, encoding)
        let hello = try #require(sink.messages.first)
        #expect(hello.0 == .hello)
        #expect(hello.1["protocol"] == 1 && hello.1["server"] == "kineticd test" && hello.1["tick_hz"] == 120)
        h.command(1, .define(channel: "card.offset", dimension: 2, initial: [3, 4]), from: client, encoding)
        h.send(.subscribe(Subscription(patterns: ["card.*"])), from: client, encoding)
        #expect(sink.replies().map { $0["ok"] } == [true])
        let layout = try #require(sink.layout)
        #expect(layout.channels == [Schema.Channel(name: "card.offset", dimension: 2, offset: 0)])
        #expect(h.wakeCount > 0, "a change wakes the clock")
        h.run(seconds: 1 / 120)
        let frame = try #require(sink.frames.last)
        #expect(frame.generation == layout.generation && frame.seq == 1 && frame.timeNanoseconds == h.time)
        #expect(frame.sample(of: "card.offset", layout: layout) == ChannelSample(name: "card.offset", value: [3, 4], velocity: [0, 0]))
    }

    /// Nothing is sent that did not change: while `b` animates, a subscriber of `a` alone gets its first frame and then
    /// nothing; one of both gets a frame every tick. A new subscribe, even to the same channels, gets the full state
    /// again at the next tick.
    @Test("a frame goes only to a subscriber whose channels changed; a new subscription gets the full state")
    func changeOnlyFrames() throws {
        let h = CoreHarness()
        let (owner, _) = h.connect(.jsonLines)
        h.command(1, .define(channel: "a", dimension: 1, initial: [1]), from: owner)
        h.command(2, .define(channel: "b", dimension: 1, initial: [0]), from: owner)
        let (still, stillSink) = h.connect(.jsonLines)
        h.send(.subscribe(Subscription(patterns: ["a"])), from: still, .jsonLines)
        let (all, allSink) = h.connect(.jsonLines)
        h.send(.subscribe(Subscription(patterns: ["*"])), from: all, .jsonLines)
        h.run(seconds: 1 / 120)
        #expect(stillSink.frames.count == 1 && allSink.frames.count == 1)
        h.command(3, .animate(channel: "b", to: [1], animation: ".linear(duration: 1)", completion: nil), from: owner)
        h.run(seconds: 0.1)
        #expect(stillSink.frames.count == 1, "a's values never changed")
        #expect(allSink.frames.count == 13, "b moved at each of the 12 ticks")
        h.send(.subscribe(Subscription(patterns: ["a"])), from: still, .jsonLines)
        h.run(seconds: 1 / 120)
        #expect(stillSink.frames.count == 2)
        #expect(stillSink.frames.last?.sample(of: "a", layout: stillSink.layout)?.value == [1])
    }

    @Test("clients with the same layout and encoding share one frame buffer")
    func sharedBuffer() throws {
        let h = CoreHarness()
        let (owner, _) = h.connect(.binary)
        h.send(.hello(Hello(major: 1)), from: owner, .binary)
        h.command(1, .define(channel: "a", dimension: 1, initial: nil), from: owner, .binary)
        let sinks = (0..<3).map { _ in h.connect(.binary) }
        for (id, _) in sinks {
            h.send(.hello(Hello(major: 1)), from: id, .binary)
            h.send(.subscribe(Subscription(patterns: ["*"])), from: id, .binary)
        }
        h.run(seconds: 1 / 120)
        let addresses = sinks.map { $0.1.frameBuffers[0].withUnsafeReadableBytes { UInt(bitPattern: $0.baseAddress) } }
        #expect(Set(addresses).count == 1)
        #expect(h.core.framesOffered == 3)
    }

    @Test("state changes need root, the daemon's uid or the control group", arguments: [
        (UInt32(0), UInt32(0), [UInt32](), true),
        (CoreHarness.daemonUID, 100, [], true),
        (2000, CoreHarness.controlGroup, [], true),
        (2000, 100, [5, CoreHarness.controlGroup], true),
        (2000, 100, [5], false),
    ])
    func authorization(uid: UInt32, gid: UInt32, groups: [UInt32], allowed: Bool) throws {
        let h = CoreHarness()
        let (client, sink) = h.connect(.jsonLines, uid: uid, gid: gid, groups: groups)
        h.command(1, .define(channel: "a", dimension: 1, initial: nil), from: client)
        h.command(2, .list, from: client)
        h.command(3, .reduceMotion(enabled: true), from: client)
        let replies = sink.replies()
        #expect(replies.count == 3)
        #expect(replies[0]["ok"] == .bool(allowed))
        #expect(replies[1]["ok"] == true, "anyone may list")
        if !allowed {
            #expect(replies[0]["error"]?.objectValue?["code"] == "permission_denied")
            #expect(replies[2]["error"]?.objectValue?["code"] == "permission_denied")
            #expect(h.engine.channels.isEmpty && !h.engine.reduceMotion)
        }
    }

    @Test("a held reduce-motion preference: the preference group may hold one, another user is refused", arguments: [
        (UInt32(2000), UInt32(100), [CoreHarness.preferenceGroup], true),
        (2000, CoreHarness.preferenceGroup, [], true),
        (2000, 100, [CoreHarness.controlGroup], true),
        (2000, 100, [5], false),
    ])
    func preferenceAuthorization(uid: UInt32, gid: UInt32, groups: [UInt32], holds: Bool) {
        let h = CoreHarness()
        let (client, sink) = h.connect(.jsonLines, uid: uid, gid: gid, groups: groups)
        h.command(1, .reduceMotion(enabled: true, scope: .connection), from: client)
        h.command(2, .reduceMotion(enabled: true), from: client)
        let replies = sink.replies()
        #expect(replies.map { $0["ok"] } == [.bool(holds), .bool(groups.contains(CoreHarness.controlGroup))],
                "the preference group holds a preference but may not set the daemon's own")
        if !holds { #expect(replies[0]["error"]?.objectValue?["code"] == "permission_denied") }
        #expect(h.engine.reduceMotion == holds)
    }

    @Test("a held preference lasts while its connection does; the latest wins; the daemon's own setting returns")
    func heldPreference() throws {
        let h = CoreHarness()
        let (admin, adminSink) = h.connect(.jsonLines)
        let (first, _) = h.connect(.jsonLines, uid: 2000, groups: [CoreHarness.preferenceGroup])
        let (second, _) = h.connect(.jsonLines, uid: 2001, groups: [CoreHarness.preferenceGroup])
        func status() -> (Bool?, Bool?) {
            h.command(9, .status, from: admin)
            let reply = adminSink.replies().last
            return (reply?["reduce_motion"]?.boolValue, reply?["reduce_motion_held"]?.boolValue)
        }
        h.command(1, .reduceMotion(enabled: true), from: admin)
        h.command(2, .reduceMotion(enabled: false, scope: .connection), from: first)
        #expect(status() == (false, true))
        h.command(3, .reduceMotion(enabled: true, scope: .connection), from: second)
        #expect(status() == (true, true))
        h.command(4, .reduceMotion(enabled: false), from: admin)
        #expect(status() == (true, true), "the daemon's own setting changes underneath the holds")
        h.core.disconnect(second)
        #expect(status() == (false, true), "the earlier hold returns")
        h.command(5, .reduceMotion(enabled: true), from: admin)
        h.core.disconnect(first)
        #expect(status() == (true, false), "the daemon's own setting returns, as last set")
    }

    @Test("while the daemon starts, what clients send waits, then is read in order; more than a message is refused")
    func starting() {
        let h = CoreHarness()
        h.core.beginStarting()
        let (client, sink) = h.connect(.jsonLines)
        h.command(1, .define(channel: "a", dimension: 1, initial: nil), from: client)
        h.command(2, .list, from: client)
        #expect(sink.replies().isEmpty && h.engine.channels.isEmpty, "nothing runs on a half-made daemon")
        let (flooder, flooderSink) = h.connect(.jsonLines)
        h.core.receive(Array(repeating: UInt8(ascii: " "), count: h.core.configuration.maximumMessageSize + 1), from: flooder)
        #expect(flooderSink.errors().map { $0["code"] } == ["too_large"] && flooderSink.isClosed)
        h.core.finishStarting()
        let replies = sink.replies()
        #expect(replies.map { $0["id"] } == [1, 2] && replies.allSatisfy { $0["ok"] == true })
        #expect(replies[1]["channels"]?.arrayValue?.count == 1)
    }

    @Test("an unsupported major version gets version_unsupported and the connection closes", arguments: [WireEncoding.jsonLines, .binary])
    func versionUnsupported(encoding: WireEncoding) {
        let h = CoreHarness()
        let (client, sink) = h.connect(encoding)
        h.send(.hello(Hello(major: 2)), from: client, encoding)
        #expect(sink.errors().map { $0["code"] } == ["version_unsupported"])
        #expect(sink.isClosed)
        #expect(h.core.clientCount == 0)
    }

    @Test("garbage first bytes get bad_message and close; other clients keep their frames")
    func garbage() throws {
        let h = CoreHarness()
        let (good, goodSink) = h.connect(.jsonLines)
        h.command(1, .define(channel: "a", dimension: 1, initial: nil), from: good)
        h.send(.subscribe(Subscription(patterns: ["*"])), from: good, .jsonLines)
        let (bad, badSink) = h.connect(.binary)
        h.core.receive(Array("GET / HTTP/1.1\r\nHost: x\r\n\r\n".utf8), from: bad)
        #expect(badSink.errors().map { $0["code"] } == ["bad_message"])
        #expect(badSink.isClosed)
        // A second's linear move: every tick of the next 0.1 s changes the value, so every one is a frame.
        h.command(2, .animate(channel: "a", to: [1], animation: ".linear(duration: 1)", completion: nil), from: good)
        h.run(seconds: 0.1)
        #expect(goodSink.frames.count == 12)
    }

    @Test("beyond the client limit a connection gets too_many_clients in its own encoding")
    func tooManyClients() {
        let h = CoreHarness(maximumClients: 2)
        _ = h.connect(.jsonLines)
        _ = h.connect(.jsonLines)
        let (third, sink) = h.connect(.binary)
        h.send(.hello(Hello(major: 1)), from: third, .binary)
        #expect(sink.errors().map { $0["code"] } == ["too_many_clients"])
        #expect(sink.isClosed)
        #expect(h.core.clientCount == 2)
    }

    @Test("the per-client channel limit gives too_many_channels, not a crash")
    func tooManyChannels() {
        let h = CoreHarness(maximumChannelsPerClient: 2)
        let (client, sink) = h.connect(.jsonLines)
        for i in 0..<3 { h.command(.number(Double(i)), .define(channel: "c\(i)", dimension: 1, initial: nil), from: client) }
        #expect(sink.replies().map { $0["ok"] } == [true, true, false])
        #expect(sink.replies().last?["error"]?.objectValue?["code"] == "too_many_channels")
    }

    @Test("command errors come back as failed replies with the command's id")
    func commandErrors() {
        let h = CoreHarness()
        let (client, sink) = h.connect(.jsonLines)
        h.command(1, .set(channel: "missing", to: [1]), from: client)
        h.command(2, .define(channel: "a", dimension: 2, initial: nil), from: client)
        h.command(3, .set(channel: "a", to: [1]), from: client)
        h.command(4, .animate(channel: "a", to: [1, 2], animation: ".sprung(duration: 1)", completion: nil), from: client)
        h.command(5, .animate(channel: "a", to: [1, 2], animation: ".spring(duration: 0.4, bounce: 0.2).delay(0.05)", completion: nil), from: client)
        let codes = sink.replies().map { $0["error"]?.objectValue?["code"] ?? .null }
        #expect(codes == ["unknown_channel", .null, "dimension_mismatch", "bad_animation", .null])
        #expect(sink.replies().map { $0["id"] } == [1, 2, 3, 4, 5])
        let message = sink.replies()[3]["error"]?.objectValue?["message"]?.stringValue ?? ""
        #expect(message.contains("column 2") && message.contains("did you mean .spring?"), "\(message)")
        #expect(h.engine.lastAnimation?.description == ".spring(duration: 0.4, bounce: 0.2).delay(0.05)")
    }

    @Test("completion events reach the client that asked, with its command id")
    func completion() {
        let h = CoreHarness()
        let (client, sink) = h.connect(.jsonLines)
        h.command(1, .define(channel: "a", dimension: 1, initial: nil), from: client)
        h.command(7, .animate(channel: "a", to: [10], animation: nil, completion: .logicallyComplete), from: client)
        h.command(8, .animate(channel: "a", to: [10], animation: nil, completion: .removed), from: client)
        #expect(sink.events().isEmpty)
        h.command(9, .set(channel: "a", to: [0]), from: client)
        #expect(sink.events().map { $0["event"] } == ["animation.removed"])
        #expect(sink.events().map { $0["id"] } == [8])
        h.command(10, .animate(channel: "a", to: [5], animation: nil, completion: .logicallyComplete), from: client)
        h.run(seconds: 0.5)
        #expect(sink.events().count == 1)
        h.run(seconds: 0.6)
        #expect(sink.events().last?["event"] == "animation.logicallyComplete" && sink.events().last?["id"] == 10)
    }

    @Test("the clock may stop once everything settled and nothing changed: no ticks while idle")
    func idle() {
        let h = CoreHarness()
        let (client, _) = h.connect(.jsonLines)
        h.command(1, .define(channel: "a", dimension: 1, initial: nil), from: client)
        #expect(h.run(seconds: 1 / 120) == [true], "the frame after a change is still sent")
        #expect(h.run(seconds: 1 / 120) == [false])
        h.command(2, .animate(channel: "a", to: [1], animation: nil, completion: nil), from: client)
        let running = h.run(seconds: 1.2)
        #expect(running.prefix(120).allSatisfy { $0 }, "ticking while animating")
        #expect(running.last == false, "stops after settling")
    }

    @Test("rate_hz decimates per client", arguments: [(30.0, 30), (60.0, 60), (50.0, 50), (1000.0, 120)])
    func decimation(rate: Double, expected: Int) {
        let h = CoreHarness()
        let (client, sink) = h.connect(.jsonLines)
        h.command(1, .define(channel: "a", dimension: 1, initial: nil), from: client)
        h.send(.subscribe(Subscription(patterns: ["*"], maxRateHz: rate)), from: client, .jsonLines)
        h.command(2, .animate(channel: "a", to: [1], animation: nil, completion: nil), from: client)
        h.engine.duration = 100
        h.run(seconds: 1)
        #expect(abs(sink.frames.count - expected) <= 1, "\(sink.frames.count) frames at rate \(rate)")
    }

    @Test("a decimated client still gets the final frame before the clock stops")
    func finalFrame() throws {
        let h = CoreHarness()
        let (client, sink) = h.connect(.jsonLines)
        h.command(1, .define(channel: "a", dimension: 1, initial: nil), from: client)
        h.send(.subscribe(Subscription(patterns: ["*"], maxRateHz: 7)), from: client, .jsonLines)
        h.command(2, .animate(channel: "a", to: [1], animation: nil, completion: nil), from: client)
        let running = h.run(seconds: 1.5)
        let stop = try #require(running.firstIndex(of: false))
        // The harness keeps ticking after `false`; the real clock would stop here.
        let last = try #require(sink.frames.first { $0.seq == UInt64(stop + 1) }, "the frame of the stopping tick was sent")
        #expect(last.sample(of: "a", layout: nil)?.value == [1])
    }

    @Test("a new layout gets a new schema generation before its first frame; a client's channels go with it")
    func layoutChanges() throws {
        let h = CoreHarness()
        let (watcher, sink) = h.connect(.binary)
        h.send(.hello(Hello(major: 1)), from: watcher, .binary)
        h.send(.subscribe(Subscription(patterns: ["*"])), from: watcher, .binary)
        let first = try #require(sink.layout)
        #expect(first.channels.isEmpty)
        let (owner, _) = h.connect(.jsonLines)
        h.command(1, .define(channel: "x", dimension: 3, initial: [1, 2, 3]), from: owner)
        h.run(seconds: 1 / 120)
        let second = try #require(sink.layout)
        #expect(second.generation != first.generation && second.channels.map(\.name) == ["x"])
        #expect(sink.frames.last?.generation == second.generation)
        #expect(sink.frames.last?.components == [1, 2, 3, 0, 0, 0])
        h.core.disconnect(owner)
        h.run(seconds: 1 / 120)
        let third = try #require(sink.layout)
        #expect(third.channels.isEmpty && third.generation != second.generation)
        #expect(sink.frames.last?.generation == third.generation)
    }

    @Test("configured channels cannot be removed; other clients' neither")
    func removal() {
        let h = CoreHarness()
        try? h.engine.define("bound", dimension: 1, initial: [0], owner: .configuration, at: 0)
        let (a, sinkA) = h.connect(.jsonLines)
        let (b, sinkB) = h.connect(.jsonLines)
        h.command(1, .define(channel: "mine", dimension: 1, initial: nil), from: a)
        h.command(2, .remove(channel: "bound"), from: a)
        h.command(3, .remove(channel: "mine"), from: b)
        h.command(4, .remove(channel: "mine"), from: a)
        #expect(sinkA.replies().map { $0["ok"] } == [true, false, true])
        #expect(sinkB.replies().map { $0["ok"] } == [false])
        #expect(h.engine.channels.map(\.name) == ["bound"])
    }

    @Test("shutdown sends a shutdown event to every client and closes them")
    func shutdown() {
        let h = CoreHarness()
        let clients = [h.connect(.jsonLines), h.connect(.binary)]
        h.send(.hello(Hello(major: 1)), from: clients[0].0, .jsonLines)
        h.send(.hello(Hello(major: 1)), from: clients[1].0, .binary)
        h.core.shutdown()
        for (_, sink) in clients {
            #expect(sink.events().map { $0["event"] } == ["shutdown"])
            #expect(sink.isClosed)
        }
    }
}
