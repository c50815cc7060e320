import FoundationEssentials
import Testing
import KineticTestSupport
@testable import Kinetic

/// Every type the runtime documents as grouped is stepped on the grouped path, and the public
/// reads and re-targets that are inlined into callers (``AnimatableAttribute/presentationValue``,
/// ``AnimatableAttribute/velocity``, the ``AnimatableAttribute/value`` setter) give exactly what the
/// generic path gives.
@Suite struct GroupedTypesTests {
    /// A user type whose animatable data is an `AnimatablePair` of `Double`s, as `@Animatable` writes it.
    struct Pair: Animatable, Equatable {
        var animatableData: AnimatablePair<Double, Double>
    }

    /// One grouped type: how to make its values and compare them.
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let expectedLayout: LaneLayout
        /// Runs `body` with the type (an opened generic call).
        let run: @Sendable (GroupedTypesTests) throws -> Void
        var testDescription: String { name }
    }

    static let cases: [Case] = [
        Case(name: "Double", expectedLayout: .bitwise) { try $0.check { Double($0[0]) } },
        Case(name: "CGFloat", expectedLayout: .bitwise) { try $0.check { CGFloat($0[0]) } },
        Case(name: "AnimatablePair<Double, Double>", expectedLayout: .bitwise) {
            try $0.check { Pair(animatableData: AnimatablePair($0[0], $0[1])) }
        },
        Case(name: "CGPoint", expectedLayout: .bitwise) { try $0.check { CGPoint(x: $0[0], y: $0[1]) } },
        Case(name: "CGSize", expectedLayout: .bitwise) { try $0.check { CGSize(width: $0[0], height: $0[1]) } },
        Case(name: "CGRect", expectedLayout: .bitwise) {
            try $0.check { CGRect(x: $0[0], y: $0[1], width: $0[2], height: $0[3]) }
        },
        Case(name: "AnimatableVector", expectedLayout: .vector) { try $0.check { AnimatableVector(Array($0[0..<3])) } },
    ]

    @Test(arguments: cases)
    func groupedAndInlinedPathsMatchTheGenericPath(_ testCase: Case) throws {
        try testCase.run(self)
    }

    /// Two graphs run the same changes: on the first through the public API (the inlined fast paths), on
    /// the second with a no-op transaction transform on every attribute, which sends each change through
    /// the generic ``AnimatableAttribute/change(to:)``; the second's reads use the generic accessors.
    /// Every frame, both must agree bit for bit, and the first's attributes must be on the grouped path.
    func check<Value: Animatable & Equatable>(_ make: ([Double]) -> Value) throws {
        var rng = SplitMix64(seed: 13)
        let count = 6
        let fast = AnimationGraph(), generic = AnimationGraph()
        func random() -> [Double] { (0..<4).map { _ in Double.random(in: -400...400, using: &rng) } }
        let initial = (0..<count).map { _ in make(random()) }
        let fastAttributes = initial.map { fast.attribute($0) }
        let genericAttributes = initial.map { generic.attribute($0) }
        for attribute in genericAttributes { attribute.transaction { _ in } }
        #expect(fastAttributes[0].laneLayout != .none)

        func compare(frame: Int) {
            for (a, b) in zip(fastAttributes, genericAttributes) {
                #expect(a.presentationValue == b.genericPresentationValue, "frame \(frame)")
                #expect(a.presentationData == b.genericPresentationData, "frame \(frame)")
                #expect(a.velocity == b.genericVelocity, "frame \(frame)")
                // Bit for bit: `==` takes −0 for 0, the printed numbers do not.
                #expect("\(a.presentationData)" == "\(b.genericPresentationData)", "frame \(frame)")
                #expect("\(String(describing: a.velocity))" == "\(String(describing: b.genericVelocity))", "frame \(frame)")
                #expect(a.value == b.value, "frame \(frame)")
            }
        }

        // Settling springs on lanes, started from rest: on the first graph straight onto a lane
        // (``AnimatableAttribute/startLane(to:spring:)``), on the second through the spring's first evaluation.
        let targets = (0..<count).map { _ in make(random()) }
        withAnimation(.spring(response: 0.5, dampingFraction: 0.825)) {
            for index in 0..<count { fastAttributes[index].value = targets[index] }
        }
        withAnimation(.spring(response: 0.5, dampingFraction: 0.825)) {
            for index in 0..<count { genericAttributes[index].value = targets[index] }
        }
        #expect(fastAttributes.allSatisfy { $0.laneGroup != nil && $0.laneRetargetReady && !$0.laneStartReady })
        compare(frame: 0)
        for frame in 1...30 {
            fast.advance(to: Double(frame) / 120)
            generic.advance(to: Double(frame) / 120)
            #expect(fastAttributes.allSatisfy { $0.laneGroup != nil }, "frame \(frame): every attribute is on the grouped path")
            compare(frame: frame)
        }

        // Re-targeted every frame with .interactiveSpring: its response blends from 0.5 s over 0.25 s (30
        // frames, sub-stepped by the generic path); then, with the same response and no blend, every
        // re-target is the inlined lane re-target, also across a damping change.
        for frame in 31...120 {
            let animation: Animation = frame < 60 ? .interactiveSpring
                : .interactiveSpring(response: 0.15, dampingFraction: frame < 90 ? 0.86 : 0.7, blendDuration: 0)
            let next = (0..<count).map { _ in make(random()) }
            withAnimation(animation) { for index in 0..<count { fastAttributes[index].value = next[index] } }
            withAnimation(animation) { for index in 0..<count { genericAttributes[index].value = next[index] } }
            if frame > 61 {
                #expect(fastAttributes.allSatisfy { $0.laneGroup != nil && $0.laneRetargetReady }, "frame \(frame)")
            }
            compare(frame: frame)
            fast.advance(to: Double(frame) / 120)
            generic.advance(to: Double(frame) / 120)
            compare(frame: frame)
        }

        // Left to settle: both finish on the same frame, at the model value.
        var frame = 120
        while fast.isAnimating || generic.isAnimating {
            frame += 1
            try #require(frame < 2000, "the springs settle")
            fast.advance(to: Double(frame) / 120)
            generic.advance(to: Double(frame) / 120)
            #expect(fast.isAnimating == generic.isAnimating, "frame \(frame)")
            compare(frame: frame)
        }
        #expect(fastAttributes.allSatisfy { $0.laneGroup == nil && !$0.isAnimating })
        #expect(fastAttributes.map(\.presentationValue) == fastAttributes.map(\.value))

        // Idle again, so the next spring starts straight onto a lane again, with the generic path's numbers.
        #expect(fastAttributes.allSatisfy { $0.laneStartReady })
        let again = (0..<count).map { _ in make(random()) }
        withAnimation(.bouncy) { for index in 0..<count { fastAttributes[index].value = again[index] } }
        withAnimation(.bouncy) { for index in 0..<count { genericAttributes[index].value = again[index] } }
        for later in frame...(frame + 30) {
            compare(frame: later)
            fast.advance(to: Double(later + 1) / 120)
            generic.advance(to: Double(later + 1) / 120)
        }
    }

    @Test(arguments: cases)
    func layoutIsTheExpectedOne(_ testCase: Case) {
        // Checked per type through the codec the attribute made.
        let layouts: [String: LaneLayout] = [
            "Double": AnimationGraph().attribute(0.0).laneLayout,
            "CGFloat": AnimationGraph().attribute(CGFloat(0)).laneLayout,
            "AnimatablePair<Double, Double>": AnimationGraph().attribute(Pair(animatableData: .zero)).laneLayout,
            "CGPoint": AnimationGraph().attribute(CGPoint.zero).laneLayout,
            "CGSize": AnimationGraph().attribute(CGSize.zero).laneLayout,
            "CGRect": AnimationGraph().attribute(CGRect.zero).laneLayout,
            "AnimatableVector": AnimationGraph().attribute(AnimatableVector([1])).laneLayout,
        ]
        #expect(layouts[testCase.name] == testCase.expectedLayout)
    }

    /// A type outside the engine keeps the generic path, with the grouped path's numbers.
    @Test func otherTypesKeepTheGenericPath() {
        let graph = AnimationGraph()
        let double = graph.attribute(0.0)
        let reference = graph.attribute(ReferenceDouble(0))
        #expect(reference.laneLayout == .none)
        withAnimation(.interactiveSpring) {
            double.value = 10
            reference.value = ReferenceDouble(10)
        }
        graph.advance(to: 1.0 / 120)
        #expect(reference.laneGroup == nil && double.laneGroup != nil)
        #expect(reference.presentationValue.value > 0 && reference.presentationValue.value < 10)
        #expect(abs(double.presentationValue - reference.presentationValue.value) < 1e-9)
    }

    /// One frame's re-targets from several groups, with two springs interleaved and some attributes re-targeted
    /// twice: each lane lands in the group its new key names (``SpringLaneGroup/retargetDestination`` remembers
    /// the last one per old group and spring until a key changes), and every value matches the generic path.
    @Test func interleavedRetargetsLandWhereTheirKeysSay() {
        let count = 8
        let fast = AnimationGraph(), generic = AnimationGraph()
        let fastAttributes = (0..<count).map { _ in fast.attribute(0.0) }
        let genericAttributes = (0..<count).map { _ in generic.attribute(0.0) }
        for attribute in genericAttributes { attribute.transaction { _ in } }
        let springs: [Animation] = [
            .interactiveSpring(response: 0.15, dampingFraction: 0.86, blendDuration: 0),
            .interactiveSpring(response: 0.15, dampingFraction: 0.7, blendDuration: 0),
        ]
        // Two starting groups: half the attributes begin a frame later than the others.
        for (graph, attributes) in [(fast, fastAttributes), (generic, genericAttributes)] {
            withAnimation(springs[0]) { for index in 0..<count / 2 { attributes[index].value = Double(10 * index + 5) } }
            graph.advance(to: 1.0 / 120)
            withAnimation(springs[0]) { for index in count / 2..<count { attributes[index].value = Double(10 * index + 5) } }
        }
        for frame in 2...40 {
            let time = Double(frame) / 120
            fast.advance(to: time)
            generic.advance(to: time)
            for (attributes, isFast) in [(fastAttributes, true), (genericAttributes, false)] {
                for index in 0..<count {
                    // Spring by index and frame; every third attribute is re-targeted twice. Every value is new (an
                    // unchanged value is no change at all).
                    let spring = springs[(index + frame) % 2]
                    withAnimation(spring) { attributes[index].value = Double(100 * frame + index) }
                    if index % 3 == 0 {
                        withAnimation(springs[(index + frame + 1) % 2]) { attributes[index].value = Double(100 * frame + 50 + index) }
                    }
                }
                guard isFast else { continue }
                // Lanes re-targeted last with the same spring at the same time share a group when they began together.
                for a in 0..<count {
                    for b in 0..<count where a < b {
                        let springA = a % 3 == 0 ? (a + frame + 1) % 2 : (a + frame) % 2
                        let springB = b % 3 == 0 ? (b + frame + 1) % 2 : (b + frame) % 2
                        let sameStart = (a < count / 2) == (b < count / 2)  // the key keeps the begin time
                        #expect((attributes[a].laneGroup === attributes[b].laneGroup) == (springA == springB && sameStart),
                                "frame \(frame): attributes \(a) and \(b)")
                    }
                }
            }
            for (a, b) in zip(fastAttributes, genericAttributes) {
                #expect(a.presentationValue == b.genericPresentationValue && a.velocity == b.genericVelocity, "frame \(frame)")
            }
        }
    }

    /// A completion, an override or a transform sends a change through the generic path; the attribute
    /// then goes on on the grouped path.
    @Test func changesTheInlinedPathCannotApplyUseTheGenericPath() {
        let graph = AnimationGraph()
        let attribute = graph.attribute(0.0)
        withAnimation(.interactiveSpring) { attribute.value = 100 }
        graph.advance(to: 1.0 / 120)
        #expect(attribute.laneGroup != nil && attribute.laneRetargetReady)
        var completed = 0
        withAnimation(.interactiveSpring, completionCriteria: .removed) { attribute.value = 50 } completion: { completed += 1 }
        #expect(attribute.laneGroup != nil, "still grouped after a generic re-target")
        attribute.animation(.interactiveSpring)
        #expect(!attribute.laneRetargetReady)
        attribute.removeAnimationOverride()
        #expect(attribute.laneRetargetReady)
        var time = 1.0 / 120
        while graph.isAnimating {
            time += 1.0 / 120
            graph.advance(to: time)
        }
        #expect(completed == 1 && attribute.presentationValue == 50)
    }

    /// An `AnimatableVector` read writes into the array the previous read returned only when nobody holds that
    /// array any more: a value the caller keeps never changes under it, and one it dropped is reused (no allocation).
    @Test func vectorReadsReuseOnlyAnArrayNobodyHolds() {
        let graph = AnimationGraph()
        let attribute = graph.attribute(AnimatableVector([0, 0, 0]))
        withAnimation(.spring(response: 0.5, dampingFraction: 0.825)) { attribute.value = AnimatableVector([100, -50, 20]) }
        graph.advance(to: 1.0 / 120)
        #expect(attribute.laneGroup != nil)
        func address(_ vector: AnimatableVector) -> UnsafePointer<Double>? {
            vector.components.withUnsafeBufferPointer { $0.baseAddress }
        }

        // Held across a frame and across a velocity read: unchanged, and equal to what the generic path gave then.
        let held = attribute.presentationValue
        let heldCopy = held.components.map { $0 }
        #expect(held == attribute.genericPresentationValue)
        graph.advance(to: 2.0 / 120)
        let velocity = attribute.velocity
        let next = attribute.presentationValue
        #expect(held.components == heldCopy, "a value the caller holds is not written")
        #expect(next != held, "the spring moved")
        #expect(next == attribute.genericPresentationValue && velocity == attribute.genericVelocity)
        #expect(address(next) != address(held))

        // Dropped before the next read: the attribute still holds that array (so no new array can have its
        // address), and the next read returns it, with the new frame's numbers.
        let first = address(attribute.presentationValue)
        #expect(attribute.laneReadBuffer.withUnsafeBufferPointer { $0.baseAddress } == first)
        graph.advance(to: 3.0 / 120)
        let reread = attribute.presentationValue
        #expect(address(reread) == first, "the dropped array is reused")
        #expect(reread == attribute.genericPresentationValue)
        // A velocity read while that presentation is held leaves it alone.
        let readVelocity = attribute.velocity
        #expect(reread == attribute.genericPresentationValue && readVelocity == attribute.genericVelocity)
    }
}
