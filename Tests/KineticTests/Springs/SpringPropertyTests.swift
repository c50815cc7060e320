import FoundationEssentials
import Testing
import KineticTestSupport
@testable import Kinetic

/// Properties of the closed form that hold for every spring, checked over seeded random
/// parameters in all three damping regimes: velocity is the time derivative of value, force is
/// −k·x − c·v and equals mass × acceleration, the closed form solves the equation of motion, and
/// `update` stepping agrees with it.
@Suite struct SpringPropertyTests {
    enum Regime: String, CaseIterable, Sendable {
        case underDamped, critical, overDamped
    }

    /// A random spring of `regime` and a random motion (target, initial velocity) for it.
    struct Draw {
        var spring: Spring
        var target: Double
        var initialVelocity: Double
    }

    static func draws(_ regime: Regime, count: Int, seed: UInt64) -> [Draw] {
        var rng = SplitMix64(seed: seed)
        return (0..<count).map { index in
            let spring: Spring
            // Alternate perceptual and physical construction so both paths are exercised.
            if index.isMultiple(of: 2) {
                let duration = Double.random(in: 0.1...2, using: &rng)
                let bounce = switch regime {
                case .underDamped: Double.random(in: 0.05...0.95, using: &rng)
                case .critical: 0.0
                case .overDamped: Double.random(in: -0.95 ... -0.05, using: &rng)
                }
                spring = Spring(duration: duration, bounce: bounce)
            } else {
                let mass = Double.random(in: 0.2...5, using: &rng)
                let stiffness = Double.random(in: 10...500, using: &rng)
                let critical = 2 * (mass * stiffness).squareRoot()
                let damping = switch regime {
                case .underDamped: critical * Double.random(in: 0.05...0.95, using: &rng)
                case .critical: critical
                case .overDamped: critical * Double.random(in: 1.05...8, using: &rng)
                }
                spring = Spring(mass: mass, stiffness: stiffness, damping: damping, allowOverDamping: true)
            }
            return Draw(
                spring: spring,
                target: Double.random(in: -100...100, using: &rng),
                initialVelocity: Double.random(in: -50...50, using: &rng))
        }
    }

    /// The spring is in the regime it was drawn for.
    static func expectRegime(_ spring: Spring, _ regime: Regime) {
        switch regime {
        case .underDamped: #expect(spring.angularFrequency > 0)
        case .critical: #expect(abs(spring.angularFrequency) <= 1e-6 * spring.naturalFrequency)
        case .overDamped: #expect(spring.angularFrequency < 0)
        }
    }

    /// velocity(t) = d/dt value(t), by a central difference with h = 1 µs.
    @Test(arguments: Regime.allCases)
    func velocityIsTheDerivativeOfValue(_ regime: Regime) {
        var rng = SplitMix64(seed: 0x5EED_0001)
        for draw in Self.draws(regime, count: 100, seed: 0xA11CE + UInt64(regime.rawValue.count)) {
            Self.expectRegime(draw.spring, regime)
            let t = Double.random(in: 0.001...2, using: &rng)
            let h = 1e-6
            let x = { (time: Double) in
                draw.spring.value(target: draw.target, initialVelocity: draw.initialVelocity, time: time)
            }
            let numerical = (x(t + h) - x(t - h)) / (2 * h)
            let analytic = draw.spring.velocity(target: draw.target, initialVelocity: draw.initialVelocity, time: t)
            let scale = draw.spring.naturalFrequency * abs(draw.target) + abs(draw.initialVelocity) + 1
            expectClose(analytic, numerical, tolerance: 1e-6 * scale, "\(draw.spring) T \(draw.target) t \(t)")
        }
    }

    /// force = k·(T − x) − c·v with the k and c the spring was built from, and force / m is the
    /// acceleration (the derivative of velocity) along the motion.
    @Test(arguments: Regime.allCases)
    func forceIsHookePlusDampingAndDrivesTheMotion(_ regime: Regime) {
        var rng = SplitMix64(seed: 0x5EED_0002)
        for draw in Self.draws(regime, count: 100, seed: 0xF0CE + UInt64(regime.rawValue.count)) {
            let spring = draw.spring
            let t = Double.random(in: 0.001...2, using: &rng)
            let x = spring.value(target: draw.target, initialVelocity: draw.initialVelocity, time: t)
            let v = spring.velocity(target: draw.target, initialVelocity: draw.initialVelocity, time: t)
            let force = spring.force(target: draw.target, position: x, velocity: v)

            // Independent k and c: from the natural frequency and the decay constant.
            let k = spring.mass * (spring.decayConstant * spring.decayConstant
                + spring.angularFrequency * abs(spring.angularFrequency))
            let c = 2 * spring.mass * spring.decayConstant
            let scale = k * abs(draw.target) + c * abs(draw.initialVelocity) + 1
            expectClose(force, k * (draw.target - x) - c * v, tolerance: 1e-9 * scale)

            let h = 1e-6
            let velocityAt = { (time: Double) in
                spring.velocity(target: draw.target, initialVelocity: draw.initialVelocity, time: time)
            }
            let acceleration = (velocityAt(t + h) - velocityAt(t - h)) / (2 * h)
            expectClose(force / spring.mass, acceleration, tolerance: 1e-5 * scale / spring.mass, "\(spring)")
        }
    }

