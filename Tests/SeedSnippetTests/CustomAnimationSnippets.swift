// Custom animations from the seed documents, compiled unchanged against Kinetic (only the imports
// are added, and the 000 snippet, whose indentation was lost in extraction, is re-indented).
import FoundationEssentials
import Kinetic
import Testing

// MARK: - seed 003: "Full Example: Elastic Ease-In-Out" and "Ergonomic Extension Pattern"

struct ElasticAnimation: CustomAnimation {
    let duration: TimeInterval

    func animate<V: VectorArithmetic>(
        value: V,
        time: TimeInterval,
        context: inout AnimationContext<V>
    ) -> V? {
        guard time <= duration else { return nil }
        let p = time / duration
        let s = sin((20 * p - 11.125) * ((2 * .pi) / 4.5))
        let progress: Double
        if p < 0.5 {
            progress = -(pow(2, 20 * p - 10) * s) / 2
        } else {
            progress = (pow(2, -20 * p + 10) * s) / 2 + 1
        }
        return value.scaled(by: progress)
    }
}

extension Animation {
    static var elastic: Animation {
        elastic(duration: 0.35)
    }

    static func elastic(duration: TimeInterval) -> Animation {
        Animation(ElasticAnimation(duration: duration))
    }
}

// MARK: - seed 000: "Example: Linear timing curve"

struct LinearAnimation: CustomAnimation {
    let duration: TimeInterval
    func animate<V: VectorArithmetic>(
        value: V, // Delta vector: target - current
        time: TimeInterval, // Elapsed time since animation started
        context: inout AnimationContext<V>
    ) -> V? {
        // Animation is done when time exceeds duration
        if time >= duration {
            return nil
        }
        // Calculate linear progress (0.0 to 1.0)
        let progress = time / duration
        // Scale the delta vector by progress
        // This returns how much to move FROM current position
        // NOT the final target position
        return value.scaled(by: progress)
    }
}

// MARK: - Evaluated through `Animation`

@Suite struct CustomAnimationSnippetTests {
    /// The elastic curve by hand: at p = ½ the sine's argument is −π/2, so progress = ½; at p = 0
    /// and p = 1 it is ∓sin(π/18)/2¹¹ away from 0 and 1 (sin(π/18) = 0.173648).
    @Test(arguments: [(0.0, 0.173648 / 2048), (0.25, 0.5), (0.5, 1 - 0.173648 / 2048)] as [(Double, Double)])
    func elasticThroughAnimation(time: Double, progress: Double) throws {
        let animation = Animation.elastic(duration: 0.5)
        var context = AnimationContext<Double>()
        let offset = try #require(animation.animate(value: 80.0, time: time, context: &context))
        #expect(abs(offset - 80 * progress) <= 80 * 1e-7)
    }

    @Test func elasticEndsAfterItsDuration() {
        var context = AnimationContext<AnimatablePair<Double, Double>>()
        let value = AnimatablePair(10.0, -10.0)
        #expect(Animation.elastic.animate(value: value, time: 0.35, context: &context) != nil)
        #expect(Animation.elastic.animate(value: value, time: 0.36, context: &context) == nil)
        #expect(Animation.elastic == Animation(ElasticAnimation(duration: 0.35)))
        #expect(Animation.elastic != .elastic(duration: 0.5))
        // Custom animations report no velocity and do not merge (the protocol's defaults).
        #expect(Animation.elastic.velocity(value: value, time: 0.1, context: context) == nil)
        #expect(!Animation.elastic.shouldMerge(previous: .elastic, value: value, time: 0.1, context: &context))
    }

    /// The seed's worked example: from 10 to 100 the delta is 90; at 50 % the offset is 45, so the
    /// presented value is 10 + 45 = 55. The animation is done when time reaches its duration.
    @Test func linearThroughAnimation() throws {
        let animation = Animation(LinearAnimation(duration: 2))
        var context = AnimationContext<Double>()
        let start = 10.0, target = 100.0
        let offset = try #require(animation.animate(value: target - start, time: 1, context: &context))
        #expect(offset == 45)
        #expect(start + offset == 55)
        #expect(animation.animate(value: target - start, time: 2, context: &context) == nil)
        #expect(animation.description == "LinearAnimation(duration: 2.0)")
    }
}
