import FoundationEssentials
import Testing
@testable import Kinetic

/// `Transaction.animationFrameInterval` / `animationReason` as keys, and the quantisation
/// q = 2^⌊log₂(240·f) + 0.01⌋ / 240 (docs/ANIMATION.md §5.2).
@Suite struct AnimationFrameIntervalTests {
    @Test func defaultsAndMerging() {
        #expect(Transaction().animationFrameInterval == nil)
        #expect(Transaction().animationReason == nil)
        var outer = Transaction()
        outer.animationFrameInterval = 1.0 / 30
        var inner = Transaction()
        inner.animationReason = 7
        // Keys the inner transaction does not set keep the outer values (iOS 17 merging, §6.2).
        let merged = outer.merging(inner)
        #expect(merged.animationFrameInterval == 1.0 / 30)
        #expect(merged.animationReason == 7)
        inner.animationFrameInterval = nil
        #expect(outer.merging(inner).animationFrameInterval == nil)
        withTransaction(\.animationFrameInterval, 0.05) {
            #expect(Transaction.current?.animationFrameInterval == 0.05)
        }
    }

    /// Hand-computed: 240f, log₂, ⌊· + 0.01⌋, 2^k/240.
    static let quantisationTable: [(frameInterval: Double, expected: Double)] = [
        (1.0 / 60, 4.0 / 240),      // 4 → 2 → ⌊2.01⌋ = 2
        (1.0 / 30, 8.0 / 240),      // 8 → 3
        (0.05, 8.0 / 240),          // 12 → 3.585 → 3
        (1.0 / 120, 2.0 / 240),     // 2 → 1
        (1.0 / 240, 1.0 / 240),     // 1 → 0 (the 0.01 absorbs 240·f rounding below 1)
        (1.0 / 90, 2.0 / 240),      // 2.667 → 1.415 → 1
        (0.1, 16.0 / 240),          // 24 → 4.585 → 4
        (0.02, 4.0 / 240),          // 4.8 → 2.263 → 2
        (1.0, 128.0 / 240),         // 240 → 7.907 → 7
        (0.0, 0.0),
        (-1.0 / 60, 0.0),
        (Double.nan, 0.0),
        (Double.infinity, 0.0),
    ]

    @Test(arguments: quantisationTable)
    func quantisation(frameInterval: Double, expected: Double) {
        var transaction = Transaction()
        transaction.animationFrameInterval = frameInterval
        #expect(transaction.quantizedFrameInterval == expected)
    }

    @Test func noFrameIntervalIsNoQuantisation() {
        #expect(Transaction().quantizedFrameInterval == 0)
    }
}
