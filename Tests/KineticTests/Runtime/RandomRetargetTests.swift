import FoundationEssentials
import Testing
import KineticTestSupport
@testable import Kinetic

/// 1 000 random changes with random animations at random times: the presentation stays finite, and
/// once the graph is idle the attribute shows its model value.
@Suite struct RandomRetargetTests {
    static func randomAnimation(using rng: inout SplitMix64) -> Animation? {
        let duration = Double.random(in: 0.05...0.8, using: &rng)
        switch Int.random(in: 0..<12, using: &rng) {
        case 0: return .spring
        case 1: return .interactiveSpring
        case 2: return .bouncy(duration: duration)
        case 3: return .snappy(duration: duration, extraBounce: .random(in: -0.2...0.2, using: &rng))
        case 4: return .spring(response: duration, dampingFraction: .random(in: 0.1...1.5, using: &rng),
                               blendDuration: .random(in: 0...0.3, using: &rng))
        case 5: return .easeInOut(duration: duration)
        case 6: return .linear(duration: duration)
        case 7: return .timingCurve(0.3, -0.5, 0.6, 1.6, duration: duration)
        case 8: return .interpolatingSpring(stiffness: .random(in: 50...400, using: &rng),
                                            damping: .random(in: 5...40, using: &rng))
        case 9: return .interpolatingSpring(duration: duration, bounce: .random(in: -0.5...0.5, using: &rng))
        case 10: return .default
        default: return nil
        }
    }

    @Test(arguments: [11, 12, 13])
    func neverNonFiniteAndEndsAtTheModel(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let graph = AnimationGraph()
        let point = graph.attribute(TestPoint(x: 0, y: 0))
        let scalar = graph.attribute(0.0)
        var time = 0.0
        for _ in 0..<1_000 {
            time += Double.random(in: 0...0.1, using: &rng)
            graph.advance(to: time)
            let animation = Self.randomAnimation(using: &rng)
            var transaction = Transaction(animation: animation)
            transaction.tracksVelocity = animation == nil && Bool.random(using: &rng)
            withTransaction(transaction) {
                point.value = TestPoint(x: .random(in: -1000...1000, using: &rng), y: .random(in: -1000...1000, using: &rng))
                scalar.value = .random(in: -1e6...1e6, using: &rng)
            }
            #expect(point.presentationData.magnitudeSquared.isFinite)
            #expect(scalar.presentationValue.isFinite)
            #expect(point.velocity.map { $0.magnitudeSquared.isFinite } ?? true)
        }
        var frames = 0
        while graph.isAnimating, frames < 20_000 {
            time += 1.0 / 30
            graph.advance(to: time)
            #expect(point.presentationData.magnitudeSquared.isFinite)
            frames += 1
        }
        #expect(!graph.isAnimating)
        #expect(point.presentationValue == point.value)
        #expect(scalar.presentationValue == scalar.value)
    }
}

/// The same changes at the same times give bit-identical presentation values (deterministic replay).
@Suite struct DeterministicReplayTests {
    static func run(seed: UInt64) -> [Double] {
        var rng = SplitMix64(seed: seed)
        let graph = AnimationGraph()
        let attributes = (0..<8).map { _ in graph.attribute(TestPoint(x: 0, y: 0)) }
        var time = 0.0
        var output: [Double] = []
        for _ in 0..<300 {
            time += Double.random(in: 0.004...0.02, using: &rng)
            graph.advance(to: time)
            if Bool.random(using: &rng) {
                let animation = RandomRetargetTests.randomAnimation(using: &rng)
                withAnimation(animation) {
                    for attribute in attributes where Bool.random(using: &rng) {
                        attribute.value = TestPoint(x: .random(in: -300...300, using: &rng),
                                                    y: .random(in: -300...300, using: &rng))
                    }
                }
            }
            for attribute in attributes {
                output.append(attribute.presentationValue.x)
                output.append(attribute.presentationValue.y)
            }
        }
        return output
    }

    @Test func replayIsBitIdentical() {
        let first = Self.run(seed: 99), second = Self.run(seed: 99)
        #expect(first.map(\.bitPattern) == second.map(\.bitPattern))
    }
}
