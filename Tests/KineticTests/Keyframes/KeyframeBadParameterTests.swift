import FoundationEssentials
import Kinetic
import Testing

/// Bad parameters, for every keyframe type: NaN and infinite values and
/// velocities, zero, negative and non-finite durations, springs with bounce ≤ −1 or zero mass. Nothing traps, the
/// duration is finite, and no NaN or ±∞ reaches `value(time:)`; the documented results are pinned where they are
/// simple to state (KeyframeTimeline's doc comment).
@Suite("Keyframes, bad parameters")
struct KeyframeBadParameterTests {
    static let badValues: [Double] = [.nan, .infinity, -.infinity]

    /// Every time on a 5 ms grid (and a few odd ones) reads a finite value.
    static func expectFiniteEverywhere(_ timeline: KeyframeTimeline<Double>, _ comment: String,
                                       sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(timeline.duration.isFinite, "\(comment): duration \(timeline.duration)", sourceLocation: sourceLocation)
        let end = timeline.duration.isFinite ? timeline.duration : 0
        var times = stride(from: -0.05, through: end + 0.05, by: 0.005).map { $0 }
        times += [.nan, .infinity, -.infinity, 1e300]
        let bad = times.filter { !timeline.value(time: $0).isFinite }
        #expect(bad.isEmpty, "\(comment): non-finite at \(bad.prefix(5))", sourceLocation: sourceLocation)
        for progress in [-1.0, 0, 0.3, 0.5, 0.99, 1, 2, .nan] {
            #expect(timeline.value(progress: progress).isFinite, "\(comment) at progress \(progress)",
                    sourceLocation: sourceLocation)
        }
    }

    /// A non-finite value in the middle of a track, for each keyframe type: the keyframe holds the value
    /// reached before it (10) for its duration, and the keyframes after it continue from there.
    @Test(arguments: badValues)
    func nonFiniteKeyframeValuesHold(_ bad: Double) {
        let kinds: [(String, KeyframeTimeline<Double>)] = [
            ("linear", KeyframeTimeline(initialValue: 0.0) {
                LinearKeyframe(10.0, duration: 0.2)
                LinearKeyframe(bad, duration: 0.2)
                LinearKeyframe(0.0, duration: 0.2)
            }),
            ("eased linear", KeyframeTimeline(initialValue: 0.0) {
                LinearKeyframe(10.0, duration: 0.2)
                LinearKeyframe(bad, duration: 0.2, timingCurve: .easeInOut)
                LinearKeyframe(0.0, duration: 0.2)
            }),
            ("cubic", KeyframeTimeline(initialValue: 0.0) {
                LinearKeyframe(10.0, duration: 0.2)
                CubicKeyframe(bad, duration: 0.2)
                LinearKeyframe(0.0, duration: 0.2)
            }),
            ("spring", KeyframeTimeline(initialValue: 0.0) {
                LinearKeyframe(10.0, duration: 0.2)
                SpringKeyframe(bad, duration: 0.2)
                LinearKeyframe(0.0, duration: 0.2)
            }),
        ]
        for (name, timeline) in kinds {
            Self.expectFiniteEverywhere(timeline, "\(name) to \(bad)")
            #expect(abs(timeline.duration - 0.6) < 1e-12, "\(name)")
            // Held: 10 through the bad keyframe (the spring starts at rest on its target, 10, and stays).
            for time in [0.25, 0.3, 0.4] {
                #expect(abs(timeline.value(time: time) - 10) < 1e-9, "\(name) at \(time): \(timeline.value(time: time))")
            }
            // Then the last keyframe runs from 10 to 0: half way at 0.5 s.
            #expect(abs(timeline.value(time: 0.5) - 5) < 1e-9, "\(name)")
            #expect(abs(timeline.value(time: 0.6)) < 1e-12, "\(name)")
        }
        // A move to a non-finite value does not move.
        let move = KeyframeTimeline(initialValue: 0.0) {
            LinearKeyframe(10.0, duration: 0.2)
            MoveKeyframe(bad)
            LinearKeyframe(0.0, duration: 0.2)
        }
        Self.expectFiniteEverywhere(move, "move to \(bad)")
        #expect(abs(move.value(time: 0.3) - 5) < 1e-12)
    }

    /// Cubic neighbours of a non-finite keyframe (whose Catmull-Rom velocities would read it) stay finite.
    @Test(arguments: badValues)
    func cubicNeighboursOfANonFiniteKeyframe(_ bad: Double) {
        let timeline = KeyframeTimeline(initialValue: 0.0) {
            CubicKeyframe(10.0, duration: 0.2)
            CubicKeyframe(bad, duration: 0.2)
            CubicKeyframe(-10.0, duration: 0.2)
            CubicKeyframe(0.0, duration: 0.2)
        }
        Self.expectFiniteEverywhere(timeline, "cubics around \(bad)")
        #expect(abs(timeline.value(time: 0.2) - 10) < 1e-12)
        #expect(timeline.value(time: 0.8) == 0)
    }

    /// Explicit velocities that are NaN or infinite count as 0: a lone cubic with them is the smoothstep (K3b).
    @Test(arguments: badValues)
    func nonFiniteExplicitVelocitiesCountAsZero(_ bad: Double) {
        let cubic = KeyframeTimeline(initialValue: 0.0) {
            CubicKeyframe(10.0, duration: 0.4, startVelocity: bad, endVelocity: bad)
        }
        Self.expectFiniteEverywhere(cubic, "cubic velocities \(bad)")
        #expect(abs(cubic.value(time: 0.1) - 1.5625) < 1e-12)  // K3b by hand: 10·(3u² − 2u³) at u = ¼
        let spring = KeyframeTimeline(initialValue: 0.0) {
            SpringKeyframe(10.0, duration: 0.4, spring: Spring(duration: 0.4, bounce: 0), startVelocity: bad)
        }
        Self.expectFiniteEverywhere(spring, "spring start velocity \(bad)")
        #expect(abs(spring.value(time: 0.1) - 4.656) < 0.0005)  // K4 at rest
    }

    /// One bad component of a vector value holds the whole keyframe's data, as documented: the other
    /// component does not move on its own.
    @Test func nonFiniteComponentOfAPointHoldsTheKeyframe() {
        let timeline = KeyframeTimeline(initialValue: CGPoint.zero) {
            LinearKeyframe(CGPoint(x: 10, y: 20), duration: 0.2)
            LinearKeyframe(CGPoint(x: CGFloat.nan, y: 40), duration: 0.2)
        }
        #expect(timeline.value(time: 0.3) == CGPoint(x: 10, y: 20))
        for n in 0...50 {
            let point = timeline.value(time: Double(n) * 0.01)
            #expect(point.x.isFinite && point.y.isFinite)
        }
    }

    /// Zero, negative and non-finite durations on every timed keyframe type (explicit and default spring
    /// durations included): no time taken, finite values.
    @Test(arguments: [0.0, -0.3, .nan, .infinity, -.infinity])
    func badDurations(_ duration: Double) {
        let timeline = KeyframeTimeline(initialValue: 0.0) {
            LinearKeyframe(4.0, duration: duration, timingCurve: .circularEaseIn)
            CubicKeyframe(8.0, duration: duration, startVelocity: 3, endVelocity: 1)
            SpringKeyframe(12.0, duration: duration, spring: .bouncy)
            LinearKeyframe(2.0, duration: 0.1)
        }
        Self.expectFiniteEverywhere(timeline, "duration \(duration)")
        #expect(abs(timeline.duration - 0.1) < 1e-12)
        // The linear and cubic jump (4, then 8); the spring takes no time and holds its start, 8.
        #expect(timeline.value(time: 0) == 8)
        #expect(abs(timeline.value(time: 0.05) - 5) < 1e-12)
    }

    /// Spring keyframes with the degenerate springs (bounce ≤ −1: frozen; zero mass: rigid;
    /// undamped: no default duration) — explicit and default durations.
    @Test(arguments: [
        Spring(duration: 0.4, bounce: -1), Spring(duration: 0.4, bounce: -.infinity), Spring(duration: 0.4, bounce: .nan),
        Spring(mass: 0, stiffness: 100, damping: 10), Spring(mass: -2, stiffness: 100, damping: 10),
        Spring(mass: .nan, stiffness: 100, damping: 10), Spring(duration: 0, bounce: 0.3),
        Spring(duration: -1, bounce: 0.3), Spring(duration: 0.4, bounce: 1), Spring(duration: .infinity, bounce: 0),
        Spring(mass: 1, stiffness: .nan, damping: .infinity),
    ])
    func degenerateSprings(_ spring: Spring) {
        for duration in [0.3, nil] as [Double?] {
            let timeline = KeyframeTimeline(initialValue: 0.0) {
                LinearKeyframe(10.0, duration: 0.2)
                SpringKeyframe(-5.0, duration: duration, spring: spring)
                CubicKeyframe(3.0, duration: 0.2)
            }
            Self.expectFiniteEverywhere(timeline, "\(spring), duration \(String(describing: duration))")
            #expect(timeline.value(time: timeline.duration) == 3)
        }
    }

    /// A non-finite initial value is shown as given before time 0 only: the first keyframe shows its own value for
    /// its duration (there is nothing finite to interpolate from), then the track continues normally.
    @Test(arguments: badValues)
    func nonFiniteInitialValue(_ bad: Double) {
        for first in ["linear", "cubic", "spring", "move"] {
            let timeline = KeyframeTimeline(initialValue: bad) {
                switch first {
                case "linear": LinearKeyframe(10.0, duration: 0.2)
                case "cubic": CubicKeyframe(10.0, duration: 0.2)
                case "spring": SpringKeyframe(10.0, duration: 0.2)
                default: MoveKeyframe(10.0)
                }
                LinearKeyframe(0.0, duration: 0.2)
            }
            let start = first == "move" ? 0.0 : 0.2
            #expect(abs(timeline.duration - (start + 0.2)) < 1e-12, "\(first)")
            for n in 0...40 {
                let time = Double(n) * 0.01
                let value = timeline.value(time: time)
                #expect(value.isFinite, "\(first) from \(bad) at \(time): \(value)")
                if time <= start { #expect(value == 10, "\(first) at \(time)") }
            }
            #expect(abs(timeline.value(time: start + 0.1) - 5) < 1e-9, "\(first)")
            #expect(timeline.value(time: -0.1).isNaN == bad.isNaN)
        }
    }

    /// Non-finite time or progress never reach the keyframes (docs/ANIMATION.md: NaN reads as 0, ±∞ clamp to the ends).
    @Test func nonFiniteTimes() {
        let timeline = KeyframeTimeline(initialValue: 1.0) {
            LinearKeyframe(10.0, duration: 0.2)
            SpringKeyframe(0.0, duration: 0.4)
        }
        #expect(timeline.value(time: .nan) == 1)
        #expect(timeline.value(time: -.infinity) == 1)
        #expect(timeline.value(time: .infinity) == timeline.value(time: 0.6))
        #expect(timeline.value(progress: .infinity) == timeline.value(time: 0.6))
    }
}
