import Glibc
import FoundationEssentials
import Kinetic
import Testing
@testable import KineticProtocol
@testable import KineticBindings
@testable import KineticServerCore
@testable import KineticServer
@testable import KineticTestSupport

/// Transitions, zooms and symbol effects driven through a real Unix socket against the daemon's
/// engine on its real clock. Expectations are invariants of each frame (a linear transition's opacity and offset
/// move together) and values the commands fix (targets, the bounce's dip), never a time the machine must meet;
/// every wait is bounded. The animations are long (1 s; the bounce slowed to 2 s) so that a loaded machine still
/// ticks inside them many times.
@Suite("Elements over a real socket", .serialized)
struct ElementSocketTests {
    private func connect(_ server: DaemonServer, patterns: [String]) throws -> SocketTestClient {
        let client = try SocketTestClient(path: try #require(server.socketPath), encoding: .jsonLines)
        client.send(.hello(Hello(major: 1, client: "elements")))
        client.send(.subscribe(Subscription(patterns: patterns)))
        return client
    }

    private func reply(_ client: SocketTestClient, _ id: Int) -> JSONObject? {
        wait(client) { client.messages(.reply).contains { $0["id"] == .number(Double(id)) } }
        return client.messages(.reply).last { $0["id"] == .number(Double(id)) }
    }

    /// Waits (at most 10 s) until `condition` holds over everything received so far.
    private func wait(_ client: SocketTestClient, until condition: () -> Bool) {
        client.wait(timeout: 10, until: condition)
    }

    private func values(_ client: SocketTestClient, _ channel: String) -> [[Double]] {
        client.frames.compactMap { $0.samples[channel]?.value }
    }

    @Test("insert animates an element in, remove animates it out and ends with animation.removed and a schema without it")
    func insertAndRemove() async throws {
        let directory = TemporaryDirectory()
        let server = try await DaemonServer.startGraphServer(in: directory)
        let client = try connect(server, patterns: ["win.*"])
        client.send(.command(Command(id: 1, operation: .insert(element: "win", transition: ".move(edge: .bottom).combined(with: .opacity)",
                                                               animation: ".linear(duration: 1)"))))
        let inserted = try #require(reply(client, 1))
        #expect(inserted["ok"] == true)
        #expect(inserted["channels"]?.arrayValue?.count == 6)
        wait(client) { values(client, "win.opacity").last == [1] }
        let opacities = values(client, "win.opacity").map { $0[0] }
        let offsets = values(client, "win.relative_offset").map { $0[1] }
        #expect(opacities.last == 1 && opacities.contains { $0 > 0 && $0 < 1 }, "\(opacities)")
        #expect(zip(opacities, opacities.dropFirst()).allSatisfy { $0 <= $1 })
        // One linear animation moves both: the element is one height below while transparent.
        #expect(zip(opacities, offsets).allSatisfy { abs($0 + $1 - 1) < 1e-9 })

        client.send(.command(Command(id: 2, operation: .removeElement(element: "win", transition: nil, animation: ".linear(duration: 1)"))))
        #expect(reply(client, 2)?["ok"] == true)
        wait(client) { client.messages(.event).contains { $0["event"] == "animation.removed" } }
        let removed = try #require(client.messages(.event).last)
        #expect(removed["id"] == 2 && removed["element"] == "win")
        wait(client) { client.messages(.schema).last?["channels"]?.arrayValue?.isEmpty == true }
        #expect(client.messages(.schema).last?["channels"]?.arrayValue?.isEmpty == true)
        let leaving = values(client, "win.opacity").map { $0[0] }.drop { $0 == 1 }
        #expect(leaving.contains { $0 > 0 && $0 < 1 }, "the removal animates: \(Array(leaving))")
        await server.stop()
    }

    @Test("zoom presents to the destination; a fast release dismisses into the source; effects run their curves")
    func zoomAndEffect() async throws {
        let directory = TemporaryDirectory()
        let server = try await DaemonServer.startGraphServer(in: directory)
        let client = try connect(server, patterns: ["photo.*", "bell.*"])
        let present = ZoomRequest(action: .present, source: [10, 20, 40, 30], destination: [0, 0, 400, 800],
                                  cornerRadius: [12, 0], animation: ".linear(duration: 0.2)")
        client.send(.command(Command(id: 1, operation: .zoom(element: "photo", present))))
        #expect(reply(client, 1)?["ok"] == true)
        wait(client) { values(client, "photo.frame").last == [0, 0, 400, 800] }
        #expect(values(client, "photo.corner_radius").last == [0])

        client.send(.command(Command(id: 2, operation: .zoom(element: "photo", ZoomRequest(action: .drag, translation: [0, 100])))))
        #expect(reply(client, 2)?["ok"] == true)
        let release = ZoomRequest(action: .release, translation: [0, 100], velocity: [0, 900])
        client.send(.command(Command(id: 3, operation: .zoom(element: "photo", release))))
        #expect(reply(client, 3)?["dismissed"] == true)  // 100 + 900 × 0.499 = 549 ≥ 200
        wait(client) { values(client, "photo.frame").last.map { zip($0, [10, 20, 40, 30]).allSatisfy { abs($0 - $1) < 0.01 } } == true }
        #expect(values(client, "photo.frame").last.map { zip($0, [10, 20, 40, 30]).allSatisfy { abs($0 - $1) < 0.01 } } == true)

        // A bounce: the scale dips towards 0.88 and comes back to 1.
        let bounce = EffectRequest(effect: ".bounce", options: ".speed(0.25)", mode: .trigger)
        client.send(.command(Command(id: 4, operation: .effect(element: "bell", bounce))))
        #expect(reply(client, 4)?["ok"] == true)
        wait(client) {
            let scales = values(client, "bell.scale").map { $0[0] }
            return scales.contains { $0 < 0.95 } && scales.last == 1
        }
        let scales = values(client, "bell.scale").map { $0[0] }
        // The curve's own lowest point (its cubic keyframes dip a little below the 0.88 keyframe between keyframes),
        // sampled every 10 µs: a frame can land nearer the true minimum, which lies below the sampled one by at most
        // f''·(5 µs)²/2 (a frame's time is arbitrary) — far inside the 1e-6 margin.
        let curve = BounceSymbolEffect().curve
        let lowest = stride(from: 0.0, through: 0.5, by: 0.00001).map { curve.values(at: $0).scale }.min() ?? 0
        #expect(scales.min().map { $0 >= lowest - 1e-6 && $0 < 0.95 } == true, "\(scales)")
        #expect(scales.last == 1)

        // Errors name the problem.
        client.send(.command(Command(id: 5, operation: .effect(element: "bell", EffectRequest(effect: ".scale.sideways", mode: .active(true))))))
        let refused = try #require(reply(client, 5))
        #expect(refused["ok"] == false)
        #expect(refused["error"]?.objectValue?["code"] == "bad_animation")
        client.send(.command(Command(id: 6, operation: .insert(element: "photo", transition: nil, animation: nil))))
        #expect(reply(client, 6)?["error"]?.objectValue?["code"] == "element_mismatch")
        await server.stop()
    }

    @Test("animate with changes moves several channels in one transaction and sends one completion for all")
    func bridging() async throws {
        let directory = TemporaryDirectory()
        let server = try await DaemonServer.startGraphServer(in: directory)
        let client = try connect(server, patterns: ["card.*"])
        client.send(.command(Command(id: 1, operation: .define(channel: "card.offset", dimension: 2, initial: [0, 0]))))
        client.send(.command(Command(id: 2, operation: .define(channel: "card.opacity", dimension: 1, initial: [0]))))
        #expect(reply(client, 2)?["ok"] == true)
        let changes = [ChannelChange(channel: "card.offset", to: [0, 120]), ChannelChange(channel: "card.opacity", to: [1])]
        client.send(.command(Command(id: 3, operation: .animateChanges(changes, animation: ".linear(duration: 1)", completion: .removed))))
        #expect(reply(client, 3)?["ok"] == true)
        wait(client) { client.messages(.event).contains { $0["event"] == "animation.removed" } }
        let events = client.messages(.event).filter { $0["event"] == "animation.removed" }
        #expect(events.count == 1 && events.first?["id"] == 3)
        #expect(events.first?["channels"] == ["card.offset", "card.opacity"])
        // One linear animation: in every frame the opacity is the offset's fraction of the way.
        // Pairs from the same frame (frames from before the second channel was defined carry only the first).
        let pairs = client.frames.compactMap { frame -> (Double, Double)? in
            guard let offset = frame.samples["card.offset"]?.value, let opacity = frame.samples["card.opacity"]?.value else { return nil }
            return (offset[1], opacity[0])
        }
        #expect(!pairs.isEmpty && pairs.allSatisfy { abs($0.0 / 120 - $0.1) < 1e-9 })
        wait(client) { values(client, "card.opacity").last == [1] }
        #expect(values(client, "card.offset").last == [0, 120] && values(client, "card.opacity").last == [1])
        await server.stop()
    }
}
