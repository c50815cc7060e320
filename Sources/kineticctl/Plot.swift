import ArgumentParser
import Foundation
import KineticInput
import KineticServer

struct Plot: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Renders a recording, or frames, as an SVG of value and velocity against time.",
        discussion: """
            Given a recording (evemu or libinput record), it is replayed offline through the daemon's
            bindings (as `kineticctl replay` does) and every channel component gets a value panel and a
            velocity panel, with the finger's samples — in channel units, at their own timestamps — as
            dots and each release as a dashed line at the release target. Given JSON Lines frames (the
            output of `kineticctl replay` or `kineticctl subscribe`), the frames are plotted without
            input samples, which frames do not carry.

            EXAMPLES
              kineticctl plot Recordings/swipe-fling.evemu -o fling.svg
              kineticctl plot swipe.yml --config systemd/kineticd.yaml --rate 240 -o swipe.svg
              kineticctl replay Recordings/pinch.evemu > pinch.jsonl && kineticctl plot pinch.jsonl > pinch.svg
            """)

    @Argument(help: "A recording, or a file of JSON Lines frames.") var input: String
    @Option(help: ArgumentHelp("The configuration whose bindings to replay (default: the embedded one).", valueName: "file"))
    var config: String?
    @Option(help: ArgumentHelp("The tick rate for a recording, 30–480 Hz.", valueName: "hz")) var rate: Double?
    @Option(name: [.short, .long], help: ArgumentHelp("Write the SVG here instead of to standard output.", valueName: "file"))
    var output: String?

    func run() throws {
        guard let data = FileManager.default.contents(atPath: input) else {
            throw ValidationError("cannot read \(input)")
        }
        let text = String(decoding: data, as: UTF8.self)
        let plot: PlotData
        if text.drop(while: \.isWhitespace).first == "{" {
            plot = try PlotData.fromJSONLines(text, title: input)
        } else {
            var configuration = try config.map { try DaemonConfiguration.load(path: $0) } ?? DaemonConfiguration.embeddedDefault
            if let rate {
                guard TickRate.range.contains(rate) else { throw ValidationError("--rate must be between 30 and 480") }
                configuration.rateHz = rate
            }
            guard let recording = try RecordingFormat.read(contentsOf: input).first else {
                throw ValidationError("\(input) holds no device")
            }
            let replay = try GestureReplay(recording: recording, options: ReplayOptions(configuration))
            var frames: [ReplayFrame] = []
            replay.run { frames.append($0) }
            plot = PlotData(frames: frames, layout: replay.layout, title: input)
        }
        let svg = SVGPlot.render(plot)
        if let output {
            guard FileManager.default.createFile(atPath: output, contents: Data(svg.utf8)) else {
                throw ValidationError("cannot write \(output)")
            }
        } else {
            print(svg, terminator: "")
        }
    }
}
