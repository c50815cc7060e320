import FoundationEssentials
import Testing
@testable import Kinetic

/// Symbol effects as headless curves, against the keyframe values their doc comments give and
/// the options' timing worked out by hand.
@Suite struct SymbolEffectTests {
    /// Every effect, as the player sees it.
    static let effects: [(String, SymbolEffectCurve)] = [
        ("bounce", BounceSymbolEffect().curve), ("bounce.down", BounceSymbolEffect().down.curve),
        ("wiggle", WiggleSymbolEffect().curve), ("wiggle.clockwise", WiggleSymbolEffect().clockwise.curve),
        ("wiggle.custom", WiggleSymbolEffect().custom(angle: .degrees(30)).curve),
        ("pulse", PulseSymbolEffect().curve), ("breathe", BreatheSymbolEffect().curve),
        ("rotate", RotateSymbolEffect().curve), ("variableColor", VariableColorSymbolEffect().curve),
        ("variableColor.nonReversing", VariableColorSymbolEffect().nonReversing.curve),
    ]

    @Test func keyframeValuesAreTheDocumentedOnes() {
        let up = BounceSymbolEffect().curve
        #expect(up.values(at: 0.12).scale == 0.88)
        #expect(up.values(at: 0.12).offset.height == 0)
        #expect(abs(up.values(at: 0.28).scale - 1.06) < 1e-12)
        #expect(abs(Double(up.values(at: 0.28).offset.height) + 0.12) < 1e-12)  // up is −y
        #expect(abs(Double(BounceSymbolEffect().down.curve.values(at: 0.28).offset.height) - 0.12) < 1e-12)
        #expect(up.values(at: 0.5) == .rest && up.duration == 0.5)

        // easeInOut is symmetric: half way through each half, the opacity is half way (1 + (0.3 − 1)/2).
        let pulse = PulseSymbolEffect().curve
        #expect(abs(pulse.values(at: 0.25).opacity - 0.65) < 1e-9)
        #expect(abs(pulse.values(at: 0.5).opacity - 0.3) < 1e-12)

        let left = WiggleSymbolEffect().left.curve.values(at: 0.1)
        #expect(abs(Double(left.offset.width) + 0.1) < 1e-12 && abs(Double(left.offset.height)) < 1e-12)
        #expect(abs(WiggleSymbolEffect().counterClockwise.curve.values(at: 0.1).rotation.degrees + 10) < 1e-12)
        #expect(abs(WiggleSymbolEffect().up.curve.values(at: 0.25).offset.height - 0.08) < 1e-12)  // −0.8 A, A up

        #expect(abs(RotateSymbolEffect().curve.values(at: 0.25).rotation.degrees - 90) < 1e-9)
        #expect(abs(RotateSymbolEffect().counterClockwise.curve.values(at: 0.5).rotation.degrees + 180) < 1e-9)
        #expect(abs(VariableColorSymbolEffect().curve.values(at: 0.75).variableColor - 0.5) < 1e-12)
        #expect(abs(VariableColorSymbolEffect().nonReversing.curve.values(at: 0.75).variableColor - 0.75) < 1e-12)
        #expect(abs(BreatheSymbolEffect().curve.values(at: 1).scale - 1.1) < 1e-12)
        #expect(abs(BreatheSymbolEffect().curve.values(at: 1).opacity - 0.75) < 1e-12)
    }

    /// Velocity is the derivative of value, for every effect, away from keyframe boundaries (which all fall on
    /// multiples of 10 ms). The step, 0.25 ms, keeps both the central difference's error on cubic keyframes and the timing curves' solver error (about 1e-7) under the tolerance.
    @Test(arguments: effects.map(\.0))
    func velocityIsTheDerivativeOfValue(name: String) {
        let curve = Self.effects.first { $0.0 == name }!.1
        let h = 2.5e-4
        for t in stride(from: 0.005, to: curve.duration, by: 0.01) {
            let v = curve.velocities(at: t).components
            let ahead = curve.values(at: t + h).components, behind = curve.values(at: t - h).components
            for i in 0..<6 {
                let numeric = (ahead[i] - behind[i]) / (2 * h)
                #expect(abs(numeric - v[i]) <= 2e-3 * max(1, abs(v[i])), "\(name) component \(i) at \(t)")
            }
        }
    }

