import FoundationEssentials
import Testing
@testable import KineticInput
import KineticTime

/// The x samples of the example fling (docs/INPUT.md §2.3) in mm, read by hand from the fixture's
/// ABS_MT_POSITION_X lines (units / 16), at the frame times relative to touch-down.
private let flingX: [VelocitySample] = [
    (0.000, 3600), (0.008, 3592), (0.016, 3572), (0.024, 3532), (0.032, 3467), (0.040, 3377), (0.048, 3262),
    (0.056, 3122), (0.064, 2962), (0.072, 2787), (0.080, 2602), (0.088, 2412), (0.096, 2220), (0.104, 2028),
].map { VelocitySample(time: $0.0, position: Double($0.1) / 16) }

@Suite struct VelocityEstimationTests {
    /// docs/INPUT.md §5.6: LSQ2 −1873, LSQ1 −1060, impulse −1500 mm/s (13 samples ≤ 100 ms, to the mm/s given).
    @Test(arguments: [
        (VelocityEstimation.leastSquares(degree: 2), -1873.0),
        (VelocityEstimation.leastSquares(degree: 1), -1060.0),
        (VelocityEstimation.impulse(), -1500.0),
    ])
    func workedExample(estimation: VelocityEstimation, expected: Double) {
        #expect(abs(estimation.velocity(of: flingX, at: 0.104) - expected) < 0.5)
    }

    /// docs/INPUT.md §5.6 "AdwSwipeTracker mean over 150 ms: −945 mm/s": KineticInput ships no libadwaita
    /// estimator, so this row checks the transcription the other rows rest on: the hand-read samples above give
    /// the table's mean, Σδ / (t_last − t_first) over the whole 104 ms swipe.
    @Test func transcribedSwipeGivesTheTablesMean() throws {
        let first = try #require(flingX.first), last = try #require(flingX.last)
        let mean = (last.position - first.position) / (last.time - first.time)
        #expect(abs(mean - -945) < 0.5)
        // and the "true final speed" of the last segments: −192 units / 8 ms / 16 units/mm = −1500 mm/s
        let before = flingX[flingX.count - 2]
        #expect(abs((last.position - before.position) / (last.time - before.time) - -1500) < 1e-6)
    }

    /// The 100 ms horizon keeps the 13 samples from 0.008 s on; the touch-down sample at 0 is 104 ms old.
    @Test func horizonSelectsThirteenSamples() {
        let window = VelocityEstimation.window(flingX, at: 0.104, horizon: 0.1, maxSamples: 20, stoppedAfter: 0.04)
        #expect(window.count == 13)
        #expect(window.first?.time == 0.008)
        #expect(VelocityEstimation.window(flingX, at: 0.104, horizon: 0.1, maxSamples: 5, stoppedAfter: 0.04).count == 5)
    }

    /// The lift 8 ms after the last move still flings; 41 ms after it ("hold, then lift") gives no velocity.
    @Test func stoppedPointerRule() {
        let lsq = VelocityEstimation.leastSquares()
        #expect(abs(lsq.velocity(of: flingX, at: 0.112) - -1873) < 0.5)
        #expect(lsq.velocity(of: flingX, at: 0.104 + 0.041) == 0)
        #expect(VelocityEstimation.impulse().velocity(of: flingX, at: 0.145) == 0)
    }

    /// A gap over 40 ms between samples discards the history before it: after a pause the velocity reflects only
    /// the motion after the pause (here 2 samples 10 mm apart in 10 ms = 1000 mm/s).
    @Test func historyBeforeAPauseIsIgnored() {
        let samples = [VelocitySample(time: 0, position: 0), VelocitySample(time: 0.01, position: 50),
                       VelocitySample(time: 0.2, position: 50), VelocitySample(time: 0.21, position: 60)]
        #expect(abs(VelocityEstimation.leastSquares().velocity(of: samples, at: 0.21) - 1000) < 1e-9)
    }

    /// docs/ANIMATION.md §5.5, OSUI's test against SwiftUI's own symbol: (1, 1 s), (2, 2 s), (4, 3 s) → 1.25.
    @Test func swiftUISamplerVector() {
        let samples = [VelocitySample(time: 1, position: 1), VelocitySample(time: 2, position: 2), VelocitySample(time: 3, position: 4)]
        #expect(abs(VelocityEstimation.swiftUISampler.velocity(of: samples, at: 3) - 1.25) < 1e-12)
        #expect(VelocityEstimation.swiftUISampler.velocity(of: Array(samples.prefix(1)), at: 1) == 0)
        #expect(VelocityEstimation.swiftUISampler.velocity(of: Array(samples.prefix(2)), at: 2) == 1)
        // Only the newest three count: an older fourth sample changes nothing.
        let four = [VelocitySample(time: 0, position: -100)] + samples
        #expect(abs(VelocityEstimation.swiftUISampler.velocity(of: four, at: 3) - 1.25) < 1e-12)
    }

