import FoundationEssentials
import Testing
import KineticTestSupport
@testable import Kinetic

/// A spring that takes over a running spring keeps its position and velocity: |Δv| at the
/// re-target instant below 1e-9 of the speed (docs/ANIMATION.md §5.4).
@Suite struct VelocityContinuityTests {
    static let springs: [Animation] = [
        .spring, .smooth, .snappy, .bouncy, .interactiveSpring, .spring(response: 0.3, dampingFraction: 0.5),
        .spring(duration: 0.8, bounce: -0.4), .interactiveSpring(response: 0.1, dampingFraction: 0.7, blendDuration: 0.1),
    ]

    @Test(arguments: [1, 2, 3, 4])
    func everyRetargetIsContinuous(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let graph = AnimationGraph()
        let attribute = graph.attribute(TestPoint(x: 0, y: 0))
        var time = 0.0
        var retargets = 0
        for _ in 0..<300 {
            time += Double.random(in: 0.001...0.05, using: &rng)
            graph.advance(to: time)
            let beforeValue = attribute.presentationData
            let beforeVelocity = attribute.velocity ?? .zero
            let animation = Self.springs.randomElement(using: &rng)!
            withAnimation(animation) {
                attribute.value = TestPoint(x: .random(in: -500...500, using: &rng), y: .random(in: -500...500, using: &rng))
            }
            guard let afterVelocity = attribute.velocity else {
                Issue.record("a spring reports its velocity")
                return
            }
            let speed = beforeVelocity.magnitudeSquared.squareRoot()
            #expect((afterVelocity - beforeVelocity).magnitudeSquared.squareRoot() <= 1e-9 * max(speed, 1e-300))
            #expect((attribute.presentationData - beforeValue).magnitudeSquared.squareRoot() < 1e-9)
            retargets += 1
        }
        #expect(retargets == 300)
    }
}
