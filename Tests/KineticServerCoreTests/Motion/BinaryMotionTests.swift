import Kinetic
import Testing
@testable import KineticProtocol
@testable import KineticBindings
@testable import KineticServerCore
@testable import KineticTestSupport

/// The binary form of motion messages (docs/PROTOCOL.md, "Motion descriptors in binary"): every descriptor reads back
/// as written, bit for bit; a retargeted spring goes out as an update of the descriptor before it; a binary subscriber
/// reads what a JSON one reads; and malformed bytes are refused, never trusted. The clients' evaluation of the binary
/// form against the daemon's frames is in clients/c/tests/test-motion.c and clients/python/tests/test_motion.py.
struct BinaryMotionTests {
    static let epoch: UInt64 = 1_000_000_000
    static func ns(_ seconds: Double) -> UInt64 { epoch + UInt64(seconds * 1e9) }

    /// Every kind of descriptor and term, with awkward numbers (a third, −0, +∞ settling).
    static let descriptors: [MotionDescriptor] = [
        .rest(model: [1.0 / 3, -0.0]),
        .animation(model: [110, -20], interval: [100, -40], begin: 0.5,
                   term: .spring(stiffness: 157.91367041742973, damping: 25.132741228718345, offset: [1.0 / 3, 2],
                                 velocity: [-7, 0.125], force: [3e-9, -4e12], clock: 0.006666666666666667)),
        .animation(model: [1, 2], interval: [3, 4], begin: 0.25, term: .curve(p1x: 0.42, p1y: 0, p2x: 0.58, p2y: 1, duration: 0.35)),
        .animation(model: [0, 0], interval: [-300, 12], begin: 1,
                   term: .momentum(decay: 4.5, travel: [-310, 11], restDistance: 0.5,
                                   bounce: SpringCoefficients(regime: "under", naturalFrequency: 12, omega: 11.5, lambda: 3.4,
                                                              settlingDuration: 0.9))),
        .animation(model: [0, 0], interval: [5, 5], begin: 1,
                   term: .momentum(decay: 4.5, travel: [5, 5], restDistance: 0.5,
                                   bounce: SpringCoefficients(regime: "free", naturalFrequency: 0, omega: 0, lambda: 0,
                                                              settlingDuration: .infinity))),
        .animation(model: [9, 8], interval: [7, 6], begin: 2,
                   term: .sum([MotionSumEntry(start: 0, target: [1, 1], term: nil),
                               MotionSumEntry(start: 0.1, target: [7, 6],
                                              term: .sum([MotionSumEntry(start: 0, target: [7, 6],
                                                                         term: .curve(p1x: 0, p1y: 0, p2x: 1, p2y: 1, duration: 1))]))])),
        .frames(reason: "keyframes have no closed form here — «frames»"),
    ]

