import Logging
import Foundation
import KineticInput
import Testing
@testable import KineticProtocol
@testable import KineticBindings
@testable import KineticServerCore
@testable import KineticServer
@testable import KineticTestSupport

/// kineticd driven by a real kernel device: a uinput touchscreen read through evdev (issue 6, "done
/// when": the VM suite). Runs in the VM of `make vm-test` (scripts/vm), which loads evdev and uinput
/// and sets KINETIC_LIVE_DEVICE_TESTS=1; the suite name matches its `LiveDeviceTests` filter.
@Suite(.serialized, .enabled(if: ProcessInfo.processInfo.environment["KINETIC_LIVE_DEVICE_TESTS"] == "1",
                             "needs uinput; runs in the VM (make vm-test)"))
struct KineticdLiveDeviceTests {
    typealias C = EventCodes

    /// 4096 × 2560 units at 16 units/mm, 10 slots, a direct (touchscreen) device.
    static let touchscreen = DeviceDescription(
        name: "Kinetic Daemon Test Touchscreen", bustype: 3, vendor: 0x1234, product: 0x5679, version: 1,
        properties: [0x01],
        codes: [0: [0], C.evKey: [C.btnTouch],
                C.evAbs: [C.absX, C.absY, C.absMTSlot, C.absMTPositionX, C.absMTPositionY, C.absMTTrackingID]],
        absInfo: [C.absX: AbsInfo(minimum: 0, maximum: 4095, resolution: 16),
                  C.absY: AbsInfo(minimum: 0, maximum: 2559, resolution: 16),
                  C.absMTSlot: AbsInfo(minimum: 0, maximum: 9),
                  C.absMTPositionX: AbsInfo(minimum: 0, maximum: 4095, resolution: 16),
                  C.absMTPositionY: AbsInfo(minimum: 0, maximum: 2559, resolution: 16),
                  C.absMTTrackingID: AbsInfo(minimum: 0, maximum: 65535)])

