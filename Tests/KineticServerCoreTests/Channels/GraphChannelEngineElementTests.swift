import FoundationEssentials
import Kinetic
import Testing
@testable import KineticProtocol
@testable import KineticBindings
@testable import KineticServerCore

/// Elements in the daemon's engine — transitions, zooms and symbol effects as channels — against
/// values worked out by hand from linear animations and the effects' documented keyframes.
@Suite("AnimationGraph channel engine: elements")
struct GraphChannelEngineElementTests {
    let epoch: UInt64 = 5_000_000_000
    func ns(_ seconds: Double) -> UInt64 { epoch + UInt64((seconds * 1e9).rounded()) }
    let linear = try! AnimationExpression.parse(".linear(duration: 1)")

    /// Advances in display frames (120 Hz) to `end`: fluid springs (the drag's) catch up at most a few steps a frame,
    /// as SwiftUI's do, so one long jump would leave them behind.
    func run(_ engine: GraphChannelEngine, from start: Double, to end: Double) -> [EngineEvent] {
        var events: [EngineEvent] = []
        for t in stride(from: start, through: end, by: 1.0 / 120) { events += engine.advance(to: ns(t)) }
        return events + engine.advance(to: ns(end))
    }

    func value(_ engine: GraphChannelEngine, _ name: String) -> [Double] {
        engine.samples().first { $0.name == name }?.value ?? []
    }

    @Test("insert animates from willAppear to identity; remove to didDisappear, then the channels go with one event")
    func insertAndRemove() throws {
        let engine = GraphChannelEngine(epoch: epoch)
        let transition = try TransitionExpression.parse(".move(edge: .bottom).combined(with: .opacity)")
        let reply = try engine.element("win", .insert(transition: transition, animation: linear), owner: .client(1), at: ns(0))
        #expect(reply.fields["channels"] == ["win.opacity", "win.scale", "win.offset", "win.relative_offset", "win.rotation", "win.blur"])
        #expect(engine.channels.allSatisfy { $0.element == "win" && $0.owner == .client(1) })
        _ = engine.advance(to: ns(0.25))
        // Linear: a quarter of the way from opacity 0 and relative offset (0, 1) (one height below) to identity.
        #expect(value(engine, "win.opacity") == [0.25])
        #expect(value(engine, "win.relative_offset") == [0, 0.75])
        #expect(value(engine, "win.scale") == [1, 1])
        _ = engine.advance(to: ns(1))
        #expect(value(engine, "win.opacity") == [1])
        _ = engine.advance(to: ns(1.01))
        #expect(engine.isSettled)

        let token = CompletionToken(client: 1, commandID: 9, criterion: .removed)
        let removal = try engine.element("win", .remove(transition: nil, animation: linear, completion: token), owner: .client(1), at: ns(2))
        #expect(removal.events.isEmpty)
        _ = engine.advance(to: ns(2.5))
        #expect(value(engine, "win.opacity") == [0.5])
        #expect(value(engine, "win.relative_offset") == [0, 0.5])  // leaves through the bottom edge
        var events: [EngineEvent] = []
        for t in stride(from: 2.5, through: 3.2, by: 1.0 / 120) { events += engine.advance(to: ns(t)) }
        #expect(events == [.elementRemoved(token, element: "win")])
        #expect(engine.channels.isEmpty && engine.isSettled)
    }

