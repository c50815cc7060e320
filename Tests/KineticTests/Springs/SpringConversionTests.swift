import FoundationEssentials
import Testing
@testable import Kinetic

/// §1.2–§1.4: initializers, their conversions and the read-only properties.
@Suite struct SpringConversionTests {
    /// A row of the §1.7 conversion table: `Spring(duration:bounce:)` → ω, λ, k, c.
    struct DurationBounceRow: Sendable, CustomTestStringConvertible {
        var duration: Double
        var bounce: Double
        var omega: String
        var lambda: String
        var stiffness: String
        var damping: String
        var testDescription: String { "Spring(duration: \(duration), bounce: \(bounce))" }
    }

    @Test(arguments: [
        DurationBounceRow(duration: 0.5, bounce: 0, omega: "0", lambda: "12.566371", stiffness: "157.9137", damping: "25.1327"),
        DurationBounceRow(duration: 0.5, bounce: 0.15, omega: "6.619746", lambda: "10.681415", stiffness: "157.9137", damping: "21.3628"),
        DurationBounceRow(duration: 0.35, bounce: 0, omega: "0", lambda: "17.951958", stiffness: "322.2728", damping: "35.9039"),
        DurationBounceRow(duration: 1.0, bounce: 0.5, omega: "5.441398", lambda: "3.141593", stiffness: "39.4784", damping: "6.2832"),
        DurationBounceRow(duration: 0.4, bounce: 0.7, omega: "14.984442", lambda: "4.712389", stiffness: "246.7401", damping: "9.4248"),
        // §1.7 table headers: ω and λ of the springs whose motion is tabulated.
        DurationBounceRow(duration: 0.5, bounce: 0.3, omega: "8.974184", lambda: "8.796459", stiffness: "157.9137", damping: "17.5929"),
        DurationBounceRow(duration: 0.5, bounce: -0.3, omega: "-12.820262", lambda: "17.951958", stiffness: "157.9137", damping: "35.9039"),
    ])
    func durationBounceConversion(_ row: DurationBounceRow) {
        let spring = Spring(duration: row.duration, bounce: row.bounce)
        // ω "0" (critical) is exact: checked to the table's 6 digits, not to 0 digits.
        expectDigits(spring.angularFrequency, row.omega, "ω", minimumDigits: 6)
        expectDigits(spring.decayConstant, row.lambda, "λ")
        expectDigits(spring.stiffness, row.stiffness, "k")
        expectDigits(spring.damping, row.damping, "c")
        #expect(spring.mass == 1)
        // Read-back of the perceptual parameters (§1.3).
        expectClose(spring.duration, row.duration, tolerance: 1e-12)
        expectClose(spring.response, row.duration, tolerance: 1e-12)
        expectClose(spring.bounce, row.bounce, tolerance: 1e-12)
    }

    /// Apple's documentation example: (mass, stiffness, damping) = (1.0, 157.9, 17.6).
    @Test func documentedDurationBounceExample() {
        let spring = Spring(duration: 0.5, bounce: 0.3)
        expectDigits(spring.mass, "1.0")
        expectDigits(spring.stiffness, "157.9")
        expectDigits(spring.damping, "17.6")
        expectClose(spring.dampingRatio, 0.7, tolerance: 1e-12)
    }

    /// Apple's documentation example: `Spring(mass: 1, stiffness: 100, damping: 10)` has
    /// (duration, bounce) = (0.63, 0.5); §1.2 [CALC] 0.628319.
    @Test func documentedMassStiffnessDampingExample() {
        let spring = Spring(mass: 1, stiffness: 100, damping: 10)
        expectDigits(spring.duration, "0.628319")
        expectDigits(spring.duration, "0.63")
        expectDigits(spring.bounce, "0.5", minimumDigits: 6)
        expectClose(spring.stiffness, 100, tolerance: 1e-12)
        expectClose(spring.damping, 10, tolerance: 1e-12)
    }

