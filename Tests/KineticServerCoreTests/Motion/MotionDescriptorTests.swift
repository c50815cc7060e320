import Kinetic
import Testing
@testable import KineticProtocol
@testable import KineticBindings
@testable import KineticServerCore
@testable import KineticTestSupport

/// Motion descriptors: what the engine describes for each kind of animation (against the animations' documented
/// parameters), what a motion subscriber receives and when, and the protocol's limits on them. The evaluation itself
/// is checked against the engine's frames by the C library's tests (clients/c/tests/motion-scripts.py, test-motion.c).
struct MotionDescriptorTests {
    static let epoch: UInt64 = 1_000_000_000
    static func ns(_ seconds: Double) -> UInt64 { epoch + UInt64(seconds * 1e9) }

    /// An engine with channel `c` of two components at (10, 20), defined at 0.
    static func engine() throws -> GraphChannelEngine {
        let engine = GraphChannelEngine(epoch: epoch)
        try engine.define("c", dimension: 2, initial: [10, 20], owner: .configuration, at: ns(0))
        return engine
    }

    static func client(_ text: String) throws -> ClientMessage {
        try ClientMessage.decode(JSONValue.parse(text))
    }

    /// A core with the daemon's engine on a 60 Hz virtual clock that starts at the epoch.
    static func core() -> (ServerCore, VirtualTickSource) {
        let clock = VirtualTickSource(rateHz: 60, startTime: epoch)
        let core = ServerCore(engine: GraphChannelEngine(epoch: epoch),
                              configuration: ServerConfiguration(tickHz: 60, authorization: AuthorizationPolicy(daemonUID: 0)),
                              clock: clock)
        clock.onTick { core.tick($0) }
        return (core, clock)
    }

