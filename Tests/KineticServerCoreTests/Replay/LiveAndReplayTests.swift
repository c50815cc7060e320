import Kinetic
import KineticInput
import Testing
@testable import KineticProtocol
@testable import KineticBindings
@testable import KineticServerCore
@testable import KineticTestSupport

/// Live input and replays are one composition: a device's events reach the engine through the same ``InputRouter``
/// whether `LiveInput` read them from an evdev node or a ``ReplayDriver`` took them from a recording. Here a recording
/// is fed as a live device would deliver it — attached to the daemon's router with `device.added`, its events
/// stamped on CLOCK_MONOTONIC (no offset in the pipeline), each evdev frame (up to `SYN_REPORT`) applied as one batch
/// as `LiveInput`'s reads hand them over, the clock running up to each frame's time first — and the frames a
/// subscriber gets are exactly those of `kineticctl replay`'s ``OfflineReplay``. (How `LiveInput` reads a node into
/// those batches is tested against libevdev in KineticInputTests and against a real kernel in the VM suite.)
///
/// Input that wakes the idle clock (mouse-drag, drag-hold) wakes it at the input's own time in both: the replay's
/// virtual clock is moved to an event's time before the event (``VirtualTickSource/move(to:)``), so the tick it
/// resumes comes after the whole frame, as a batch's does.
struct LiveAndReplayTests {
    @Test("a recording through the live path and through the replay gives identical frames",
          arguments: ["swipe-fling.evemu", "pinch.evemu", "touchpad-scroll.evemu", "rotate.evemu", "mouse-drag.evemu",
                      "drag-hold.evemu"])
    func identicalFrames(name: String) throws {
        let recording = try ReplayFixtures.recording(name)
        let configuration = DaemonConfiguration.embeddedDefault
        let replayed = try OfflineReplay.run(schedule: ReplaySchedule(recordings: [recording]), configuration: configuration)

        let epoch = OfflineReplay.defaultEpoch
        let clock = VirtualTickSource(rateHz: configuration.rateHz, startTime: epoch)
        let core = ServerCore(engine: GraphChannelEngine(epoch: epoch),
                              configuration: ServerConfiguration(tickHz: configuration.rateHz,
                                                                 authorization: AuthorizationPolicy(daemonUID: 0)),
                              clock: clock)
        clock.onTick { [weak core] tick in _ = core?.tick(tick) }
        let subscriber = FrameCollector()
        let client = try #require(core.connect(peer: PeerCredentials(pid: 1, uid: 0, gid: 0), sink: subscriber))
        core.receive(ClientMessage.subscribe(Subscription(patterns: ["*"])).encoded(.jsonLines), from: client)
        let router = try InputRouter(bindings: configuration.bindings, mappings: configuration.mappings, core: core, at: epoch)
        let device = try #require(router.attach(recording.device, path: "/dev/input/event7", announce: true))

        let first = Int64(try #require(recording.events.first).time)
        var batch: [InputEvent] = []
        for event in recording.events {
            let time = UInt64(Int64(event.time) - first) + epoch
            var live = event
            live.time = (time)
            batch.append(live)
            guard event.type == 0, event.code == 0 else { continue }  // SYN_REPORT ends the frame
            clock.advance(to: time - 1)
            clock.move(to: time)
            router.apply(batch, from: device)
            batch = []
        }
        var time = clock.now()
        while clock.isRunning, time < epoch + 60_000_000_000 {
            time += 1_000_000_000
            clock.advance(to: time)
        }
        let live = subscriber.frames.map { String(decoding: $0.readableBytesView.dropLast(), as: UTF8.self) }
        #expect(live.count == replayed.count && live.count > 10, "\(live.count) frames live, \(replayed.count) replayed")
        let difference = zip(live, replayed).enumerated().first { $0.element.0 != $0.element.1 }
        #expect(difference == nil, "frame \(difference?.offset ?? -1): live \(difference?.element.0 ?? ""), replayed \(difference?.element.1 ?? "")")
        #expect(subscriber.messages.contains { String(decoding: $0.readableBytesView, as: UTF8.self).contains("device.added") })
    }

    @Test("a reload through the router, on a virtual clock: the gesture in progress is released, a channel that stays bound keeps its value, the device is attached to the new bindings")
    func reloadOnTheVirtualClock() throws {
        let recording = try ReplayFixtures.recording("swipe-fling.evemu")
        let clock = ManualTickSource(time: 1_000_000_000)
        let core = ServerCore(engine: GraphChannelEngine(epoch: clock.time),
                              configuration: ServerConfiguration(tickHz: 120, authorization: AuthorizationPolicy(daemonUID: 0)),
                              clock: clock)
        let sink = MemorySink(encoding: .jsonLines)
        let client = try #require(core.connect(peer: PeerCredentials(pid: 1, uid: 0, gid: 0), sink: sink))
        core.receive(ClientMessage.subscribe(Subscription(patterns: ["*"])).encoded(.jsonLines), from: client)
        let router = try InputRouter(bindings: [GestureBinding(channel: "touch.position")], core: core, at: clock.time)
        let device = try #require(router.attach(recording.device, path: "/dev/input/event7"))
        // The first half of the swipe: the finger is down and has moved.
        let first = Int64(try #require(recording.events.first).time)
        router.pipeline.timeOffsetNanoseconds = Int64(clock.time) - first
        router.apply(recording.events.prefix(recording.events.count / 2), from: device)
        clock.time += 50_000_000
        core.tick(Tick(time: clock.time))
        let before = try #require(sink.frames.last?.samples["touch.position"]?.value)
        #expect(sink.events().contains { $0["event"] == "gesture.began" })

        let handles = try router.reload(bindings: [GestureBinding(channel: "touch.position"), GestureBinding(channel: "pinch.scale", gesture: .pinch)],
                                        devices: [("/dev/input/event7", recording.device, nil)], at: clock.time)
        #expect(handles["/dev/input/event7"] != nil, "the touchscreen matches the new bindings")
        #expect(sink.events().contains { $0["event"] == "gesture.ended" && $0["cancelled"] == true })
        #expect(core.engine.channels.map(\.name) == ["touch.position", "pinch.scale"])
        clock.time += 8_333_333
        core.tick(Tick(time: clock.time))
        let after = try #require(sink.frames.last?.samples["touch.position"]?.value)
        // Released where it was, as a cancelled gesture is: it goes on from there with its velocity (the swipe was
        // moving left, x < 0) rather than starting again from the channel's initial 0.
        #expect(before[0] < -1 && after[0] < before[0], "\(before) → \(after)")
    }
}