    @Test("a transition's channels are described in closed form: each its animation, in the channel's units; every element command describes them again")
    func transitionChannelsHaveMotionDescriptors() throws {
        let engine = GraphChannelEngine(epoch: epoch)
        let transition = try TransitionExpression.parse(".scale(0.9).combined(with: .opacity).combined(with: .offset(x: 0, y: 40))")
        _ = try engine.element("w", .insert(transition: transition, animation: linear), owner: .client(1), at: ns(0))
        let opacity = try engine.index(of: "w.opacity"), scale = try engine.index(of: "w.scale")
        let offset = try engine.index(of: "w.offset")
        let version = engine.motionVersion(at: opacity)
        _ = engine.advance(to: ns(0.25))
        // .linear(duration: 1) from willAppear (opacity 0, scale 0.9, offset (0, 40)) to identity, begun at 0.
        #expect(engine.motion(at: opacity) == .animation(model: [1], interval: [1], begin: 0,
                                                         term: .curve(p1x: 0, p1y: 0, p2x: 1, p2y: 1, duration: 1)))
        guard case .animation([1, 1], let interval, 0, .curve) = engine.motion(at: scale),
              case .animation([0, 0], [0, -40], 0, .curve) = engine.motion(at: offset) else {
            Issue.record("scale \(engine.motion(at: scale)), offset \(engine.motion(at: offset))")
            return
        }
        #expect(interval.map { ($0 * 1e9).rounded() / 1e9 } == [0.1, 0.1])
        #expect(engine.motionVersion(at: opacity) == version, "nothing changed while it ran")
        // The removal changes every channel's motion: new versions, the reverse animation described.
        _ = try engine.element("w", .remove(transition: nil, animation: linear, completion: CompletionToken(client: 1, commandID: 2, criterion: .removed)),
                               owner: .client(1), at: ns(2))
        #expect(engine.motionVersion(at: opacity) > version)
        guard case .animation([0], [-1], 2, .curve) = engine.motion(at: opacity) else {
            Issue.record("the removal: \(engine.motion(at: opacity))")
            return
        }
    }

    @Test("re-inserting during a removal re-targets from where the element is, and the removal never reports")
    func reinsertDuringRemoval() throws {
        let engine = GraphChannelEngine(epoch: epoch)
        _ = try engine.element("w", .insert(transition: nil, animation: linear), owner: .client(1), at: ns(0))
        _ = engine.advance(to: ns(1))
        let token = CompletionToken(client: 1, commandID: 1, criterion: .removed)
        _ = try engine.element("w", .remove(transition: nil, animation: linear, completion: token), owner: .client(1), at: ns(1))
        _ = engine.advance(to: ns(1.5))
        #expect(value(engine, "w.opacity") == [0.5])
        var events = try engine.element("w", .insert(transition: nil, animation: linear), owner: .client(1), at: ns(1.5)).events
        _ = engine.advance(to: ns(1.5))
        #expect(value(engine, "w.opacity") == [0.5])  // no jump to willAppear
        for t in stride(from: 1.5, through: 4, by: 0.01) { events += engine.advance(to: ns(t)) }
        #expect(events.isEmpty && value(engine, "w.opacity") == [1] && engine.channels.count == 6)
    }

    @Test("an element's channels refuse set and animate; a zoom command on an inserted element is refused")
    func elementKinds() throws {
        let engine = GraphChannelEngine(epoch: epoch)
        _ = try engine.element("w", .insert(transition: nil, animation: nil), owner: .client(1), at: ns(0))
        #expect(throws: ChannelEngineError(.wrongKind, "\"w.opacity\" belongs to element \"w\"; use insert, remove, zoom or effect on the element")) {
            _ = try engine.set("w.opacity", to: [1], at: ns(0))
        }
        let zoom = ElementRequest.zoom(ZoomRequest(action: .present, source: [0, 0, 10, 10], destination: [0, 0, 100, 100]), animation: nil)
        #expect(throws: ChannelEngineError(.wrongKind, "\"w\" is an inserted element; a zoom command does not apply to it; use insert and remove on it, or another element name")) {
            _ = try engine.element("w", zoom, owner: .client(1), at: ns(0))
        }
        // A channel name taken by another channel refuses the element.
        try engine.define("z.frame", dimension: 4, initial: [0, 0, 0, 0], owner: .client(1), at: ns(0))
        #expect(throws: ChannelEngineError.self) { _ = try engine.element("z", zoom, owner: .client(1), at: ns(0)) }
        // Removing one of its channels removes the element.
        _ = try engine.remove("w.blur", at: ns(0))
        #expect(engine.channels.map(\.name) == ["z.frame"])
    }

    @Test("zoom: present animates the frame; a drag follows and shrinks it; release dismisses from the projection")
    func zoom() throws {
        let engine = GraphChannelEngine(epoch: epoch)
        let present = ZoomRequest(action: .present, source: [10, 20, 40, 30], destination: [0, 0, 400, 800], cornerRadius: [12, 0])
        _ = try engine.element("photo", .zoom(present, animation: linear), owner: .client(1), at: ns(0))
        _ = engine.advance(to: ns(0.5))
        #expect(value(engine, "photo.frame") == [5, 10, 220, 415])
        #expect(value(engine, "photo.corner_radius") == [6])
        _ = engine.advance(to: ns(1))
        #expect(value(engine, "photo.frame") == [0, 0, 400, 800])

        // A drag of 200 down (a quarter of the height): scale 1 − 0.4 × 0.25 = 0.9, centred 200 lower.
        _ = try engine.element("photo", .zoom(ZoomRequest(action: .drag, translation: [0, 200]), animation: nil), owner: .client(1), at: ns(1))
        _ = run(engine, from: 1, to: 3)
        let dragged = value(engine, "photo.frame")
        #expect(zip(dragged, [20, 240, 360, 720]).allSatisfy { abs($0 - $1) < 1e-3 }, "\(dragged)")
        // Released slowly 50 down: projected 50 + 0 < 0.25 × 800 → cancels.
        let cancel = try engine.element("photo", .zoom(ZoomRequest(action: .release, translation: [0, 50], velocity: [0, 0]), animation: nil),
                                        owner: .client(1), at: ns(3))
        #expect(cancel.fields["dismissed"] == false)
        // Released at 100 pt/s after 150: projected 150 + 100 × 0.998/0.002/1000 = 199.9 < 200 → cancels; at 101 → 200.4 dismisses.
        let slow = try engine.element("photo", .zoom(ZoomRequest(action: .release, translation: [0, 150], velocity: [0, 100]), animation: nil),
                                      owner: .client(1), at: ns(4))
        #expect(slow.fields["dismissed"] == false)
        let fast = try engine.element("photo", .zoom(ZoomRequest(action: .release, translation: [0, 150], velocity: [0, 101]), animation: nil),
                                      owner: .client(1), at: ns(5))
        #expect(fast.fields["dismissed"] == true)
        _ = run(engine, from: 5, to: 8)
        #expect(zip(value(engine, "photo.frame"), [10, 20, 40, 30]).allSatisfy { abs($0 - $1) < 1e-3 })
        #expect(value(engine, "photo.corner_radius").first.map { abs($0 - 12) < 1e-3 } == true)
    }

    @Test("effects: a trigger runs the curve on the channels; active runs until turned off; velocities are the curve's")
    func effects() throws {
        let engine = GraphChannelEngine(epoch: epoch)
        let bounce = try SymbolEffectExpression.parse(effect: ".bounce")
        let reply = try engine.element("bell", .effect(bounce, .trigger), owner: .client(1), at: ns(1))
        #expect(reply.fields["channels"] == ["bell.scale", "bell.offset", "bell.rotation", "bell.opacity", "bell.variable_color"])
        #expect(!engine.isSettled)
        _ = engine.advance(to: ns(1.12))
        let samples = engine.samples()
        #expect(samples.first { $0.name == "bell.scale" }.map { abs($0.value[0] - 0.88) < 1e-9 } == true)
        let curve = BounceSymbolEffect().curve
        _ = engine.advance(to: ns(1.3))
        let offset = try #require(engine.samples().first { $0.name == "bell.offset" })
        #expect(abs(offset.value[1] - Double(curve.values(at: 0.3).offset.height)) < 1e-9)
        #expect(abs(offset.velocity[1] - Double(curve.velocities(at: 0.3).offset.height)) < 1e-6)
        _ = engine.advance(to: ns(1.6))
        #expect(value(engine, "bell.scale") == [1] && engine.isSettled)

        // .scale runs while active only.
        let scale = try SymbolEffectExpression.parse(effect: ".scale.up")
        #expect(throws: ChannelEngineError.self) { _ = try engine.element("lens", .effect(scale, .trigger), owner: .client(1), at: ns(2)) }
        let rotate = try SymbolEffectExpression.parse(effect: ".rotate")
        _ = try engine.element("gear", .effect(rotate, .active(true)), owner: .client(1), at: ns(2))
        _ = engine.advance(to: ns(4.25))
        #expect(value(engine, "gear.rotation").first.map { abs($0 - 90) < 1e-9 } == true)
        _ = try engine.element("gear", .effect(rotate, .active(false)), owner: .client(1), at: ns(4.25))
        _ = engine.advance(to: ns(4.75))
        #expect(!engine.isSettled)
        _ = engine.advance(to: ns(5))
        #expect(value(engine, "gear.rotation") == [0] && engine.isSettled)
    }
}

