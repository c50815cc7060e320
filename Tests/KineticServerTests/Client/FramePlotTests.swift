import Testing
@testable import KineticServer

@Suite("Frame plot")
struct FramePlotTests {
    @Test("the SVG scales time and value into the panels, and draws input samples as dots")
    func svg() {
        let plot = FramePlot(title: "a<b", values: [(0, 0), (1, 10)], velocities: [(0, 5), (1, -5)], inputs: [(0.5, 5)])
        let svg = plot.svg
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(svg.contains("a&lt;b"))
        // Value panel: x from 70 to 880 (width 900 − right 20), y from 300 (bottom, value 0) to 40 (top, value 10).
        #expect(svg.contains("points=\"70,300 880,40\""))
        // The input sample at t = 0.5, value 5: the middle of the value panel.
        #expect(svg.contains("<circle cx=\"475\" cy=\"170\""))
        // Velocity panel starts at 40 + 260 + 50 = 350; 5 is its top, −5 its bottom (610), with a zero line at 480.
        #expect(svg.contains("points=\"70,350 880,610\""))
        #expect(svg.contains("y1=\"480.0\""))
    }
}
