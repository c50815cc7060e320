import Kinetic
import Testing
@testable import KineticProtocol
@testable import KineticBindings
@testable import KineticServerCore
@testable import KineticTestSupport

@Suite("AnimationGraph channel engine")
struct GraphChannelEngineTests {
    let epoch: UInt64 = 5_000_000_000

    func ns(_ seconds: Double) -> UInt64 { epoch + UInt64((seconds * 1e9).rounded()) }

    @Test("a channel animates exactly like an attribute changed in withAnimation at the same time")
    func matchesGraph() throws {
        let engine = GraphChannelEngine(epoch: epoch)
        try engine.define("card", dimension: 2, initial: [0, 0], owner: .configuration, at: ns(0))
        _ = engine.advance(to: ns(0.1))
        let expression = try AnimationExpression.parse(".spring(duration: 0.4, bounce: 0.2)")
        _ = try engine.animate("card", to: [100, -50], with: expression, completion: nil, at: ns(0.25))

        // The reference: the Kinetic API driven by hand.
        let graph = AnimationGraph(time: 0)
        let reference = graph.attribute(AnimatableVector([0, 0]))
        graph.advance(to: 0.25)
        withAnimation(.spring(duration: 0.4, bounce: 0.2)) { reference.value = [100, -50] }
        for t in stride(from: 0.25, through: 2.0, by: 1.0 / 120) {
            _ = engine.advance(to: ns(t))
            graph.advance(to: Double(ns(t) - epoch) / 1e9)
            let sample = try #require(engine.samples().first)
            #expect(sample.value == reference.presentationData.components)
            // AnimatableVector equality pads with zeros: an idle attribute reports the empty zero vector.
            #expect(AnimatableVector(sample.velocity) == reference.velocity)
        }
        #expect(engine.samples().first.map { abs($0.value[0] - 100) < 0.01 && abs($0.value[1] + 50) < 0.01 } == true)
    }

    @Test("completion events fire once, with the command's token")
    func completions() throws {
        let engine = GraphChannelEngine(epoch: epoch)
        try engine.define("a", dimension: 1, initial: [0], owner: .configuration, at: ns(0))
        let token = CompletionToken(client: 3, commandID: 7, criterion: .logicallyComplete)
        let immediate = try engine.animate("a", to: [1], with: try AnimationExpression.parse(".easeInOut(duration: 0.3)"),
                                           completion: token, at: ns(0))
        #expect(immediate.isEmpty)
        var events: [EngineEvent] = []
        for t in stride(from: 0.0, through: 1.0, by: 1.0 / 120) { events += engine.advance(to: ns(t)) }
        #expect(events == [.completed(token, channels: ["a"])])
        #expect(engine.isSettled)
    }

    @Test("set jumps and removes the running animation, telling its removed listener")
    func setJumps() throws {
        let engine = GraphChannelEngine(epoch: epoch)
        try engine.define("a", dimension: 1, initial: [0], owner: .configuration, at: ns(0))
        let token = CompletionToken(client: 1, commandID: "x", criterion: .removed)
        _ = try engine.animate("a", to: [10], with: nil, completion: token, at: ns(0))
        _ = engine.advance(to: ns(0.1))
        let events = try engine.set("a", to: [42], at: ns(0.1))
        #expect(events == [.completed(token, channels: ["a"])])
        #expect(engine.samples().first?.value == [42])
        #expect(engine.samples().first?.velocity == [0])
        // The graph drops finished animations when it next advances (the core asks after a tick).
        _ = engine.advance(to: ns(0.1 + 1.0 / 120))
        #expect(engine.isSettled)
        #expect(engine.samples().first?.value == [42])
    }

    @Test("removing an animating channel stops its animation, so the engine can settle")
    func removeStops() throws {
        let engine = GraphChannelEngine(epoch: epoch)
        try engine.define("spin", dimension: 1, initial: [0], owner: .client(1), at: ns(0))
        _ = try engine.animate("spin", to: [1], with: try AnimationExpression.parse(".linear(duration: 1).repeatForever()"),
                               completion: nil, at: ns(0))
        _ = engine.advance(to: ns(0.5))
        #expect(!engine.isSettled)
        _ = try engine.remove("spin", at: ns(0.5))
        _ = engine.advance(to: ns(0.6))
        #expect(engine.isSettled)
        #expect(engine.channels.isEmpty)
    }

    @Test("timing curves report velocity as the backward difference of presentation values")
    func timingCurveVelocity() throws {
        let engine = GraphChannelEngine(epoch: epoch)
        try engine.define("a", dimension: 1, initial: [0], owner: .configuration, at: ns(0))
        _ = try engine.animate("a", to: [120], with: try AnimationExpression.parse(".linear(duration: 1)"), completion: nil, at: ns(0))
        _ = engine.samples()
        _ = engine.advance(to: ns(0.5))
        let sample = try #require(engine.samples().first)
        #expect(abs(sample.value[0] - 60) < 1e-9)
        #expect(abs(sample.velocity[0] - 120) < 1e-6)
    }

    @Test("reduce motion: a spring command becomes a 0.2 s ease without overshoot")
    func reduceMotion() throws {
        let engine = GraphChannelEngine(epoch: epoch)
        engine.reduceMotion = true
        try engine.define("a", dimension: 1, initial: [0], owner: .configuration, at: ns(0))
        _ = try engine.animate("a", to: [100], with: try AnimationExpression.parse(".bouncy(extraBounce: 0.3)"), completion: nil, at: ns(0))
        var maximum = 0.0
        for t in stride(from: 0.0, through: 0.2, by: 1.0 / 240) {
            _ = engine.advance(to: ns(t))
            maximum = max(maximum, engine.samples()[0].value[0])
        }
        #expect(maximum <= 100)
        #expect(engine.samples()[0].value == [100])
    }

    @Test("bad values are errors, not traps", arguments: [[Double.nan], [1, 2], [Double.infinity]])
    func badValues(value: [Double]) throws {
        let engine = GraphChannelEngine(epoch: epoch)
        try engine.define("a", dimension: 1, initial: [0], owner: .configuration, at: ns(0))
        let kind: ChannelEngineError.Kind = value.count == 1 ? .badValue : .dimensionMismatch
        #expect(throws: ChannelEngineError.self) { _ = try engine.set("a", to: value, at: ns(0)) }
        do {
            _ = try engine.animate("a", to: value, with: nil, completion: nil, at: ns(0))
            Issue.record("animated to \(value)")
        } catch {
            #expect(error.kind == kind)
            // As a client is told: bad_message for a value, dimension_mismatch for a count.
            #expect(ProtocolError(error).code == (kind == .badValue ? .badMessage : .dimensionMismatch))
        }
    }

    @Test("a mistyped channel or element name is answered with the nearest, for every client")
    func nearestName() throws {
        let engine = GraphChannelEngine(epoch: epoch)
        try engine.define("card.offset", dimension: 2, initial: [0, 0], owner: .configuration, at: ns(0))
        try engine.define("glow", dimension: 1, initial: [0], owner: .configuration, at: ns(0))
        do {
            _ = try engine.set("card.ofset", to: [1, 2], at: ns(0))
            Issue.record("set an unknown channel")
        } catch {
            #expect(error.kind == .unknownChannel)
            #expect(error.message == #"no channel named "card.ofset"; did you mean "card.offset"?; `list` shows the channels"#)
        }
        do {
            _ = try engine.set("zzzzzzzz", to: [1], at: ns(0))
        } catch {
            #expect(error.message == #"no channel named "zzzzzzzz"; `list` shows the channels"#, "nothing near: no suggestion")
        }
    }
}
