import FoundationEssentials
import Kinetic
import KineticInput
import Testing
@testable import KineticBindings
@testable import KineticServerCore
@testable import KineticTestSupport

/// The swipe of N fingers and two-finger rotation, on the bundled synthetic recordings, against
/// the numbers the generator (scripts/make-recordings.py) used.
struct SwipeAndRotateTests {
    /// The generator's minimum-jerk profile.
    static func minJerk(_ s: Double) -> Double {
        let s = min(max(s, 0), 1)
        return s * s * s * (10 - 15 * s + 6 * s * s)
    }

    static func track(_ name: String) throws -> (GestureTracker, [SwipeValue], [RotationValue]) {
        let recording = try ReplayFixtures.recording(name)
        var tracker = GestureTracker(deviceClass: recording.device.deviceClass)
        var swipes: [SwipeValue] = [], rotations: [RotationValue] = []
        for event in recording.gestureEvents() {
            let before = (tracker.swipe, tracker.rotation)
            tracker.update(with: event)
            if let swipe = tracker.swipe, swipe != before.0 { swipes.append(swipe) }
            if let rotation = tracker.rotation, rotation != before.1 { rotations.append(rotation) }
        }
        return (tracker, swipes, rotations)
    }

    /// Three fingers land at 0, 10 and 20 ms: swipes of 1 and 2 fingers begin and are replaced by the next landing
    /// (they never end with a release); the 3-finger swipe runs from 20 ms and ends when the fingers lift, 40 mm × f to the left, f the
    /// profile at the last frame (220 ms): minJerk(190/266.67)/minJerk(0.75).
    @Test func aThreeFingerSwipeIsTheCentroidsTranslation() throws {
        let (_, swipes, _) = try Self.track("touchpad-swipe3.evemu")
        let counts = swipes.map(\.fingerCount)
        #expect(counts.first == 1 && counts.last == 3)
        #expect(swipes.filter { $0.fingerCount < 3 }.allSatisfy { $0.phase == .began || $0.phase == .changed })
        let three = swipes.filter { $0.fingerCount == 3 }
        #expect(three.first?.phase == .began && three.last?.phase == .ended)
        #expect(three.dropFirst().dropLast().allSatisfy { $0.phase == .changed })
        let end = try #require(three.last)
        let f = Self.minJerk(190.0 / (200.0 / 0.75)) / Self.minJerk(0.75)
        // Positions are quantised to 1/40 mm per finger.
        #expect(abs(Double(end.translation.width) - (-40 * f)) < 0.025, "\(end.translation)")
        #expect(abs(Double(end.translation.height)) < 0.025)
        #expect(end.velocity.width < -100, "lifted while moving left: \(end.velocity)")
        #expect(abs(Double(end.startLocation.x) - 50) < 0.025 && abs(Double(end.startLocation.y) - 29.666666) < 0.025)
    }

    /// The pair's direction turns from 120° to 255° (= −105°): the rotation is unwrapped, +135° at the end, and its
    /// velocity is the derivative of the rotation wherever the turn is smooth.
    @Test func rotationIsUnwrappedAcrossTheHalfTurn() throws {
        let (_, _, rotations) = try Self.track("rotate.evemu")
        #expect(rotations.first?.phase == .began && rotations.first?.rotation == 0)
        let end = try #require(rotations.last)
        #expect(end.phase == .ended)
        #expect(abs(end.rotation * 180 / .pi - 135) < 0.1, "\(end.rotation * 180 / .pi)")
        #expect(rotations.contains { $0.direction > 3 } && rotations.contains { $0.direction < -3 }, "it crosses ±180°")
        #expect(zip(rotations, rotations.dropFirst()).allSatisfy { $1.rotation >= $0.rotation - 1e-3 }, "clockwise throughout")
        let peak = try #require(rotations.map(\.velocity).max())
        // Minimum-jerk over 480 ms: the peak rate is 1.875 × 135° / 0.48 s = 527.3 °/s.
        #expect(abs(peak * 180 / .pi - 1.875 * 135 / 0.48) < 0.05 * 527.3, "\(peak * 180 / .pi)")
    }

    @Test func bindingsFollowThemAndTheConfigurationSpellsThem() throws {
        let yaml = """
            bindings:
              - { gesture: swipe, fingers: 3, channel: workspace, release: { target: snap, page: [100, 0] } }
              - { gesture: swipe, fingers: 2, channel: two }
              - { gesture: rotate, unit: degrees, channel: dial }
            """
        let configuration = try DaemonConfiguration.parse(yaml, source: "t")
        #expect(configuration.bindings.map(\.gesture) == [.swipe(fingers: 3), .swipe(fingers: 2), .rotate(unit: .degrees)])
        #expect(configuration.bindings.map(\.dimension) == [2, 2, 1])
        for bad in ["{ gesture: swipe, fingers: 1, channel: a }", "{ gesture: drag, fingers: 3, channel: a }",
                    "{ gesture: rotate, unit: turns, channel: a }", "{ gesture: pinch, unit: degrees, channel: a }"] {
            #expect(throws: ConfigurationError.self, "\(bad)") { try DaemonConfiguration.parse("bindings:\n  - \(bad)\n", source: "t") }
        }

        let swipe = try ReplayFixtures.frames(try ReplayFixtures.recording("touchpad-swipe3.evemu"), configuration.bindings)
        let events = swipe.flatMap(\.bindingEvents)
        // The two-finger swipe began and was cancelled when the third finger landed (released without velocity).
        #expect(events.filter { $0.channel == "two" }.map(\.phase) == [.began, .cancelled])
        let workspace = events.filter { $0.channel == "workspace" }
        #expect(workspace.first?.phase == .began && workspace.last?.phase == .ended)
        // Released moving left, it snaps to the page the fling points at: 40 mm × f plus the projection, rounded to 100.
        let release = try #require(workspace.last)
        let projected = release.input[0] + DecelerationRate.normal.projectedDistance(velocity: release.inputVelocity[0])
        #expect(release.target == [(projected / 100).rounded() * 100, 0])
        #expect(swipe.last?.samples.first?.value == release.target)

        let dial = try ReplayFixtures.frames(try ReplayFixtures.recording("rotate.evemu"), configuration.bindings)
        let turn = try #require(dial.flatMap(\.bindingEvents).last { $0.channel == "dial" })
        #expect(turn.phase == .ended && abs(turn.target[0] - 135) < 0.1)
        let last = try #require(dial.last?.samples.last)
        #expect(abs(last.value[0] - 135) < 0.1)
    }
}
