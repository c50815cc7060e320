// SPDX-License-Identifier: Apache-2.0
import ArgumentParser
import KineticBindings
import KineticProtocol
import KineticServerCore

struct Replay: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "replay",
        abstract: "Replays a recording offline, as fast as possible, and prints the frames as JSON lines.",
        discussion: """
            The recording (evemu or libinput record) goes through the daemon's own bindings, engine and frame encoder on a virtual clock: no socket, no daemon, and the output is bit-identical on every run. The first event happens at time_ns 1000000000; the clock ticks at --rate (or the configuration's rate_hz) while anything moves and stops when everything has settled.

            EXAMPLES
              kineticctl replay Recordings/swipe-fling.evemu | tail -1
              kineticctl replay Recordings/swipe-fling.libinput.yml --rate 240 > f.jsonl
              kineticctl replay Recordings/mouse-drag.evemu --inputs | head -3

            With --inputs it prints what the bindings did instead of frames, one line per binding and input \
            frame, with the frame's own timestamp (time_ns, on the recording's clock), the gesture's value and \
            velocity in channel units (input, velocity) and what the channel was retargeted to (target):
              {"type":"input","phase":"changed","channel":"touch.position",
               "time_ns":48001000,"input":[1.2,0.34],"velocity":[4.6,-2.3],"target":[1.2,0.34]}
            """)

    @Argument(help: "The recording.") var recording: String
    @OptionGroup var replay: ReplayConfigurationOptions
    @Option(help: ArgumentHelp("Channel patterns to print (comma-separated).", valueName: "patterns")) var channels = "*"
    @Flag(help: "Print the motion descriptors a subscriber with \"motion\": true receives, each before the frame of its seq.")
    var motion = false
    @Flag(help: "Print the bindings' input, one line per binding and input frame, instead of frames.")
    var inputs = false

    func validate() throws {
        if inputs, motion { throw ValidationError("--inputs prints the bindings' input, not frames; it takes no --motion") }
    }

    func run() throws {
        try requireReadable(recording)
        if let config = replay.config { try requireReadable(config) }
        let schedule = try ReplaySchedule.load(path: recording)
        if inputs {
            let patterns = channels.split(separator: ",").map { ChannelPattern(String($0)) }
            let output = try OfflineReplay.replay(schedule: schedule, configuration: try replay.configuration(), bindingEvents: true)
            var bytes: [UInt8] = []
            for event in output.bindingEvents where patterns.contains(where: { $0.matches(event.channel) }) {
                let numbers = { (values: [Double]) in JSONValue.array(values.map { .number($0) }) }
                let line: JSONObject = ["type": .string("input"), "phase": .string(event.phase.rawValue),
                                        "channel": .string(event.channel), "time_ns": .number(Double(event.time)),
                                        "input": numbers(event.input), "velocity": numbers(event.inputVelocity),
                                        "target": numbers(event.target)]
                JSONValue.object(line).write(to: &bytes)
                bytes.append(UInt8(ascii: "\n"))
            }
            try StandardOutput.write(bytes)
            return
        }
        let output = try OfflineReplay.jsonLines(schedule: schedule, configuration: try replay.configuration(),
                                                 patterns: channels.split(separator: ",").map(String.init), motion: motion)
        try StandardOutput.write(output)
    }
}

/// `--config` and `--rate` of the commands that replay a recording offline (`replay`, `plot`).
struct ReplayConfigurationOptions: ParsableArguments {
    @Option(help: ArgumentHelp("The configuration for replaying (default: the embedded one).", valueName: "file"))
    var config: String?
    @Option(help: ArgumentHelp("The tick rate for replaying, 30–480 Hz (default: the configuration's).", valueName: "hz"))
    var rate: Double?

    /// The configuration file (or the embedded default) with `--rate` applied, checked as the daemon checks it.
    func configuration() throws -> DaemonConfiguration {
        var configuration = try config.map { try DaemonConfiguration.load(path: $0) } ?? DaemonConfiguration.embeddedDefault
        if let rate {
            do { configuration.rateHz = try TickRate.validate(rate, field: "--rate") } catch { throw ValidationError(error.reason) }
        }
        return configuration
    }
}
