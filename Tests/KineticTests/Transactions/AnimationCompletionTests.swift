import FoundationEssentials
import Testing
@testable import Kinetic

/// Completion callbacks fire exactly once, at the time their criteria say (docs/ANIMATION.md §6.4).
@Suite struct AnimationCompletionTests {
    enum Scenario: String, CaseIterable, Sendable {
        /// The transaction changes nothing.
        case noChange
        /// The change is not animated (`withAnimation(nil)`).
        case unanimated
        /// One animation: linear 1 s, logically complete at 0.5 s.
        case single
        /// At 0.2 s a merging animation (1 s from the merge, logically complete 0.6 s after it) takes over.
        case merge
        /// At 0.2 s a non-merging linear 1 s animation (logically complete 0.9 s after it) combines.
        case combine
    }

    struct Case: Sendable, CustomStringConvertible {
        var scenario: Scenario
        var criteria: AnimationCompletionCriteria
        /// When the first change's callback fires, and the second change's (merge/combine only).
        var first: TimeInterval
        var second: TimeInterval?
        var description: String { "\(scenario) \(criteria.storage)" }
    }

    static let cases: [Case] = [
        Case(scenario: .noChange, criteria: .logicallyComplete, first: 0),
        Case(scenario: .noChange, criteria: .removed, first: 0),
        Case(scenario: .unanimated, criteria: .logicallyComplete, first: 0),
        Case(scenario: .unanimated, criteria: .removed, first: 0),
        Case(scenario: .single, criteria: .logicallyComplete, first: 0.5),
        Case(scenario: .single, criteria: .removed, first: 1.1),
        // The fork keeps following the first change's own animation.
        Case(scenario: .merge, criteria: .logicallyComplete, first: 0.5, second: 0.8),
        // Removal waits for the merged animation: it ends once 1 s after 0.2 s has passed.
        Case(scenario: .merge, criteria: .removed, first: 1.3, second: 1.3),
        Case(scenario: .combine, criteria: .logicallyComplete, first: 0.5, second: 1.1),
        // The combination ends with its last entry, although the first ended at 1.0 s.
        Case(scenario: .combine, criteria: .removed, first: 1.3, second: 1.3),
    ]

    @Test(arguments: cases)
    func firesExactlyOnce(testCase: Case) {
        let graph = AnimationGraph()
        let attribute = graph.attribute(0.0)
        let first = CompletionCounter()
        let second = CompletionCounter()
        let firstAnimation: Animation? = testCase.scenario == .unanimated ? nil : .testLinear(1, logicalTime: 0.5)
        withAnimation(firstAnimation, completionCriteria: testCase.criteria, {
            if testCase.scenario != .noChange { attribute.value = 100 }
        }, completion: first.callback(graph))
        if testCase.scenario == .noChange || testCase.scenario == .unanimated {
            #expect(first.count == 1, "fires right after the body")
        }
        for tenth in 1...25 {
            graph.advance(to: Double(tenth) / 10)
            if tenth == 2 {
                let animation: Animation? = switch testCase.scenario {
                case .merge: .testMerging(1, logicalTime: 0.6)
                case .combine: .testLinear(1, logicalTime: 0.9)
                default: nil
                }
                if let animation {
                    withAnimation(animation, completionCriteria: testCase.criteria, {
                        attribute.value = 200
                    }, completion: second.callback(graph))
                }
            }
        }
        #expect(first.count == 1)
        #expect(first.times.first.map { abs($0 - testCase.first) < 1e-9 } == true, "\(first.times)")
        if let expected = testCase.second {
            #expect(second.count == 1)
            #expect(second.times.first.map { abs($0 - expected) < 1e-9 } == true, "\(second.times)")
        }
        #expect(!graph.isAnimating)
    }

    /// Springs: logically complete once the response has elapsed; a re-target forks the first
    /// change's listener, which still fires at its own response.
    @Test(arguments: [AnimationCompletionCriteria.logicallyComplete, .removed])
    func springRetarget(criteria: AnimationCompletionCriteria) {
        let graph = AnimationGraph()
        let attribute = graph.attribute(0.0)
        let first = CompletionCounter()
        let second = CompletionCounter()
        withAnimation(.spring(duration: 0.3), completionCriteria: criteria, { attribute.value = 100 },
                      completion: first.callback(graph))
        for frame in 1...240 {
            graph.advance(to: Double(frame) / 60)
            if frame == 6 {
                withAnimation(.spring(duration: 0.3), completionCriteria: criteria, { attribute.value = 0 },
                              completion: second.callback(graph))
            }
        }
        #expect(first.count == 1)
        #expect(second.count == 1)
        if criteria == .logicallyComplete {
            // Response 0.3 s after each change (frame 18 = 0.3 s; frame 24 = 0.1 + 0.3 s).
            let firstTime: TimeInterval = 18.0 / 60, secondTime: TimeInterval = 24.0 / 60
            #expect(first.times == [firstTime])
            #expect(second.times == [secondTime])
        } else {
            #expect(first.times == second.times)
            #expect(first.times[0] > 0.5)
        }
    }

    @Test func oneRegistrationAcrossTwoAttributesFiresWhenBothAreDone() {
        let graph = AnimationGraph()
        let a = graph.attribute(0.0)
        let b = graph.attribute(0.0)
        let counter = CompletionCounter()
        withAnimation(.testLinear(1), completionCriteria: .removed, {
            a.value = 1
            withAnimation(.testLinear(2)) { b.value = 1 }   // inner transaction: inherits the registration
        }, completion: counter.callback(graph))
        graph.advance(frames: 30, interval: 0.1)
        #expect(counter.times.count == 1)
        #expect(abs((counter.times.first ?? 0) - 2.1) < 1e-9)
    }

    @Test func addAnimationCompletionOnATransaction() {
        let graph = AnimationGraph()
        let a = graph.attribute(0.0)
        let counter = CompletionCounter()
        var transaction = Transaction(animation: .testLinear(1))
        transaction.addAnimationCompletion(criteria: .removed, counter.callback(graph))
        withTransaction(transaction) { a.value = 1 }
        // Re-using the transaction does not make the registration fire twice.
        withTransaction(transaction) { a.value = 2 }
        graph.advance(frames: 30, interval: 0.1)
        #expect(counter.count == 1)
    }

    @Test func completionAddedByTheAttributesTransformIsScopedToEachChange() {
        let graph = AnimationGraph()
        let a = graph.attribute(0.0)
        let counter = CompletionCounter()
        a.transaction { $0.addAnimationCompletion(counter.callback(graph)) }
        a.value = 1                       // not animated: fires at once
        #expect(counter.count == 1)
        withAnimation(.testLinear(1)) { a.value = 2 }
        #expect(counter.count == 1)
        graph.advance(to: 1.1)
        #expect(counter.count == 2)
    }

    @Test func callbacksMayStartNewAnimations() {
        let graph = AnimationGraph()
        let a = graph.attribute(0.0)
        withAnimation(.testLinear(1), completionCriteria: .removed, { a.value = 1 }, completion: {
            withAnimation(.testLinear(1)) { a.value = 0 }
        })
        graph.advance(to: 1.1)
        #expect(a.isAnimating)
        graph.advance(to: 1.6)
        #expect(abs(a.presentationValue - 0.5) < 1e-12)
    }
}
