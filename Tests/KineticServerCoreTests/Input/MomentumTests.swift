import FoundationEssentials
import Kinetic
import KineticInput
import Testing
@testable import KineticBindings
@testable import KineticServerCore
@testable import KineticTestSupport

/// Momentum and inertia modifiers, against hand-computed values (v₀ = 1000 units/s, d = 0.998:
/// k = 1000·0.002/0.998 = 2.004008016 /s, natural travel 1000/k = 499 = the projection (1000/1000)·0.998/0.002).
struct MomentumTests {
    let k = DecelerationRate.normal.decayConstant

    func run(_ animation: MomentumAnimation, change: [Double], at time: Double) -> (value: [Double], velocity: [Double])? {
        var context = AnimationContext<AnimatableVector>()
        let delta = AnimatableVector(change)
        guard let value = animation.animate(value: delta, time: time, context: &context) else { return nil }
        let velocity = animation.velocity(value: delta, time: time, context: context) ?? .zero
        return (value.components, velocity.components)
    }

    @Test func theDecayConstantKeepsTheProjectionsDistance() {
        #expect(abs(k - 2.004008016032066) < 1e-12)
        #expect(abs(1000 / k - DecelerationRate.normal.projectedDistance(velocity: 1000)) < 1e-9)
        #expect(abs(1000 / DecelerationRate.fast.decayConstant - 99) < 1e-9)
    }

    /// x(t) = 499·(1 − e^(−k·t)), v(t) = 1000·e^(−k·t).
    @Test func unboundedMomentumIsTheDecay() throws {
        let momentum = MomentumAnimation(decayConstant: k, naturalTravel: [499])
        for (t, x, v) in [(0.1, 90.61706755422644, 818.402670232011), (0.5, 315.7956699260606, 367.14294603995796),
                          (1.0, 431.73782252937673, 134.79394282689947)] {
            let sample = try #require(run(momentum, change: [499], at: t))
            #expect(abs(sample.value[0] - x) < 1e-9 && abs(sample.velocity[0] - v) < 1e-9)
        }
        #expect(abs(try #require(run(momentum, change: [499], at: 0)).velocity[0] - 1000) < 1e-9)  // the finger's velocity
        // Ends once within 0.01 of its rest: 499·e^(−k·t) ≤ 0.01 at t = ln(49 900)/k = 5.3988 s.
        #expect(run(momentum, change: [499], at: 5.39) != nil && run(momentum, change: [499], at: 5.41) == nil)
    }

    /// Bound at 300: the decay reaches it at t_b = −ln(1 − 300/499)/k = 0.45873 s moving at k·199 = 398.798 /s, then
    /// the spring carries it past and back to 300 with that velocity.
    @Test func aBoundStopsItWithASpringThatKeepsTheVelocity() throws {
        let momentum = MomentumAnimation(decayConstant: k, naturalTravel: [499])
        let tb = 0.4587313342424864
        let before = try #require(run(momentum, change: [300], at: tb - 1e-9))
        let after = try #require(run(momentum, change: [300], at: tb + 1e-9))
        #expect(abs(before.value[0] - 300) < 1e-6 && abs(after.value[0] - 300) < 1e-6)
        // Within 1e-4: the spring already decelerates at about 12 500 units/s² a nanosecond after t_b.
        #expect(abs(before.velocity[0] - 398.79759519038015) < 1e-4 && abs(after.velocity[0] - 398.79759519038015) < 1e-4)
        let spring = MomentumAnimation.defaultBounce
        let later = try #require(run(momentum, change: [300], at: tb + 0.1))
        #expect(abs(later.value[0] - (300 + spring.value(target: 0.0, initialVelocity: 398.79759519038015, time: 0.1))) < 1e-9)
        #expect(later.value[0] > 300)  // past the bound
        #expect(run(momentum, change: [300], at: tb + spring.settlingDuration + 1e-6) == nil)
    }

    /// Released past the bound moving outward: the spring from the start, with the release velocity.
    @Test func releasedPastTheBoundItSpringsBackWithItsVelocity() throws {
        let momentum = MomentumAnimation(decayConstant: k, naturalTravel: [499])
        let spring = MomentumAnimation.defaultBounce
        let sample = try #require(run(momentum, change: [-40], at: 0.05))
        #expect(abs(sample.value[0] - spring.value(target: -40.0, initialVelocity: 1000.0, time: 0.05)) < 1e-9)
        #expect(abs(try #require(run(momentum, change: [-40], at: 0)).velocity[0] - 1000) < 1e-9)
    }

    @Test(arguments: [([499.0], [499.0]), ([300], [499]), ([-40], [499]), ([12], [0])])
    func velocityIsTheDerivativeOfValue(change: [Double], natural: [Double]) throws {
        let momentum = MomentumAnimation(decayConstant: k, naturalTravel: natural)
        let h = 1e-6
        for t in stride(from: 0.013, to: 1.5, by: 0.097) {
            guard let ahead = run(momentum, change: change, at: t + h), let behind = run(momentum, change: change, at: t - h),
                let now = run(momentum, change: change, at: t) else { continue }
            let numeric = (ahead.value[0] - behind.value[0]) / (2 * h)
            #expect(abs(numeric - now.velocity[0]) < 1e-4 * max(1, abs(numeric)), "t = \(t)")
        }
    }

