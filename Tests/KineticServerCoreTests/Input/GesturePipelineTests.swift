import FoundationEssentials
import Kinetic
import KineticInput
import Testing
@testable import KineticBindings
@testable import KineticServerCore
@testable import KineticTestSupport

/// The pipeline driven event by event, with the graph advanced by hand.
struct GesturePipelineTests {
    /// Feeds `events` and returns the binding events.
    static func feed(_ pipeline: GesturePipeline, _ handle: GesturePipeline.DeviceHandle, _ events: some Sequence<InputEvent>,
                     engine: GraphChannelEngine) -> [BindingEvent]
    {
        events.flatMap { pipeline.process($0, from: handle, engine: engine).bindingEvents }
    }

    /// A pipeline whose channels are defined in `engine` at time 0.
    static func pipeline(_ bindings: [GestureBinding], _ engine: GraphChannelEngine) throws -> GesturePipeline {
        let pipeline = GesturePipeline(bindings: bindings)
        try pipeline.defineChannels(in: engine, at: 0)
        return pipeline
    }

    /// Each gesture event reaches the engine at its own timestamp: the graph has advanced exactly to
    /// the event's time when the binding retargets, whatever the ticks do.
    @Test func everyRetargetHappensAtTheEventsTimestamp() throws {
        let recording = try ReplayFixtures.recording("swipe-fling.evemu")
        let engine = GraphChannelEngine(epoch: 0)
        let pipeline = try Self.pipeline(DaemonConfiguration.embeddedDefault.bindings, engine)
        let handle = try #require(pipeline.attach(recording.device, path: nil))
        var applied = 0
        for event in recording.events {
            for output in pipeline.process(event, from: handle, engine: engine).bindingEvents {
                #expect(engine.graph.time == Double(Int64(event.time)) / 1e9)
                #expect(output.time == event.time)
                applied += 1
            }
        }
        #expect(applied == ReplayFixtures.gestures(recording).count)
    }

    /// Unplugging mid-drag cancels the gesture: the channel is released to its release target with
    /// zero velocity (here: return to the origin) and keeps animating there, instead of freezing.
    @Test func unplugMidDragReleasesTheChannel() throws {
        let recording = try ReplayFixtures.recording("swipe-fling.evemu")
        let engine = GraphChannelEngine(epoch: 0)
        let binding = GestureBinding(channel: "card", release: .init(target: .origin))
        let pipeline = try Self.pipeline([binding], engine)
        let handle = try #require(pipeline.attach(recording.device, path: nil))
        let half = ReplayFixtures.truncated(recording, afterFrames: 7).events
        let during = Self.feed(pipeline, handle, half, engine: engine)
        #expect(during.first?.phase == .began && during.last?.phase == .changed)
        #expect(pipeline.hasActiveGesture)
        let moved = try #require(sample(engine, "card")).value
        #expect(try #require(during.last).target[0] < -10, "the finger has dragged the card's target left")
        #expect(moved[0] < -1, "and the card is on its way")

        let unplug = try #require(half.last).time
        let released = pipeline.detach(handle, at: unplug, engine: engine).bindingEvents
        #expect(released.map(\.phase) == [.cancelled])
        #expect(released.first?.target == [0, 0])
        #expect(!pipeline.hasActiveGesture)
        #expect(!engine.isSettled)
        // The spring carries the card home: it moves, then settles exactly at the origin.
        var t = unplug
        var previous = moved
        var movedAfterUnplug = false
        while !engine.isSettled, t < unplug + 10_000_000_000 {
            t += 8_333_333
            _ = engine.advance(to: t)
            let now = try #require(sample(engine, "card")).value
            if now != previous { movedAfterUnplug = true }
            previous = now
        }
        #expect(movedAfterUnplug && engine.isSettled)
        #expect(sample(engine, "card")?.value == [0, 0])
        // A detached device's later events are ignored.
        #expect(pipeline.process(recording.events[0], from: handle, engine: engine).bindingEvents.isEmpty)
    }