    static func payload(_ entries: [[UInt8]], generation: UInt32 = 7) throws -> BinaryMotion {
        let message = try #require(MotionMessage.encodedBinary(generation: generation, seq: 3, timeNanoseconds: 4,
                                                               epochNanoseconds: 1, entries: entries).first)
        #expect(Int(LittleEndianReader(message[...]).read(UInt32.self, at: 0)) == message.count - 4)
        #expect(LittleEndianReader(message[...]).read(UInt16.self, at: 4) == MessageType.motion.rawValue)
        return try BinaryMotion(payload: message[BinaryHeader.size...])
    }

    static func entry(_ position: UInt32, _ write: (inout [UInt8]) -> Void) -> [UInt8] {
        var bytes: [UInt8] = []
        withUnsafeBytes(of: position.littleEndian) { bytes.append(contentsOf: $0) }
        write(&bytes)
        return bytes
    }

    static let layout = Schema(generation: 7, channels: [("a", 2), ("b", 2)])

    @Test func everyDescriptorReadsBackAsWritten() throws {
        for descriptor in Self.descriptors {
            let motion = try Self.payload([Self.entry(1) { descriptor.writeBinary(to: &$0) }])
            #expect(motion.seq == 3 && motion.timeNanoseconds == 4 && motion.epochNanoseconds == 1 && motion.count == 1)
            let read = try motion.descriptors(layout: Self.layout) { _ in nil }
            #expect(read.count == 1 && read.first?.position == 1)
            // Bit for bit: the encoded bytes of what was read equal those written (−0 and a third included).
            var again: [UInt8] = []
            read.first?.descriptor.writeBinary(to: &again)
            var original: [UInt8] = []
            descriptor.writeBinary(to: &original)
            #expect(again == original && read.first?.descriptor == descriptor)
        }
    }

    @Test func aRetargetedSpringGoesOutAsAnUpdate() throws {
        let before = Self.descriptors[1]
        let after = MotionDescriptor.animation(
            model: [120, -10], interval: [110, -30], begin: 0.5,
            term: .spring(stiffness: 157.91367041742973, damping: 25.132741228718345, offset: [4, 5], velocity: [6, 7],
                          force: [8, 9], clock: 0.1))
        var update: [UInt8] = []
        #expect(after.writeBinaryUpdate(from: before, to: &update))
        var full: [UInt8] = []
        after.writeBinary(to: &full)
        // Kind, then model, interval, offset, velocity, force (2 components each) and the clock: no begin, stiffness
        // or damping.
        #expect(update.count == 1 + 5 * 2 * 8 + 8 && full.count == update.count + 3 * 8 + 1)
        let motion = try Self.payload([Self.entry(0) { $0.append(contentsOf: update) }])
        #expect(try motion.descriptors(layout: Self.layout) { $0 == 0 ? before : nil }.first?.descriptor == after)
        // Without the spring it updates, the update is refused.
        #expect(throws: ProtocolError.self) { _ = try motion.descriptors(layout: Self.layout) { _ in nil } }
        #expect(throws: ProtocolError.self) { _ = try motion.descriptors(layout: Self.layout) { _ in Self.descriptors[2] } }
        // Another spring (stiffness, damping or begin changed), or another kind of term, is no update.
        for other in [Self.descriptors[2], Self.descriptors[0],
                      MotionDescriptor.animation(model: [1, 1], interval: [1, 1], begin: 0.5,
                                                 term: .spring(stiffness: 1, damping: 25.132741228718345, offset: [0, 0],
                                                               velocity: [0, 0], force: [0, 0], clock: 0))] {
            var none: [UInt8] = []
            #expect(!after.writeBinaryUpdate(from: other, to: &none) && none.isEmpty)
        }
    }

    @Test func malformedBytesAreRefused() throws {
        var whole: [UInt8] = []
        Self.descriptors[5].writeBinary(to: &whole)
        // Every truncation of an entry, and one byte too many, are refused with an error, never read past.
        for length in 0..<whole.count {
            let motion = try Self.payload([Self.entry(0) { $0.append(contentsOf: whole[..<length]) }])
            #expect(throws: ProtocolError.self) { _ = try motion.descriptors(layout: Self.layout) { _ in nil } }
        }
        let extra = try Self.payload([Self.entry(0) { $0.append(contentsOf: whole + [0]) }])
        #expect(throws: ProtocolError.self) { _ = try extra.descriptors(layout: Self.layout) { _ in nil } }
        // A position beyond the schema, another generation, an unknown kind, a sum counting more than it holds, a
        // number beyond what clients evaluate.
        let beyond = try Self.payload([Self.entry(2) { Self.descriptors[0].writeBinary(to: &$0) }])
        #expect(throws: ProtocolError.self) { _ = try beyond.descriptors(layout: Self.layout) { _ in nil } }
        let stale = try Self.payload([Self.entry(0) { Self.descriptors[0].writeBinary(to: &$0) }], generation: 6)
        #expect(throws: ProtocolError.self) { _ = try stale.descriptors(layout: Self.layout) { _ in nil } }
        let unknown = try Self.payload([Self.entry(0) { $0.append(9) }])
        #expect(throws: ProtocolError.self) { _ = try unknown.descriptors(layout: Self.layout) { _ in nil } }
        let greedy = try Self.payload([Self.entry(0) { bytes in
            MotionDescriptor.rest(model: [0, 0]).writeBinary(to: &bytes)
            bytes[4] = BinaryMotionEntryKind.animation.rawValue
            bytes.append(contentsOf: [UInt8](repeating: 0, count: 24))
            bytes.append(BinaryMotionTermKind.sum.rawValue)
            withUnsafeBytes(of: UInt32.max.littleEndian) { bytes.append(contentsOf: $0) }
        }])
        #expect(throws: ProtocolError.self) { _ = try greedy.descriptors(layout: Self.layout) { _ in nil } }
        let huge = try Self.payload([Self.entry(0) { MotionDescriptor.rest(model: [1e51, 0]).writeBinary(to: &$0) }])
        #expect(throws: ProtocolError.self) { _ = try huge.descriptors(layout: Self.layout) { _ in nil } }
        #expect(throws: ProtocolError.self) { _ = try BinaryMotion(payload: [UInt8](repeating: 0, count: 31)[...]) }
    }

    /// A held drag (an interactive spring retargeted at every tick): a binary motion subscriber gets the full
    /// descriptor once, then updates; read back, its descriptors are the JSON subscriber's, message for message.
    @Test func aBinarySubscriberReadsWhatAJSONSubscriberReads() throws {
        let clock = VirtualTickSource(rateHz: 60, startTime: Self.epoch)
        let core = ServerCore(engine: GraphChannelEngine(epoch: Self.epoch),
                              configuration: ServerConfiguration(tickHz: 60, authorization: AuthorizationPolicy(daemonUID: 0)),
                              clock: clock)
        clock.onTick { core.tick($0) }
        let json = MemorySink(encoding: .jsonLines), binary = MemorySink(encoding: .binary)
        let jsonClient = try #require(core.connect(peer: PeerCredentials(pid: 1, uid: 0, gid: 0), sink: json))
        let binaryClient = try #require(core.connect(peer: PeerCredentials(pid: 1, uid: 0, gid: 0), sink: binary))
        core.receive(ClientMessage.subscribe(Subscription(patterns: ["*"], motion: true)).encoded(.jsonLines), from: jsonClient)
        core.receive(ClientMessage.hello(Hello(major: ProtocolVersion.major)).encoded(.binary), from: binaryClient)
        core.receive(ClientMessage.subscribe(Subscription(patterns: ["*"], motion: true)).encoded(.binary), from: binaryClient)
        func send(_ operation: Command.Operation) {
            core.receive(ClientMessage.command(Command(id: 1, operation: operation)).encoded(.jsonLines), from: jsonClient)
        }
        send(.define(channel: "drag", dimension: 2, initial: [0, 0]))
        for n in 1...30 {
            send(.animate(channel: "drag", to: [Double(n) * 4, Double(n) * 2], animation: ".interactiveSpring", completion: nil))
            clock.advance(to: Self.ns(Double(n) / 60))
        }
        clock.advance(to: Self.ns(3))
        let jsonMotions = json.messages.filter { $0.0 == .motion }.map(\.1)
        let binaryMotions = binary.messages.filter { $0.0 == .motion }.map(\.1)
        #expect(jsonMotions.count >= 30)
        #expect(binaryMotions == jsonMotions, "the binary subscriber reads every description the JSON one does")
        // After the first description, every retarget of the running spring is an update.
        let kinds = binary.binaryMotions.map { motion in motion.entries.dropFirst(4).first }
        let updates = kinds.filter { $0 == BinaryMotionEntryKind.springUpdate.rawValue }.count
        #expect(updates >= 28, "\(kinds)")
        let jsonBytes = json.controlBuffers.filter { String(buffer: $0).contains(#""type":"motion""#) }.map(\.readableBytes).reduce(0, +)
        let binaryBytes = binary.binaryMotions.map { BinaryHeader.size + BinaryMotion.prefixSize + $0.entries.count }.reduce(0, +)
        #expect(binaryBytes * 3 < jsonBytes, "binary \(binaryBytes) B against JSON \(jsonBytes) B")
    }
}
