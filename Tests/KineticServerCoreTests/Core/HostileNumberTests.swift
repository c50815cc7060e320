import KineticInput
import NIOCore
import Testing
@testable import KineticProtocol
@testable import KineticServerCore
@testable import KineticTestSupport
import KineticTime

/// Numbers from a client that decode as valid JSON but used to reach an integer conversion or arithmetic
/// that could trap: each is refused where it enters, with the field, the value and the accepted range,
/// and the server keeps serving everyone else.
@Suite("Hostile numbers from clients")
struct HostileNumberTests {
    /// The message that once killed kineticd for every client: a positive `rate_hz` so small that
    /// 10⁹ / rate is infinite, which `UInt64(_:)` trapped on at the next tick.
    @Test("a subscribe whose rate_hz once trapped the daemon is refused; other clients keep their frames",
          arguments: ["1e-300", "5e-324", "0.05", "0", "-60", "1e300", "\"60\"", "true"])
    func subscribeRateHz(rate: String) throws {
        let h = CoreHarness()
        let (watcher, watcherSink) = h.connect(.jsonLines)
        h.command(1, .define(channel: "glow", dimension: 1, initial: [0]), from: watcher)
        h.send(.subscribe(Subscription(patterns: ["*"])), from: watcher, .jsonLines)
        h.command(2, .animate(channel: "glow", to: [1], animation: ".linear(duration: 1)", completion: nil), from: watcher)

        let (hostile, hostileSink) = h.connect(.jsonLines)
        h.core.receive(Array("{\"type\":\"subscribe\",\"channels\":[\"*\"],\"rate_hz\":\(rate)}\n".utf8), from: hostile)
        let error = try #require(hostileSink.errors().first)
        #expect(error["code"] == "bad_message")
        let message = try #require(error["message"]?.stringValue)
        #expect(message.contains("rate_hz") && message.contains("0.1...1000.0") && message.contains("got"))
        #expect(!hostileSink.isClosed, "a bad subscribe is not fatal")

        // Ticks go on, and every tick still reaches the other client with finite values.
        let before = watcherSink.frames.count
        h.run(seconds: 0.25)
        #expect(watcherSink.frames.count == before + 30)
        // The refused client can still subscribe properly and get frames.
        h.core.receive(Array("{\"type\":\"subscribe\",\"channels\":[\"*\"],\"rate_hz\":30}\n".utf8), from: hostile)
        h.run(seconds: 0.25)
        #expect(hostileSink.frames.count >= 7)
    }

    @Test("rate_hz at the ends of its range is accepted: 0.1 Hz gets a frame every 10 s, 1000 Hz every tick")
    func rateBounds() throws {
        let h = CoreHarness()
        h.engine.duration = 100  // still moving throughout, so only the decimation decides
        let (client, sink) = h.connect(.jsonLines)
        h.command(1, .define(channel: "glow", dimension: 1, initial: [0]), from: client)
        h.command(2, .animate(channel: "glow", to: [1], animation: ".linear(duration: 30)", completion: nil), from: client)
        h.core.receive(Array("{\"type\":\"subscribe\",\"channels\":[\"*\"],\"rate_hz\":0.1}\n".utf8), from: client)
        #expect(sink.errors().isEmpty)
        // Ticks every p = 8 333 333 ns from t0; the first frame goes at tick 1, the next is due 10 s later:
        // tick k with k·p + p/2 ≥ p + 10⁹·10, so k = 1201, then k = 2401. 2406 ticks (20.05 s) hold three.
        h.run(seconds: 20.05)
        #expect(sink.frames.map(\.seq) == [1, 1201, 2401])

        let fast = CoreHarness()
        fast.engine.duration = 100
        let (other, otherSink) = fast.connect(.jsonLines)
        fast.command(1, .define(channel: "glow", dimension: 1, initial: [0]), from: other)
        fast.command(2, .animate(channel: "glow", to: [1], animation: ".linear(duration: 30)", completion: nil), from: other)
        fast.core.receive(Array("{\"type\":\"subscribe\",\"channels\":[\"*\"],\"rate_hz\":1000}\n".utf8), from: other)
        fast.run(seconds: 0.5)
        #expect(otherSink.frames.count == 60)
    }

