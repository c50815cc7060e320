import FoundationEssentials
import Kinetic
import Testing

/// Spec §7.3: values measured in SwiftUI (initial value 0), printed to 3 decimals.
/// A value matches when it rounds to the printed digits: |value − printed| ≤ 0.0005.
private func expectPrinted(
    _ value: Double, _ printed: Double, sourceLocation: SourceLocation = #_sourceLocation
) {
    #expect(abs(value - printed) <= 0.0005 + 1e-12, "\(value) vs measured \(printed)", sourceLocation: sourceLocation)
}

@Suite("KeyframeTimeline, measured vectors (docs/ANIMATION.md §7.3)")
struct KeyframeTimelineVectorTests {
    static var k1: KeyframeTimeline<Double> {
        KeyframeTimeline(initialValue: 0.0) {
        LinearKeyframe(10.0, duration: 0.2)
        LinearKeyframe(-10.0, duration: 0.2)
        LinearKeyframe(0.0, duration: 0.2)
        }
    }

    @Test("K1 linear 10/.2, −10/.2, 0/.2", arguments: [
        (0.05, 2.5), (0.15, 7.5), (0.25, 5), (0.35, -5), (0.5, -5), (0.6, 0), (0.7, 0), (5, 0),
    ])
    func k1(time: Double, measured: Double) {
        expectPrinted(Self.k1.value(time: time), measured)
    }

    @Test("K2 linear 10/.4 easeInOut", arguments: [
        (0.05, 0.311), (0.1, 1.292), (0.15, 2.928), (0.2, 5), (0.25, 7.072), (0.3, 8.708), (0.35, 9.689),
    ])
    func k2(time: Double, measured: Double) {
        let timeline = KeyframeTimeline(initialValue: 0.0) {
            LinearKeyframe(10.0, duration: 0.4, timingCurve: .easeInOut)
        }
        expectPrinted(timeline.value(time: time), measured)
    }

    @Test("K3b lone cubic 10/.4 is a smoothstep", arguments: [
        (0.05, 0.430), (0.1, 1.562), (0.15, 3.164), (0.25, 6.836), (0.3, 8.437), (0.35, 9.570),
    ])
    func k3b(time: Double, measured: Double) {
        let timeline = KeyframeTimeline(initialValue: 0.0) { CubicKeyframe(10.0, duration: 0.4) }
        expectPrinted(timeline.value(time: time), measured)
    }

    @Test("K3 cubic 10/.2, −10/.2, 0/.2", arguments: [
        (0.05, 1.797), (0.1, 5.625), (0.15, 9.141), (0.25, 6.406), (0.3, 0), (0.35, -6.406), (0.5, -5.625),
    ])
    func k3(time: Double, measured: Double) {
        let timeline = KeyframeTimeline(initialValue: 0.0) {
            CubicKeyframe(10.0, duration: 0.2)
            CubicKeyframe(-10.0, duration: 0.2)
            CubicKeyframe(0.0, duration: 0.2)
        }
        expectPrinted(timeline.value(time: time), measured)
    }

    @Test("K3c cubic 10/.1, 0/.3", arguments: [
        (0.025, 1.562), (0.05, 5), (0.075, 8.437), (0.15, 9.259), (0.2, 7.407), (0.25, 5), (0.3, 2.593),
        (0.35, 0.741),
    ])
    func k3c(time: Double, measured: Double) {
        let timeline = KeyframeTimeline(initialValue: 0.0) {
            CubicKeyframe(10.0, duration: 0.1)
            CubicKeyframe(0.0, duration: 0.3)
        }
        expectPrinted(timeline.value(time: time), measured)
    }

    @Test("K3f cubic 10/.2, 30/.2 (Catmull-Rom velocity)", arguments: [
        (0.05, 0.859), (0.1, 3.125), (0.15, 6.328), (0.25, 15.234), (0.3, 21.875), (0.35, 27.578),
    ])
    func k3f(time: Double, measured: Double) {
        let timeline = KeyframeTimeline(initialValue: 0.0) {
            CubicKeyframe(10.0, duration: 0.2)
            CubicKeyframe(30.0, duration: 0.2)
        }
        expectPrinted(timeline.value(time: time), measured)
    }

    @Test("K3g cubic 10/.1, 30/.3 (non-uniform Catmull-Rom)", arguments: [
        (0.025, 1.211), (0.05, 4.062), (0.075, 7.383), (0.175, 16.289), (0.25, 22.812), (0.325, 27.930),
    ])
    func k3g(time: Double, measured: Double) {
        let timeline = KeyframeTimeline(initialValue: 0.0) {
            CubicKeyframe(10.0, duration: 0.1)
            CubicKeyframe(30.0, duration: 0.3)
        }
        expectPrinted(timeline.value(time: time), measured)
    }

