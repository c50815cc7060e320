import Kinetic
import Testing
@testable import KineticBindings
@testable import KineticServerCore

/// `kineticctl plot --effect`: the moving components of the effect's channels, sampled from the daemon's engine.
struct EffectPlotTests {
    @Test func aTriggeredBounceIsItsCurveSampledAtTheRate() throws {
        let data = try PlotData.effect(".bounce", seconds: 1, rateHz: 100)
        #expect(data.series.map(\.label) == ["symbol.scale", "symbol.offset y"])
        #expect(data.series.map(\.unit) == ["×", "symbol heights"])
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

    /// Without a window, the plot ends a tenth of a second after the effect rests, and its legend has only what it
    /// draws: no input samples, no releases.
    @Test func theWindowFitsTheEffect() throws {
        let data = try PlotData.effect(".bounce", rateHz: 100)
        let duration = BounceSymbolEffect().curve.duration
        let end = try #require(data.series.first?.times.last)
        #expect(end >= duration + 0.1 - 1e-9 && end <= duration + 0.1 + 0.02, "ends at \(end), the bounce at \(duration)")
        let svg = SVGPlot.render(data)
        #expect(!svg.contains("input (finger)") && !svg.contains("release / release target"))
        #expect(svg.contains("symbol heights"))
        let active = try PlotData.effect(".rotate", activeFor: 1.25, rateHz: 100)
        let last = try #require(active.series.first?.times.last)
        #expect(last >= 2.1 - 1e-9 && last <= 2.12, "a rotate active for 1.25 s finishes its turn at 2 s; the plot ends at \(last)")
    }
}
