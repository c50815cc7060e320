import FoundationEssentials
import Synchronization
import Testing
@testable import Kinetic

/// Records the elapsed time of every `animate` call; value·t/duration, finished after `duration`;
/// reports value·t as its velocity.
/// Never merges (a second change combines).
private struct CountingAnimation: CustomAnimation {
    final class Log: Sendable {
        let times = Mutex<[TimeInterval]>([])
        var calls: [TimeInterval] { times.withLock { $0 } }
    }

    let log: Log
    var duration: TimeInterval = 1

    func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        log.times.withLock { $0.append(time) }
        return time > duration ? nil : value.scaled(by: time / duration)
    }

    /// value·time: not a derivative, but it shows at which elapsed time the velocity was asked for.
    func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V? {
        value.scaled(by: time)
    }

    static func == (lhs: Self, rhs: Self) -> Bool { lhs.log === rhs.log && lhs.duration == rhs.duration }
    func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(log)) }
}

private func transaction(_ animation: Animation?, frameInterval: Double? = nil, reason: UInt32? = nil) -> Transaction {
    var transaction = Transaction(animation: animation)
    if let frameInterval { transaction.animationFrameInterval = frameInterval }
    if let reason { transaction.animationReason = reason }
    return transaction
}

/// Frame gating, nextTime and min-on-merge of docs/ANIMATION.md §5.2.
@Suite struct FrameIntervalGatingTests {
    /// f = 1/30 → q = 8/240 = 1/30. Change at 0 (evaluated at once, nextTime = q). An update at T
    /// evaluates iff T > nextTime − q/2; each evaluation sets nextTime = (⌊T/q⌋ + 1)·q. Hand-computed:
    /// 0.010, 0.016 ≤ 1/60 held; 0.017 → ⌊0.51⌋ = 0, nextTime 1/30; 0.025 > 1/60 → ⌊0.75⌋ = 0, 1/30;
    /// 0.034 → ⌊1.02⌋ = 1, 2/30 (threshold 0.05); 0.040, 0.049 held; 0.051 → ⌊1.53⌋ = 1, 2/30;
    /// 0.070 → ⌊2.1⌋ = 2, 3/30 (threshold 0.0833); 0.080 held; 0.090 → ⌊2.7⌋ = 2, 3/30.
    @Test func gatingRepeatsThePreviousValueWithoutCallingTheAnimation() throws {
        let log = CountingAnimation.Log()
        let graph = AnimationGraph()
        let attribute = graph.attribute(0.0)
        withTransaction(transaction(Animation(CountingAnimation(log: log)), frameInterval: 1.0 / 30)) {
            attribute.value = 100
        }
        #expect(attribute.animator?.frameInterval == 8.0 / 240)
        #expect(log.calls == [0])
        #expect(attribute.animator?.nextTime == 8.0 / 240)

        let steps: [(time: Double, evaluates: Bool, nextTime: Double)] = [
            (0.010, false, 1.0 / 30), (0.016, false, 1.0 / 30), (0.017, true, 1.0 / 30),
            (0.025, true, 1.0 / 30), (0.034, true, 2.0 / 30), (0.040, false, 2.0 / 30),
            (0.049, false, 2.0 / 30), (0.051, true, 2.0 / 30), (0.070, true, 3.0 / 30),
            (0.080, false, 3.0 / 30), (0.090, true, 3.0 / 30),
        ]
        var shownTime = 0.0
        var expectedCalls: [TimeInterval] = [0]
        for step in steps {
            graph.advance(to: step.time)
            if step.evaluates {
                shownTime = step.time
                expectedCalls.append(step.time)
            }
            #expect(log.calls == expectedCalls, "t = \(step.time)")
            // Presented = M + P − I with P = 100·(time of the last evaluation).
            #expect(abs(attribute.presentationValue - 100 * shownTime) < 1e-9, "t = \(step.time)")
            // The velocity is the shown frame's: asked at the last evaluation's elapsed time.
            #expect(abs((attribute.velocity ?? .nan) - 100 * shownTime) < 1e-9, "t = \(step.time)")
            let nextTime = try #require(attribute.animator?.nextTime)
            #expect(abs(nextTime - step.nextTime) < 1e-12, "t = \(step.time)")
        }
    }