/// Several channels changed in one transaction, one completion.
@Suite("AnimationGraph channel engine: animate(changes:)")
struct GraphChannelEngineBridgeTests {
    let epoch: UInt64 = 1_000_000_000
    func ns(_ seconds: Double) -> UInt64 { epoch + UInt64((seconds * 1e9).rounded()) }

    @Test("every change starts together and one completion fires when the last animation is removed")
    func oneCompletionForAll() throws {
        let engine = GraphChannelEngine(epoch: epoch)
        try engine.define("a", dimension: 1, initial: [0], owner: .client(1), at: ns(0))
        try engine.define("b", dimension: 2, initial: [0, 0], owner: .client(1), at: ns(0))
        let token = CompletionToken(client: 1, commandID: 4, criterion: .removed)
        let linear = try AnimationExpression.parse(".linear(duration: 1)")
        #expect(try engine.animate([("a", [10]), ("b", [4, -8])], with: linear, completion: token, at: ns(0)).isEmpty)
        _ = engine.advance(to: ns(0.5))
        #expect(engine.presentationValue(of: "a") == [5] && engine.presentationValue(of: "b") == [2, -4])
        var events: [EngineEvent] = []
        for t in stride(from: 0.5, through: 1.2, by: 1.0 / 120) { events += engine.advance(to: ns(t)) }
        #expect(events == [.completed(token, channels: ["a", "b"])])
    }

    @Test("a bad change refuses the whole command: nothing moves")
    func atomic() throws {
        let engine = GraphChannelEngine(epoch: epoch)
        try engine.define("a", dimension: 1, initial: [0], owner: .client(1), at: ns(0))
        #expect(throws: ChannelEngineError.self) {
            _ = try engine.animate([("a", [10]), ("missing", [1])], with: nil, completion: nil, at: ns(0))
        }
        #expect(engine.isSettled && engine.presentationValue(of: "a") == [0])
    }
}