    @Test("the decimation interval saturates for any rate a Swift caller passes")
    func intervalSaturates() {
        let session = ClientSession(id: 1, peer: PeerCredentials(pid: 1, uid: 0, gid: 0), sink: MemorySink(encoding: .jsonLines),
                                    maximumMessageSize: 1024, rejected: false)
        for (rate, interval) in [(1e-300, UInt64.max), (0, .max), (-5, 0), (.nan, 0), (.infinity, 0), (60, 16_666_666)] {
            session.setRate(rate)
            #expect(session.frameInterval == interval, "rate \(rate)")
            _ = session.frameIsDue(at: 1_000_000_000, tickPeriod: 8_333_333)
        }
    }

    @Test("channel values beyond ±1e12 or of the wrong shape are refused with the field and the value", arguments: [
        ("{\"type\":\"command\",\"id\":1,\"op\":\"define\",\"channel\":\"a\",\"dimension\":1e300}", "\"dimension\" must be a whole number from 1 to 64, got 1e+300"),
        ("{\"type\":\"command\",\"id\":1,\"op\":\"define\",\"channel\":\"a\",\"dimension\":2.5}", "\"dimension\" must be a whole number from 1 to 64, got 2.5"),
        ("{\"type\":\"command\",\"id\":1,\"op\":\"set\",\"channel\":\"a\",\"to\":[1,1e13]}", "\"to\"[1] is 10000000000000.0"),
        ("{\"type\":\"command\",\"id\":1,\"op\":\"animate\",\"channel\":\"a\",\"to\":-1.7976931348623157e308}", "\"to\"[0] is -1.7976931348623157e+308"),
        ("{\"type\":\"command\",\"id\":1,\"op\":\"define\",\"channel\":\"a\",\"dimension\":1,\"initial\":[2e12]}", "\"initial\"[0] is 2000000000000.0"),
    ])
    func values(line: String, expected: String) throws {
        let h = CoreHarness()
        let (client, sink) = h.connect(.jsonLines)
        h.core.receive(Array((line + "\n").utf8), from: client)
        let reply = try #require(sink.replies().first)
        #expect(reply["ok"] == false)
        let error = try #require(reply["error"]?.objectValue)
        #expect(error["code"] == "bad_message")
        let message = try #require(error["message"]?.stringValue)
        #expect(message.contains(expected), "\(message)")
    }

    @Test("a value at ±1e12 is accepted and animates to finite frames")
    func largestValue() throws {
        let h = CoreHarness()
        let (client, sink) = h.connect(.jsonLines)
        h.command(1, .define(channel: "a", dimension: 2, initial: [-1e12, 1e12]), from: client)
        h.command(2, .animate(channel: "a", to: [1e12, -1e12], animation: nil, completion: nil), from: client)
        #expect(sink.replies().map { $0["ok"] } == [true, true])
    }
}

@Suite("Conversions that cannot trap")
struct SaturatingConversionTests {
    @Test("Nanoseconds.unsigned: rounding, NaN, negatives and overflow", arguments: [
        (1.5, UInt64(2)), (0.49, 0), (-0.5, 0), (-1e300, 0), (.nan, 0), (.infinity, .max), (-.infinity, 0),
        (18_446_744_073_709_549_568.0, 18_446_744_073_709_549_568), (18_446_744_073_709_551_616.0, .max), (1e30, .max),
    ])
    func unsigned(value: Double, expected: UInt64) {
        #expect(Nanoseconds.unsigned(value) == expected)
    }

    @Test("Nanoseconds.signed: rounding, NaN and both overflows", arguments: [
        (-1.5, Int64(-2)), (2.5, 3), (.nan, 0), (.infinity, .max), (-.infinity, .min), (9_223_372_036_854_775_808.0, .max),
        (-9_223_372_036_854_775_808.0, .min), (-1e300, .min), (9_223_372_036_854_774_784.0, 9_223_372_036_854_774_784),
    ])
    func signed(value: Double, expected: Int64) {
        #expect(Nanoseconds.signed(value) == expected)
    }

