import FoundationEssentials
import Testing
@testable import KineticBindings
@testable import KineticServerCore
@testable import KineticTestSupport

struct SVGPlotTests {
    /// A plot of the fling has, per channel component, a value and a velocity panel with one line
    /// each, one dot per input sample in each, and a release marker.
    @Test func theFlingPlotHasTheCurvesAndTheInputSamples() throws {
        let recording = try ReplayFixtures.recording("swipe-fling.evemu")
        let schedule = ReplaySchedule(recordings: [recording])
        let data = try PlotData.replay(schedule, configuration: .embeddedDefault, title: "swipe-fling")
        let frames = try OfflineReplay.run(schedule: schedule, configuration: .embeddedDefault)
        #expect(data.series.map(\.label) == ["touch.position x", "touch.position y"])
        #expect(data.series.map(\.unit) == ["mm", "mm"], "the embedded default binds a drag in millimetres")
        let inputs = ReplayFixtures.gestures(recording).count
        #expect(data.series[0].inputTimes.count == inputs)
        #expect(data.series[0].times.count == frames.count)
        #expect(data.series[0].releases.count == 1)

        let svg = SVGPlot.render(data)
        #expect(svg.hasPrefix("<svg xmlns=\"http://www.w3.org/2000/svg\""))
        #expect(svg.hasSuffix("</svg>\n"))
        #expect(svg.components(separatedBy: "<polyline").count - 1 == 4)
        // Legend dot + one dot per input sample, in the value and velocity panels of both components.
        #expect(svg.components(separatedBy: "<circle").count - 1 == 1 + 4 * inputs)
        #expect(!svg.contains("nan") && !svg.contains("inf"))
        #expect(svg == SVGPlot.render(data))
        #expect(svg.contains(">mm</text>") && svg.contains(">mm/s</text>"), "the axes' units")
        #expect(svg.contains("input (finger)") && svg.contains("release / release target"))
    }

    /// `--unaccelerated`: the mouse drag's input a second time, without acceleration, as hollow dots. Unaccelerated, the
    /// drag's input ends at its counts (1600, −600) × 0.0254 mm from where it began; accelerated, further (the drag is
    /// fast). A touchscreen is not accelerated: both inputs are the same.
    @Test func unacceleratedInputIsDrawnBesideTheAcceleratedOne() throws {
        let mouse = ReplaySchedule(recordings: [try ReplayFixtures.recording("mouse-drag.evemu")])
        let data = try PlotData.replay(mouse, configuration: .embeddedDefault, title: "mouse", unaccelerated: true)
        let x = data.series[0]
        let raw = try #require(x.unacceleratedInputValues.last), first = try #require(x.unacceleratedInputValues.first)
        let accelerated = try #require(x.inputValues.last), acceleratedFirst = try #require(x.inputValues.first)
        #expect(x.unacceleratedInputTimes == x.inputTimes)
        #expect(abs((raw - first) - 1600 * 0.0254) < 1e-9)
        #expect(accelerated - acceleratedFirst > (raw - first) * 1.05)
        let svg = SVGPlot.render(data)
        #expect(svg.contains("input, unaccelerated"))
        #expect(svg.components(separatedBy: "fill=\"none\" stroke=\"\(SVGPlot.unacceleratedColour)\"").count - 1
                == 4 * x.inputTimes.count)
        #expect(!SVGPlot.render(try PlotData.replay(mouse, configuration: .embeddedDefault, title: "m")).contains("unaccelerated"))