    /// Physical springs read back the stiffness and damping they were built from, in every regime.
    @Test(arguments: Regime.allCases)
    func physicalParametersReadBack(_ regime: Regime) {
        var rng = SplitMix64(seed: 0x5EED_0003)
        for _ in 0..<100 {
            let mass = Double.random(in: 0.2...5, using: &rng)
            let stiffness = Double.random(in: 10...500, using: &rng)
            let critical = 2 * (mass * stiffness).squareRoot()
            let damping = switch regime {
            case .underDamped: critical * Double.random(in: 0...0.99, using: &rng)
            case .critical: critical
            case .overDamped: critical * Double.random(in: 1.01...10, using: &rng)
            }
            let spring = Spring(mass: mass, stiffness: stiffness, damping: damping, allowOverDamping: true)
            expectClose(spring.mass, mass, tolerance: 0)
            expectClose(spring.stiffness, stiffness, tolerance: 1e-9 * stiffness)
            expectClose(spring.damping, damping, tolerance: 1e-9 * critical)
            expectClose(spring.dampingRatio, damping / critical, tolerance: 1e-12 * max(1, damping / critical))
        }
    }

    /// The closed form solves m·x″ = k(T − x) − c·x′: a classical RK4 integration of that equation
    /// (10 000 steps over 1 s), written from k, c, m alone, lands on value and velocity at t = 1.
    @Test(arguments: Regime.allCases)
    func closedFormSolvesTheEquationOfMotion(_ regime: Regime) {
        for draw in Self.draws(regime, count: 20, seed: 0xB0B + UInt64(regime.rawValue.count)) {
            let spring = draw.spring
            let k = spring.stiffness
            let c = spring.damping
            let m = spring.mass
            let target = draw.target
            func derivative(_ x: Double, _ v: Double) -> (Double, Double) { (v, (k * (target - x) - c * v) / m) }
            var x = 0.0
            var v = draw.initialVelocity
            let steps = 10_000
            let dt = 1.0 / Double(steps)
            for _ in 0..<steps {
                let (k1x, k1v) = derivative(x, v)
                let (k2x, k2v) = derivative(x + dt / 2 * k1x, v + dt / 2 * k1v)
                let (k3x, k3v) = derivative(x + dt / 2 * k2x, v + dt / 2 * k2v)
                let (k4x, k4v) = derivative(x + dt * k3x, v + dt * k3v)
                x += dt / 6 * (k1x + 2 * k2x + 2 * k3x + k4x)
                v += dt / 6 * (k1v + 2 * k2v + 2 * k3v + k4v)
            }
            let scale = abs(target) + abs(draw.initialVelocity) + 1
            expectClose(spring.value(target: target, initialVelocity: draw.initialVelocity, time: 1), x, tolerance: 1e-7 * scale, "\(spring)")
            expectClose(
                spring.velocity(target: target, initialVelocity: draw.initialVelocity, time: 1), v,
                tolerance: 1e-7 * scale * spring.naturalFrequency, "\(spring)")
        }
    }

    /// Stepping with `update` at 300 Hz for 1 s lands where the closed form says at t = 1 s,
    /// for a scalar and for a vector value that does not start at zero.
    @Test(arguments: Regime.allCases)
    func updateStepsAgreeWithTheClosedForm(_ regime: Regime) {
        for draw in Self.draws(regime, count: 20, seed: 0xC0DE + UInt64(regime.rawValue.count)) {
            let spring = draw.spring
            var value = 0.0
            var velocity = draw.initialVelocity
            for _ in 0..<300 {
                spring.update(value: &value, velocity: &velocity, target: draw.target, deltaTime: 1.0 / 300)
            }
            let scale = abs(draw.target) + abs(draw.initialVelocity) + 1
            expectClose(value, spring.value(target: draw.target, initialVelocity: draw.initialVelocity, time: 1), tolerance: 1e-9 * scale)
            expectClose(
                velocity, spring.velocity(target: draw.target, initialVelocity: draw.initialVelocity, time: 1),
                tolerance: 1e-9 * scale * spring.naturalFrequency)

            let start = AnimatablePair(5.0, -3.0)
            let target = AnimatablePair(5.0 + draw.target, -3.0 - draw.target)
            var point = start
            var pointVelocity = AnimatablePair(draw.initialVelocity, 0.0)
            for _ in 0..<60 {
                spring.update(value: &point, velocity: &pointVelocity, target: target, deltaTime: 1.0 / 60)
            }
            let expected = spring.value(target: target - start, initialVelocity: AnimatablePair(draw.initialVelocity, 0.0), time: 1)
            expectClose(point.first - start.first, expected.first, tolerance: 1e-9 * scale)
            expectClose(point.second - start.second, expected.second, tolerance: 1e-9 * scale)
        }
    }

    /// From rest, critically and over-damped springs approach the target without overshooting;
    /// under-damped ones overshoot.
    @Test(arguments: Regime.allCases)
    func overshootOnlyWhenUnderDamped(_ regime: Regime) {
        for draw in Self.draws(regime, count: 30, seed: 0xD00D + UInt64(regime.rawValue.count)) {
            let spring = draw.spring
            let peak = (1...400).map { spring.value(target: 1.0, time: Double($0) * 0.01) }.max() ?? 0
            if regime == .underDamped {
                #expect(peak > 1, "\(spring)")
            } else {
                #expect(peak <= 1 + 1e-12, "\(spring)")
            }
        }
    }
}
