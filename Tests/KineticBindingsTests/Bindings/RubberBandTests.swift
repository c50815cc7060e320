import Testing
@testable import KineticBindings
@testable import KineticTestSupport

/// f(x) = (1 − 1/(x·c/d + 1))·d, the UIScrollView rubber band (Grant Paul's formula).
struct RubberBandTests {
    /// Hand-computed points: f(d/c) = d/2; f(x) = x·c·d/(x·c + d).
    static let vectors: [(x: Double, d: Double, c: Double, expected: Double)] = [
        (0, 300, 0.55, 0),
        (300 / 0.55, 300, 0.55, 150),            // x = d/c ⇒ half a dimension
        (100, 300, 0.55, 100 * 0.55 * 300 / (100 * 0.55 + 300)),   // 46.478873…
        (200, 100, 1, 200.0 / 3 * 1),            // 200·100/(200 + 100)
        (50, 400, 0.5, 25 * 400 / 425.0),        // 50·0.5·400/(25 + 400)
    ]

    @Test(arguments: vectors)
    func matchesTheFormula(x: Double, d: Double, c: Double, expected: Double) {
        #expect(abs(RubberBand(constant: c).offset(forOvershoot: x, dimension: d) - expected) < 1e-9)
    }

    @Test func slopeAtTheEdgeIsTheConstantAndTheOffsetStaysBelowOneDimension() {
        let band = RubberBand()
        let h = 1e-6
        #expect(abs(band.offset(forOvershoot: h, dimension: 300) / h - 0.55) < 1e-6)
        var previous = 0.0
        for x in stride(from: 1.0, through: 1e6, by: 997) {
            let f = band.offset(forOvershoot: x, dimension: 300)
            #expect(f > previous && f < 300 && f < 0.55 * x)
            previous = f
        }
    }

    @Test func degenerateInputsGiveNoGiveAndNoNaN() {
        let band = RubberBand()
        #expect(band.offset(forOvershoot: 10, dimension: 0) == 0)
        #expect(band.offset(forOvershoot: -5, dimension: 100) == 0)
        #expect(band.offset(forOvershoot: .nan, dimension: 100) == 0)
        #expect(band.offset(forOvershoot: .infinity, dimension: 100) == 100)
        #expect(band.offset(forOvershoot: 10, dimension: .infinity) == 5.5)
        #expect(RubberBand(constant: 0).offset(forOvershoot: 10, dimension: 100) == 0)
    }

    @Test func boundsBandBothEdgesAndLeaveTheInsideAlone() {
        let bounds = ChannelBounds(lower: [-300, 0], upper: [0, 100])
        let band = RubberBand()
        let banded = bounds.rubberBanded([-400, 50], by: band)
        #expect(abs(banded[0] - (-300 - 100 * 0.55 * 300 / (100 * 0.55 + 300))) < 1e-9)
        #expect(banded[1] == 50)
        let above = bounds.rubberBanded([10, 100 + 100 / 0.55], by: band)
        #expect(abs(above[0] - (0 + 10 * 0.55 * 300 / (10 * 0.55 + 300))) < 1e-9)
        #expect(abs(above[1] - 150) < 1e-9)  // x = d/c with d = 100
        #expect(bounds.clamped([-400, 120]) == [-300, 100])
        #expect(bounds.contains([-300, 0]) && !bounds.contains([1, 0]))
    }
}