    /// Bindings that share a channel must agree on its dimension; a client-defined name is refused.
    @Test func conflictingChannelsAreRefused() throws {
        let planar = GestureBinding(channel: "a")
        let pinch = GestureBinding(channel: "a", gesture: .pinch)
        #expect(throws: ConfigurationError.self) { try Self.pipeline([planar, pinch], GraphChannelEngine(epoch: 0)) }
        let engine = GraphChannelEngine(epoch: 0)
        try engine.define("a", dimension: 2, initial: [0, 0], owner: .client(1), at: 0)
        #expect(throws: ConfigurationError.self) { try Self.pipeline([planar], engine) }
        let shared = try Self.pipeline([planar, GestureBinding(channel: "a", gesture: .scroll)], GraphChannelEngine(epoch: 0))
        #expect(shared.channels.map(\.name) == ["a"])
        // A device no binding matches is not attached.
        var keyboard = DeviceDescription(name: "keyboard", codes: [1: [30]])
        keyboard.properties = []
        #expect(GesturePipeline(bindings: [GestureBinding(channel: "c", device: DeviceMatch(classes: ["mouse"]))])
            .attach(keyboard, path: nil) == nil)
    }

    /// A recording that ends mid-drag is replayed like an unplug: cancelled, then released to the
    /// snap point nearest to where the finger left the channel (zero velocity: no fling).
    @Test func aRecordingEndingMidDragIsReleasedNotFrozen() throws {
        let recording = ReplayFixtures.truncated(try ReplayFixtures.recording("swipe-fling.evemu"), afterFrames: 9)
        let inputs = ReplayFixtures.gestures(recording)
        let last = try #require(inputs.last)
        #expect(last.phase == .changed)
        let translation = Double(last.location.x - inputs[0].location.x)
        let snaps = stride(from: 0.0, through: -300, by: -25).map { [$0] }
        let binding = GestureBinding(channel: "pager", axes: .x, release: .init(target: .project(snapPoints: snaps)))
        let frames = try ReplayFixtures.frames(recording, [binding])
        let cancel = frames.flatMap(\.bindingEvents).filter { $0.phase == .cancelled }
        #expect(cancel.count == 1)
        #expect(frames.last?.samples[0].value == [(translation / 25).rounded() * 25])
    }

    /// Pinch: relative magnification from 1; the pinch spreads two fingers from 40 to 120 mm apart, so it
    /// rests at 3 within the 1/40-mm quantisation of the positions (±0.025 mm on each end ⇒ ±0.002).
    @Test func pinchFollowsTheMagnification() throws {
        let recording = try ReplayFixtures.recording("pinch.evemu")
        let binding = GestureBinding(channel: "zoom", gesture: .pinch)
        let frames = try ReplayFixtures.frames(recording, [binding])
        let value = try #require(frames.last?.samples[0].value.first)
        #expect(abs(value - 3) < 0.002)
        let events = frames.flatMap(\.bindingEvents)
        #expect(events.first?.phase == .began && events.first?.input == [1])
        #expect(events.last?.phase == .ended)
    }

    /// Touchpad scroll, y only, relative, released in place: the fingers travelled 30 mm down (the
    /// generator scales the first 75 % of a minimum-jerk profile to the whole travel), ±0.025 mm
    /// quantisation per finger.
    @Test func touchpadScrollFollowsTheTwoFingerMidpoint() throws {
        let recording = try ReplayFixtures.recording("touchpad-scroll.evemu")
        let binding = GestureBinding(channel: "list", device: DeviceMatch(classes: ["touchpad"]), gesture: .scroll, axes: .y)
        let expected = 30.0
        let frames = try ReplayFixtures.frames(recording, [binding])
        let value = try #require(frames.last?.samples[0].value.first)
        #expect(abs(value - expected) < 0.03)
        // A touchscreen-only binding ignores the touchpad.
        var screenOnly = binding
        screenOnly.device = DeviceMatch(classes: ["touchscreen"])
        #expect(try ReplayFixtures.frames(recording, [screenOnly]).allSatisfy { $0.samples[0].value == [0] })
    }

    /// Per-touch channels: each of the pinch's two fingers gets its own channel, at its own position.
    @Test func touchesGetOneChannelEach() throws {
        let recording = try ReplayFixtures.recording("pinch.evemu")
        let binding = GestureBinding(channel: "finger", gesture: .touches(count: 3), follow: .absolute)
        let frames = try ReplayFixtures.frames(recording, [binding])
        let inputs = ReplayFixtures.gestures(recording)
        let lastOf = { (id: Int32) in inputs.last { $0.source == .touch(id: id) }?.location }
        let first = try #require(lastOf(300)), second = try #require(lastOf(301))
        let end = try #require(frames.last)
        #expect(end.samples.map(\.name) == ["finger.0", "finger.1", "finger.2"])
        #expect(end.samples[0].value == [Double(first.x), Double(first.y)])
        #expect(end.samples[1].value == [Double(second.x), Double(second.y)])
        #expect(end.samples[2].value == [0, 0])
    }

    /// Mouse drags: the button filter. Dragged with BTN_LEFT, a right-button binding never moves.
    @Test func pointerDragsHonourTheButton() throws {
        let recording = try ReplayFixtures.recording("mouse-drag.evemu")
        var left = GestureBinding(channel: "l", gesture: .drag(button: 0x110))
        left.acceleration = .none
        let right = GestureBinding(channel: "r", gesture: .drag(button: 0x111))
        let frames = try ReplayFixtures.frames(recording, [left, right])
        let end = try #require(frames.last)
        // The drag travels drag_counts = (1600, −600) with the button held, at 25.4/1000 mm a count (1000 DPI).
        #expect(abs(end.samples[0].value[0] - 1600 * 0.0254) < 1e-9)
        #expect(abs(end.samples[0].value[1] - (-600 * 0.0254)) < 1e-9)
        #expect(frames.allSatisfy { $0.samples[1].value == [0, 0] })
    }

    /// Pointer acceleration per binding: flat at speed 0 on a 1000-dpi mouse is the counts themselves, flat at 0.5 is
    /// 1.5 times them, and adaptive (the default) differs from both. Three bindings of one mouse, three paths.
    @Test func mouseBindingsAccelerateEachTheirOwnWay() throws {
        let recording = try ReplayFixtures.recording("mouse-drag.evemu")
        func binding(_ channel: String, _ acceleration: PointerAcceleration) -> GestureBinding {
            var binding = GestureBinding(channel: channel, animation: nil)
            binding.acceleration = acceleration
            return binding
        }
        let frames = try ReplayFixtures.frames(recording, [binding("none", .none), binding("flat", .init(profile: .flat)),
                                                          binding("faster", .init(profile: .flat, speed: 0.5)),
                                                          binding("desktop", .desktopDefault)])
        let end = try #require(frames.last).samples.map(\.value)
        #expect(abs(end[0][0] - 1600 * 0.0254) < 1e-9 && abs(end[0][1] - -600 * 0.0254) < 1e-9)
        #expect(abs(end[1][0] - end[0][0]) < 1e-9 && abs(end[1][1] - end[0][1]) < 1e-9)
        #expect(abs(end[2][0] - 1.5 * end[0][0]) < 1e-9 && abs(end[2][1] - 1.5 * end[0][1]) < 1e-9)
        // The drag is fast (up to ~10 counts/ms): adaptive speeds it up, never past its cap of 2.
        #expect(end[3][0] > end[0][0] * 1.05 && end[3][0] < end[0][0] * 2)
    }

    /// `gesture: pointer` follows the pointer wherever it moves, button or not: every frame with motion is one input
    /// (counted from the recording's REL lines by hand here), the channel ends where all the counts put it, (24 + 1600,
    /// 8 − 600) × 0.0254 mm, and nothing stays active (the clock is not held).
    @Test func aPointerBindingFollowsThePointerWithoutAButton() throws {
        let recording = try ReplayFixtures.recording("mouse-drag.evemu")
        var binding = GestureBinding(channel: "cursor", gesture: .pointer, follow: .absolute, animation: nil)
        binding.acceleration = .none
        let frames = try ReplayFixtures.frames(recording, [binding])
        let events = frames.flatMap(\.bindingEvents)
        var motionFrames = 0, moved = false
        for event in recording.events {
            if event.type == 2, event.code <= 1 { moved = true }
            if event.type == 0, event.code == 0 { if moved { motionFrames += 1 }; moved = false }
        }
        #expect(events.count == motionFrames && motionFrames > 20)
        #expect(events.allSatisfy { $0.phase == .changed })
        let end = try #require(frames.last).samples[0].value
        #expect(abs(end[0] - 1624 * 0.0254) < 1e-9 && abs(end[1] - -592 * 0.0254) < 1e-9)
        let engine = GraphChannelEngine(epoch: 0)
        let pipeline = try Self.pipeline([binding], engine)
        let handle = try #require(pipeline.attach(recording.device, path: nil))
        for event in recording.events { _ = pipeline.process(event, from: handle, engine: engine) }
        #expect(!pipeline.hasActiveGesture)
        // A touchscreen has no pointer: the binding never moves.
        let screen = try ReplayFixtures.frames(try ReplayFixtures.recording("swipe-fling.evemu"), [binding])
        #expect(screen.allSatisfy { $0.samples[0].value == [0, 0] })
    }

    /// Past the bounds the target is rubber-banded: f(x) = (1 − 1/(x·c/d + 1))·d beyond the edge.
    @Test func dragsPastTheBoundsAreRubberBandedAndSpringBack() throws {
        let recording = try ReplayFixtures.fixture("example-swipe.evemu")
        let bounds = ChannelBounds(lower: [-20], upper: [0])
        let binding = GestureBinding(channel: "x", axes: .x, bounds: bounds)
        let frames = try ReplayFixtures.frames(recording, [binding])
        let events = frames.flatMap(\.bindingEvents)
        var banded = 0
        for event in events where event.phase == .changed && event.input[0] < -20 {
            let x = -20 - event.input[0]
            let expected = -20 - (1 - 1 / (x * 0.55 / 20 + 1)) * 20
            #expect(abs(event.target[0] - expected) < 1e-9)
            #expect(event.target[0] > -40)
            banded += 1
        }
        #expect(banded > 3)
        // Released past the lower bound with `stay`: the channel springs back to the bound.
        #expect(events.last?.target == [-20])
        #expect(frames.last?.samples[0].value == [-20])
    }

    /// Reduce motion: input frames snap the channel to the finger (no per-frame animation), and the
    /// release is the 0.2-s ease: no overshoot past the release target, finished 0.2 s after the lift.
    @Test func reduceMotionFollowsExactlyAndReleasesWithAShortEase() throws {
        let recording = try ReplayFixtures.fixture("example-swipe.evemu")
        let snaps = stride(from: 0.0, through: -2000, by: -100).map { [$0] }
        let bouncy = GestureBinding(channel: "pager", axes: .x,
                                    release: .init(animation: try AnimationExpression.parse(".spring(duration: 0.5, bounce: 0.4)"),
                                                   target: .project(snapPoints: snaps)))
        let frames = try ReplayFixtures.frames(recording, [bouncy], reduceMotion: true)
        let events = frames.flatMap(\.bindingEvents)
        let release = try #require(events.last)
        #expect(release.phase == .ended)
        let target = release.target[0]
        for frame in frames {
            let t = seconds(frame.timeNanoseconds)
            let value = frame.samples[0].value[0]
            if let latest = events.last(where: { Double($0.time) / 1e9 <= t }), latest.phase == .changed {
                #expect(value == latest.target[0], "t = \(t): follows the finger exactly")
            }
            #expect(value >= target - 1e-9, "no overshoot past \(target): \(value)")
            if t >= (Double(release.time) / 1e9) + 0.2 + 1.0 / 120 { #expect(value == target) }
        }
        // Without reduce motion, the same bouncy release does overshoot.
        let bouncing = try ReplayFixtures.frames(recording, [bouncy])
        #expect(bouncing.contains { $0.samples[0].value[0] < target - 1 })
    }
}

