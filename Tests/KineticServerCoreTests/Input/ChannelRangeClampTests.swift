import Kinetic
import KineticInput
import Testing
@testable import KineticBindings
@testable import KineticProtocol
@testable import KineticServerCore
@testable import KineticTestSupport

/// A mapping and a binding scale that together push a channel past the range commands must respect (±1e12): the
/// binding's output is held at the edge, and the pipeline says so for the daemon's log.
struct ChannelRangeClampTests {
    @Test func aBindingsOutputIsHeldAtTheChannelRange() throws {
        let configuration = try DaemonConfiguration.parse("""
            mappings:
              - match: { class: touchscreen }
                scale: 1000000
            bindings:
              - match: { class: touchscreen }
                value: location
                channel: big
                scale: 1000000
                animation: none

            """, source: "clamp.yaml")
        let recording = try ReplayFixtures.recording("swipe-fling.evemu")
        let engine = GraphChannelEngine(epoch: 0)
        let pipeline = GesturePipeline(bindings: configuration.bindings, mappings: configuration.mappings)
        try pipeline.defineChannels(in: engine, at: 0)
        let handle = try #require(pipeline.attach(recording.device, path: nil))
        var largest = 0.0
        for event in recording.events {
            _ = pipeline.process(event, from: handle, engine: engine)
            largest = max(largest, (engine.presentationValue(of: "big") ?? []).map(abs).max() ?? 0)
        }
        // The swipe crosses about 100 mm: 1e6 px/mm × 1e6 units/px would be 1e14.
        #expect(largest == ChannelValue.maximumMagnitude)
        let problems = pipeline.takeProblems()
        #expect(problems.first?.contains("the value left finite numbers from -1e12 to 1e12 and is held at the edge; lower the binding's scale or the mapping's") == true, "\(problems)")
        #expect(pipeline.takeProblems().isEmpty, "taken once")
    }
}
