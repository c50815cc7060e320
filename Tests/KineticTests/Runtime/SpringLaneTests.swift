import FoundationEssentials
import Testing
import KineticTestSupport
@testable import Kinetic

/// A Double that the grouped spring path does not know, so it always takes the generic path
/// (FluidSpringAnimation sub-stepping through AnimationContext): the reference for the lanes.
struct ReferenceDouble: VectorArithmetic, Animatable {
    var value: Double
    init(_ value: Double) { self.value = value }
    static var zero: ReferenceDouble { ReferenceDouble(0) }
    static func + (lhs: Self, rhs: Self) -> Self { Self(lhs.value + rhs.value) }
    static func - (lhs: Self, rhs: Self) -> Self { Self(lhs.value - rhs.value) }
    mutating func scale(by rhs: Double) { value *= rhs }
    var magnitudeSquared: Double { value * value }
}

/// TestPoint's twin on the generic path.
struct ReferencePoint: Animatable, Equatable {
    var x: Double
    var y: Double

    var animatableData: AnimatablePair<ReferenceDouble, ReferenceDouble> {
        get { AnimatablePair(ReferenceDouble(x), ReferenceDouble(y)) }
        set { (x, y) = (newValue.first.value, newValue.second.value) }
    }
}

/// The grouped fluid-spring path agrees with sub-stepping within 1e-9.
@Suite struct SpringLaneTests {
    static let springs: [Animation] = [
        .spring, .snappy, .bouncy, .interactiveSpring, .interactiveSpring(response: 0.3, dampingFraction: 0.8, blendDuration: 0.25),
        .spring(response: 0.2, dampingFraction: 0.5, blendDuration: 0.1), .smooth(duration: 0.3),
    ]

    @Test(arguments: [21, 22, 23])
    func groupedMatchesSubStepping(seed: UInt64) {
        var rng = SplitMix64(seed: seed)
        let graph = AnimationGraph()
        let count = 24
        let lanes = (0..<count).map { _ in graph.attribute(TestPoint(x: 0, y: 0)) }
        let references = (0..<count).map { _ in graph.attribute(ReferencePoint(x: 0, y: 0)) }
        var time = 0.0
        var sawGrouped = false
        for frame in 0..<600 {
            // 120 Hz with occasional dropped frames.
            time += (Double.random(in: 0..<1, using: &rng) < 0.1 ? 2 : 1) / 120
            graph.advance(to: time)
            for index in 0..<count {
                let lane = lanes[index], reference = references[index]
                #expect(lane.isAnimating == reference.isAnimating, "frame \(frame) attribute \(index)")
                let p = lane.presentationValue, q = reference.presentationValue
                #expect(abs(p.x - q.x) <= 1e-9 && abs(p.y - q.y) <= 1e-9, "frame \(frame) attribute \(index)")
                let v = lane.velocity ?? .zero, w = reference.velocity.map { AnimatablePair($0.first.value, $0.second.value) } ?? .zero
                #expect((v - w).magnitudeSquared.squareRoot() <= 1e-9 * max(1, v.magnitudeSquared.squareRoot()))
                sawGrouped = sawGrouped || lane.laneGroup != nil
                #expect(reference.laneGroup == nil)
            }
            // Re-target a random subset, mostly together (as one input frame would).
            if Double.random(in: 0..<1, using: &rng) < 0.3 {
                let animation = Self.springs.randomElement(using: &rng)!
                let target = TestPoint(x: .random(in: -800...800, using: &rng), y: .random(in: -800...800, using: &rng))
                withAnimation(animation) {
                    for index in 0..<count where Bool.random(using: &rng) {
                        let jitter = Double(index)
                        lanes[index].value = TestPoint(x: target.x + jitter, y: target.y - jitter)
                        references[index].value = ReferencePoint(x: target.x + jitter, y: target.y - jitter)
                    }
                }
            }
        }
        #expect(sawGrouped)
    }