    private func start() async throws -> (DaemonServer, LiveInput, SocketTestClient, TemporaryDirectory) {
        let directory = TemporaryDirectory()
        let bindings = DaemonConfiguration.embeddedDefault.bindings
        let server = try await DaemonServer.startGraphServer(in: directory, daemonUID: 0)
        try await server.defineBoundChannels(bindings)
        let input = try await LiveInput.start(server: server, bindings: bindings, logger: Logger(label: "test"))
        let client = try SocketTestClient(path: try #require(server.socketPath), encoding: .jsonLines)
        client.send(.subscribe(Subscription(patterns: ["touch.position"])))
        return (server, input, client, directory)
    }

    private func isEvent(_ name: String) -> (ReceivedMessage) -> Bool {
        { if case .message(.event, let o) = $0 { return o["event"] == .string(name) } else { return false } }
    }

    /// Whether a message is a frame whose `touch.position` is at rest at (x, y) mm.
    private func isSettled(at x: Double, _ y: Double) -> (ReceivedMessage) -> Bool {
        { message in
            guard case .frame(let frame) = message, let sample = frame.sample(of: "touch.position", layout: nil) else { return false }
            return sample.velocity == [0, 0] && abs(sample.value[0] - x) < 1e-6 && abs(sample.value[1] - y) < 1e-6
        }
    }

    /// Finger down at `start`, moving by `step` units per 8 ms frame for `frames` frames.
    private func drag(_ device: VirtualDevice, from start: (Int32, Int32), step: (Int32, Int32), frames: Int,
                      lift: Bool) throws {
        try device.writeFrame([(C.evAbs, C.absMTSlot, 0), (C.evAbs, C.absMTTrackingID, 7),
                               (C.evAbs, C.absMTPositionX, start.0), (C.evAbs, C.absMTPositionY, start.1),
                               (C.evKey, C.btnTouch, 1), (C.evAbs, C.absX, start.0), (C.evAbs, C.absY, start.1)])
        for i in 1...frames {
            Thread.sleep(forTimeInterval: 0.008)
            let x = start.0 + Int32(i) * step.0, y = start.1 + Int32(i) * step.1
            try device.writeFrame([(C.evAbs, C.absMTPositionX, x), (C.evAbs, C.absMTPositionY, y),
                                   (C.evAbs, C.absX, x), (C.evAbs, C.absY, y)])
        }
        if lift {
            try device.writeFrame([(C.evAbs, C.absMTTrackingID, -1), (C.evKey, C.btnTouch, 0)])
        }
    }

    @Test("a virtual touchscreen drives touch.position live: it follows the finger and settles with a spring after release")
    func followsAndSettles() async throws {
        let (server, input, client, _) = try await start()
        let device = try VirtualDevice(Self.touchscreen)
        #expect(await client.waitYielding(timeout: 60, until: isEvent("device.added")))
        // 1600,800 units = (100, 50) mm; 30 frames of +16,+8 units = +1 mm, +0.5 mm each; ends at (130, 65) mm.
        try drag(device, from: (1600, 800), step: (16, 8), frames: 30, lift: true)
        // Bounded waits for conditions over everything received, not fixed sleeps: on a loaded (emulated) machine
        // the drag's own timestamps stretch, and settling takes as long as the spring needs in the daemon's time.
        #expect(await client.waitYielding(timeout: 60, until: isEvent("gesture.ended")))
        #expect(await client.waitYielding(timeout: 60, until: isSettled(at: 130, 65)))
        let samples = client.frames.compactMap { $0.sample(of: "touch.position", layout: nil) }
        // Whatever the pace, every frame between touch-down (100, 50) and rest (130, 65) is on the way.
        #expect(samples.contains { $0.value[0] > 100 && $0.value[0] < 130 }, "the channel passed along the finger's path")
        #expect(samples.contains { $0.velocity[0] > 0 }, "it moved right with a spring's velocity")
        let last = try #require(samples.last)
        #expect(abs(last.value[0] - 130) < 1e-6 && abs(last.value[1] - 65) < 1e-6, "\(last)")
        #expect(last.velocity == [0, 0], "settled")
        device.destroy()
        input.stop()
        await server.stop()
    }

    @Test("unplugging mid-drag releases the channel instead of freezing it")
    func unplugReleases() async throws {
        let (server, input, client, _) = try await start()
        let device = try VirtualDevice(Self.touchscreen)
        #expect(await client.waitYielding(timeout: 60, until: isEvent("device.added")))
        try drag(device, from: (800, 800), step: (32, 0), frames: 15, lift: false)
        #expect(await client.waitYielding(timeout: 60, until: isEvent("gesture.began")))
        let unplugged = client.received.count
        device.destroy()
        // The gesture's end and the device's removal may come in one read: each wait looks at everything since.
        #expect(await client.waitYielding(timeout: 60, since: unplugged, until: isEvent("gesture.ended")))
        let ended = client.messages(.event).first { $0["event"] == "gesture.ended" }
        #expect(ended?["cancelled"] == true)
        #expect(await client.waitYielding(timeout: 60, since: unplugged, until: isEvent("device.removed")))
        // Released where the finger was last: (800 + 15·32, 800) units at 16 units/mm = (80, 50) mm. The channel may
        // have come to rest under the held finger before the unplug (a loaded machine can take that long to unplug),
        // and then no frame follows it: any frame at rest there counts.
        #expect(await client.waitYielding(timeout: 60, until: isSettled(at: 80, 50)))
        let last = try #require(client.frames.last?.sample(of: "touch.position", layout: nil))
        #expect(last.velocity == [0, 0], "the released channel settled")
        // Not frozen in a drag: a new device drives the same channel again.
        let replugged = client.received.count
        let second = try VirtualDevice(Self.touchscreen)
        #expect(await client.waitYielding(timeout: 60, since: replugged, until: isEvent("device.added")))
        try drag(second, from: (320, 320), step: (0, 16), frames: 10, lift: true)
        #expect(await client.waitYielding(timeout: 60, since: replugged, until: isEvent("gesture.ended")))
        #expect(await client.waitYielding(timeout: 60, since: replugged, until: isSettled(at: 20, 30)))
        let final = try #require(client.frames.last?.sample(of: "touch.position", layout: nil))
        #expect(abs(final.value[0] - 20) < 1e-6 && abs(final.value[1] - 30) < 1e-6, "\(final)")
        second.destroy()
        input.stop()
        await server.stop()
    }
}
