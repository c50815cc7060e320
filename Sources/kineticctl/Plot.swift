import ArgumentParser
import Foundation
import KineticInput
import KineticServer

struct Plot: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Renders frames (or a recording, replayed offline) to an SVG of value and velocity against time.",
        discussion: """
            Input: a recording (evemu or libinput record), which is replayed offline first, or frames as
            JSON lines (kineticctl replay or subscribe output). The input samples (finger positions, mm)
            are drawn over the value when a recording is given (positionally or with --recording).

            EXAMPLES
              kineticctl plot Recordings/swipe-fling.evemu -o swipe.svg
              kineticctl replay Recordings/mouse-drag.evemu > f.jsonl && kineticctl plot f.jsonl --recording Recordings/mouse-drag.evemu -o f.svg
              kineticctl plot Recordings/pinch.evemu --config my.yaml --channel pinch.scale -o pinch.svg
            """)

    @Argument(help: "A recording, or a file of JSON-line frames.") var input: String
    @Option(name: .shortAndLong, help: ArgumentHelp("The SVG file to write.", valueName: "file")) var output = "plot.svg"
    @Option(help: ArgumentHelp("The channel to plot.", valueName: "name")) var channel = "touch.position"
    @Option(help: ArgumentHelp("The component (0 = x).", valueName: "index")) var component = 0
    @Option(help: ArgumentHelp("The recording whose input samples to overlay.", valueName: "file")) var recording: String?
    @Option(help: ArgumentHelp("The configuration for replaying a recording.", valueName: "file")) var config: String?

    func run() throws {
        let text = try String(contentsOfFile: input, encoding: .utf8)
        var lines: [String]
        var overlay = recording
        if text.hasPrefix("{") {
            lines = text.split(separator: "\n").map(String.init)
        } else {
            let configuration = try config.map { try DaemonConfiguration.load(path: $0) } ?? DaemonConfiguration.embeddedDefault
            lines = try OfflineReplay.run(schedule: try ReplaySchedule.load(path: input), configuration: configuration)
            overlay = overlay ?? input
        }
        var values: [FramePlot.Point] = [], velocities: [FramePlot.Point] = []
        var origin: UInt64?
        for line in lines {
            var decoder = ServerMessageDecoder(encoding: .jsonLines)
            decoder.feed(Array((line + "\n").utf8))
            guard case .frame(let frame)? = try? decoder.next(), let sample = frame.sample(of: channel, layout: nil),
                component < sample.value.count else { continue }
            // Replay output starts at time_ns = 10⁹ with the first input event; other frames at their first frame.
            let start = origin ?? (frame.timeNanoseconds >= OfflineReplay.defaultEpoch && frame.timeNanoseconds < 2 * OfflineReplay.defaultEpoch
                                   ? OfflineReplay.defaultEpoch : frame.timeNanoseconds)
            origin = start
            let t = (Double(frame.timeNanoseconds) - Double(start)) / 1e9
            values.append((t, sample.value[component]))
            velocities.append((t, sample.velocity[component]))
        }
        guard !values.isEmpty else { throw ValidationError("no frames of \(channel) in \(input)") }
        var inputs: [FramePlot.Point] = []
        if let overlay {
            let schedule = try ReplaySchedule.load(path: overlay)
            let events = schedule.recordings.flatMap { $0.gestureEvents() }
            let first = Double(schedule.startNanoseconds)
            inputs = events.map { event in
                ((Double(event.time.nanoseconds) - first) / 1e9, Double(component == 0 ? event.location.x : event.location.y))
            }
        }
        let plot = FramePlot(title: "\(channel)[\(component)] — \(input)", values: values, velocities: velocities, inputs: inputs)
        try plot.svg.write(toFile: output, atomically: true, encoding: .utf8)
        print("wrote \(output): \(values.count) frames, \(inputs.count) input samples")
    }
}
