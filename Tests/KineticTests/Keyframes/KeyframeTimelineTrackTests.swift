import FoundationEssentials
import Kinetic
import Testing

/// A value with two animated fields and one that no track names.
struct Pose: Equatable {
    var x: Double = 0
    var scale: Double = 1
    var label = "rest"
}

@Suite("KeyframeTimeline tracks, builders and degenerate input (docs/ANIMATION.md §7.2)")
struct KeyframeTimelineTrackTests {
    /// K6: x 10/.2, 0/.2; scale 1 → 2 over .6.
    static var k6: KeyframeTimeline<Pose> {
        KeyframeTimeline(initialValue: Pose()) {
        KeyframeTrack(\.x) {
            LinearKeyframe(10.0, duration: 0.2)
            LinearKeyframe(0.0, duration: 0.2)
        }
        KeyframeTrack(\.scale) {
            LinearKeyframe(2.0, duration: 0.6)
        }
        }
    }

    @Test func k6DurationIsTheLongestTrackAndShorterTracksHold() {
        #expect(abs(Self.k6.duration - 0.6) < 1e-12)
        let atQuarter = Self.k6.value(time: 0.15)
        #expect(abs(atQuarter.x - 7.5) < 1e-12)
        #expect(abs(atQuarter.scale - 1.25) < 1e-12)
        let afterX = Self.k6.value(time: 0.5)
        #expect(afterX.x == 0)
        #expect(abs(afterX.scale - (1 + 0.5 / 0.6)) < 1e-12)
        #expect(afterX.label == "rest")
        #expect(Self.k6.value(time: 0.6) == Pose(x: 0, scale: 2))
        #expect(Self.k6.value(time: -1) == Pose())
    }

    /// K9: `value(progress:)` is `value(time:)` at the clamped fraction of the duration, and both
    /// give K6's hand-computed values there (x: linear 0→10→0 over 0.2 s each; scale: 1→2 over 0.6 s).
    @Test(arguments: [(-1.0, 0.0, 0.0, 1.0), (0.0, 0.0, 0.0, 1.0), (0.25, 0.15, 7.5, 1.25), (0.5, 0.3, 5, 1.5),
                      (0.75, 0.45, 0, 1.75), (1.0, 0.6, 0, 2), (3.0, 0.6, 0, 2)])
    func k9ProgressIsClampedFractionOfDuration(progress: Double, time: Double, x: Double, scale: Double) {
        let value = Self.k6.value(progress: progress)
        #expect(value == Self.k6.value(time: time))
        #expect(abs(value.x - x) < 1e-12, "x at progress \(progress): \(value.x)")
        #expect(abs(value.scale - scale) < 1e-12, "scale at progress \(progress): \(value.scale)")
    }

    @Test func laterTrackWinsOnTheSameField() {
        let timeline = KeyframeTimeline(initialValue: Pose()) {
            KeyframeTrack(\.x) { LinearKeyframe(10.0, duration: 0.2) }
            KeyframeTrack(\.x) { LinearKeyframe(-20.0, duration: 0.4) }
        }
        #expect(abs(timeline.value(time: 0.1).x - -5) < 1e-12)
        #expect(abs(timeline.value(time: 0.3).x - -15) < 1e-12)
        #expect(timeline.duration == 0.4)
    }

    @Test func wholeValueTrackAfterKeyPathTracksOverridesThem() {
        struct Level: Animatable, Equatable {
            var a: Double
            var b: Double
            var animatableData: AnimatablePair<Double, Double> {
                get { AnimatablePair(a, b) }
                set { (a, b) = (newValue.first, newValue.second) }
            }
        }
        let timeline = KeyframeTimeline(initialValue: Level(a: 0, b: 0)) {
            KeyframeTrack(\.a) { LinearKeyframe(100.0, duration: 1) }
            KeyframeTrack { LinearKeyframe(Level(a: 2, b: 4), duration: 0.5) }
        }
        #expect(timeline.value(time: 0.25) == Level(a: 1, b: 2))
        #expect(timeline.value(time: 0.75) == Level(a: 2, b: 4))
    }

