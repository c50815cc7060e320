import Foundation
import Testing
@testable import KineticServer

struct SVGPlotTests {
    /// A plot of the fling has, per channel component, a value and a velocity panel with one line
    /// each, one dot per input sample in each, and a release marker.
    @Test func theFlingPlotHasTheCurvesAndTheInputSamples() throws {
        let recording = try ReplayFixtures.recording("swipe-fling.evemu")
        let replay = try GestureReplay(recording: recording)
        var frames: [ReplayFrame] = []
        replay.run { frames.append($0) }
        let data = PlotData(frames: frames, layout: replay.layout, title: "swipe-fling")
        #expect(data.series.map(\.label) == ["touch.position[0]", "touch.position[1]"])
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
    }

    /// Frames printed by `replay` (or `subscribe`) plot the same curves as the replay itself, without
    /// input samples; non-frame lines are skipped, and garbage is an error naming the line.
    @Test func jsonLinesFramesPlotTheSameCurves() throws {
        let replay = try GestureReplay(recording: try ReplayFixtures.recording("pinch.evemu"))
        var text = ""
        replay.writeJSONLines { text += String(decoding: $0, as: UTF8.self) }
        var frames: [ReplayFrame] = []
        replay.run { frames.append($0) }
        let fromText = try PlotData.fromJSONLines(text, title: "pinch")
        let direct = PlotData(frames: frames, layout: replay.layout, title: "pinch")
        #expect(fromText.series.map(\.label) == direct.series.map(\.label))
        #expect(fromText.series.map(\.values) == direct.series.map(\.values))
        #expect(fromText.series.map(\.velocities) == direct.series.map(\.velocities))
        #expect(fromText.series.allSatisfy { $0.inputTimes.isEmpty })

        #expect(throws: ReplayError.self) { try PlotData.fromJSONLines(text + "not json\n", title: "x") }
        #expect(throws: ReplayError.self) { try PlotData.fromJSONLines("", title: "x") }
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
        #expect(data.series.map(\.label) == ["touch.position[0]", "touch.position[1]"])
        #expect(data.series[0].times.count == lines.count)
        let ended = try #require(ReplayFixtures.gestures(recording).last { $0.phase == .ended })
        #expect(data.series[0].values.last == Double(ended.location.x))
        #expect(SVGPlot.render(data).components(separatedBy: "<polyline").count - 1 == 4)
    }
}
