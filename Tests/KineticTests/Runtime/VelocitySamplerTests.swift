import FoundationEssentials
import Testing
@testable import Kinetic

@Suite struct VelocitySamplerTests {
    /// Samples (1, 1 s), (2, 2 s), (4, 3 s): 0.25·2 + 0.75·1 = 1.25 (docs/ANIMATION.md §5.5).
    @Test func threeSamplesWeighTheOlderPair() {
        var sampler = VelocitySampler<Double>()
        #expect(sampler.isEmpty)
        #expect(sampler.velocity == 0)
        sampler.addSample(1, time: 1)
        #expect(sampler.velocity == 0)
        sampler.addSample(2, time: 2)
        #expect(sampler.velocity == 1)
        sampler.addSample(4, time: 3)
        #expect(sampler.velocity == 1.25)
        #expect(sampler.lastSampleTime == 3)
    }

    @Test func keepsOnlyTheLastThreeSamples() {
        var sampler = VelocitySampler<Double>()
        for (value, time) in [(100.0, 0.0), (1, 1), (2, 2), (4, 3)] { sampler.addSample(value, time: time) }
        #expect(sampler.count == 3)
        #expect(sampler.velocity == 1.25)
    }

    @Test func coincidentSampleReplacesTheNewestAndEarlierOneIsIgnored() {
        var sampler = VelocitySampler<Double>()
        sampler.addSample(0, time: 1)
        sampler.addSample(5, time: 2)
        sampler.addSample(3, time: 2)          // same time: replaces (2, 5)
        #expect(sampler.count == 2)
        #expect(sampler.velocity == 3)
        sampler.addSample(100, time: 1.5)      // earlier than the newest: ignored
        sampler.addSample(100, time: .nan)
        #expect(sampler.count == 2)
        #expect(sampler.velocity == 3)
    }

    @Test func vectorSamples() {
        var sampler = VelocitySampler<AnimatablePair<Double, Double>>()
        sampler.addSample(AnimatablePair(0, 0), time: 0)
        sampler.addSample(AnimatablePair(1, -2), time: 0.5)
        #expect(sampler.velocity == AnimatablePair(2, -4))
    }
}