/// What the pipeline hands back besides its own steps.
struct GesturePipelineEngineEventTests {
    /// A client's animation that completes while input advances the engine reports its completion
    /// through the pipeline's output and its ``InputOutcome``, exactly once, never dropped.
    @Test func completionsThatFallDueDuringInputAreHandedBack() throws {
        let recording = try ReplayFixtures.recording("drag-hold.evemu")
        let engine = GraphChannelEngine(epoch: 0)
        try engine.define("badge", dimension: 1, initial: [0], owner: .client(7), at: 0)
        let token = CompletionToken(client: 7, commandID: 1, criterion: .removed)
        _ = try engine.animate("badge", to: [1], with: try AnimationExpression.parse(".linear(duration: 0.1)"),
                               completion: token, at: 0)
        // As the live service does: one pipeline defines the channels, another (attached to devices) drives them.
        try GesturePipeline(bindings: [GestureBinding(channel: "card")]).defineChannels(in: engine, at: 0)
        let pipeline = GesturePipeline(bindings: [GestureBinding(channel: "card")])
        let device = try #require(pipeline.attach(recording.device, path: "/dev/input/event0"))
        let outcomes = recording.events.map { InputOutcome(pipeline.process($0, from: device, engine: engine)) }
        #expect(outcomes.flatMap(\.engineEvents) == [.completed(token, channels: ["badge"])])
    }

    /// A client that removes a bound channel does not stop the pipeline: the steps are refused and
    /// recorded, and the other bindings go on.
    @Test func aRemovedChannelIsRecordedNotFatal() throws {
        let recording = try ReplayFixtures.recording("pinch.evemu")
        let engine = GraphChannelEngine(epoch: 0)
        let pipeline = try GesturePipelineTests.pipeline(
            [GestureBinding(channel: "drag"), GestureBinding(channel: "zoom", gesture: .pinch)], engine)
        _ = try engine.remove("zoom", at: 0)
        let handle = try #require(pipeline.attach(recording.device, path: nil))
        let events = recording.events.flatMap { pipeline.process($0, from: handle, engine: engine).bindingEvents }
        #expect(events.contains { $0.channel == "drag" && $0.phase == .ended })
        #expect(!events.contains { $0.channel == "zoom" })
        #expect(pipeline.problems.first?.contains("zoom") == true)
    }
}