    @Test func scalarAndVectorAttributesUseGroups() {
        let graph = AnimationGraph()
        let scalar = graph.attribute(0.0)
        let vector = graph.attribute(AnimatableVector([0, 0, 0]))
        let reference = graph.attribute(ReferenceDouble(0))
        withAnimation(.snappy) {
            scalar.value = 100
            vector.value = [100, -50, 25]
            reference.value = ReferenceDouble(100)
        }
        #expect(scalar.laneGroup != nil)
        #expect(vector.laneGroup?.dimension == 3)
        for frame in 1...90 {
            graph.advance(to: Double(frame) / 120)
            #expect(abs(scalar.presentationValue - reference.presentationValue.value) <= 1e-9)
            #expect(abs(vector.presentationValue[0] - reference.presentationValue.value) <= 1e-9)
            #expect(abs(vector.presentationValue[1] + reference.presentationValue.value / 2) <= 1e-9)
        }
        #expect(scalar.isAnimating == reference.isAnimating)
    }

    @Test func attributesRetargetedTogetherShareOneGroup() {
        let graph = AnimationGraph()
        let attributes = (0..<50).map { _ in graph.attribute(TestPoint(x: 0, y: 0)) }
        for frame in 1...30 {
            graph.advance(to: Double(frame) / 120)
            withAnimation(.interactiveSpring) {
                for (index, attribute) in attributes.enumerated() {
                    attribute.value = TestPoint(x: Double(frame * index), y: -Double(frame))
                }
            }
            #expect(graph.springGroups.filter { $0.count > 0 }.count == 1)
        }
    }

    /// A drag: one channel re-targeted with `.interactiveSpring` at every input frame (several per
    /// display frame, at their own times), then released with `.spring`. Each re-target gives the lane a
    /// new clock, hence a new key; the emptied group is re-keyed in place instead of replaced, and
    /// the motion still equals sub-stepping within 1e-9 at every frame.
    @Test func dragRetargetedEveryInputFrameKeepsItsGroupAndMatchesSubStepping() {
        let graph = AnimationGraph()
        let lane = graph.attribute(TestPoint(x: 0, y: 0))
        let reference = graph.attribute(ReferencePoint(x: 0, y: 0))
        var groups: [SpringLaneGroup] = []  // held, so that a freed group's address cannot come back
        var retargets = 0
        for frame in 1...600 {
            let frameTime = Double(frame) / 120
            // Input at 1 kHz-ish between display frames, as an evdev device delivers it.
            for k in 0..<(frame <= 120 ? 3 : 0) {
                graph.advance(to: frameTime - Double(3 - k) / 400)
                let finger = (x: 2.5 * Double(frame) + Double(k), y: 40 * sin(Double(frame) / 20))
                withAnimation(.interactiveSpring) {
                    lane.value = TestPoint(x: finger.x, y: finger.y)
                    reference.value = ReferencePoint(x: finger.x, y: finger.y)
                }
                if let group = lane.laneGroup, !groups.contains(where: { $0 === group }) { groups.append(group) }
                retargets += 1
            }
            if frame == 121 {
                withAnimation(.spring) {
                    lane.value = TestPoint(x: 400, y: 0)
                    reference.value = ReferencePoint(x: 400, y: 0)
                }
            }
            graph.advance(to: frameTime)
            let p = lane.presentationValue, q = reference.presentationValue
            #expect(abs(p.x - q.x) <= 1e-9 && abs(p.y - q.y) <= 1e-9, "frame \(frame)")
            #expect(lane.isAnimating == reference.isAnimating, "frame \(frame)")
        }
        #expect(retargets == 360)
        // One group carried the whole drag (the first re-target enters a lane; every later one re-keys it).
        #expect(groups.count == 1)
        #expect(graph.springGroups.count <= 1)
        #expect(!lane.isAnimating && lane.presentationValue == TestPoint(x: 400, y: 0))
    }

