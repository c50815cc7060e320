// SPDX-License-Identifier: Apache-2.0
import ArgumentParser
import KineticCommandLine
import KineticInput
import KineticProtocol
import KineticBindings
import KineticServerCore

struct Plot: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "plot",
        abstract: "Renders a recording (replayed offline) or frames to an SVG of value and velocity against time.",
        discussion: """
            For every channel component: a value panel and a velocity panel over a shared time axis \
            (seconds from the first frame). Given a recording (evemu or libinput record), \
            the plot replays it as kineticctl replay does (the configuration's bindings, a virtual clock at the \
            configuration's rate) and overlays the input samples (the gesture's value and velocity at \
            each input event, in channel units) and each release with its target. Given JSON lines \
            (the output of kineticctl replay or subscribe), it plots those frames, which carry no \
            input samples.

            EXAMPLES
              kineticctl plot Recordings/swipe-fling.evemu -o swipe.svg
              kineticctl plot Recordings/mouse-drag.evemu --channels 'touch.*' -o drag.svg
              kineticctl plot Recordings/mouse-drag.evemu --unaccelerated -o drag-raw.svg
              kineticctl replay Recordings/tap.evemu > f.jsonl && kineticctl plot f.jsonl
              kineticctl plot --effect .bounce -o bounce.svg
              kineticctl plot --effect .rotate --active 1.5 --seconds 3 -o rotate.svg

            With --effect, no input: the symbol effect (SwiftUI syntax, with --options) is played on an element of \
            the daemon's engine and its moving channels are plotted — triggered once, or active for --active \
            seconds and then deactivated.

            With --unaccelerated, a recording's input is also drawn as it would be without pointer acceleration \
            (hollow dots): a mouse's counts beside the accelerated path its bindings follow (the bindings' \
            acceleration, adaptive by default, as on a desktop).
            """)

    @Argument(help: "A recording, or a file of JSON-line frames (not with --effect).") var input: String?
    @Option(help: ArgumentHelp("A symbol effect to plot instead, in SwiftUI syntax.", valueName: "effect")) var effect: String?
    @Option(help: ArgumentHelp("The effect's options, in SwiftUI syntax.", valueName: "options")) var options: String?
    @Option(help: ArgumentHelp("Activate the effect for this long instead of triggering it.", valueName: "s")) var active: Double?
    @Option(help: ArgumentHelp("How long to plot the effect (default: until it rests, at most 10 s).", valueName: "s")) var seconds: Double?
    @Option(name: .shortAndLong, help: ArgumentHelp("The SVG file to write.", valueName: "file")) var output = "plot.svg"
    @Option(help: ArgumentHelp("Channel patterns to plot (comma-separated).", valueName: "patterns")) var channels = "*"
    @Flag(help: "Also draw the recording's input without pointer acceleration.") var unaccelerated = false
    @OptionGroup var replay: ReplayConfigurationOptions

    func validate() throws {
        guard let effect else {
            guard input != nil else { throw ValidationError("give a recording or a file of frames to plot, or --effect EFFECT") }
            return
        }
        guard input == nil, replay.config == nil, replay.rate == nil, !unaccelerated else {
            throw ValidationError("--effect plots a symbol effect; it takes no input, --config, --rate or --unaccelerated")
        }
        guard seconds.map({ $0 > 0 && $0 <= 600 }) ?? true, active.map({ $0 >= 0 && $0 <= 600 }) ?? true else {
            throw ValidationError("--seconds is in (0, 600] and --active in [0, 600]")
        }
        do {
            _ = try SymbolEffectExpression.parse(effect: effect, options: options)
        } catch {
            throw ValidationError(error.message(field: "--effect"))
        }
    }

    func run() throws {
        if let effect {
            let data: PlotData
            do {
                data = try PlotData.effect(effect, options: options, activeFor: active, seconds: seconds)
            } catch {
                throw Failure(error.message(field: "--effect"), status: ExitStatus.usage)
            }
            try writeFile(output, SVGPlot.render(data))
            let count = data.series.count
            print("wrote \(output): \(count) moving component\(count == 1 ? "" : "s"), \(data.series.first?.times.count ?? 0) frames")
            return
        }
        guard let input else { return }
        try requireReadable(input)
        if let config = replay.config { try requireReadable(config) }
        let text: String
        do {
            text = String(decoding: try FileBytes.read(input, limit: RecordingLimits().maximumBytes), as: UTF8.self)
        } catch {
            throw Failure("\(input): cannot read it (\(error))", status: ExitStatus.noInput)
        }
        let title = input.split(separator: "/").last.map(String.init) ?? input
        var data: PlotData
        if text.drop(while: \.isWhitespace).hasPrefix("{") {
            guard replay.config == nil, replay.rate == nil, !unaccelerated else {
                throw ValidationError("--config, --rate and --unaccelerated apply to a recording; \(input) holds frames, already computed")
            }
            do {
                data = try PlotData.fromJSONLines(text, title: title)
            } catch {
                throw Failure("\(input): \(error)", status: ExitStatus.data)
            }
        } else {
            // The text read above, not the file a second time.
            let schedule = ReplaySchedule(recordings: try RecordingFormat.read(text, source: input))
            data = try PlotData.replay(schedule, configuration: try replay.configuration(), title: title,
                                       unaccelerated: unaccelerated)
        }
        let patterns = channels.split(separator: ",").map { ChannelPattern(String($0)) }
        data.series.removeAll { series in !patterns.contains { $0.matches(series.channel) } }
        guard !data.series.isEmpty else {
            throw Failure("no channel of \(input) matches --channels \(channels); kineticctl replay \(input) | head -1 shows its channels", status: ExitStatus.data)
        }
        try writeFile(output, SVGPlot.render(data))
        let inputs = data.series.first?.inputTimes.count ?? 0
        let count = data.series.count
        print("wrote \(output): \(count) component\(count == 1 ? "" : "s"), \(data.series.first?.times.count ?? 0) frames, \(inputs) input samples")
    }
}
