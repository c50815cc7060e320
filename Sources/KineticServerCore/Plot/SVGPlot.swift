// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// Renders ``PlotData`` as a standalone SVG (`kineticctl plot`): for every channel component, a
/// value panel and a velocity panel over a shared time axis. The presentation value and velocity
/// are lines; input samples are dots at their own timestamps; a release is a dashed vertical line
/// with the release target as a dashed horizontal one.
public enum SVGPlot {
    static let width = 960.0
    static let panelHeight = 200.0
    static let left = 80.0
    static let right = 24.0
    static let gap = 44.0
    static let top = 64.0
    static let valueColour = "#1f6fd1"
    static let velocityColour = "#c2410c"
    static let inputColour = "#111827"
    static let unacceleratedColour = "#16a34a"

    /// The SVG document for `data`.
    public static func render(_ data: PlotData) -> String {
        let allTimes = data.series.flatMap { $0.times + $0.inputTimes + $0.unacceleratedInputTimes }
        let timeAxis = PlotAxis(covering: allTimes.isEmpty ? [0, 1] : allTimes, targetTicks: 8)
        let panels = data.series.count * 2
        let height = top + Double(panels) * (panelHeight + gap) + 16
        var svg = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(format(width))" height="\(format(height))" \
            viewBox="0 0 \(format(width)) \(format(height))" font-family="sans-serif" font-size="12">
            <rect width="100%" height="100%" fill="white"/>
            <text x="\(format(left))" y="24" font-size="16" font-weight="bold">\(escape(data.title))</text>
            """
        svg += legend(y: 44, inputs: data.series.contains { !$0.inputTimes.isEmpty },
                      unaccelerated: data.series.contains { !$0.unacceleratedInputTimes.isEmpty },
                      releases: data.series.contains { !$0.releases.isEmpty })
        var y = top
        for series in data.series {
            let releaseTargets = series.releases.map(\.target)
            svg += panel(title: "\(series.label) value", unit: series.unit, y: y, timeAxis: timeAxis,
                         times: series.times, values: series.values, colour: valueColour,
                         inputTimes: series.inputTimes, inputValues: series.inputValues,
                         unaccelerated: (series.unacceleratedInputTimes, series.unacceleratedInputValues),
                         releases: series.releases, extra: releaseTargets)
            y += panelHeight + gap
            svg += panel(title: "\(series.label) velocity", unit: series.unit + "/s", y: y, timeAxis: timeAxis,
                         times: series.times, values: series.velocities, colour: velocityColour,
                         inputTimes: series.inputTimes, inputValues: series.inputVelocities,
                         unaccelerated: (series.unacceleratedInputTimes, series.unacceleratedInputVelocities),
                         releases: series.releases.map { ($0.time, Double.nan) }, extra: [])
            y += panelHeight + gap
        }
        svg += "</svg>\n"
        return svg
    }

    /// The legend of what the plot draws: the curves always, input samples (accelerated and not) and releases when
    /// there are any.
    private static func legend(y: Double, inputs: Bool, unaccelerated: Bool, releases: Bool) -> String {
        var text = ""
        var x = left
        var entries = [("presentation value", valueColour, false), ("presentation velocity", velocityColour, false)]
        if inputs { entries.append(("input (finger)", inputColour, true)) }
        if unaccelerated { entries.append(("input, unaccelerated", unacceleratedColour, true)) }
        for (label, colour, dot) in entries {
            if dot {
                text += "<circle cx=\"\(format(x + 10))\" cy=\"\(format(y - 4))\" r=\"3\" fill=\"\(colour)\"/>"
            } else {
                text += "<line x1=\"\(format(x))\" y1=\"\(format(y - 4))\" x2=\"\(format(x + 20))\" y2=\"\(format(y - 4))\" stroke=\"\(colour)\" stroke-width=\"2\"/>"
            }
            text += "<text x=\"\(format(x + 26))\" y=\"\(format(y))\">\(label)</text>"
            x += 190
        }
        if releases {
            text += "<line x1=\"\(format(x))\" y1=\"\(format(y - 4))\" x2=\"\(format(x + 20))\" y2=\"\(format(y - 4))\" stroke=\"#6b7280\" stroke-dasharray=\"4 3\"/>"
            text += "<text x=\"\(format(x + 26))\" y=\"\(format(y))\">release / release target</text>"
        }
        return text + "\n"
    }

    private static func panel(title: String, unit: String, y: Double, timeAxis: PlotAxis, times: [Double], values: [Double],
                              colour: String, inputTimes: [Double], inputValues: [Double],
                              unaccelerated: (times: [Double], values: [Double]),
                              releases: [(time: Double, target: Double)], extra: [Double]) -> String {
        let x0 = left, x1 = width - right, y0 = y, y1 = y + panelHeight
        let axis = PlotAxis(covering: values + inputValues + unaccelerated.values + extra)
        func px(_ t: Double) -> Double { timeAxis.position(t, from: x0, to: x1) }
        func py(_ v: Double) -> Double { axis.position(v, from: y1, to: y0) }
        var svg = "<g>\n<text x=\"\(format(x0))\" y=\"\(format(y0 - 8))\" font-weight=\"bold\">\(escape(title))</text>\n"
        svg += "<rect x=\"\(format(x0))\" y=\"\(format(y0))\" width=\"\(format(x1 - x0))\" height=\"\(format(y1 - y0))\" fill=\"none\" stroke=\"#9ca3af\"/>\n"
        for tick in axis.ticks {
            let ty = py(tick)
            svg += "<line x1=\"\(format(x0))\" y1=\"\(format(ty))\" x2=\"\(format(x1))\" y2=\"\(format(ty))\" stroke=\"#e5e7eb\"/>"
            svg += "<text x=\"\(format(x0 - 6))\" y=\"\(format(ty + 4))\" text-anchor=\"end\">\(label(tick))</text>\n"
        }
        for tick in timeAxis.ticks {
            let tx = px(tick)
            svg += "<line x1=\"\(format(tx))\" y1=\"\(format(y0))\" x2=\"\(format(tx))\" y2=\"\(format(y1))\" stroke=\"#f3f4f6\"/>"
            svg += "<text x=\"\(format(tx))\" y=\"\(format(y1 + 14))\" text-anchor=\"middle\">\(label(tick)) s</text>\n"
        }
        svg += "<text x=\"14\" y=\"\(format((y0 + y1) / 2))\" transform=\"rotate(-90 14 \(format((y0 + y1) / 2)))\" text-anchor=\"middle\">\(escape(unit))</text>\n"
        if axis.lower < 0, axis.upper > 0 {
            svg += "<line x1=\"\(format(x0))\" y1=\"\(format(py(0)))\" x2=\"\(format(x1))\" y2=\"\(format(py(0)))\" stroke=\"#9ca3af\"/>\n"
        }
        for release in releases {
            svg += "<line x1=\"\(format(px(release.time)))\" y1=\"\(format(y0))\" x2=\"\(format(px(release.time)))\" y2=\"\(format(y1))\" stroke=\"#6b7280\" stroke-dasharray=\"4 3\"/>\n"
            if release.target.isFinite {
                svg += "<line x1=\"\(format(px(release.time)))\" y1=\"\(format(py(release.target)))\" x2=\"\(format(x1))\" y2=\"\(format(py(release.target)))\" stroke=\"#6b7280\" stroke-dasharray=\"4 3\"/>\n"
            }
        }
        let points = zip(times, values).filter { $0.1.isFinite }.map { "\(format(px($0.0))),\(format(py($0.1)))" }
        if !points.isEmpty {
            svg += "<polyline fill=\"none\" stroke=\"\(colour)\" stroke-width=\"1.8\" points=\"\(points.joined(separator: " "))\"/>\n"
        }
        for (t, v) in zip(unaccelerated.times, unaccelerated.values) where v.isFinite {
            svg += "<circle cx=\"\(format(px(t)))\" cy=\"\(format(py(v)))\" r=\"2.6\" fill=\"none\" stroke=\"\(unacceleratedColour)\"/>"
        }
        for (t, v) in zip(inputTimes, inputValues) where v.isFinite {
            svg += "<circle cx=\"\(format(px(t)))\" cy=\"\(format(py(v)))\" r=\"2.6\" fill=\"\(inputColour)\"/>"
        }
        svg += "\n</g>\n"
        return svg
    }

    /// Two decimals: enough for pixels, and deterministic.
    static func format(_ value: Double) -> String {
        guard value.isFinite else { return "0" }
        // Beyond 10¹⁵ there is nothing after the point to round (and ×100 could overflow).
        guard abs(value) < 1e15 else { return String(value) }
        let rounded = (value * 100).rounded() / 100
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    /// A tick label without floating-point noise (0.30000000000000004 → 0.3).
    static func label(_ value: Double) -> String {
        guard abs(value) < 1e15 else { return String(value) }
        let rounded = (value * 1e6).rounded() / 1e6
        return rounded == rounded.rounded() ? String(Int(rounded)) : String(rounded)
    }

    static func escape(_ text: String) -> String {
        text.replacing("&", with: "&amp;").replacing("<", with: "&lt;").replacing(">", with: "&gt;")
            .replacing("\"", with: "&quot;")
    }
}