    /// §1.2: over-critical damping without `allowOverDamping` is critically damped at ω₀ and the
    /// damping reads back 2√(km); with it, the spring is over-damped and reads back what was given.
    @Test func overDampingClampAndAllowance() {
        let clamped = Spring(mass: 2, stiffness: 100, damping: 60)
        #expect(clamped.dampingRatio == 1)
        expectClose(clamped.damping, 2 * (2.0 * 100).squareRoot(), tolerance: 1e-12)
        expectClose(clamped.stiffness, 100, tolerance: 1e-12)
        #expect(clamped.angularFrequency == 0)

        let allowed = Spring(mass: 2, stiffness: 100, damping: 60, allowOverDamping: true)
        expectClose(allowed.dampingRatio, 60 / (2 * (2.0 * 100).squareRoot()), tolerance: 1e-12)
        expectClose(allowed.damping, 60, tolerance: 1e-12)
        expectClose(allowed.mass, 2, tolerance: 0)
        #expect(allowed.angularFrequency < 0)
    }

    /// §1.3 / §9 #5: the stiffness of an over-damped spring is k, not SwiftUI's reference m(ω² + λ²)
    /// (which gives 350 and 486.63 for these two springs).
    @Test func overDampedStiffnessIsTheSpringConstant() {
        let physical = Spring(mass: 1, stiffness: 100, damping: 30, allowOverDamping: true)
        expectClose(physical.stiffness, 100, tolerance: 1e-9)
        let perceptual = Spring(duration: 0.5, bounce: -0.3)
        expectDigits(perceptual.stiffness, "157.9137")
        expectClose(perceptual.bounce, -0.3, tolerance: 1e-12)
        expectClose(perceptual.dampingRatio, 1 / 0.7, tolerance: 1e-12)
    }

    /// §1.7: `Spring(response: 0.5, dampingRatio: 0.825)` → ω 7.101667, λ 10.367256, bounce 0.175.
    @Test func responseDampingRatioConversion() {
        let spring = Spring(response: 0.5, dampingRatio: 0.825)
        expectDigits(spring.angularFrequency, "7.101667")
        expectDigits(spring.decayConstant, "10.367256")
        expectDigits(spring.bounce, "0.175")
        expectClose(spring.response, 0.5, tolerance: 1e-12)
        expectClose(spring.dampingRatio, 0.825, tolerance: 1e-15)
    }

    /// `init(response:dampingRatio:)` does not clamp ζ above 1: the spring is over-damped.
    @Test func responseInitializerAllowsOverDamping() {
        let spring = Spring(response: 0.5, dampingRatio: 2)
        #expect(spring.dampingRatio == 2)
        expectClose(spring.bounce, -0.5, tolerance: 1e-12)
        expectClose(spring.angularFrequency, -(4 * Double.pi) * 3.0.squareRoot(), tolerance: 1e-9)
    }

    /// A row of the §1.2 settling-duration vectors: ω (absent when critical) and λ.
    struct SettlingRow: Sendable, CustomTestStringConvertible {
        var settlingDuration: Double
        var dampingRatio: Double
        var omega: String
        var lambda: String
        var testDescription: String { "Spring(settlingDuration: \(settlingDuration), dampingRatio: \(dampingRatio))" }
    }

    @Test(arguments: [
        SettlingRow(settlingDuration: 1, dampingRatio: 0.5, omega: "11.013157", lambda: "6.358449"),
        SettlingRow(settlingDuration: 0.5, dampingRatio: 1, omega: "0", lambda: "18.466827"),
        SettlingRow(settlingDuration: 2, dampingRatio: 0.3, omega: "9.143408", lambda: "2.875469"),
        SettlingRow(settlingDuration: 0.3, dampingRatio: 0.8, omega: "17.988593", lambda: "23.984791"),
    ])
    func settlingDurationConversion(_ row: SettlingRow) {
        let spring = Spring(settlingDuration: row.settlingDuration, dampingRatio: row.dampingRatio)
        // ω "0" (critical) is exact: checked to the table's 6 digits, not to 0 digits.
        expectDigits(spring.angularFrequency, row.omega, "ω", minimumDigits: 6)
        expectDigits(spring.decayConstant, row.lambda, "λ")
        #expect(spring.mass == 1)
    }

