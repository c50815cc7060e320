import FoundationEssentials
import KineticInput
import Testing
@testable import KineticProtocol
@testable import KineticBindings
@testable import KineticServerCore
@testable import KineticTestSupport

private let recordingsDirectory = ReplayFixtures.recordingsDirectory

@Suite("Gesture bindings")
struct GestureBindingReleaseTests {
    static let rubberBandVectors: [(Double, Double, Double, Double)] = [
        // (x, d, c, f(x)): f(100) with d = 100 is 100·(1 − 1/1.55) = 35.4838…; f(10) = 100·(1 − 1/1.055) = 5.2132…
        (0, 100, 0.55, 0), (100, 100, 0.55, 35.483870967741936), (10, 100, 0.55, 5.213270142180095),
        (1e9, 100, 0.55, 99.99998181818512), (50, 0, 0.55, 0),
    ]

    @Test("rubber band: f(x) = (1 − 1/(x·c/d + 1))·d", arguments: rubberBandVectors)
    func rubberBand(x: Double, extent: Double, c: Double, expected: Double) {
        #expect(abs(RubberBand(constant: c).offset(forOvershoot: x, dimension: extent) - expected) < 1e-9)
    }

    @Test("rubber band near the bound has slope c and never exceeds the extent")
    func rubberBandProperties() {
        let slope = RubberBand(constant: 0.55).offset(forOvershoot: 1e-6, dimension: 300) / 1e-6
        #expect(abs(slope - 0.55) < 1e-6)
        #expect(ChannelBounds(lower: [0, 0, 0], upper: [300, 300, 300]).rubberBanded([-1000, 50, 5000], by: RubberBand(constant: 0.55))
            .enumerated().allSatisfy { i, v in i == 1 ? v == 50 : (v > -300 && v < 600) })
    }

    @Test("snap targets: the snap point nearest the projected end, inside bounds")
    func snap() throws {
        let binding = try #require(try DaemonConfiguration.parse("""
            bindings:
              - channel: card
                release: {target: snap, snap_points: [[0, 0], [0, 300], [0, 600], [0, 900]]}
                bounds: {min: [0, 0], max: [0, 600]}
            """, source: "test").bindings.first)
        func target(_ release: ReleaseTarget, value: [Double], projected: [Double], start: [Double]) -> [Double] {
            release.resolve(current: value, origin: start, projectedEnd: projected, bounds: binding.bounds)
        }
        let snap = binding.release.target
        #expect(target(snap, value: [0, 100], projected: [0, 140], start: [0, 0]) == [0, 0])
        #expect(target(snap, value: [0, 100], projected: [0, 160], start: [0, 0]) == [0, 300])
        // Projected past the bounds: clamped to 600 first; 900 is outside the bounds and never chosen.
        #expect(target(snap, value: [0, 500], projected: [0, 2000], start: [0, 0]) == [0, 600])
        #expect(target(.origin, value: [0, 500], projected: [0, 2000], start: [0, 42]) == [0, 42])
        #expect(target(.stay, value: [0, 700], projected: [0, 2000], start: [0, 42]) == [0, 600])
    }

    @Test("unplugging mid-drag releases the channel instead of freezing it")
    func unplugReleases() throws {
        let recording = try #require(try ReplaySchedule.load(path: recordingsDirectory + "/drag-hold.evemu").recordings.first)
        var binding = GestureBinding(channel: "card")
        binding.release.target = .origin
        let engine = GraphChannelEngine(epoch: 0)
        let pipeline = GesturePipeline(bindings: [binding])
        try pipeline.defineChannels(in: engine, at: 0)
        let device = try #require(pipeline.attach(recording.device, path: "test"))
        // Feed the first half of the recording: the finger is down and has moved.
        let half = recording.events.prefix(recording.events.count / 2)
        var began = false
        for event in half {
            let events = InputOutcome(pipeline.process(event, from: device, engine: engine)).events
            began = began || events.contains { $0.name == "gesture.began" }
        }
        #expect(began)
        let last = try #require(half.last).time
        _ = engine.advance(to: last)
        let moved = try #require(engine.presentationValue(of: "card"))
        #expect(moved != [0, 0])
        let ended = InputOutcome(pipeline.detach(device, at: last, engine: engine)).events
        #expect(ended.map(\.name) == ["gesture.ended"])
        #expect(ended.first?.fields["cancelled"] == true)
        // Released to its origin with the release spring: it settles back at (0, 0). Time advances
        // at 120 Hz, as the daemon's clock does.
        for k in 1...360 { _ = engine.advance(to: last + UInt64(k) * 8_333_333) }
        let back = try #require(engine.presentationValue(of: "card"))
        #expect(abs(back[0]) < 1e-3 && abs(back[1]) < 1e-3, "\(back) moved \(moved) problems \(pipeline.problems)")
        #expect(engine.isSettled)
    }

    @Test("a pinch binding follows the magnification and returns to 1 on release to origin")
    func pinch() throws {
        let recording = try #require(try ReplaySchedule.load(path: recordingsDirectory + "/pinch.evemu").recordings.first)
        var binding = GestureBinding(channel: "scale", gesture: .pinch)
        binding.release.target = .origin
        var configuration = DaemonConfiguration()
        configuration.bindings = [binding]
        let frames = try OfflineReplay.run(schedule: ReplaySchedule(recordings: [recording]), configuration: configuration)
        let values = frames.compactMap { line -> Double? in
            try? JSONValue.parse(line).objectValue?["values"]?.objectValue?["scale"]?.objectValue?["value"]?.vectorValue?.first
        }
        #expect(values.first == 1)
        #expect(values.contains { abs($0 - 1) > 0.2 }, "the pinch changes the scale")
        #expect(abs((values.last ?? 0) - 1) < 1e-9)
    }
}
