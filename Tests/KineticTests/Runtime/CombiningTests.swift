import FoundationEssentials
import Testing
@testable import Kinetic

/// A second non-merging change chains from the live output of the first (docs/ANIMATION.md §5.3).
@Suite struct CombiningTests {
    /// 0→100 linear over 1 s from t = 0, then →200 linear over 1 s from t = 0.5:
    /// R₁ = 100·min(t, 1), R₂ = R₁ + (200 − R₁)·(t − 0.5).
    @Test(arguments: [
        (0.6, 60.0 + 140.0 * 0.1),
        (0.5, 50.0),
        (0.75, 75.0 + 125.0 * 0.25),
        (1.0, 100.0 + 100.0 * 0.5),
        (1.2, 100.0 + 100.0 * 0.7),
        (1.5, 200.0),
    ] as [(TimeInterval, Double)])
    func chainedLinearInterpolation(time: TimeInterval, expected: Double) {
        let graph = AnimationGraph()
        let attribute = graph.attribute(0.0)
        withAnimation(.testLinear(1)) { attribute.value = 100 }
        graph.advance(to: 0.5)
        withAnimation(.testLinear(1)) { attribute.value = 200 }
        graph.advance(to: time)
        #expect(abs(attribute.presentationValue - expected) < 1e-9)
        #expect(attribute.velocity == nil, "a combination reports no velocity")
    }

    @Test func combinationFinishesWithItsLastEntry() {
        let graph = AnimationGraph()
        let attribute = graph.attribute(0.0)
        withAnimation(.testLinear(2)) { attribute.value = 100 }
        graph.advance(to: 0.5)
        withAnimation(.testLinear(0.5)) { attribute.value = 50 }
        graph.advance(to: 1.0)
        // The last entry (0.5 s from t = 0.5) has finished: the combination ends even though the
        // first would run until t = 2.
        #expect(abs(attribute.presentationValue - 50) < 1e-12)
        graph.advance(to: 1.01)
        #expect(!attribute.isAnimating)
        #expect(attribute.presentationValue == 50)
    }

    @Test func thirdEntryChainsFromTheFirstTwo() {
        let graph = AnimationGraph()
        let attribute = graph.attribute(0.0)
        withAnimation(.testLinear(1)) { attribute.value = 100 }
        graph.advance(to: 0.2)
        withAnimation(.testLinear(1)) { attribute.value = 200 }
        graph.advance(to: 0.4)
        withAnimation(.testLinear(1)) { attribute.value = 0 }
        graph.advance(to: 0.6)
        let r1 = 100 * 0.6
        let r2 = r1 + (200 - r1) * 0.4
        let r3 = r2 + (0 - r2) * 0.2
        #expect(abs(attribute.presentationValue - r3) < 1e-9)
    }

    @Test func springTakingOverACombinationStartsAtRestFromItsPosition() {
        let graph = AnimationGraph()
        let attribute = graph.attribute(0.0)
        withAnimation(.testLinear(1)) { attribute.value = 100 }
        graph.advance(to: 0.5)
        withAnimation(.testLinear(1)) { attribute.value = 200 }
        graph.advance(to: 0.75)
        let position = attribute.presentationValue
        withAnimation(.spring) { attribute.value = 300 }
        #expect(abs(attribute.presentationValue - position) < 1e-9)
        #expect(attribute.velocity == 0)
    }
}

/// docs/ANIMATION.md §5.3's worked example: easeInOut(0.35) 0 → 100, then at 0.1 s easeInOut(0.35) → 200
/// (docs/ANIMATION.md §5.3, 4 decimals).
@Suite struct ChainedEaseInOutExampleTests {
    static let expected: [(TimeInterval, Double)] = [
        (0.05, 4.0904), (0.10, 16.9702), (0.15, 44.4760), (0.20, 85.5491), (0.25, 127.2950),
        (0.30, 160.6089), (0.35, 183.0298), (0.40, 195.9096), (0.45, 200),
    ]

    @Test func presentedValues() {
        let graph = AnimationGraph()
        let attribute = graph.attribute(0.0)
        withAnimation(.easeInOut(duration: 0.35)) { attribute.value = 100 }
        for (time, value) in Self.expected {
            graph.advance(to: time)
            #expect(abs(attribute.presentationValue - value) < 5e-5, "t = \(time)")
            if time == 0.10 {
                let before = attribute.presentationValue
                withAnimation(.easeInOut(duration: 0.35)) { attribute.value = 200 }
                #expect(abs(attribute.presentationValue - before) < 1e-12, "the change keeps the position")
            }
        }
        // A timing curve returns nil only after its duration (docs/ANIMATION.md §2.5).
        graph.advance(to: 0.46)
        #expect(!attribute.isAnimating)
        #expect(attribute.presentationValue == 200)
    }
}

/// Entries before the newest finished one no longer matter and are dropped, so a stream of
/// non-merging changes keeps a bounded chain — without changing the presented values.
@Suite struct CombiningPruningTests {
    @Test func continuousTimingCurveRetargetsKeepABoundedChain() {
        let graph = AnimationGraph()
        let attribute = graph.attribute(0.0)
        var expected = 0.0
        for frame in 1...600 {
            graph.advance(to: Double(frame) / 120)
            let target = 100 * sin(Double(frame) / 30)
            withAnimation(.linear(duration: 0.25)) { attribute.value = target }
            expected = target
            let entries = (attribute.animator?.animation.base as? DefaultCombiningAnimation)?.entries.count ?? 1
            // At most the entries started within the last 0.25 s, plus the finished one they chain from.
            #expect(entries <= 32, "frame \(frame)")
        }
        graph.advance(to: 10)
        #expect(attribute.presentationValue == expected)
    }

    /// The chained-linear example still holds after the first entry finished and was dropped.
    @Test func pruningKeepsValues() {
        let graph = AnimationGraph()
        let attribute = graph.attribute(0.0)
        withAnimation(.testLinear(1)) { attribute.value = 100 }
        graph.advance(to: 0.5)
        withAnimation(.testLinear(1)) { attribute.value = 200 }
        graph.advance(to: 0.9)
        withAnimation(.testLinear(1)) { attribute.value = 0 }
        graph.advance(to: 1.2)   // the first entry has finished: R₁ = 100 (kept: the chain starts from it)
        let r2 = 100 + (200 - 100) * 0.7
        let r3 = r2 + (0 - r2) * (1.2 - 0.9)
        #expect(abs(attribute.presentationValue - r3) < 1e-9)
        graph.advance(to: 1.4)
        let r2b = 100 + (200 - 100) * 0.9
        #expect(abs(attribute.presentationValue - (r2b + (0 - r2b) * (1.4 - 0.9))) < 1e-9)
        #expect((attribute.animator?.animation.base as? DefaultCombiningAnimation)?.entries.count == 3)
        graph.advance(to: 1.6)   // the second has finished too: the first is dropped, R₂ = 200
        #expect(abs(attribute.presentationValue - (200 + (0 - 200) * (1.6 - 0.9))) < 1e-9)
        #expect((attribute.animator?.animation.base as? DefaultCombiningAnimation)?.entries.count == 2)
    }
}