    /// §1.2: the (1, 0.5) spring has duration 0.494082 and bounce 0.5, and its own settling
    /// duration is 1.400, not 1 (the two envelopes differ).
    @Test func settlingDurationSpringReadsBack() {
        let spring = Spring(settlingDuration: 1, dampingRatio: 0.5)
        expectDigits(spring.duration, "0.494082")
        expectDigits(spring.bounce, "0.5", minimumDigits: 6)
        expectDigits(spring.settlingDuration, "1.400")
    }

    /// §1.2: the damping ratio is clamped to ≤ 1 and the settling time to 0.01…10.
    @Test func settlingDurationClamps() {
        #expect(Spring(settlingDuration: 1, dampingRatio: 3) == Spring(settlingDuration: 1, dampingRatio: 1))
        #expect(Spring(settlingDuration: 0, dampingRatio: 0.5) == Spring(settlingDuration: 0.01, dampingRatio: 0.5))
        #expect(Spring(settlingDuration: -4, dampingRatio: 0.5) == Spring(settlingDuration: 0.01, dampingRatio: 0.5))
        #expect(Spring(settlingDuration: 60, dampingRatio: 0.5) == Spring(settlingDuration: 10, dampingRatio: 0.5))
        #expect(Spring(settlingDuration: 1, dampingRatio: 3).dampingRatio == 1)
    }

    /// §1.4: presets and their `extraBounce` forms.
    @Test func presets() {
        #expect(Spring.smooth == Spring(duration: 0.5, bounce: 0))
        #expect(Spring.smooth == Spring())
        #expect(Spring.snappy == Spring(duration: 0.5, bounce: 0.15))
        #expect(Spring.bouncy == Spring(duration: 0.5, bounce: 0.3))
        #expect(Spring.smooth(duration: 0.8, extraBounce: 0.1) == Spring(duration: 0.8, bounce: 0.1))
        #expect(Spring.snappy(duration: 0.4, extraBounce: 0.1) == Spring(duration: 0.4, bounce: 0.15 + 0.1))
        #expect(Spring.bouncy(duration: 0.5, extraBounce: 0.2) == Spring(duration: 0.5, bounce: 0.3 + 0.2))
        expectClose(Spring.snappy.bounce, 0.15, tolerance: 1e-12)
        expectClose(Spring.bouncy.bounce, 0.3, tolerance: 1e-12)
        expectClose(Spring.bouncy(extraBounce: 0.2).bounce, 0.5, tolerance: 1e-12)
    }

    /// The four initializer families agree on the same physical spring.
    @Test func familiesAgree() {
        let byDuration = Spring(duration: 0.5, bounce: 0.3)
        let byResponse = Spring(response: 0.5, dampingRatio: 0.7)
        let byPhysics = Spring(mass: 1, stiffness: byDuration.stiffness, damping: byDuration.damping)
        for other in [byResponse, byPhysics] {
            expectClose(other.angularFrequency, byDuration.angularFrequency, tolerance: 1e-9)
            expectClose(other.decayConstant, byDuration.decayConstant, tolerance: 1e-9)
        }
    }
}

@Suite struct SpringDescriptionTests {
    @Test func descriptions() {
        #expect(Spring(duration: 0.5, bounce: 0.25).description == "Spring(duration: 0.5, bounce: 0.25)")
        #expect(Spring(mass: 4, stiffness: 100, damping: 10).description
            == "Spring(mass: 4.0, stiffness: 100.0, damping: 10.0)")
    }
}