    @Test func inertiaModifiersPickTheRestFromTheNaturalPoint() {
        // From 0 at 1000 /s the fling would rest at 499.
        let plan = { (target: ReleaseTarget, bounds: ChannelBounds?) in
            target.plan(current: [0], origin: [0], velocity: [1000], bounds: bounds, decelerationRate: .normal)
        }
        let coast = plan(.momentum, nil)
        #expect(abs(coast.target[0] - 499) < 1e-9 && coast.coasts && abs(coast.naturalTravel[0] - 499) < 1e-9)
        #expect(plan(.momentum, ChannelBounds(lower: [0], upper: [300])).target == [300])
        #expect(plan(.pages(size: [300]), nil).target == [600])  // 499 / 300 = 1.66 → page 2
        #expect(plan(.pages(size: [200]), nil).target == [400])  // 2.495 → page 2
        #expect(plan(.pages(size: [300]), ChannelBounds(lower: [0], upper: [450])).target == [450])
        // Only within a range: 499 lies in [400, 600] → snap; a range [0, 300] misses it → momentum to 499.
        let snapInside = plan(.within(range: ChannelBounds(lower: [400], upper: [600]), target: .pages(size: [300])), nil)
        #expect(snapInside.target == [600] && !snapInside.coasts)
        let coastOutside = plan(.within(range: ChannelBounds(lower: [0], upper: [300]), target: .pages(size: [300])), nil)
        #expect(abs(coastOutside.target[0] - 499) < 1e-9 && coastOutside.coasts)
        // A non-finite velocity is no fling.
        #expect(ReleaseTarget.momentum.plan(current: [5], origin: [0], velocity: [.infinity], bounds: nil,
                                            decelerationRate: .normal).target == [5])
    }

    /// The bundled fling with `target: momentum`: after the finger lifts the channel keeps going in the fling's
    /// direction, never back, and rests exactly at the projection of the release.
    @Test func aReplayedFlingCoastsToTheProjection() throws {
        let recording = try ReplayFixtures.recording("swipe-fling.evemu")
        let engine = GraphChannelEngine(epoch: 0)
        let binding = GestureBinding(channel: "card", release: .init(target: .momentum))
        let pipeline = GesturePipeline(bindings: [binding])
        try pipeline.defineChannels(in: engine, at: 0)
        let handle = try #require(pipeline.attach(recording.device, path: nil))
        let events = recording.events.flatMap { pipeline.process($0, from: handle, engine: engine).bindingEvents }
        let release = try #require(events.last)
        #expect(release.phase == .ended)
        let expected = zip(release.input, release.inputVelocity).map { $0 + DecelerationRate.normal.projectedDistance(velocity: $1) }
        #expect(release.target == expected)
        #expect(abs(expected[0] - release.input[0]) > 10, "the fixture is a fling")
        let direction = (expected[0] - release.input[0]).sign
        var t = UInt64(Int64(release.time))
        var previous = try #require(engine.presentationValue(of: "card"))[0]
        var backwards = 0
        while !engine.isSettled, t < UInt64(Int64(release.time)) + 20_000_000_000 {
            t += 8_333_333
            _ = engine.advance(to: t)
            let now = try #require(engine.presentationValue(of: "card"))[0]
            if (now - previous).sign != direction, abs(now - previous) > 1e-9 { backwards += 1 }
            previous = now
        }
        #expect(engine.isSettled && engine.presentationValue(of: "card") == expected)
        #expect(backwards == 0, "momentum never turns back")
    }

    @Test func theConfigurationSpellsIt() throws {
        let yaml = """
            bindings:
              - channel: a
                release: { target: momentum, deceleration: fast }
              - channel: b
                release: { target: snap, page: [300, 0], within: { min: [0, -1], max: [900, 1] }, deceleration: 0.995 }
            """
        let bindings = try DaemonConfiguration.parse(yaml, source: "t").bindings
        #expect(bindings[0].release.target == .momentum && bindings[0].release.decelerationRate == .fast)
        #expect(bindings[1].release.target == .within(range: ChannelBounds(lower: [0, -1], upper: [900, 1]), target: .pages(size: [300, 0])))
        #expect(bindings[1].release.decelerationRate.rawValue == 0.995)
        for bad in ["{ target: momentum, page: [3] }", "{ target: snap }", "{ target: snap, page: [0] }",
                    "{ target: momentum, deceleration: 1.5 }", "{ target: snap, page: [1], snap_points: [[0]] }"] {
            #expect(throws: ConfigurationError.self, "\(bad)") {
                try DaemonConfiguration.parse("bindings:\n  - channel: a\n    release: \(bad)\n", source: "t")
            }
        }
    }
}

/// The same through `kineticctl replay`'s path (the daemon's composition on a virtual clock), with bounds: the
/// published channel coasts, is stopped at the bound by the spring (past it, then back), and rests on it.
struct MomentumReplayTests {
    @Test func aBoundedFlingOvershootsTheBoundOnceAndRestsOnIt() throws {
        let recording = try ReplayFixtures.recording("swipe-fling.evemu")
        let free = try ReplayFixtures.frames(recording, [GestureBinding(channel: "card", axes: .x, release: .init(target: .momentum))])
        let release = try #require(free.flatMap(\.bindingEvents).last)
        let rest = release.target[0]
        #expect(free.last?.samples.first?.value == [rest])
        // A bound half-way between the release and the natural rest.
        let bound = (release.input[0] + rest) / 2
        let lower = rest < release.input[0]
        let bounded = ChannelBounds(lower: [lower ? bound : -1e9], upper: [lower ? 1e9 : bound])
        let frames = try ReplayFixtures.frames(recording, [GestureBinding(channel: "card", axes: .x, bounds: bounded,
                                                                          release: .init(target: .momentum))])
        let releaseTime = try #require(frames.first { $0.bindingEvents.contains { $0.phase == .ended } }).timeNanoseconds
        let after = frames.filter { $0.timeNanoseconds > releaseTime }.map { $0.samples[0].value[0] }
        let beyond = after.map { lower ? $0 < bound - 1e-9 : $0 > bound + 1e-9 }
        #expect(beyond.contains(true), "the spring carries it past the bound")
        #expect(after.last == bound)
    }
}
