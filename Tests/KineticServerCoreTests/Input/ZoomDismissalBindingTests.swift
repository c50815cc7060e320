import FoundationEssentials
import Kinetic
import KineticInput
import Testing
@testable import KineticBindings
@testable import KineticProtocol
@testable import KineticServerCore
@testable import KineticTestSupport

/// A configuration binding whose drag drives a zoom element's interactive dismissal, on the
/// bundled fling recording; the decision is checked against the projection worked out from the release's own
/// translation and velocity.
struct ZoomDismissalBindingTests {
    let destination = [0.0, 0.0, 400.0, 800.0]

    /// Replays the fling with a zoom `photo` presented in a destination of `height`; returns the binding events and
    /// the zoom's frame once everything has settled.
    func fling(height: Double) throws -> (events: [BindingEvent], frame: [Double], problems: [String]) {
        let recording = try ReplayFixtures.recording("swipe-fling.evemu")
        let engine = GraphChannelEngine(epoch: 0)
        var binding = GestureBinding(channel: "photo")
        binding.zoomDismissal = true
        binding.scale = 10
        let pipeline = GesturePipeline(bindings: [binding])
        try pipeline.defineChannels(in: engine, at: 0)
        #expect(engine.channels.isEmpty, "the zoom's channels are the client's, not the configuration's")
        let present = ZoomRequest(action: .present, source: [10, 20, 40, 30], destination: [0, 0, 400, height])
        _ = try engine.element("photo", .zoom(present, animation: try AnimationExpression.parse(".linear(duration: 0.01)")),
                               owner: .client(1), at: 0)
        let handle = try #require(pipeline.attach(recording.device, path: nil))
        let events = recording.events.flatMap { pipeline.process($0, from: handle, engine: engine).bindingEvents }
        var t = UInt64(Int64(try #require(recording.events.last).time))
        for _ in 0..<600 {
            t += 8_333_333
            _ = engine.advance(to: t)
        }
        return (events, engine.presentationValue(of: "photo.frame") ?? [], pipeline.problems)
    }

    @Test func aFlingDismissesWhenItsProjectionReachesAQuarterOfTheHeight() throws {
        let (events, frame, problems) = try fling(height: 800)
        #expect(problems.isEmpty, "\(problems)")
        #expect(events.first?.phase == .began && events.last?.phase == .ended)
        #expect(events.dropFirst().dropLast().allSatisfy { $0.phase == .changed } && events.count > 3)
        let release = try #require(events.last)
        // The projection, by hand: translation + velocity × 0.998 / (1 − 0.998) / 1000.
        let projected = zip(release.input, release.inputVelocity).map { $0 + $1 * 0.998 / 0.002 / 1000 }
        let distance = (projected[0] * projected[0] + projected[1] * projected[1]).squareRoot()
        #expect(distance >= 0.25 * 800, "the fixture is a fling: \(projected)")
        #expect(zip(frame, [10, 20, 40, 30]).allSatisfy { abs($0 - $1) < 0.01 }, "dismissed into the source: \(frame)")
    }

    @Test func theSameFlingOnATallDestinationCancelsBackToFullSize() throws {
        let height = 100_000.0
        let (events, frame, _) = try fling(height: height)
        let release = try #require(events.last)
        let projected = zip(release.input, release.inputVelocity).map { $0 + $1 * 0.998 / 0.002 / 1000 }
        #expect((projected[0] * projected[0] + projected[1] * projected[1]).squareRoot() < 0.25 * height)
        #expect(zip(frame, [0, 0, 400, height]).allSatisfy { abs($0 - $1) < 0.01 }, "back to full size: \(frame)")
    }

    @Test func aDragOnAZoomThatIsNotPresentedIsSkippedAndSaysWhy() throws {
        let recording = try ReplayFixtures.recording("swipe-fling.evemu")
        let engine = GraphChannelEngine(epoch: 0)
        var binding = GestureBinding(channel: "photo")
        binding.zoomDismissal = true
        let pipeline = GesturePipeline(bindings: [binding])
        let handle = try #require(pipeline.attach(recording.device, path: nil))
        let events = recording.events.flatMap { pipeline.process($0, from: handle, engine: engine).bindingEvents }
        #expect(events.isEmpty && engine.channels.isEmpty)
        #expect(pipeline.problems.first?.contains("no element named") == true || pipeline.problems.first?.contains("not presented") == true,
                "\(pipeline.problems)")
    }

    @Test func theConfigurationSpellsIt() throws {
        let yaml = """
            bindings:
              - match: { class: touchscreen }
                zoom_dismiss: photo
                scale: 3.5
            """
        let binding = try #require(try DaemonConfiguration.parse(yaml, source: "test.yaml").bindings.first)
        #expect(binding.zoomDismissal && binding.channel == "photo" && binding.scale == 3.5 && binding.channelNames.isEmpty)
        #expect(throws: ConfigurationError.self) {
            try DaemonConfiguration.parse("bindings:\n  - zoom_dismiss: photo\n    release: { target: origin }\n", source: "t")
        }
        #expect(throws: ConfigurationError.self) {
            try DaemonConfiguration.parse("bindings:\n  - zoom_dismiss: photo\n    gesture: pinch\n", source: "t")
        }
        #expect(throws: ConfigurationError.self) {
            try DaemonConfiguration.parse("bindings:\n  - channel: a\n    scale: .nan\n", source: "t")
        }
    }
}
