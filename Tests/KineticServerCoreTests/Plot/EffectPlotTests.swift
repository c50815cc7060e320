import Kinetic
import Testing
@testable import KineticBindings
@testable import KineticServerCore

/// `kineticctl plot --effect`: the moving components of the effect's channels, sampled from the daemon's engine.
struct EffectPlotTests {
    @Test func aTriggeredBounceIsItsCurveSampledAtTheRate() throws {
        let data = try PlotData.effect(".bounce", seconds: 1, rateHz: 100)
        #expect(data.series.map(\.label) == ["symbol.scale", "symbol.offset[1]"])
        let curve = BounceSymbolEffect().curve
        let scale = try #require(data.series.first)
        #expect(scale.times.count == 101)
        for (t, v) in zip(scale.times, scale.values) {
            let expected = t < curve.duration ? curve.values(at: t).scale : 1
            #expect(abs(v - expected) < 1e-9, "t = \(t)")
        }
    }

    @Test func anActiveRotateTurnsUntilDeactivatedThenFinishesItsTurn() throws {
        let data = try PlotData.effect(".rotate", activeFor: 1.25, seconds: 3, rateHz: 100)
        let rotation = try #require(data.series.first { $0.label == "symbol.rotation" })
        let at = { (t: Double) in rotation.values[Int((t * 100).rounded())] }
        #expect(abs(at(1.5) - 180) < 1e-6)  // the second turn goes on after 1.25 s
        #expect(at(2.5) == 0)  // and ends at 2 s
        #expect(throws: AnimationExpressionError.self) { try PlotData.effect(".bounce.sideways", seconds: 1) }
    }
}
