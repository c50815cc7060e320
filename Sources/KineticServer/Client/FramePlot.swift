import Foundation

/// An SVG chart of one channel component against time: the value (top) with the input samples
/// overlaid, and the velocity (bottom). Used by `kineticctl plot`.
public struct FramePlot {
    /// One point: seconds and a value.
    public typealias Point = (time: Double, value: Double)

    /// The chart's title.
    public var title: String
    /// The channel's value (units) against time (s).
    public var values: [Point]
    /// The channel's velocity (units/s) against time (s).
    public var velocities: [Point]
    /// Input samples (the finger), drawn as dots on the value panel.
    public var inputs: [Point]

    /// A plot of `values` and `velocities` with `inputs` overlaid.
    public init(title: String, values: [Point], velocities: [Point], inputs: [Point] = []) {
        self.title = title
        self.values = values
        self.velocities = velocities
        self.inputs = inputs
    }

    static let width = 900.0, panelHeight = 260.0, left = 70.0, right = 20.0, top = 40.0, gap = 50.0

    /// The SVG document.
    public var svg: String {
        let times = (values + velocities + inputs).map(\.time)
        let t0 = times.min() ?? 0, t1 = max(times.max() ?? 1, (times.min() ?? 0) + 1e-9)
        var out = """
            <svg xmlns="http://www.w3.org/2000/svg" width="\(Int(Self.width))" height="\(Int(Self.top + 2 * Self.panelHeight + Self.gap + 40))" font-family="sans-serif" font-size="12">
            <rect width="100%" height="100%" fill="white"/>
            <text x="\(Self.left)" y="20" font-size="15">\(Self.escape(title))</text>

            """
        out += panel(y: Self.top, label: "value", series: [(values, "#1f6feb", false), (inputs, "#d1242f", true)], t0: t0, t1: t1)
        out += panel(y: Self.top + Self.panelHeight + Self.gap, label: "velocity /s", series: [(velocities, "#2da44e", false)],
                     t0: t0, t1: t1)
        out += "<text x=\"\(Self.left)\" y=\"\(Int(Self.top + 2 * Self.panelHeight + Self.gap + 30))\">time (s): \(Self.format(0)) … \(Self.format(t1 - t0)); red dots: input samples</text>\n"
        out += "</svg>\n"
        return out
    }

    private func panel(y: Double, label: String, series: [([Point], String, Bool)], t0: Double, t1: Double) -> String {
        let all = series.flatMap { $0.0.map(\.value) }.filter(\.isFinite)
        var low = all.min() ?? 0, high = all.max() ?? 1
        if high - low < 1e-9 { low -= 1; high += 1 }
        let plotWidth = Self.width - Self.left - Self.right
        func x(_ t: Double) -> Double { Self.left + (t - t0) / (t1 - t0) * plotWidth }
        func yOf(_ v: Double) -> Double { y + Self.panelHeight - (v - low) / (high - low) * Self.panelHeight }
        var out = "<rect x=\"\(Self.left)\" y=\"\(y)\" width=\"\(plotWidth)\" height=\"\(Self.panelHeight)\" fill=\"none\" stroke=\"#888\"/>\n"
        out += "<text x=\"5\" y=\"\(y + 12)\">\(Self.format(high))</text><text x=\"5\" y=\"\(y + Self.panelHeight)\">\(Self.format(low))</text>\n"
        out += "<text x=\"5\" y=\"\(y + Self.panelHeight / 2)\">\(Self.escape(label))</text>\n"
        if low < 0, high > 0 {
            out += "<line x1=\"\(Self.left)\" x2=\"\(Self.left + plotWidth)\" y1=\"\(yOf(0))\" y2=\"\(yOf(0))\" stroke=\"#ccc\"/>\n"
        }
        for (points, color, dots) in series where !points.isEmpty {
            if dots {
                for point in points where point.value.isFinite {
                    out += "<circle cx=\"\(Self.format(x(point.time)))\" cy=\"\(Self.format(yOf(point.value)))\" r=\"2.5\" fill=\"\(color)\"/>\n"
                }
            } else {
                let path = points.filter { $0.value.isFinite }.map { "\(Self.format(x($0.time))),\(Self.format(yOf($0.value)))" }
                out += "<polyline fill=\"none\" stroke=\"\(color)\" stroke-width=\"1.5\" points=\"\(path.joined(separator: " "))\"/>\n"
            }
        }
        return out
    }

    static func format(_ v: Double) -> String {
        let rounded = (v * 1000).rounded() / 1000
        return rounded == rounded.rounded() ? String(Int64(rounded)) : String(rounded)
    }

    static func escape(_ s: String) -> String {
        s.replacingOccurrences(of: "&", with: "&amp;").replacingOccurrences(of: "<", with: "&lt;")
    }
}