    /// Bare keyframes in the timeline's builder form one whole-value track, the same as an explicit one.
    @Test func bareKeyframesAreOneWholeValueTrack() {
        let bare = KeyframeTimelineVectorTests.k1
        let explicit = KeyframeTimeline(initialValue: 0.0) {
            KeyframeTrack {
                LinearKeyframe(10.0, duration: 0.2)
                LinearKeyframe(-10.0, duration: 0.2)
                LinearKeyframe(0.0, duration: 0.2)
            }
        }
        for time in stride(from: -0.1, through: 0.8, by: 0.05) {
            #expect(bare.value(time: time) == explicit.value(time: time))
        }
    }

    @Test(arguments: [true, false])
    func buildersTakeLoopsAndConditionals(bounce: Bool) {
        let timeline = KeyframeTimeline(initialValue: Pose()) {
            KeyframeTrack(\.x) {
                for target in [10.0, 20.0, 30.0] {
                    LinearKeyframe(target, duration: 0.1)
                }
                if bounce {
                    LinearKeyframe(0.0, duration: 0.1)
                } else {
                    MoveKeyframe(-1.0)
                }
            }
            if bounce {
                KeyframeTrack(\.scale) { LinearKeyframe(3.0, duration: 1) }
            }
            // Empty tracks write nothing, so they do not undo the scale track above.
            for _ in 0..<2 {
                KeyframeTrack(\.scale) {}
            }
        }
        #expect(abs(timeline.value(time: 0.15).x - 15) < 1e-12)
        #expect(abs(timeline.value(time: 0.25).x - 25) < 1e-12)
        #expect(timeline.value(time: 0.5).x == (bounce ? 0 : -1))
        #expect(abs(timeline.duration - (bounce ? 1 : 0.3)) < 1e-12)
        #expect(timeline.value(time: 1).scale == (bounce ? 3 : 1))
    }

    @Test func zeroTracksGiveTheInitialValueAndZeroDuration() {
        let timeline = KeyframeTimeline(initialValue: Pose(x: 3)) {}
        #expect(timeline.duration == 0)
        for time in [-1.0, 0, 0.5, .infinity, .nan] {
            #expect(timeline.value(time: time) == Pose(x: 3))
        }
        for progress in [-1.0, 0, 0.5, 1, .nan] {
            #expect(timeline.value(progress: progress) == Pose(x: 3))
        }
    }

    /// SwiftUI reads NaN at a zero-duration linear keyframe (K8); Kinetic makes it a jump.
    @Test(arguments: [0.0, -1.0, .nan, .infinity])
    func zeroLengthKeyframesJumpWithoutNaN(duration: Double) {
        let timeline = KeyframeTimeline(initialValue: 0.0) {
            LinearKeyframe(10.0, duration: duration)
            CubicKeyframe(20.0, duration: duration)
            SpringKeyframe(50.0, duration: duration)
            LinearKeyframe(30.0, duration: 0.2)
        }
        #expect(abs(timeline.duration - 0.2) < 1e-12)
        #expect(timeline.value(time: 0) == 20)
        #expect(abs(timeline.value(time: 0.1) - 25) < 1e-12)
        #expect(timeline.value(time: 0.2) == 30)
        for time in stride(from: -0.1, through: 0.3, by: 0.01) {
            #expect(timeline.value(time: time).isFinite)
        }
        // NaN reads as time 0, where the leading jumps are already made.
        #expect(timeline.value(time: .nan) == 20)
        #expect(timeline.value(progress: .nan) == 20)
        #expect(timeline.value(time: -0.01) == 0)
    }

    @Test func emptyTrackHoldsItsInitialField() {
        let timeline = KeyframeTimeline(initialValue: Pose(x: 7)) {
            KeyframeTrack(\.x) {}
        }
        #expect(timeline.duration == 0)
        #expect(timeline.value(time: 1) == Pose(x: 7))
    }
}
