import FoundationEssentials
import Kinetic
import KineticInput
import Testing
@testable import KineticBindings
@testable import KineticServerCore
@testable import KineticTestSupport

/// End-to-end runs of recordings through the real pipeline (InputFrameProcessor → GestureTracker →
/// bindings → AnimationGraph) on the virtual clock.
struct OfflineReplayTests {
    /// The finger (absolute, mm) followed by the default interactive spring, released in place.
    static let follow = GestureBinding(channel: "finger", follow: .absolute)

    /// drag-hold (Recordings/): a 600-ms minimum-jerk drag from (80, 60) to (140, 90) mm, a 360-ms hold, a lift.
    ///
    /// A spring x″ = −ω²(x − r) − 2ζωx′ following a target r moving at speed v lags it by 2ζv/ω in the
    /// steady state, plus (4ζ² − 1)a/ω² for an acceleration a; the target itself is the latest input
    /// frame, up to one 8-ms frame behind the finger. So after the first response time every frame is
    /// within 2ζ·v_max/ω + (4ζ² − 1)·a_max/ω² + v_max·8 ms of the latest input sample, with v_max and
    /// a_max measured from the samples; during the hold the error decays as e^(−ζωt), below 0.05 mm
    /// after 0.3 s (e^(−10.7)·a few mm).
    @Test func theChannelFollowsTheFingerDuringTheDragAndRestsOnItDuringTheHold() throws {
        let recording = try ReplayFixtures.recording("drag-hold.evemu")
        let frames = try ReplayFixtures.frames(recording, [Self.follow])
        let inputs = ReplayFixtures.gestures(recording)
        let down = (Double(try #require(inputs.first).time) / 1e9)
        let lift = (Double(try #require(inputs.last).time) / 1e9)
        #expect(inputs.last?.phase == .ended)

        // Finger speed and acceleration from the samples (central differences, mm/s and mm/s²).
        var vMax = 0.0, aMax = 0.0
        var speeds: [(t: Double, v: Double)] = []
        for (a, b) in zip(inputs, inputs.dropFirst()) where b.time > a.time {
            let dt = (Double(b.time) / 1e9) - (Double(a.time) / 1e9)
            let v = hypot(b.location.x - a.location.x, b.location.y - a.location.y) / dt
            speeds.append((((Double(a.time) / 1e9) + (Double(b.time) / 1e9)) / 2, v))
            vMax = max(vMax, v)
        }
        for (a, b) in zip(speeds, speeds.dropFirst()) { aMax = max(aMax, abs(b.v - a.v) / (b.t - a.t)) }
        let ζ = InteractiveSpring.dampingFraction, ω = InteractiveSpring.omega
        let bound = 2 * ζ * vMax / ω + (4 * ζ * ζ - 1) * aMax / (ω * ω) + vMax * 0.008
        #expect(bound < 15, "the drag is slow: the bound must stay small to mean anything (\(bound) mm)")

        // The hold: the last movement sample.
        let lastMove = Double(try #require(Array(zip(inputs, inputs.dropFirst())).last { $0.0.location != $0.1.location }).1.time) / 1e9
        #expect(lift - lastMove > 0.3)
        var checkedDrag = 0, checkedHold = 0
        var lastBeforeLift: (t: Double, distance: Double)?
        for frame in frames {
            let t = seconds(frame.timeNanoseconds)
            guard t >= down + InteractiveSpring.response, t < lift,
                let finger = inputs.last(where: { Double($0.time) / 1e9 <= t })?.location
            else { continue }
            let value = frame.samples[0].value
            let distance = hypot(value[0] - finger.x, value[1] - finger.y)
            #expect(distance <= bound, "t = \(t): \(distance) mm from the finger")
            checkedDrag += 1
            lastBeforeLift = (t, distance)
            if t >= lastMove + 0.3 {
                #expect(distance < 0.05, "t = \(t): \(distance) mm from the resting finger")
                checkedHold += 1
            }
        }
        // During the hold the spring settles on the finger and the daemon's clock stops (no frames while nothing
        // moves), so the hold is judged by the last frame before the lift: on the resting finger.
        #expect(checkedDrag > 60)
        let held = try #require(lastBeforeLift)
        #expect(held.t > lastMove && held.distance < 0.05, "\(held) after the last movement at \(lastMove)")
        // Released in place (stay): rests exactly on the generator's end point (140, 90) mm = (5600, 3600)/40.
        #expect(frames.last?.samples[0].value == [140, 90])
        #expect(frames.last?.samples[0].velocity == [0, 0])
    }

    /// The shared fixture (a 125-Hz fling at ~1.5 m/s, 16 units/mm) through a horizontal pager: relative
    /// x, snap points every 100 mm. The expected rest is computed here from the fixture's own release
    /// velocity with the projection x_end = x + (v/1000)·d/(1 − d), d = 0.998.
    @Test func aFlingSettlesOnTheSnapPointNearestToItsProjection() throws {
        let recording = try ReplayFixtures.fixture("example-swipe.evemu")
        let inputs = ReplayFixtures.gestures(recording)
        let began = try #require(inputs.first { $0.phase == .began })
        let ended = try #require(inputs.last { $0.phase == .ended })
        let translation = Double(ended.location.x - began.location.x)
        let projected = translation + Double(ended.velocity.width) / 1000 * 0.998 / (1 - 0.998)
        #expect(ended.velocity.width < -1000, "the fixture is a fast leftward fling")
        let snaps = stride(from: 0.0, through: -2000, by: -100).map { [$0] }
        let expected = (projected / 100).rounded() * 100
        // The projection matters: the snap point nearest the release point is another one.
        #expect(expected != (translation / 100).rounded() * 100)

        let pager = GestureBinding(channel: "pager", axes: .x, release: .init(target: .project(snapPoints: snaps)))
        let frames = try ReplayFixtures.frames(recording, [pager])
        #expect(frames.last?.samples[0].value == [expected])
        #expect(frames.last?.samples[0].velocity == [0])

        // With bounds, snap points outside them do not count: the nearest inside is the lower bound's.
        let lower = expected + 300
        var bounded = pager
        bounded.bounds = ChannelBounds(lower: [lower], upper: [0])
        let boundedFrames = try ReplayFixtures.frames(recording, [bounded])
        #expect(boundedFrames.last?.samples[0].value == [lower])

        // Return: back to the origin.
        var returning = pager
        returning.release.target = .origin
        #expect(try ReplayFixtures.frames(recording, [returning]).last?.samples[0].value == [0])
    }

    /// Recordings/swipe-fling through the daemon's default configuration (drag → `touch.position`,
    /// absolute, `release.target: momentum`): the channel comes to rest exactly where UIScrollView's normal
    /// deceleration carries the release, the finger's last position plus v/1000 · d/(1 − d) per axis.
    @Test func theDefaultBindingCoastsToTheProjectionOfTheRelease() throws {
        let recording = try ReplayFixtures.recording("swipe-fling.evemu")
        let ended = try #require(ReplayFixtures.gestures(recording).last { $0.phase == .ended })
        let frames = try ReplayFixtures.frames(recording, DaemonConfiguration.embeddedDefault.bindings)
        let last = frames.last
        #expect(last?.samples.map(\.name) == ["touch.position"])
        let d = 0.998
        let expected = [Double(ended.location.x) + Double(ended.velocity.width) / 1000 * d / (1 - d),
                        Double(ended.location.y) + Double(ended.velocity.height) / 1000 * d / (1 - d)]
        let value = try #require(last?.samples.first?.value)
        #expect(zip(value, expected).allSatisfy { abs($0 - $1) <= 1e-9 * max(1, abs($1)) }, "\(value) against \(expected)")
        #expect(last?.samples.first?.velocity == [0, 0])
    }

    /// Pure projection (no snap points): the channel rests where a fling from the release would stop,
    /// x + (v/1000)·d/(1 − d) per axis.
    @Test func aProjectionWithoutSnapPointsRestsAtTheProjectedEnd() throws {
        let recording = try ReplayFixtures.recording("swipe-fling.evemu")
        let ended = try #require(ReplayFixtures.gestures(recording).last { $0.phase == .ended })
        let k = 0.998 / (1 - 0.998) / 1000
        let expected = [Double(ended.location.x + ended.velocity.width * k), Double(ended.location.y + ended.velocity.height * k)]
        let binding = GestureBinding(channel: "c", follow: .absolute, release: .init(target: .project(snapPoints: [])))
        let value = try #require(ReplayFixtures.frames(recording, [binding]).last?.samples.first?.value)
        #expect(abs(value[0] - expected[0]) < 1e-9 && abs(value[1] - expected[1]) < 1e-9)
    }

    /// Velocity is the derivative of value: after the release, central differences
    /// (x(t+h) − x(t−h))/2h of the frames agree with the reported velocity.
    ///
    /// The fluid spring integrates at 300 Hz on a sub-step grid anchored where it was last retargeted
    /// and shows the state at the first grid point ≥ t (docs/ANIMATION.md §2.3 step 5). After the release the grid
    /// is fixed, so at a 300-Hz tick every frame shows the state a constant δ after its tick and the
    /// difference quotient and the velocity describe the same points. (During the drag each input
    /// frame re-anchors the grid, so frames there are δₖ-shifted by varying amounts up to 1/300 s.)
    /// The recording is shifted 1.234 ms against the tick grid so that δ is not a tie at 0.
    /// The remaining error is h²/6·|x‴|; for the release spring (ω = 2π/0.5 s, critically damped)
    /// |x‴| ≤ 2e·ω²·max|v|, so h²/6·|x‴| ≤ 0.0016·max|v|: 0.5 % of the peak speed is a safe bound.
    @Test(arguments: ["swipe-fling.evemu", "mouse-drag.evemu", "touchpad-scroll.evemu"])
    func velocityIsTheDerivativeOfValueAfterTheRelease(name: String) throws {
        let recording = ReplayFixtures.offsettingTickGrid(try ReplayFixtures.recording(name), byMicroseconds: 1234)
        let binding = GestureBinding(channel: "c", follow: .absolute, release: .init(target: .project(snapPoints: [])))
        let rate = 300.0, h = 1 / rate
        let frames = try ReplayFixtures.frames(recording, [binding], rateHz: rate)
        let release = (Double(try #require(frames.flatMap(\.bindingEvents).last { $0.phase == .ended }).time) / 1e9)
        let after = frames.filter { seconds($0.timeNanoseconds) > release + 3 * h }
        let peak = after.flatMap { $0.samples[0].velocity.map(abs) }.max() ?? 0
        #expect(peak > 10, "\(name) still moves after the release")
        #expect(after.count > 20)
        for i in 1..<(after.count - 1) {
            for c in 0..<2 {
                let derivative = (after[i + 1].samples[0].value[c] - after[i - 1].samples[0].value[c]) / (2 * h)
                let velocity = after[i].samples[0].velocity[c]
                #expect(abs(derivative - velocity) <= 0.005 * peak,
                        "\(name) t = \(seconds(after[i].timeNanoseconds)) component \(c): derivative \(derivative), velocity \(velocity)")
            }
        }
    }

    @Test(arguments: ["swipe-fling.evemu", "drag-hold.evemu", "mouse-drag.evemu", "touchpad-scroll.evemu",
                      "pinch.evemu", "tap.evemu"])
    func everyFrameIsFiniteAndTheReplayEndsSettled(name: String) throws {
        let recording = try ReplayFixtures.recording(name)
        let bindings = [
            GestureBinding(channel: "drag", follow: .absolute, release: .init(target: .project(snapPoints: []))),
            GestureBinding(channel: "touch", gesture: .touches(count: 3)),
            GestureBinding(channel: "zoom", gesture: .pinch, bounds: ChannelBounds(lower: [0.5], upper: [2]),
                           release: .init(animation: try AnimationExpression.parse(".bouncy"), target: .project(snapPoints: [[1], [2]]))),
            GestureBinding(channel: "scroll", gesture: .scroll, release: .init(target: .origin)),
        ]
        let frames = try ReplayFixtures.frames(recording, bindings)
        // A tap lands and lifts in place: its one frame is the landing (nothing moves after it, so nothing is sent).
        #expect(frames.count > (name == "tap.evemu" ? 0 : 2))
        for frame in frames {
            for sample in frame.samples {
                #expect(sample.value.allSatisfy(\.isFinite) && sample.velocity.allSatisfy(\.isFinite), "\(name) \(frame.seq)")
            }
        }
        let last = try #require(frames.last)
        #expect(last.samples.allSatisfy { $0.velocity.allSatisfy { $0 == 0 } })
        // The daemon's clock: the first tick at the first event, then one period (10⁹/120 ns, rounded) apart
        // while anything moves; after an idle spell the next tick is at least a period after the last one.
        // Ticks are numbered from 1; a frame goes out only at a tick where a value changed (the first carries the
        // full state), so frames' seq increase, with gaps where nothing changed.
        let start = Int64(try #require(recording.events.first).time)
        let period: UInt64 = 8_333_333
        #expect(frames.first.map { Int64($0.timeNanoseconds) } == start)
        #expect(frames.first?.seq == 1)
        for (k, frame) in frames.enumerated() where k > 0 {
            #expect(frame.seq > frames[k - 1].seq)
            #expect(frame.timeNanoseconds - frames[k - 1].timeNanoseconds >= period)
            #expect(frame.samples != frames[k - 1].samples, "\(name): frame \(frame.seq) repeats the values of the one before")
        }
        #expect(zip(frames, frames.dropFirst()).filter { $1.timeNanoseconds - $0.timeNanoseconds == period }.count
                >= frames.count / 2, "most ticks are one period apart")
    }

    /// Nothing is sent that did not change. A hovering mouse (the real PS/2 mouse: 53 s, 2 707 motion frames, no button)
    /// drives none of the default bindings: its subscriber gets its first frame, the full state, and nothing else;
    /// before, every motion frame woke the clock and sent the unchanged values (4 300 frames). With a pointer binding
    /// the same mouse moves a channel, and then every frame is a change.
    @Test func aHoveringMouseSendsNothingUnlessABindingFollowsIt() throws {
        let recording = try ReplayFixtures.recording("real/PS2_Generic_Mouse.evemu")
        let schedule = ReplaySchedule(recordings: [recording])
        #expect(try OfflineReplay.run(schedule: schedule, configuration: .embeddedDefault).count == 1)
        var follow = DaemonConfiguration()
        follow.bindings = [GestureBinding(channel: "cursor", gesture: .pointer, follow: .absolute)]
        let frames = try ReplayFixtures.frames(recording, follow.bindings)
        #expect(frames.count > 100)
        #expect(zip(frames, frames.dropFirst()).allSatisfy { $0.samples != $1.samples })
    }

    /// Input is applied at its own timestamp, not at the next tick: the channel's value at a given
    /// time is the same whether the clock ticks at 120 Hz or at 30 Hz. (Applied at the next tick
    /// instead, a 1.5 m/s fling would differ by up to 33 ms × 1.5 m/s ≈ 50 mm between the two.)
    @Test func inputTakesEffectAtItsOwnTimestampWhateverTheTickRate() throws {
        let recording = try ReplayFixtures.recording("swipe-fling.evemu")
        let binding = GestureBinding(channel: "c", follow: .absolute, release: .init(target: .project(snapPoints: [])))
        let fast = try ReplayFixtures.frames(recording, [binding], rateHz: 120)
        let slow = try ReplayFixtures.frames(recording, [binding], rateHz: 30)
        // The clock's period is rounded to whole nanoseconds (8 333 333 ns and 33 333 333 ns), so the grids drift
        // apart by a nanosecond every slow tick: frames within 1 µs of each other are compared, where the motion
        // (at most about 2 m/s and 10⁵ mm/s²) moves the value by less than 0.002 mm and the velocity by 0.1 mm/s.
        var compared = 0
        for frame in slow {
            guard let twin = fast.first(where: { max($0.timeNanoseconds, frame.timeNanoseconds)
                - min($0.timeNanoseconds, frame.timeNanoseconds) <= 1_000 }) else { continue }
            for c in 0..<2 {
                #expect(abs(frame.samples[0].value[c] - twin.samples[0].value[c]) < 2e-3)
                #expect(abs(frame.samples[0].velocity[c] - twin.samples[0].velocity[c]) < 0.1)
            }
            compared += 1
        }
        #expect(compared >= 10)
    }

    @Test(arguments: ["swipe-fling.evemu", "pinch.evemu", "mouse-drag.evemu"])
    func twoRunsAreBitIdentical(name: String) throws {
        let schedule = ReplaySchedule(recordings: [try ReplayFixtures.recording(name)])
        let first = try OfflineReplay.jsonLines(schedule: schedule, configuration: .embeddedDefault)
        let second = try OfflineReplay.jsonLines(schedule: schedule, configuration: .embeddedDefault)
        #expect(!first.isEmpty && first == second)
        // run() gives the same frames as lines.
        let lines = try OfflineReplay.run(schedule: schedule, configuration: .embeddedDefault)
        #expect(Array(lines.map { $0 + "\n" }.joined().utf8) == first)
    }

    @Test func rejectsRatesOutsideTheDaemonsRange() throws {
        let schedule = ReplaySchedule(recordings: [try ReplayFixtures.recording("tap.evemu")])
        for rate in [10.0, 1000, .nan] {
            var configuration = DaemonConfiguration.embeddedDefault
            configuration.rateHz = rate
            #expect(throws: ConfigurationError.self) { try OfflineReplay.run(schedule: schedule, configuration: configuration) }
        }
    }
}