    /// Two channels re-targeted in the same input frame: the first re-keys its own emptied group, the
    /// second finds that key taken and joins the first's group (its own empty group is dropped at the
    /// next step) — the one-group-per-frame sharing is kept.
    @Test func reKeyedGroupIsSharedWithLanesRetargetedAtTheSameTime() {
        let graph = AnimationGraph()
        let first = graph.attribute(TestPoint(x: 0, y: 0)), second = graph.attribute(TestPoint(x: 0, y: 0))
        for frame in 1...20 {
            graph.advance(to: Double(frame) / 120)
            withAnimation(.interactiveSpring) { first.value = TestPoint(x: Double(frame), y: 0) }
            // The second channel's input comes a moment later on its own: a group of its own.
            graph.advance(to: Double(frame) / 120 + 0.001)
            withAnimation(.interactiveSpring) { second.value = TestPoint(x: 0, y: Double(frame)) }
        }
        #expect(first.laneGroup != nil && second.laneGroup != nil && first.laneGroup !== second.laneGroup)
        graph.advance(to: 0.5)
        withAnimation(.interactiveSpring) {
            first.value = TestPoint(x: 100, y: 0)
            second.value = TestPoint(x: 0, y: 100)
        }
        #expect(first.laneGroup != nil && first.laneGroup === second.laneGroup)
        graph.advance(to: 0.51)
        #expect(graph.springGroups.count == 1)
    }
}

/// Edge cases of the grouped path, each against the generic path or a hand-computed expectation.
@Suite struct SpringLaneEdgeTests {
    @Test func unanimatedChangeShiftsAGroupedSpringByItsDelta() {
        let graph = AnimationGraph()
        let lane = graph.attribute(0.0)
        let reference = graph.attribute(ReferenceDouble(0))
        withAnimation(.snappy) {
            lane.value = 100
            reference.value = ReferenceDouble(100)
        }
        graph.advance(to: 0.1)
        #expect(lane.laneGroup != nil)
        let before = lane.presentationValue
        lane.value = 130
        reference.value = ReferenceDouble(130)
        #expect(abs(lane.presentationValue - (before + 30)) < 1e-12)
        for frame in 7...60 {
            graph.advance(to: Double(frame) / 60)
            #expect(abs(lane.presentationValue - reference.presentationValue.value) <= 1e-9)
        }
    }

    @Test func nonFiniteTargetStopsAGroupedSpring() {
        let graph = AnimationGraph()
        let attribute = graph.attribute(0.0)
        withAnimation(.spring) { attribute.value = 100 }
        graph.advance(to: 0.1)
        withAnimation(.spring) { attribute.value = .nan }
        #expect(!attribute.isAnimating)
        #expect(attribute.laneGroup == nil)
        #expect(!graph.isAnimating)
    }

    @Test func vectorGrowingItsDimensionKeepsAnimating() {
        let graph = AnimationGraph()
        let attribute = graph.attribute(AnimatableVector([0, 0]))
        withAnimation(.interactiveSpring) { attribute.value = [10, 20] }
        graph.advance(to: 0.05)
        let before = attribute.presentationValue
        withAnimation(.interactiveSpring) { attribute.value = [10, 20, 30] }
        // Position is kept; the new component starts at its old value 0.
        #expect(attribute.presentationValue == AnimatableVector(before.components + [0]))
        var time = 0.05
        while graph.isAnimating, time < 5 {
            time += 1.0 / 120
            graph.advance(to: time)
        }
        #expect(!attribute.isAnimating)
        #expect(attribute.presentationValue == [10, 20, 30])
    }

    @Test func floatDataTakesTheGenericPath() {
        struct Opacity: Animatable {
            var animatableData: Float
        }
        let graph = AnimationGraph()
        let attribute = graph.attribute(Opacity(animatableData: 0))
        withAnimation(.spring) { attribute.value = Opacity(animatableData: 1) }
        #expect(attribute.laneGroup == nil)
        graph.advance(to: 0.05)
        #expect(abs(attribute.presentationValue.animatableData - 0.127702) < 1e-3)
    }

    /// A retarget with a different response blends (sub-stepped, off the groups) and returns to a
    /// group once the blend is over.
    @Test func blendRunsOffTheGroupsAndReturns() {
        let graph = AnimationGraph()
        let attribute = graph.attribute(0.0)
        withAnimation(.spring) { attribute.value = 100 }
        graph.advance(to: 0.1)
        #expect(attribute.laneGroup != nil)
        withAnimation(.interactiveSpring) { attribute.value = 50 }   // response 0.5 → 0.15, blend 0.25 s
        #expect(attribute.laneGroup == nil)
        graph.advance(to: 0.3)
        #expect(attribute.laneGroup == nil)
        graph.advance(to: 0.36)
        #expect(attribute.laneGroup != nil)
    }
}