    @Test func subscriptionOption() throws {
        let parsed = try Self.client(#"{"type":"subscribe","channels":["*"],"motion":true}"#)
        #expect(parsed == .subscribe(Subscription(patterns: ["*"], motion: true)))
        #expect(try Self.client(#"{"type":"subscribe","channels":["*"]}"#) == .subscribe(Subscription(patterns: ["*"])))
        #expect(throws: ProtocolError(.badMessage, "\"motion\" must be true or false, got 1")) {
            _ = try Self.client(#"{"type":"subscribe","channels":["*"],"motion":1}"#)
        }
        // Encoding and decoding agree.
        let message = ClientMessage.subscribe(Subscription(patterns: ["a"], maxRateHz: 30, motion: true))
        #expect(try Self.client(String(decoding: message.encoded(.jsonLines).dropLast(), as: UTF8.self)) == message)
    }

    @Test func restAndSpring() throws {
        let engine = try Self.engine()
        #expect(engine.motion(at: 0) == .rest(model: [10, 20]))
        _ = try engine.animate("c", to: [110, -20], with: AnimationExpression.parse(".spring"), completion: nil, at: Self.ns(0.5))
        _ = engine.advance(to: Self.ns(0.51))
        guard case .animation(let model, let interval, let begin, .spring(let k, let c, let x, let v, let a, let clock)) = engine.motion(at: 0) else {
            Issue.record("a spring: \(engine.motion(at: 0))")
            return
        }
        #expect(model == [110, -20] && interval == [100, -40] && begin == 0.5)
        // `.spring` is response 0.5, damping fraction 1: k = (2π/0.5)², c = 2√k.
        #expect(k == (2 * Double.pi / 0.5) * (2 * Double.pi / 0.5) && c == 2 * k.squareRoot())
        // The sub-step clock: 1/300 s added from 0 until it is no longer before the elapsed time (docs/ANIMATION.md §2.3).
        let elapsed = Double(Self.ns(0.51) - Self.epoch) / 1e9 - 0.5
        var grid = 0.0
        while grid < elapsed { grid += 1.0 / 300 }
        #expect(clock == grid)
        // The state is the engine's: the presentation is model + x − interval, the velocity v.
        let presented = try #require(engine.presentationValue(of: "c"))
        #expect(zip(presented, zip(model, zip(x, interval))).allSatisfy { $0 == $1.0 + ($1.1.0 - $1.1.1) })
        #expect([x[0] / x[1], v[0] / v[1], a[0] / a[1]].allSatisfy { abs($0 + 2.5) < 1e-12 }, "along the change")
    }

    @Test func curveAndSum() throws {
        let engine = try Self.engine()
        _ = try engine.animate("c", to: [20, 20], with: AnimationExpression.parse(".easeInOut(duration: 0.4)"), completion: nil, at: Self.ns(0))
        _ = engine.advance(to: Self.ns(0.1))
        #expect(engine.motion(at: 0) == .animation(model: [20, 20], interval: [10, 0], begin: 0,
                                                   term: .curve(p1x: 0.42, p1y: 0, p2x: 0.58, p2y: 1, duration: 0.4)))
        // A second curve combines: the first entry to the first target, the second from 0.2 s to the sum of both.
        _ = try engine.animate("c", to: [20, 30], with: AnimationExpression.parse(".linear(duration: 0.5)"), completion: nil, at: Self.ns(0.2))
        _ = engine.advance(to: Self.ns(0.25))
        guard case .animation(_, let interval, _, .sum(let entries)) = engine.motion(at: 0) else {
            Issue.record("a sum: \(engine.motion(at: 0))")
            return
        }
        #expect(interval == [10, 10] && entries.count == 2)
        #expect(entries[0].start == 0 && entries[0].target == [10, 0])
        #expect(abs(entries[1].start - 0.2) < 1e-12 && entries[1].target == [10, 10])
        #expect(entries[1].term == .curve(p1x: 0, p1y: 0, p2x: 1, p2y: 1, duration: 0.5))
    }

    @Test func momentumWithItsBounce() throws {
        let engine = try Self.engine()
        let momentum = MomentumAnimation(decayConstant: 2, naturalTravel: [50, 0])
        _ = try engine.animate("c", to: [40, 20], using: Animation(momentum), at: Self.ns(0))
        _ = engine.advance(to: Self.ns(0.1))
        guard case .animation(_, let interval, _, .momentum(let decay, let travel, let rest, let bounce)) = engine.motion(at: 0) else {
            Issue.record("momentum: \(engine.motion(at: 0))")
            return
        }
        #expect(interval == [30, 0] && decay == 2 && travel == [50, 0] && rest == 0.01)
        // The default bounce, Spring(duration: 0.4, bounce: 0): critically damped, ω₀ = λ = 2π/0.4.
        #expect(bounce.regime == "critical" && abs(bounce.naturalFrequency - 2 * Double.pi / 0.4) < 1e-12
                && bounce.lambda == bounce.naturalFrequency && bounce.settlingDuration > 0)
    }

    @Test(arguments: [
        (".easeIn(duration: 0.3).delay(0.1)", "DelayAnimation"),
        (".easeIn.repeatCount(2)", "RepeatAnimation"),
    ])
    func noClosedFormSaysWhy(expression: String, type: String) throws {
        let engine = try Self.engine()
        _ = try engine.animate("c", to: [0, 0], with: AnimationExpression.parse(expression), completion: nil, at: Self.ns(0))
        _ = engine.advance(to: Self.ns(0.05))
        #expect(engine.motion(at: 0) == .frames(reason: "\(type) has no closed form here"))
    }

    @Test func aBlendingSpringIsSentAsFrames() throws {
        let engine = try Self.engine()
        _ = try engine.animate("c", to: [100, 0], with: AnimationExpression.parse(".spring"), completion: nil, at: Self.ns(0))
        // A spring of another response with a blend duration takes over: its stiffness moves for 0.3 s.
        let blending = try AnimationExpression.parse(".interactiveSpring(response: 0.2, dampingFraction: 0.8, blendDuration: 0.3)")
        _ = try engine.animate("c", to: [50, 0], with: blending, completion: nil, at: Self.ns(0.1))
        _ = engine.advance(to: Self.ns(0.2))
        guard case .frames(let reason) = engine.motion(at: 0) else {
            Issue.record("frames while blending: \(engine.motion(at: 0))")
            return
        }
        #expect(reason.contains("blends"))
        _ = engine.advance(to: Self.ns(0.45))
        guard case .animation(_, _, _, .spring) = engine.motion(at: 0) else {
            Issue.record("a spring once the blend is over: \(engine.motion(at: 0))")
            return
        }
    }

    @Test func versionChangesWithEveryChangeAndAtRest() throws {
        let engine = try Self.engine()
        let v0 = engine.motionVersion(at: 0)
        #expect(engine.motionVersion(at: 0) == v0, "reading changes nothing")
        _ = try engine.animate("c", to: [0, 0], with: AnimationExpression.parse(".snappy"), completion: nil, at: Self.ns(0))
        let v1 = engine.motionVersion(at: 0)
        #expect(v1 != v0)
        _ = engine.advance(to: Self.ns(0.1))
        #expect(engine.motionVersion(at: 0) == v1, "running on changes nothing")
        // Ticked at 60 Hz, as the daemon ticks while anything moves (a gap of over a second would make the spring catch up).
        for tick in 7...300 { _ = engine.advance(to: Self.ns(Double(tick) / 60)) }
        let v2 = engine.motionVersion(at: 0)
        #expect(v2 != v1 && engine.motion(at: 0) == .rest(model: [0, 0]), "settled")
        _ = try engine.set("c", to: [1, 1], at: Self.ns(6))
        #expect(engine.motionVersion(at: 0) != v2)
    }

    /// A motion subscriber: descriptors at subscribe, on each change and at rest; no frames while every channel is
    /// described, frames while one is not.
    @Test func subscriberGetsDescriptorsInsteadOfFrames() throws {
        let (core, clock) = Self.core()
        let sink = MemorySink(encoding: .jsonLines)
        let client = try #require(core.connect(peer: PeerCredentials(pid: 1, uid: 0, gid: 0), sink: sink))
        func send(_ operation: Command.Operation) {
            core.receive(ClientMessage.command(Command(id: 1, operation: operation)).encoded(.jsonLines), from: client)
        }
        core.receive(ClientMessage.subscribe(Subscription(patterns: ["c"], motion: true)).encoded(.jsonLines), from: client)
        send(.define(channel: "c", dimension: 1, initial: [0]))
        clock.advance(to: Self.ns(0.1))
        send(.animate(channel: "c", to: [1], animation: ".snappy", completion: nil))
        clock.advance(to: Self.ns(2))
        func motions() -> [[JSONValue]] {
            sink.messages.filter { $0.0 == .motion }.compactMap { $0.1["channels"]?.arrayValue }
        }
        let kinds = motions().flatMap { $0.compactMap { $0.objectValue?["kind"]?.stringValue } }
        #expect(kinds == ["rest", "animation", "rest"], "\(kinds)")
        #expect(sink.frameBuffers.isEmpty, "no frames while the channel is described")
        let first = try #require(sink.messages.first { $0.0 == .motion }?.1)
        #expect(first["epoch_ns"] == .number(Double(Self.epoch)))

        send(.animate(channel: "c", to: [0], animation: ".easeIn(duration: 0.3).delay(0.1)", completion: nil))
        clock.advance(to: Self.ns(3))
        #expect(motions().last?.first?.objectValue?["kind"] == "rest")
        #expect(motions().dropLast().last?.first?.objectValue?["kind"] == "frames")
        // Frames while the delayed curve moves (0.3 s at 60 Hz, and the first frame of the full state; none in the
        // 0.1 s delay, when nothing changes), then the rest on the target, described.
        #expect(sink.frames.count >= 17 && sink.frames.count <= 21, "\(sink.frames.count) frames")
        #expect(motions().last?.first?.objectValue?["model"] == [0])
    }

    /// A channel whose description would exceed 64 KiB (60 combined curves over 64 components) is sent as `frames`,
    /// and its frames flow to the motion subscriber.
    @Test func aTooLongDescriptionFallsBackToFrames() throws {
        let (core, clock) = Self.core()
        let sink = MemorySink(encoding: .binary)
        let client = try #require(core.connect(peer: PeerCredentials(pid: 1, uid: 0, gid: 0), sink: sink))
        func send(_ message: ClientMessage) { core.receive(message.encoded(.binary), from: client) }
        send(.hello(Hello(major: ProtocolVersion.major)))
        send(.subscribe(Subscription(patterns: ["wide"], motion: true)))
        send(.command(Command(id: 1, operation: .define(channel: "wide", dimension: 64, initial: Array(repeating: 0, count: 64)))))
        for n in 1...60 {
            let target = (0..<64).map { Double(n) + Double($0) / 7 }
            send(.command(Command(id: .number(Double(n + 1)), operation: .animate(channel: "wide", to: target, animation: ".linear(duration: 10)", completion: nil))))
            clock.advance(to: Self.ns(Double(n) / 100))
        }
        clock.advance(to: Self.ns(1))
        let reasons = sink.messages.filter { $0.0 == .motion }.compactMap { $0.1["channels"]?.arrayValue?.first?.objectValue?["reason"]?.stringValue }
        #expect(reasons.last == "the motion's description is longer than 65536 bytes")
        #expect(!sink.frames.isEmpty && sink.frames.last.map { $0.timeNanoseconds >= Self.ns(0.95) } == true)
        #expect(sink.controlBuffers.allSatisfy { $0.readableBytes <= BinaryHeader.size + ProtocolLimits.maximumMessageBytes })
    }

    /// A spring blending responses goes out as `frames`, and as a spring again once the blend is over, without any
    /// change to the channel; a second motion subscriber sees the same.
    @Test func aSubscriberGetsTheSpringBackAfterTheBlend() throws {
        let (core, clock) = Self.core()
        let sinks = [MemorySink(encoding: .jsonLines), MemorySink(encoding: .jsonLines)]
        let clients = try sinks.map { try #require(core.connect(peer: PeerCredentials(pid: 1, uid: 0, gid: 0), sink: $0)) }
        for client in clients {
            core.receive(ClientMessage.subscribe(Subscription(patterns: ["c"], motion: true)).encoded(.jsonLines), from: client)
        }
        func send(_ operation: Command.Operation) {
            core.receive(ClientMessage.command(Command(id: 1, operation: operation)).encoded(.jsonLines), from: clients[0])
        }
        send(.define(channel: "c", dimension: 1, initial: [0]))
        send(.animate(channel: "c", to: [100], animation: ".spring", completion: nil))
        clock.advance(to: Self.ns(0.1))
        send(.animate(channel: "c", to: [50], animation: ".interactiveSpring(response: 0.2, dampingFraction: 0.8, blendDuration: 0.3)", completion: nil))
        clock.advance(to: Self.ns(3))
        for sink in sinks {
            let descriptors = sink.messages.filter { $0.0 == .motion }.compactMap { $0.1["channels"]?.arrayValue?.first?.objectValue }
            let kinds = descriptors.map { $0["kind"]?.stringValue ?? "" }
            let terms = descriptors.map { $0["term"]?.objectValue?["kind"]?.stringValue ?? "-" }
            #expect(kinds == ["animation", "frames", "animation", "rest"] && terms == ["spring", "-", "spring", "-"],
                    "\(kinds) \(terms)")
            #expect(descriptors[1]["reason"]?.stringValue == GraphChannelEngine.blendingReason)
            // Frames flowed while it blended (0.3 s at 60 Hz, about 18), not after.
            #expect((15...20).contains(sink.frames.count), "\(sink.frames.count) frames")
        }
    }

    /// Ticks more than a second apart (a stopped daemon): the engine's spring catches up instead of running the gap, so
    /// the motion described before no longer holds and the channel is described again; ticks closer than that send
    /// nothing new.
    @Test func aStallDescribesMovingChannelsAgain() throws {
        let clock = ManualTickSource(rateHz: 60, time: Self.epoch)
        let core = ServerCore(engine: GraphChannelEngine(epoch: Self.epoch),
                              configuration: ServerConfiguration(tickHz: 60, authorization: AuthorizationPolicy(daemonUID: 0)),
                              clock: clock)
        let sink = MemorySink(encoding: .jsonLines)
        let client = try #require(core.connect(peer: PeerCredentials(pid: 1, uid: 0, gid: 0), sink: sink))
        func send(_ message: ClientMessage) { core.receive(message.encoded(.jsonLines), from: client) }
        send(.subscribe(Subscription(patterns: ["c"], motion: true)))
        send(.command(Command(id: 1, operation: .define(channel: "c", dimension: 1, initial: [0]))))
        // A slow spring (response 4 s) still moving after the stall.
        send(.command(Command(id: 2, operation: .animate(channel: "c", to: [100], animation: ".spring(response: 4, dampingFraction: 1)", completion: nil))))
        func springs() -> [JSONObject] {
            sink.messages.filter { $0.0 == .motion }.compactMap { $0.1["channels"]?.arrayValue?.first?.objectValue }
                .filter { $0["kind"] == "animation" }
        }
        for tick in 1...30 { core.tick(Tick(time: Self.ns(Double(tick) / 60))) }
        #expect(springs().count == 1, "one description while the ticks run")
        core.tick(Tick(time: Self.ns(0.5 + 1.5)))
        let described = springs()
        #expect(described.count == 2, "described again after 1.5 s without a tick")
        // The new description's sub-step clock is the caught-up one: 1/60 s before the stalled tick, plus what was
        // left to reach it, so well past where the old description's clock would be after running 1.5 s (2 s elapsed).
        let clockAfter = try #require(described.last?["term"]?.objectValue?["clock"]?.numberValue)
        #expect(abs(clockAfter - 2) < 1.0 / 300 + 1e-9)
        core.tick(Tick(time: Self.ns(2.01)))
        #expect(springs().count == 2, "nothing new at the next tick")
    }

    /// What the clients refuse (finite numbers within ±1e50, a curve's x within 0…1, a momentum's signs, sums nested at
    /// most 8 deep) goes out as frames, so that a channel the daemon can animate never ends a client's connection.
    @Test(arguments: [
        MotionDescriptor.rest(model: [1e51]),
        .animation(model: [1], interval: [1], begin: 0,
                   term: .spring(stiffness: .infinity, damping: 1, offset: [0], velocity: [0], force: [0], clock: 0)),
        .animation(model: [1], interval: [1], begin: -1e60, term: .curve(p1x: 0.42, p1y: 0, p2x: 0.58, p2y: 1, duration: 1)),
        .animation(model: [1], interval: [1], begin: 0, term: .curve(p1x: 2, p1y: 0, p2x: 0.58, p2y: 1, duration: 1)),
        .animation(model: [1], interval: [1], begin: 0,
                   term: .momentum(decay: 0, travel: [1], restDistance: 0.5,
                                   bounce: SpringCoefficients(regime: "critical", naturalFrequency: 10, omega: 0, lambda: 10,
                                                              settlingDuration: 1))),
        .animation(model: [1], interval: [1], begin: 0,
                   term: .momentum(decay: 4, travel: [1], restDistance: 0.5,
                                   bounce: SpringCoefficients(regime: "under", naturalFrequency: 10, omega: -1, lambda: 3,
                                                              settlingDuration: 1))),
        .animation(model: [1], interval: [1], begin: 0, term: (0..<9).reduce(MotionDescriptorTerm.curve(
            p1x: 0, p1y: 0, p2x: 1, p2y: 1, duration: 1)) { inner, _ in .sum([MotionSumEntry(start: 0, target: [1], term: inner)]) }),
    ])
    func descriptorsBeyondTheClientsLimitsGoOutAsFrames(descriptor: MotionDescriptor) {
        #expect(!descriptor.keepsLimits)
        #expect(descriptor.bounded == .frames(reason: MotionDescriptor.beyondLimits))
        var bytes: [UInt8] = []
        #expect(descriptor.write(channel: "x", to: &bytes))
        #expect(String(decoding: bytes, as: UTF8.self).contains(#""kind":"frames""#))
    }

    @Test func descriptorsWithinTheLimitsGoOutAsTheyAre() {
        let rigid = SpringCoefficients(regime: "rigid", naturalFrequency: .infinity, omega: 0, lambda: 0, settlingDuration: 0)
        let eight = (0..<8).reduce(MotionDescriptorTerm.momentum(decay: 4, travel: [1e12], restDistance: 0.5, bounce: rigid)) {
            inner, _ in .sum([MotionSumEntry(start: 0, target: [1], term: inner)])
        }
        let descriptor = MotionDescriptor.animation(model: [-1e50], interval: [1e50], begin: 0, term: eight)
        #expect(descriptor.keepsLimits && descriptor.bounded == descriptor)
    }

    @Test func oversizedDescriptorsAndMessagesStayWithinTheLimits() {
        let long = MotionDescriptor.animation(
            model: Array(repeating: 1.0 / 3, count: 64), interval: Array(repeating: 1.0 / 3, count: 64), begin: 0,
            term: .sum(Array(repeating: MotionSumEntry(start: 0.1, target: Array(repeating: 1.0 / 3, count: 64),
                                                       term: .curve(p1x: 0, p1y: 0, p2x: 1, p2y: 1, duration: 1)),
                             count: 100)))
        var bytes: [UInt8] = []
        long.write(channel: "x", to: &bytes)
        // (Compared through its case, so that a failure does not print the 100 entries.)
        guard case .frames(let reason) = long.bounded else {
            Issue.record("a description over 64 KiB is not bounded to frames")
            return
        }
        #expect(reason == "the motion's description is longer than 65536 bytes")
        #expect(String(decoding: bytes, as: UTF8.self)
                == #"{"channel":"x","kind":"frames","reason":"the motion's description is longer than 65536 bytes"}"#)
        // 100 channels of nearly 64 KiB each: split into messages of at most 1 MiB, every channel once.
        let entries = Array(repeating: MotionSumEntry(start: 0.1, target: Array(repeating: 1.0 / 3, count: 64),
                                                      term: .curve(p1x: 0, p1y: 0, p2x: 1, p2y: 1, duration: 1)),
                            count: 40)
        let near = MotionDescriptor.animation(model: [1], interval: [1], begin: 0, term: .sum(entries))
        let message = MotionMessage(seq: 1, timeNanoseconds: 2, epochNanoseconds: 1,
                                    channels: (0..<100).map { ("c\($0)", near) })
        let binaryEntries = (0..<100).map { position -> [UInt8] in
            var entry: [UInt8] = []
            withUnsafeBytes(of: UInt32(position).littleEndian) { entry.append(contentsOf: $0) }
            near.writeBinary(to: &entry)
            return entry
        }
        let encoded = MotionMessage.encodedBinary(generation: 1, seq: 1, timeNanoseconds: 2, epochNanoseconds: 1, entries: binaryEntries)
        #expect(encoded.count > 1 && encoded.allSatisfy { $0.count <= BinaryHeader.size + ProtocolLimits.maximumMessageBytes })
        let counts = encoded.map { Int(LittleEndianReader($0[...]).read(UInt32.self, at: BinaryHeader.size + 28)) }
        #expect(counts.reduce(0, +) == 100)
        let lines = message.encodedJSON()
        #expect(lines.allSatisfy { $0.count <= ProtocolLimits.maximumMessageBytes })
        let names = lines.flatMap { line -> [String] in
            let object = try? JSONValue.parse(line.dropLast())
            return object?.objectValue?["channels"]?.arrayValue?.compactMap { $0.objectValue?["channel"]?.stringValue } ?? []
        }
        #expect(names == (0..<100).map { "c\($0)" })
    }
}
