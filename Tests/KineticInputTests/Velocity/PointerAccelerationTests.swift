import FoundationEssentials
import Testing
@testable import KineticInput

/// libinput's pointer acceleration (docs/INPUT.md §5.2.1), against values worked by hand from its profile; the VM's
/// side-by-side harness (scripts/vm/side-by-side.sh) checks the same code against libinput itself.
@Suite struct PointerAccelerationTests {
    /// The adaptive profile at speed 0, in units/ms: 10·v + 0.3 below 0.07, 1 up to 0.4, then 1.1·(v − 0.4) + 1, at most 2.
    @Test(arguments: [(0.0, 0.3), (0.05, 0.8), (0.071, 1.0), (0.39, 1.0), (0.4, 1.0), (0.9, 1.55), (1.3, 1.99), (5.0, 2.0)])
    func adaptiveProfileAtSpeedZero(unitsPerMillisecond: Double, factor: Double) {
        let accelerator = PointerAccelerator(.desktopDefault)
        #expect(abs(accelerator.profile(unitsPerMillisecond / 1000) - factor) < 1e-12)
    }

    /// Speed moves the threshold (0.4 − 0.25·s, at least 0.2), the incline (1.1 + 0.75·s) and the cap (2 + 1.5·s).
    @Test func speedChangesThresholdInclineAndCap() {
        let fast = PointerAccelerator(PointerAcceleration(profile: .adaptive, speed: 1))
        #expect(abs(fast.profile(0.15 / 1000) - 1) < 1e-12)                   // below the threshold 0.2 (0.15 clamped)
        #expect(abs(fast.profile(0.6 / 1000) - (1.85 * 0.4 + 1)) < 1e-12)     // incline 1.85 from 0.2
        #expect(abs(fast.profile(10.0 / 1000) - 3.5) < 1e-12)                 // cap 3.5
        let slow = PointerAccelerator(PointerAcceleration(profile: .adaptive, speed: -1))
        #expect(abs(slow.profile(0.01 / 1000) - 0.4) < 1e-12)                 // 10·v + 0.3, under the cap
        #expect(abs(slow.profile(0.6 / 1000) - 0.5) < 1e-12)                  // 1 below the threshold 0.65, capped at 0.5
        #expect(abs(slow.profile(10.0 / 1000) - 0.5) < 1e-12)
    }

    /// Three frames worked by hand. The first motion comes "after a pause" (libinput's zeroed tracker is at time 0):
    /// v = 5 / (10⁶ + 1) units/µs, so with the previous velocity 0 the factor is
    /// (f(v) + f(0) + 4·f(v/2)) / 6 = (0.34999995 + 0.3 + 4·0.324999975) / 6 = 0.324999975.
    /// 8 ms later, (8, 0): v = 8/8001 units/µs = 0.999875 units/ms, f = 1.1·0.599875 + 1 = 1.6598625; the mean velocity
    /// 0.5024375 gives 1.11268125; (1.6598625 + 0.34999995 + 4·1.11268125) / 6 = 1.076764575.
    @Test func framesWorkedByHand() {
        var accelerator = PointerAccelerator(.desktopDefault)
        let first = accelerator.accelerate(dx: 3, dy: 4, at: 2_000_000_000)
        #expect(abs(first.x - 3 * 0.324999975) < 1e-9 && abs(first.y - 4 * 0.324999975) < 1e-9)
        let second = accelerator.accelerate(dx: 8, dy: 0, at: 2_008_000_000)
        #expect(abs(second.x - 8 * 1.076764575) < 1e-6 && second.y == 0)  // to the nine digits worked
        #expect(abs(accelerator.position.x - (first.x + second.x)) < 1e-12 && accelerator.position.y == first.y)
        // A frame without motion is not filtered: nothing moves and the next velocity still spans from the last motion.
        #expect(accelerator.accelerate(dx: 0, dy: 0, at: 2_012_000_000) == (0, 0))
    }

    /// A pause over 1 s: the velocity is taken over 1 s + 1 µs, not the pause (libinput's motion timeout).
    @Test func aPauseCountsAsOneSecond() {
        var paused = PointerAccelerator(.desktopDefault)
        paused.accelerate(dx: 1, dy: 0, at: 1_000_000_000)
        let afterPause = paused.accelerate(dx: 1000, dy: 0, at: 9_000_000_000)
        // v = 1000/1000001 units/µs ≈ 0.999999 units/ms → f ≈ 1.6599989; previous v = 1/1000001 → f ≈ 0.31; mean
        // 0.5000005 → 1.11000055.
        let v = 1000.0 / 1_000_001 * 1000, v0 = 1.0 / 1_000_001 * 1000
        let expected = ((1.1 * (v - 0.4) + 1) + (10 * v0 + 0.3) + 4 * (1.1 * ((v + v0) / 2 - 0.4) + 1)) / 6
        #expect(abs(afterPause.x - 1000 * expected) < 1e-9)
    }

    /// Flat: 1 + speed, on counts; at −1 libinput keeps 0.005 of the motion.
    @Test(arguments: [(0.0, 1.0), (0.5, 1.5), (-0.5, 0.5), (-1.0, 0.005)])
    func flatIsAConstantFactor(speed: Double, factor: Double) {
        var accelerator = PointerAccelerator(PointerAcceleration(profile: .flat, speed: speed), dpi: 400)
        let moved = accelerator.accelerate(dx: 10, dy: -4, at: 5_000_000)
        #expect(moved == (10 * factor, -4 * factor))
    }

    /// Below 1000 dpi, counts are not normalised: the threshold scales by dpi/1000 and the cap by 1000/dpi.
    @Test func lowResolutionMice() {
        let mouse = PointerAccelerator(.desktopDefault, dpi: 400)
        #expect(abs(mouse.profile(0.15 / 1000) - 1) < 1e-12)                       // threshold 0.16 units/ms
        #expect(abs(mouse.profile(0.26 / 1000) - (1.1 * 0.1 + 1)) < 1e-12)
        #expect(abs(mouse.profile(100.0 / 1000) - 5) < 1e-12)                      // cap 2/0.4
        var none = PointerAccelerator(.none, dpi: 400)
        #expect(none.accelerate(dx: 4, dy: 2, at: 1) == (10, 5))                   // normalised to 1000 dpi
    }

    /// Out-of-range speeds are clamped by the type; the configuration refuses them by name first.
    @Test func speedIsClamped() {
        #expect(PointerAcceleration(profile: .flat, speed: 3).speed == 1)
        #expect(PointerAcceleration(profile: .flat, speed: .nan).speed == 0)
        #expect(PointerAcceleration(profile: .adaptive, speed: 0.25).summary == "adaptive, speed 0.25")
    }

    /// Time running backwards gives velocity 0, as in libinput; the first motion counts as after a pause whatever the
    /// clock reads (a recording starting at 0.000001 s moves as one on CLOCK_MONOTONIC does).
    @Test func timeRunningBackwards() {
        #expect(PointerAccelerator.velocity(length: 5, now: 1, previous: nil) == 5.0 / 1_000_001)
        var early = PointerAccelerator(.desktopDefault), late = PointerAccelerator(.desktopDefault)
        #expect(early.accelerate(dx: 12, dy: 4, at: 1000) == late.accelerate(dx: 12, dy: 4, at: 86_400_000_000_000))
        #expect(PointerAccelerator.velocity(length: 5, now: 10, previous: 20) == 0)
        #expect(PointerAccelerator.velocity(length: 5, now: 20, previous: 10) == 5.0 / 11)
    }
}