        let screen = ReplaySchedule(recordings: [try ReplayFixtures.recording("swipe-fling.evemu")])
        let touch = try PlotData.replay(screen, configuration: .embeddedDefault, title: "fling", unaccelerated: true)
        #expect(touch.series.allSatisfy { $0.unacceleratedInputValues == $0.inputValues })
    }

    /// Frames printed by `replay` (or `subscribe`) plot the same curves as the replay itself, without
    /// input samples; non-frame lines are skipped, and garbage is an error naming the line.
    @Test func jsonLinesFramesPlotTheSameCurves() throws {
        let schedule = ReplaySchedule(recordings: [try ReplayFixtures.recording("pinch.evemu")])
        let text = String(decoding: try OfflineReplay.jsonLines(schedule: schedule, configuration: .embeddedDefault), as: UTF8.self)
        let fromText = try PlotData.fromJSONLines(text, title: "pinch")
        let direct = try PlotData.replay(schedule, configuration: .embeddedDefault, title: "pinch")
        #expect(fromText.series.map(\.label) == direct.series.map(\.label))
        #expect(fromText.series.map(\.values) == direct.series.map(\.values))
        #expect(fromText.series.map(\.velocities) == direct.series.map(\.velocities))
        #expect(fromText.series.allSatisfy { $0.inputTimes.isEmpty })

        #expect(throws: ReplayError.self) { try PlotData.fromJSONLines(text + "not json\n", title: "x") }
        #expect(throws: ReplayError.self) { try PlotData.fromJSONLines("", title: "x") }
    }

    /// The geometry, by hand from the layout constants: panels span x 80…936 (960 − 24); the value
    /// panel y 264 (bottom) … 64 (top), the velocity panel 44 px below it, y 508 … 308. Time 0…1 s
    /// has ticks 0.2 s apart, values 0…10 ticks 2 apart, velocities −4…4 ticks 2 apart (with a zero line).
    @Test func theSVGScalesTimeAndValuesIntoThePanels() {
        var series = PlotData.Series(label: "x", channel: "x", times: [0, 1], values: [0, 10], velocities: [4, -4])
        series.inputTimes = [0.5]
        series.inputValues = [5]
        series.inputVelocities = [0]
        series.releases = [(0.5, 8)]
        let svg = SVGPlot.render(PlotData(series: [series], title: "a<b"))
        #expect(svg.contains("a&lt;b") && !svg.contains("a<b"))
        #expect(svg.contains("points=\"80,264 936,64\""), "value 0 at the bottom left, 10 at the top right")
        #expect(svg.contains("<circle cx=\"508\" cy=\"164\""), "the input sample (0.5 s, 5): the value panel's middle")
        #expect(svg.contains("points=\"80,308 936,508\""), "velocity 4 at the top, −4 at the bottom")
        #expect(svg.contains("<line x1=\"80\" y1=\"408\" x2=\"936\" y2=\"408\" stroke=\"#9ca3af\"/>"), "zero line")
        #expect(svg.contains("<circle cx=\"508\" cy=\"408\""), "the input velocity 0 on the zero line")
        #expect(svg.contains("<line x1=\"508\" y1=\"104\" x2=\"936\" y2=\"104\""), "release target 8, from the release on")
        #expect(svg.contains("<line x1=\"508\" y1=\"64\" x2=\"508\" y2=\"264\""), "release marker across the value panel")
    }

    @Test(arguments: [(0.0, 1.0, [0.0, 0.2, 0.4, 0.6, 0.8, 1.0]), (-3.0, 7.0, [-4.0, -2, 0, 2, 4, 6, 8]),
                      (5.0, 5.0, [4.0, 4.5, 5, 5.5, 6])])
    func axesUseNiceTicks(low: Double, high: Double, ticks: [Double]) {
        let axis = PlotAxis(covering: [low, high])
        #expect(axis.ticks.count == ticks.count)
        for (a, b) in zip(axis.ticks, ticks) { #expect(abs(a - b) < 1e-9) }
    }
}

/// `kineticctl replay` output (no schema line: a subscriber's frames) plots too, channels by name.
struct SVGPlotOfflineReplayTests {
    @Test func theFramesOfKineticctlReplayPlot() throws {
        let recording = try ReplayFixtures.recording("swipe-fling.evemu")
        let lines = try OfflineReplay.run(schedule: ReplaySchedule(recordings: [recording]),
                                          configuration: DaemonConfiguration.embeddedDefault)
        let data = try PlotData.fromJSONLines(lines.joined(separator: "\n"), title: "replay")
        #expect(data.series.map(\.label) == ["touch.position x", "touch.position y"])
        #expect(data.series[0].times.count == lines.count)
        let ended = try #require(ReplayFixtures.gestures(recording).last { $0.phase == .ended })
        // Momentum carries it from where the finger lifted by v/1000 · d/(1 − d), UIScrollView's normal rate.
        let projected = Double(ended.location.x) + Double(ended.velocity.width) / 1000 * 0.998 / 0.002
        #expect(abs(try #require(data.series[0].values.last) - projected) <= 1e-9 * abs(projected))
        #expect(SVGPlot.render(data).components(separatedBy: "<polyline").count - 1 == 4)
    }
}