    @Test(arguments: [nil, 0.0, -1.0 / 60])
    func withoutAPositiveFrameIntervalEveryUpdateEvaluates(frameInterval: Double?) {
        let log = CountingAnimation.Log()
        let graph = AnimationGraph()
        let attribute = graph.attribute(0.0)
        withTransaction(transaction(Animation(CountingAnimation(log: log)), frameInterval: frameInterval)) {
            attribute.value = 100
        }
        #expect(attribute.animator?.frameInterval == 0)
        let times = [0.001, 0.002, 0.010, 0.0105, 0.2]
        for time in times { graph.advance(to: time) }
        #expect(log.calls == [0] + times)
        #expect(abs(attribute.presentationValue - 20) < 1e-9)
    }

    /// An un-animated change while held moves the presentation by exactly the delta (§5.1), still
    /// without calling the animation.
    @Test func unanimatedChangeWhileHeldShiftsByTheDelta() {
        let log = CountingAnimation.Log()
        let graph = AnimationGraph()
        let attribute = graph.attribute(0.0)
        withTransaction(transaction(Animation(CountingAnimation(log: log)), frameInterval: 1.0 / 30)) {
            attribute.value = 100
        }
        graph.advance(to: 0.034)   // ⌊1.02⌋ = 1 → nextTime 2/30, threshold 0.05
        graph.advance(to: 0.040)   // held
        attribute.value = 110
        #expect(abs(attribute.presentationValue - (10 + 100 * 0.034)) < 1e-9)
        graph.advance(to: 0.049)   // held
        #expect(abs(attribute.presentationValue - (10 + 100 * 0.034)) < 1e-9)
        #expect(log.calls == [0, 0.034])
    }

    /// q_new = 0 for a transaction without a frame interval, so min(q_old, q_new) removes
    /// quantisation; a merge sets nextTime = T and evaluates at once, even inside a held half-cell.
    @Test func mergesKeepTheSmallerIntervalAndEvaluateAtOnce() throws {
        let log = CountingAnimation.Log()
        let graph = AnimationGraph()
        let attribute = graph.attribute(0.0)
        let counting = Animation(CountingAnimation(log: log))
        withTransaction(transaction(counting, frameInterval: 1.0 / 30)) { attribute.value = 100 }
        graph.advance(to: 0.034)   // ⌊1.02⌋ = 1 → nextTime 2/30, threshold 0.05
        let callsBefore = log.calls.count
        graph.advance(to: 0.040)
        #expect(log.calls.count == callsBefore)   // held
        withTransaction(transaction(.testLinear(1), frameInterval: 1.0 / 60)) { attribute.value = 200 }
        // Combined: the counting entry is called at elapsed 0.04 although 0.04 is in the held half-cell.
        #expect(log.calls.last == 0.040)
        #expect(attribute.animator?.frameInterval == 4.0 / 240)
        // nextTime = (⌊0.04·60⌋ + 1)/60 = 3/60.
        #expect(abs(try #require(attribute.animator?.nextTime) - 3.0 / 60) < 1e-12)
        withTransaction(transaction(.testLinear(1), frameInterval: 0.05)) { attribute.value = 300 }
        #expect(attribute.animator?.frameInterval == 4.0 / 240)   // min(4/240, 8/240)
        withTransaction(transaction(.testLinear(1), frameInterval: 1.0 / 120)) { attribute.value = 400 }
        #expect(attribute.animator?.frameInterval == 2.0 / 240)
        withTransaction(transaction(.testLinear(1))) { attribute.value = 500 }
        #expect(attribute.animator?.frameInterval == 0)
    }

    /// A forked logical listener (§6.4) follows the old animation at the running animation's
    /// evaluation times: q = 1/30, A logically complete from elapsed 0.035; B combines at 0.034
    /// (evaluated at once: ⌊1.02⌋ = 1 → nextTime 2/30, threshold 0.05). 0.040 is held, so the fork is
    /// not evaluated there although A would be complete; it fires at the evaluation at 0.051.
    @Test func forkedListenersFollowTheEvaluationFrames() {
        let graph = AnimationGraph()
        let attribute = graph.attribute(0.0)
        let logical = CompletionCounter()
        var first = transaction(.testLinear(1, logicalTime: 0.035), frameInterval: 1.0 / 30)
        first.addAnimationCompletion(logical.callback(graph))
        withTransaction(first) { attribute.value = 100 }
        graph.advance(to: 0.034)
        withTransaction(transaction(.testLinear(1), frameInterval: 1.0 / 30)) { attribute.value = 200 }
        #expect(attribute.forks.count == 1)
        graph.advance(to: 0.040)
        #expect(logical.count == 0)
        graph.advance(to: 0.051)
        #expect(logical.times == [0.051])
    }