    /// After the last sample SwiftUI decays the velocity by 0.998 per millisecond: 100 ms later ×0.998^100.
    @Test func swiftUISamplerDecays() {
        let samples = [VelocitySample(time: 1, position: 1), VelocitySample(time: 2, position: 2), VelocitySample(time: 3, position: 4)]
        let expected = 1.25 * pow(0.998, 100)   // 0.998^100 = 0.8185668…
        #expect(abs(VelocityEstimation.swiftUISampler.velocity(of: samples, at: 3.1) - expected) < 1e-9)
    }

    /// On the fling, the sampler sees the last three samples, both segments −192/16 mm per 8 ms = −1500 mm/s.
    @Test func swiftUISamplerOnTheFling() {
        #expect(abs(VelocityEstimation.swiftUISampler.velocity(of: flingX, at: 0.104) - -1500) < 1e-6)
    }

    /// Property: for a constant-velocity motion every estimator returns that velocity.
    @Test(arguments: [VelocityEstimation.swiftUISampler, .leastSquares(degree: 1), .leastSquares(degree: 2), .impulse()])
    func constantVelocityIsExact(estimation: VelocityEstimation) {
        let samples = (0..<10).map { VelocitySample(time: Double($0) * 0.008, position: 5 + 320 * Double($0) * 0.008) }
        #expect(abs(estimation.velocity(of: samples, at: 0.072) - 320) < 1e-6)
    }
}

@Suite struct PlanarVelocityTrackerTests {
    @Test func rejectsEarlierSamplesAndReplacesSameTime() {
        var tracker = PlanarVelocityTracker(estimation: .swiftUISampler)
        tracker.add(time: Nanoseconds.of(seconds: 10, microseconds: 0), x: 0, y: 0)
        tracker.add(time: Nanoseconds.of(seconds: 10, microseconds: 10_000), x: 1, y: 2)
        tracker.add(time: Nanoseconds.of(seconds: 10, microseconds: 5_000), x: 99, y: 99)
        #expect(tracker.xSamples.count == 2)
        tracker.add(time: Nanoseconds.of(seconds: 10, microseconds: 10_000), x: 2, y: 4)
        #expect(tracker.xSamples.map(\.position) == [0, 2])
        let v = tracker.velocity(at: Nanoseconds.of(seconds: 10, microseconds: 10_000))
        #expect(abs(v.x - 200) < 1e-9 && abs(v.y - 400) < 1e-9)
    }

    @Test func keepsTheNewestTwentySamples() {
        var tracker = PlanarVelocityTracker()
        for i in 0..<50 { tracker.add(time: Nanoseconds.of(seconds: 0, microseconds: UInt32(i * 1000)), x: Double(i), y: 0) }
        #expect(tracker.xSamples.count == PlanarVelocityTracker.capacity)
        #expect(tracker.xSamples.last?.position == 49)
        tracker.reset()
        #expect(tracker.xSamples.isEmpty && tracker.velocity(at: Nanoseconds.of(seconds: 1, microseconds: 0)) == (0, 0))
    }
}

@Suite struct DecelerationRateTests {
    /// docs/INPUT.md §5.6: projecting −1500 mm/s gives −748.5 mm (d = 0.998) and −148.5 mm (d = 0.99).
    @Test(arguments: [(DecelerationRate.normal, -748.5), (DecelerationRate.fast, -148.5)])
    func workedExample(rate: DecelerationRate, expected: Double) {
        #expect(abs(rate.projectedDistance(velocity: -1500) - expected) < 1e-9)
        #expect(abs(rate.projectedEnd(position: 126.75, velocity: -1500) - (126.75 + expected)) < 1e-9)
    }

    /// The projection is the sum of the per-millisecond distances v/1000·dⁿ, n ≥ 1.
    @Test func equalsTheDiscreteSum() {
        var sum = 0.0, v = 800.0 / 1000
        for _ in 0..<20_000 { v *= 0.998; sum += v }
        #expect(abs(DecelerationRate.normal.projectedDistance(velocity: 800) - sum) < 1e-6)
    }

    @Test func degenerateRatesProjectNothing() {
        #expect(DecelerationRate(rawValue: 1).projectedDistance(velocity: 100) == 0)
        #expect(DecelerationRate(rawValue: 0).projectedDistance(velocity: 100) == 0)
    }
}