    /// Cyclic curves start and end at rest, so repeated cycles join without a jump (rotate ends at 360°, drawn as 0°).
    @Test(arguments: effects.map(\.0))
    func cyclesStartAndEndAtRest(name: String) {
        let curve = Self.effects.first { $0.0 == name }!.1
        var end = curve.values(at: curve.duration - 1e-9)
        let turn = end.rotation.degrees.truncatingRemainder(dividingBy: 360)
        end.rotation = .degrees(abs(turn) > 180 ? turn - (turn > 0 ? 360 : -360) : turn)
        if name == "variableColor.nonReversing" { end.variableColor = 0 }  // it restarts from the first layer
        for (a, b) in zip(end.components, SymbolEffectValues.rest.components) { #expect(abs(a - b) < 1e-6, "\(name)") }
        #expect(curve.values(at: 0) == .rest)
    }

    @Test func triggerRunsTheOptionsCount() {
        var once = SymbolEffectPlayer(.bounce)
        once.trigger(at: 10)
        #expect(abs(once.values(at: 10.12).scale - 0.88) < 1e-12)
        #expect(once.values(at: 10.62) == .rest && !once.isRunning(at: 10.5) && once.isRunning(at: 10.49))

        var three = SymbolEffectPlayer(.bounce, options: .repeat(3))
        three.trigger(at: 0)
        #expect(abs(three.values(at: 1.12).scale - 0.88) < 1e-12)  // third cycle, 0.12 s in
        #expect(three.values(at: 1.62) == .rest && three.isRunning(at: 1.49) && !three.isRunning(at: 1.5))

        // Periodic: 0.5 s cycles with 0.5 s between them; in the gap the symbol rests.
        var periodic = SymbolEffectPlayer(.bounce, options: .repeat(.periodic(2, delay: 0.5)))
        periodic.trigger(at: 0)
        #expect(periodic.period == 1)
        #expect(periodic.values(at: 0.7) == .rest)
        #expect(abs(periodic.values(at: 1.12).scale - 0.88) < 1e-12)
        #expect(periodic.values(at: 2.12) == .rest)

        // A trigger during a run restarts it.
        once.trigger(at: 10.3)
        #expect(abs(once.values(at: 10.42).scale - 0.88) < 1e-12)
    }

    @Test func speedScalesTimeAndVelocity() {
        var fast = SymbolEffectPlayer(.pulse, options: .speed(2))
        var normal = SymbolEffectPlayer(.pulse)
        fast.trigger(at: 0)
        normal.trigger(at: 0)
        #expect(fast.values(at: 0.1) == normal.values(at: 0.2))
        #expect(abs(fast.velocities(at: 0.1).opacity - 2 * normal.velocities(at: 0.2).opacity) < 1e-12)
        #expect(!fast.isRunning(at: 0.5) && normal.isRunning(at: 0.5))
        // Options chain: the count and the speed both hold.
        #expect(SymbolEffectOptions.speed(2).repeat(3) == SymbolEffectOptions.repeat(3).speed(2))
        #expect(SymbolEffectOptions.repeat(3).speed == 1 && SymbolEffectOptions.speed(2).repetition == nil)
    }

    @Test func indefiniteEffectsRepeatWhileActiveAndFinishTheirCycle() {
        var gear = SymbolEffectPlayer(.rotate.clockwise)
        #expect(gear.values(at: 0.5) == .rest && !gear.isRunning(at: 0))
        gear.setActive(true, at: 0)
        #expect(abs(gear.values(at: 2.25).rotation.degrees - 90) < 1e-9)  // third turn, a quarter in
        #expect(gear.isRunning(at: 1e6))
        gear.setActive(false, at: 2.25)
        #expect(abs(gear.values(at: 2.75).rotation.degrees - 270) < 1e-9)  // the turn finishes
        #expect(gear.values(at: 3.0) == .rest && !gear.isRunning(at: 3.0) && gear.isRunning(at: 2.99))

        // .nonRepeating: one cycle, even though still active.
        var once = SymbolEffectPlayer(.pulse, options: .nonRepeating)
        once.setActive(true, at: 0)
        #expect(once.values(at: 1.5) == .rest && once.isActive)

        // Deactivated in the delay between two cycles: it stops there.
        var gapped = SymbolEffectPlayer(.pulse, options: .repeat(.periodic(delay: 1)))
        gapped.setActive(true, at: 0)
        #expect(abs(gapped.values(at: 2.5).opacity - 0.3) < 1e-12)  // second cycle: starts at 2 (period 2 s)
        gapped.setActive(false, at: 3.5)
        #expect(gapped.values(at: 4.5) == .rest && !gapped.isRunning(at: 3.5))
    }

    @Test func heldEffectsSpringToTheirStateAndBack() {
        let spring = Spring(duration: 0.3, bounce: 0.15)
        var scale = SymbolEffectPlayer(.scale.up)
        scale.setActive(true, at: 1)
        for t in [0.05, 0.1, 0.2, 0.4] {
            #expect(abs(scale.values(at: 1 + t).scale - (1 + spring.value(target: 0.2, time: t))) < 1e-12)
            #expect(abs(scale.velocities(at: 1 + t).scale - spring.velocity(target: 0.2, time: t)) < 1e-12)
        }
        // Deactivated mid-way: continuous in value and velocity, then back to 1.
        let before = scale.values(at: 1.1), velocityBefore = scale.velocities(at: 1.1)
        scale.setActive(false, at: 1.1)
        #expect(abs(scale.values(at: 1.1).scale - before.scale) < 1e-12)
        #expect(abs(scale.velocities(at: 1.1).scale - velocityBefore.scale) < 1e-12)
        #expect(abs(scale.values(at: 10).scale - 1) < 1e-9 && !scale.isRunning(at: 10))

        // A trigger springs to the state and back, as one cycle.
        var tap = SymbolEffectPlayer(.scale.down)
        tap.trigger(at: 0)
        #expect(tap.values(at: spring.settlingDuration - 1e-9).scale < 0.9)
        #expect(abs(tap.values(at: 10).scale - 1) < 1e-9)
        #expect(tap.isRunning(at: spring.settlingDuration) && !tap.isRunning(at: 2 * spring.settlingDuration))
    }

    @Test func appearAndDisappearShowAndHide() {
        var check = SymbolEffectPlayer(.appear.up)
        #expect(check.values(at: 0) == SymbolEffectValues(scale: 0.5, offset: CGSize(width: 0, height: 0.25), opacity: 0))
        check.setActive(true, at: 0)
        #expect(abs(check.values(at: 10).opacity - 1) < 1e-9 && abs(check.values(at: 10).scale - 1) < 1e-9)

        var cross = SymbolEffectPlayer(.disappear.up)
        #expect(cross.values(at: 0) == .rest)
        cross.setActive(true, at: 0)
        let hidden = cross.values(at: 10)
        #expect(abs(hidden.opacity) < 1e-9 && abs(Double(hidden.offset.height) + 0.25) < 1e-9)  // it leaves upward
    }

    /// A held effect ends exactly on its state with velocity 0 once it stops running: turned on, and turned off
    /// mid-way (before, `.appear` turned off ended at opacity 0.000102, velocity −0.0015).
    @Test(arguments: [SymbolEffectPlayer(.appear.up), SymbolEffectPlayer(.disappear.up), SymbolEffectPlayer(.scale.up),
                      SymbolEffectPlayer(.scale.down)])
    func heldEffectsEndExactlyOnTheirState(player: SymbolEffectPlayer) {
        var player = player
        let inactive = player.values(at: 0)
        player.setActive(true, at: 0)
        var end = 0.0
        while player.isRunning(at: end) { end += 0.001 }
        let active = player.values(at: end)
        #expect(player.values(at: end + 5) == active && player.velocities(at: end) == SymbolEffectValues(components: Array(repeating: 0, count: 6)))
        player.setActive(false, at: end + 1)
        player.setActive(true, at: end + 1.05)
        player.setActive(false, at: end + 1.1)
        var back = end + 1.1
        while player.isRunning(at: back) { back += 0.001 }
        #expect(player.values(at: back) == inactive, "\(player.values(at: back)) against \(inactive)")
        #expect(player.velocities(at: back).components == Array(repeating: 0, count: 6))
        #expect(player.values(at: back + 10) == inactive)
    }
}