    @Test func reasonIsKeptOnlyBelowOneSixtieth() {
        let graph = AnimationGraph()
        func reason(frameInterval: Double?) -> UInt32? {
            let attribute = graph.attribute(0.0)
            withTransaction(transaction(.testLinear(1), frameInterval: frameInterval, reason: 7)) { attribute.value = 1 }
            return attribute.animator?.reason
        }
        #expect(reason(frameInterval: nil) == 7)            // q = 0
        #expect(reason(frameInterval: 1.0 / 120) == 7)      // q = 2/240
        #expect(reason(frameInterval: 1.0 / 60) == nil)     // q = 4/240 = 1/60, not below
        #expect(reason(frameInterval: 0.05) == nil)         // q = 8/240

        // A merge lowering q below 1/60 keeps the new change's reason.
        let attribute = graph.attribute(0.0)
        withTransaction(transaction(.testLinear(1), frameInterval: 1.0 / 30, reason: 5)) { attribute.value = 1 }
        #expect(attribute.animator?.reason == nil)
        withTransaction(transaction(.testLinear(1), frameInterval: 1.0 / 120, reason: 9)) { attribute.value = 2 }
        #expect(attribute.animator?.reason == 9)
    }

    /// A quantised `.spring` stays on the generic path (never in a spring-lane group), matches an
    /// un-quantised spring advanced only at the evaluation frames, holds value and velocity at the
    /// extra updates between them, and fires each completion exactly once at an evaluation frame.
    /// Evaluation frames t_k = k/60 + 0.001 (q = 1/60): ⌊t_k·60⌋ = k → threshold (k + ½)/60, so the
    /// extra update at t_k + 0.004 is held and t_{k+1} evaluates.
    @Test func quantisedSpringKeepsVelocityAndCompletions() throws {
        let graph = AnimationGraph(), referenceGraph = AnimationGraph()
        let quantised = graph.attribute(TestPoint(x: 0, y: 0))
        let reference = referenceGraph.attribute(TestPoint(x: 0, y: 0))
        let logical = CompletionCounter(), removed = CompletionCounter()
        var animated = transaction(.spring, frameInterval: 1.0 / 60)
        animated.addAnimationCompletion(logical.callback(graph))
        animated.addAnimationCompletion(criteria: .removed, removed.callback(graph))
        withTransaction(animated) { quantised.value = TestPoint(x: 100, y: -50) }
        withAnimation(.spring) { reference.value = TestPoint(x: 100, y: -50) }

        var evaluationTimes: [TimeInterval] = []
        var sawMotion = false
        for k in 1...240 {
            let time = Double(k) / 60 + 0.001
            graph.advance(to: time)
            referenceGraph.advance(to: time)
            evaluationTimes.append(time)
            #expect(quantised.laneGroup == nil)
            let value = quantised.presentationValue, velocity = quantised.velocity
            let expected = reference.presentationValue
            // The reference runs on the grouped path: equal to the generic one within rounding.
            #expect(abs(value.x - expected.x) < 1e-7 && abs(value.y - expected.y) < 1e-7, "t = \(time)")
            if let velocity, abs(velocity.first) > 1 { sawMotion = true }

            graph.advance(to: time + 0.004)
            #expect(quantised.presentationValue == value, "t = \(time + 0.004)")
            #expect(quantised.velocity == velocity, "t = \(time + 0.004)")
            if !graph.isAnimating { break }
        }
        #expect(sawMotion)
        #expect(!quantised.isAnimating)
        #expect(quantised.presentationValue == TestPoint(x: 100, y: -50))
        #expect(logical.count == 1)
        #expect(removed.count == 1)
        // Held updates never evaluate, so the end is only seen at an evaluation frame.
        #expect(removed.times.allSatisfy { evaluationTimes.contains($0) })
        #expect(logical.times.allSatisfy { evaluationTimes.contains($0) })
    }
}