    @Test("K3d linear 10/.2, cubic 0/.2, linear 5/.2", arguments: [
        (0.25, 9.609), (0.3, 5.625), (0.35, 1.328), (0.5, 2.5),
    ])
    func k3d(time: Double, measured: Double) {
        let timeline = KeyframeTimeline(initialValue: 0.0) {
            LinearKeyframe(10.0, duration: 0.2)
            CubicKeyframe(0.0, duration: 0.2)
            LinearKeyframe(5.0, duration: 0.2)
        }
        expectPrinted(timeline.value(time: time), measured)
    }

    @Test("K3e cubic 10/.4 with startVelocity 50, endVelocity 0", arguments: [
        (0.05, 2.344), (0.1, 4.375), (0.2, 7.5), (0.3, 9.375), (0.35, 9.844),
    ])
    func k3e(time: Double, measured: Double) {
        let timeline = KeyframeTimeline(initialValue: 0.0) {
            CubicKeyframe(10.0, duration: 0.4, startVelocity: 50, endVelocity: 0)
        }
        expectPrinted(timeline.value(time: time), measured)
    }

    @Test("K4 spring 10 for .4 s, Spring(duration: .4): stops without snapping", arguments: [
        (0.05, 1.860), (0.1, 4.656), (0.15, 6.819), (0.2, 8.210), (0.25, 9.029), (0.3, 9.487), (0.35, 9.734),
        (0.4, 9.864), (0.5, 9.864), (3, 9.864),
    ])
    func k4(time: Double, measured: Double) {
        let timeline = KeyframeTimeline(initialValue: 0.0) {
            SpringKeyframe(10.0, duration: 0.4, spring: Spring(duration: 0.4, bounce: 0))
        }
        #expect(timeline.duration == 0.4)
        expectPrinted(timeline.value(time: time), measured)
    }

    /// K4b: the default duration of a spring keyframe, 1.273 s for Spring(0.4, 0.3) towards 10.
    @Test func k4bDefaultSpringDuration() {
        let timeline = KeyframeTimeline(initialValue: 0.0) {
            SpringKeyframe(10.0, spring: Spring(duration: 0.4, bounce: 0.3))
        }
        expectPrinted(timeline.duration, 1.273)
        // Not the spring's own settlingDuration (0.854): a tighter epsilon relative to the distance.
        #expect(abs(Spring(duration: 0.4, bounce: 0.3).settlingDuration - 0.854) < 0.0005)
    }

    /// The spring is K4's (0.4 s, no bounce); it starts with the linear keyframe's end velocity, 50/s.
    @Test("K4e linear 10/.2 then spring 0/.4 carries the linear velocity", arguments: [
        (0.25, 9.280), (0.3, 6.384), (0.4, 2.222), (0.6, 0.173),
    ])
    func k4e(time: Double, measured: Double) {
        let timeline = KeyframeTimeline(initialValue: 0.0) {
            LinearKeyframe(10.0, duration: 0.2)
            SpringKeyframe(0.0, duration: 0.4, spring: Spring(duration: 0.4, bounce: 0))
        }
        expectPrinted(timeline.value(time: time), measured)
    }

    /// K4c: a keyframe after a spring starts from the value the spring reached (8.210 at 0.2 s),
    /// here a linear one back to 0: half way at 0.3 s is 8.210 / 2.
    @Test func k4cSpringThenLinearStartsWhereTheSpringStopped() {
        let timeline = KeyframeTimeline(initialValue: 0.0) {
            SpringKeyframe(10.0, duration: 0.2, spring: Spring(duration: 0.4, bounce: 0))
            LinearKeyframe(0.0, duration: 0.2)
        }
        expectPrinted(timeline.value(time: 0.2), 8.210)
        expectPrinted(timeline.value(time: 0.3), 8.210 / 2)
        #expect(timeline.value(time: 0.4) == 0)
        #expect(abs(timeline.value(time: 0.3) - timeline.value(time: 0.2) / 2) < 1e-12)
    }

    @Test("K5 linear 10/.2, move −5, linear 0/.2", arguments: [
        (0.2, 10), (0.25, -3.75), (0.3, -2.5), (0.35, -1.25), (0.4, 0),
    ])
    func k5(time: Double, measured: Double) {
        let timeline = KeyframeTimeline(initialValue: 0.0) {
            LinearKeyframe(10.0, duration: 0.2)
            MoveKeyframe(-5.0)
            LinearKeyframe(0.0, duration: 0.2)
        }
        #expect(abs(timeline.duration - 0.4) < 1e-12)
        expectPrinted(timeline.value(time: time), measured)
    }
}