    @Test("seconds and sums: 0.25 s, a year, the sum saturating at UInt64.max")
    func seconds() {
        #expect(Nanoseconds.unsigned(seconds: 0.25) == 250_000_000)
        #expect(Nanoseconds.signed(seconds: -31_536_000) == -31_536_000_000_000_000)
        #expect(Nanoseconds.sum(.max - 1, 1) == .max)
        #expect(Nanoseconds.sum(.max, 1) == .max)
        #expect(Nanoseconds.sum(3, 4) == 7)
    }

    @Test("poll's timeout from seconds: rounded up, 0 for NaN or negative, saturated at Int32.max")
    func pollTimeout() {
        func milliseconds(_ seconds: Double) -> Int32 { Duration(saturatingSeconds: seconds).pollMilliseconds }
        #expect(milliseconds(0.0001) == 1)
        #expect(milliseconds(2) == 2000)
        #expect(milliseconds(-3) == 0)
        #expect(milliseconds(.nan) == 0)
        #expect(milliseconds(.infinity) == .max)
        #expect(milliseconds(1e300) == .max)
    }

    @Test("poll's timeout from a Duration: whole milliseconds rounded up, never negative, saturated at Int32.max")
    func pollTimeoutFromDuration() {
        #expect(Duration.zero.pollMilliseconds == 0)
        #expect(Duration.nanoseconds(1).pollMilliseconds == 1)
        #expect(Duration.milliseconds(50).pollMilliseconds == 50)
        #expect((Duration.milliseconds(50) + .nanoseconds(1)).pollMilliseconds == 51)
        #expect(Duration.milliseconds(-5).pollMilliseconds == 0)
        #expect(Duration.seconds(2_147_483).pollMilliseconds == 2_147_483_000)
        #expect(Duration.seconds(2_147_484).pollMilliseconds == .max)
        #expect(Duration.seconds(Int64.max).pollMilliseconds == .max)
    }

    @Test("a malformed schema from a server gives no layout instead of trapping", arguments: [
        "{\"generation\":1e20,\"channels\":[]}",
        "{\"generation\":-1,\"channels\":[]}",
        "{\"generation\":1.5,\"channels\":[]}",
        "{\"generation\":1,\"channels\":[{\"name\":\"a\",\"dimension\":1e300}]}",
        "{\"generation\":1,\"channels\":[{\"name\":\"a\",\"dimension\":0}]}",
        "{\"generation\":1,\"channels\":[{\"name\":\"a\",\"dimension\":2.5}]}",
        "{\"generation\":1,\"channels\":[{\"dimension\":2}]}",
    ])
    func malformedSchema(text: String) throws {
        let object = try #require(try JSONValue.parse(Array(text.utf8)).objectValue)
        #expect(Schema(schema: object) == nil)
    }

    @Test("a well-formed schema gives its layout")
    func schema() throws {
        let text = "{\"generation\":4294967295,\"channels\":[{\"name\":\"a\",\"dimension\":2},{\"name\":\"b\",\"dimension\":64}]}"
        let object = try #require(try JSONValue.parse(Array(text.utf8)).objectValue)
        let layout = try #require(Schema(schema: object))
        #expect(layout.generation == .max)
        // Each channel's value and velocity components: offsets 0 and 2·2.
        #expect(layout.channels.map(\.dimension) == [2, 64] && layout.channels.map(\.offset) == [0, 4])
    }

    @Test("plot coordinates and labels of huge finite values are written without an integer conversion")
    func plotFormat() {
        for value in [1e300, -2.5e15, 1e15, -Double.greatestFiniteMagnitude] {
            #expect(Double(SVGPlot.format(value)) == value)
            #expect(Double(SVGPlot.label(value)) == value)
        }
        #expect(SVGPlot.format(12.345) == "12.35" || SVGPlot.format(12.345) == "12.34")
        #expect(SVGPlot.format(7) == "7")
    }
}
