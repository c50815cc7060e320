import FoundationEssentials
import Testing
@testable import Kinetic

/// Fluid springs through attributes: docs/ANIMATION.md's frame vectors (§2.3) and re-targeting (§5.4).
@Suite struct SpringAttributeTests {
    struct Vector: Sendable, CustomStringConvertible {
        var name: String
        var animation: Animation
        /// (frame n at n/60 s, presented value).
        var frames: [(Int, Double)]
        /// The first frame at which the animation is over (nil from animate), when docs/ANIMATION.md gives it.
        var finishFrame: Int?
        var description: String { name }
    }

    static let vectors: [Vector] = [
        Vector(name: ".spring", animation: .spring, frames: [
            (3, 0.127702), (6, 0.370762), (9, 0.572065), (12, 0.721278), (15, 0.823335), (18, 0.886455),
            (21, 0.930158), (24, 0.957431), (30, 0.984469), (36, 0.994417),
        ], finishFrame: 50),
        Vector(name: ".snappy", animation: .snappy, frames: [
            (3, 0.133863), (6, 0.402265), (9, 0.628909), (12, 0.792594), (15, 0.896300), (18, 0.952490),
            (24, 0.998433), (30, 1.004350),
        ], finishFrame: 34),
        Vector(name: ".bouncy", animation: .bouncy, frames: [
            (3, 0.140482), (6, 0.438695), (9, 0.697643), (12, 0.880468), (15, 0.985244), (18, 1.029657),
            (21, 1.041903), (24, 1.036009), (30, 1.013297), (36, 1.000821),
        ], finishFrame: 46),
        Vector(name: ".spring(response: 0.5)", animation: .spring(response: 0.5), frames: [
            (3, 0.134933), (6, 0.407970), (9, 0.639455), (12, 0.805948), (18, 0.964494), (27, 1.007752),
        ], finishFrame: nil),
        Vector(name: ".interactiveSpring(response: 0.15)", animation: .interactiveSpring(response: 0.15), frames: [
            (3, 0.670047), (6, 0.969006), (9, 0.999748),
        ], finishFrame: 12),
    ]

    /// Frames at n/60 s of a 0 → 1 change made at t = 0 (docs/ANIMATION.md §2.3 test vectors, 6 decimals).
    @Test(arguments: vectors)
    func frameVectors(vector: Vector) {
        let graph = AnimationGraph()
        let attribute = graph.attribute(0.0)
        withAnimation(vector.animation) { attribute.value = 1 }
        let expected = Dictionary(uniqueKeysWithValues: vector.frames)
        let lastFrame = max(vector.frames.map(\.0).max() ?? 0, vector.finishFrame ?? 0)
        for frame in 1...lastFrame {
            graph.advance(to: Double(frame) / 60)
            if let value = expected[frame] {
                #expect(abs(attribute.presentationValue - value) < 5e-7, "frame \(frame)")
            }
            if let finish = vector.finishFrame {
                #expect(attribute.isAnimating == (frame < finish), "frame \(frame)")
            }
        }
        if vector.finishFrame != nil { #expect(attribute.presentationValue == 1) }
    }

    /// `.spring` 0 → 100, re-targeted to 0 with `.spring` at 0.2 s (docs/ANIMATION.md §5.4, 4 decimals).
    @Test func retargetExample() {
        let graph = AnimationGraph()
        let attribute = graph.attribute(0.0)
        withAnimation(.spring) { attribute.value = 100 }
        for frame in 1...12 { graph.advance(to: Double(frame) / 60) }
        #expect(abs(attribute.presentationValue - 72.1278) < 5e-5)
        let before = attribute.velocity ?? .nan
        #expect(abs(before - 247.6785) < 5e-4)
        withAnimation(.spring) { attribute.value = 0 }
        #expect(attribute.velocity == before)
        let expected: [Int: Double] = [
            15: 68.6738, 18: 53.4257, 21: 37.2181, 24: 24.5908, 30: 9.8532, 36: 3.7173, 48: 0.4736, 60: 0.0600,
        ]
        for frame in 13...60 {
            graph.advance(to: Double(frame) / 60)
            if let value = expected[frame] {
                #expect(abs(attribute.presentationValue - value) < 5e-5, "frame \(frame)")
            }
        }
        // Finishes around 1.47 s (absolute thresholds; the 1 % rule is void for a zero target delta).
        graph.advance(frames: 60, interval: 1.0 / 60)
        #expect(!attribute.isAnimating)
        #expect(attribute.presentationValue == 0)
    }

    /// The presented velocity of a spring is the derivative of its presented value (central
    /// differences, sampled between the spring's 1/300-s grid points so that each sample adds exactly
    /// one sub-step).
    @Test func velocityIsTheDerivativeOfThePresentation() {
        let graph = AnimationGraph()
        let attribute = graph.attribute(0.0)
        withAnimation(.bouncy) { attribute.value = 100 }
        var samples: [(Double, Double, Double)] = []
        for step in 1...90 {
            graph.advance(to: (Double(step) + 0.5) / 300)
            samples.append((graph.time, attribute.presentationValue, attribute.velocity ?? .nan))
        }
        for index in 10..<(samples.count - 1) {
            let derivative = (samples[index + 1].1 - samples[index - 1].1) / (samples[index + 1].0 - samples[index - 1].0)
            let speed = max(abs(samples[index].2), 1)
            #expect(abs(derivative - samples[index].2) < 0.02 * speed, "step \(index)")
        }
    }
}
