import Kinetic
import KineticInput
import KineticBindings
import KineticProtocol
import KineticServerCore
import NIOCore

/// The bodies of the coverage-guided fuzz targets (`make fuzz`, `Tests/Fuzz/README.md`), one per way
/// outside bytes enter Kinetic. Each takes arbitrary bytes, drives them as far into the system as they
/// go, and traps (so that libFuzzer reports a crash) when an invariant breaks: a presentation value or
/// velocity sent to a client that is not finite, a client other than the sender losing its frames,
/// unbounded work in one tick. Errors the input deserves (a bad message, a malformed recording, an
/// invalid configuration) are the expected outcome, not failures.
///
/// The same functions run in `swift test` over the seed corpora and every saved regression
/// (`FuzzCorpusTests`), so a harness cannot rot and a fixed crash stays fixed without the fuzzer.
public enum FuzzHarness {
    /// The engine's epoch and the first tick's time (ns): what the daemon would use, minus the real clock.
    static let epoch: UInt64 = 1_000_000_000
    static let period: UInt64 = 8_333_333

    // MARK: The socket protocol through the server core

    /// Bytes from one client, through the decoder, `ServerCore`'s command handling and the real
    /// `GraphChannelEngine`, with ticks in between.
    ///
    /// The input is cut into pieces at each newline (and every 64 bytes inside long lines), and the core
    /// ticks once after each piece, so commands act at different times and a half-read message meets a
    /// tick. A second client, which defined a channel and subscribes to everything before the hostile
    /// one connects, must get a frame on every tick (at most one per tick while a frame clock is locked) with finite
    /// numbers, and must stay connected.
    /// The hostile client connects as root (every command allowed).
    ///
    /// - Returns: how many control messages (replies, errors, schemas, events) the client was sent.
    @discardableResult
    public static func serverCore(_ bytes: UnsafeRawBufferPointer) -> Int {
        let clock = ManualTickSource(time: epoch)
        let engine = GraphChannelEngine(epoch: epoch)
        let core = ServerCore(engine: engine,
                              configuration: ServerConfiguration(tickHz: 120, maximumChannels: 64,
                                                                 authorization: AuthorizationPolicy(daemonUID: 0)),
                              clock: clock)
        let watcher = CountingSink()
        let watcherID = core.connect(peer: PeerCredentials(pid: 1, uid: 0, gid: 0), sink: watcher)!
        core.receive(Array(#"{"type":"command","id":1,"op":"define","channel":"watch","dimension":2,"initial":[1,2]}"#.utf8) + [10],
                     from: watcherID)
        core.receive(Array(#"{"type":"subscribe","channels":["*"]}"#.utf8) + [10], from: watcherID)
        let hostileSink = CountingSink()
        let hostile = core.connect(peer: PeerCredentials(pid: 2, uid: 0, gid: 0), sink: hostileSink)!

        // The channels' values the watcher was last sent (names and values; velocities aside: a timing curve's is a
        // backward difference that this harness's own reads of the engine would move): a published tick whose values
        // differ must send it a frame, and no tick sends two. (A frame whose values did not change is not an error
        // here: a velocity may have.)
        var watched: [(String, [Double])]? = nil
        func tick() {
            clock.time += period
            let time = clock.time
            let before = watcher.frames, published = core.lastValuesTime ?? 0
            core.tick(Tick(time: time))
            let values = engine.samples().map { ($0.name, $0.value) }
            let changed = watched.map { !$0.elementsEqual(values) { $0.0 == $1.0 && $0.1 == $1.1 } } ?? true
            // Locked to a client's frame grid (frame_clock), a tick whose vblank an earlier tick already published
            // publishes nothing: these ticks keep a fixed 120 Hz, not the grid's rhythm as the daemon's clock would.
            // Nor does a tick just after an unlock that is still before the last vblank published (frames' times only
            // increase).
            if core.frameGrid == nil, time > published, changed {
                check(watcher.frames == before + 1, "the watching client got no frame of changed values at tick \(time)")
            } else {
                check(watcher.frames <= before + 1, "the watching client got two frames at tick \(time)")
            }
            if watcher.frames > before { watched = values }
            check(!watcher.isClosed, "the watching client was disconnected")
            for sample in engine.samples() {
                check(sample.value.allSatisfy(\.isFinite) && sample.velocity.allSatisfy(\.isFinite),
                      "channel \(sample.name) is not finite: \(sample.value) \(sample.velocity)")
            }
        }
        var start = 0
        let count = bytes.count
        while start < count {
            var end = start
            while end < count, end - start < 64, bytes[end] != 10 { end += 1 }
            if end < count { end += 1 }
            core.receive(UnsafeRawBufferPointer(rebasing: bytes[start..<end]), from: hostile)
            tick()
            start = end
        }
        // A few more ticks with whatever the commands started: spans all of a short animation.
        for _ in 0..<24 { tick() }
        core.disconnect(hostile)
        tick()
        return hostileSink.messages
    }

    // MARK: Recordings

    /// The longest recording (first to last event) replayed: a held finger keeps the clock ticking at
    /// 120 Hz for the whole span, so an hour-long recording is an hour of replay work, which is not a
    /// fault. Longer ones are parsed but not replayed, and count as 1 (past the parser): the real PS/2
    /// mouse's recording (Recordings/real/) spans 53 s.
    static let longestReplay: Int64 = 30_000_000_000

    /// Bytes as a recording file (evemu or libinput record, detected as `kineticctl replay` does), then,
    /// when it parses, one offline replay through the embedded default bindings: every frame's values
    /// must be finite.
    ///
    /// - Returns: the number of frames replayed (0 when the recording was refused or too long).
    @discardableResult
    public static func recording(_ bytes: UnsafeRawBufferPointer) -> Int {
        let text = String(decoding: bytes, as: UTF8.self)
        let recordings: [Recording]
        do {
            switch RecordingFormat.detect(text) {
            case .evemu: recordings = [try EvemuFormat.read(text)]
            case .libinputRecord: recordings = try LibinputRecordFormat.read(text)
            }
        } catch {
            return 0
        }
        return replay(recordings, configuration: .embeddedDefault)
    }

    static func replay(_ recordings: [Recording], configuration: DaemonConfiguration) -> Int {
        let schedule = ReplaySchedule(recordings: recordings)
        guard schedule.endNanoseconds - schedule.startNanoseconds <= longestReplay else { return 1 }
        let lines: [String]
        do {
            lines = try OfflineReplay.run(schedule: schedule, configuration: configuration, settleLimit: 3)
        } catch {
            return 0
        }
        for line in lines {
            // Non-finite numbers are written as null, which a frame never otherwise contains.
            check(!line.contains("null"), "a frame carries a non-finite number: \(line.prefix(300))")
        }
        return lines.count
    }

    // MARK: The configuration

    /// A small touchscreen drag with a fling (evemu), replayed through every configuration that parses.
    static let probe: Recording = {
        // The device of Recordings/tap.evemu (a synthetic 12000 × 8000 touchscreen, 40 units/mm).
        var text = """
            # EVEMU 1.3
            N: Kinetic Synthetic Touchscreen
            I: 0018 4b1d 0001 0100
            P: 02 00 00 00 00 00 00 00
            B: 00 0b 00 00 00 00 00 00 00
            B: 01 00 00 00 00 00 00 00 00
            B: 01 00 00 00 00 00 00 00 00
            B: 01 00 00 00 00 00 00 00 00
            B: 01 00 00 00 00 00 00 00 00
            B: 01 00 00 00 00 00 00 00 00
            B: 01 00 04 00 00 00 00 00 00
            B: 01 00 00 00 00 00 00 00 00
            B: 01 00 00 00 00 00 00 00 00
            B: 01 00 00 00 00 00 00 00 00
            B: 01 00 00 00 00 00 00 00 00
            B: 01 00 00 00 00 00 00 00 00
            B: 01 00 00 00 00 00 00 00 00
            B: 02 00 00 00 00 00 00 00 00
            B: 03 03 00 00 00 00 80 60 02
            B: 04 00 00 00 00 00 00 00 00
            B: 05 00 00 00 00 00 00 00 00
            B: 11 00 00 00 00 00 00 00 00
            B: 12 00 00 00 00 00 00 00 00
            B: 14 00 00 00 00 00 00 00 00
            B: 15 00 00 00 00 00 00 00 00
            B: 15 00 00 00 00 00 00 00 00
            A: 00 0 11999 0 0 40
            A: 01 0 7999 0 0 40
            A: 2f 0 9 0 0 0
            A: 35 0 11999 0 0 40
            A: 36 0 7999 0 0 40
            A: 39 0 65535 0 0 0

            """
        text += "E: 0.000001 0003 0039 400\nE: 0.000001 0003 0035 4000\nE: 0.000001 0003 0036 3200\n"
        text += "E: 0.000001 0001 014a 1\nE: 0.000001 0000 0000 0\n"
        // Accelerating to the right for 96 ms (x = 4000 + 40·k² units at 8 ms frames), then lifted: a fling.
        for k in 1...12 {
            let t = "0.\(String(1000 + k * 8).dropFirst())001"
            text += "E: \(t) 0003 0035 \(4000 + 40 * k * k)\nE: \(t) 0000 0000 0\n"
        }
        text += "E: 0.104001 0003 0039 -1\nE: 0.104001 0001 014a 0\nE: 0.104001 0000 0000 0\n"
        return try! EvemuFormat.read(text)
    }()

    /// Bytes as the daemon's YAML configuration; when it parses, its bindings drive a replay of a short
    /// fling (``probe``) and every frame must be finite.
    ///
    /// - Returns: the number of frames replayed (0 when the configuration was refused).
    @discardableResult
    public static func configuration(_ bytes: UnsafeRawBufferPointer) -> Int {
        let configuration: DaemonConfiguration
        do {
            configuration = try DaemonConfiguration.parse(String(decoding: bytes, as: UTF8.self), source: "fuzz.yaml")
        } catch {
            return 0
        }
        // `--check-config` accepts exactly what start-up accepts: a configuration that parses defines its channels.
        do {
            try GesturePipeline(bindings: configuration.bindings, mappings: configuration.mappings)
                .defineChannels(in: GraphChannelEngine(epoch: 0), at: 0)
        } catch {
            check(false, "the configuration parsed but start-up refuses it: \(error)")
        }
        return replay([probe], configuration: configuration)
    }

    // MARK: Animation expressions

    /// Bytes as an animation expression (`.spring(duration: 0.4).delay(0.1)`); when it parses and names
    /// an animation, that animation runs on a `Double` and a three-component attribute, with and without
    /// reduce motion, is retargeted mid-way, and must give finite values and velocities on every frame.
    /// The number of frames is fixed (2 s at 120 Hz), so the work per frame is what is measured by the
    /// fuzzer's time-out.
    ///
    /// - Returns: whether the expression named an animation that ran.
    @discardableResult
    public static func animationExpression(_ bytes: UnsafeRawBufferPointer) -> Bool {
        let text = String(decoding: bytes, as: UTF8.self)
        // The same text as a transition and as a symbol effect (and its options): the chain parser is shared.
        let transition = transitionExpression(text)
        let effect = symbolEffectExpression(text)
        guard let expression = try? AnimationExpression.parse(text) else { return transition || effect }
        for reduceMotion in [false, true] {
            guard let animation = try? expression.animation(reduceMotion: reduceMotion) else { return false }
            let graph = AnimationGraph()
            let scalar = graph.attribute(0.0)
            let vector = graph.attribute(AnimatableVector([0, 0, 0]))
            withAnimation(animation) {
                scalar.value = 100
                vector.value = AnimatableVector([1e12, -1e12, 3])
            }
            for frame in 1...240 {
                graph.advance(to: Double(frame) / 120)
                if frame == 60 {
                    withAnimation(animation) {
                        scalar.value = -50
                        vector.value = AnimatableVector([-1e12, 0, 1e12])
                    }
                }
                check(scalar.presentationValue.isFinite && (scalar.velocity ?? 0).isFinite,
                      "\(text): Double attribute not finite at frame \(frame)")
                let components = vector.presentationValue.components + (vector.velocity?.components ?? [])
                check(components.allSatisfy(\.isFinite), "\(text): vector attribute not finite at frame \(frame)")
            }
        }
        return true
    }

    /// Parses `text` as a transition; one that parses is inserted and removed under a spring and must stay finite.
    static func transitionExpression(_ text: String) -> Bool {
        guard let expression = try? TransitionExpression.parse(text), let transition = try? expression.transition() else { return false }
        let graph = AnimationGraph()
        let presence = TransitionPresence(graph: graph, transition: transition)
        withAnimation(.spring) { presence.insert() }
        for frame in 1...120 {
            graph.advance(to: Double(frame) / 120)
            if frame == 30 { withAnimation(.spring) { presence.remove() } }
            let effect = presence.effect
            let numbers = [effect.opacity, Double(effect.scale.width), Double(effect.scale.height), Double(effect.offset.width),
                           Double(effect.offset.height), Double(effect.relativeOffset.width), Double(effect.relativeOffset.height),
                           effect.rotation.radians, effect.blurRadius]
            check(numbers.allSatisfy(\.isFinite), "\(text): transition effect not finite at frame \(frame)")
        }
        return true
    }

    /// Parses `text` as a symbol effect, and as the options of a bounce; a player of either must stay finite.
    static func symbolEffectExpression(_ text: String) -> Bool {
        let parsed = [try? SymbolEffectExpression.parse(effect: text), try? SymbolEffectExpression.parse(effect: ".bounce", options: text)]
        for case let expression? in parsed {
            var player = expression.player
            if expression.isDiscrete { player.trigger(at: 0) } else { player.setActive(true, at: 0) }
            for frame in 0...240 {
                let t = Double(frame) / 120
                if frame == 120 { player.setActive(false, at: t) }
                let numbers = player.values(at: t).components + player.velocities(at: t).components
                check(numbers.allSatisfy(\.isFinite), "\(text): symbol effect not finite at \(t) s")
            }
        }
        return parsed.contains { $0 != nil }
    }

    /// Traps with `message` when `condition` fails: libFuzzer reports the input as a crash.
    static func check(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition { fatalError("fuzz invariant: " + message()) }
    }
}

/// A client sink that counts what it is sent and keeps none of it.
final class CountingSink: ClientSink {
    var frames = 0
    var messages = 0
    var isClosed = false
    func send(_ message: ByteBuffer) { messages += 1 }
    func sendFrame(_ frame: ByteBuffer) { frames += 1 }
    func close() { isClosed = true }
}
