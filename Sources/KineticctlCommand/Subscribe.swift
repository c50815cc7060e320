// SPDX-License-Identifier: Apache-2.0
import ArgumentParser
import KineticProtocol

struct Subscribe: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "subscribe",
        abstract: "Prints frames (and schemas and events) as JSON lines.",
        discussion: """
            Every frame is printed in the protocol's JSON frame shape, whichever encoding carries it: {"type":"frame", "generation":G, "seq":N, "time_ns":T, "values":{"NAME":{"value":[…], "velocity":[…]}}} (on one line, without spaces).

            Gaps in seq mean the terminal (or the pipe) did not keep up: frames are latest-wins.

            With --motion, the daemon describes each channel's motion in closed form whenever it changes ({"type":"motion", …}, docs/PROTOCOL.md "Motion descriptors") and sends frames only while a channel's motion has none.

            EXAMPLES
              kineticctl subscribe                       # every channel, as it moves
              kineticctl subscribe 'touch.*' --rate 30   # at most 30 frames a second
              kineticctl subscribe --binary --count 1    # binary on the socket, one frame
              kineticctl subscribe --motion              # closed-form motion, not frames
            """)

    @OptionGroup var connection: ConnectionOptions

    @Argument(help: "Channel name patterns (* and ?); default: every channel.")
    var patterns: [String] = ["*"]

    @Option(help: ArgumentHelp("Frames per second to receive (decimation).", valueName: "hz"))
    var rate: Double?

    @Option(help: ArgumentHelp("Exit after this many frames.", valueName: "n"))
    var count: Int?

    @Flag(help: "Use the binary encoding on the socket (output is JSON either way).")
    var binary = false

    @Flag(help: "Print frames only (no hello, schema or events).")
    var framesOnly = false

    @Flag(help: "Subscribe with motion descriptors: print each channel's motion whenever it changes, instead of frames.")
    var motion = false

    func run() throws {
        let encoding: WireEncoding = binary ? .binary : .jsonLines
        let client = try connection.connect(encoding: encoding)
        try client.send(.hello(Hello(major: ProtocolVersion.major, minor: ProtocolVersion.minor, client: "kineticctl subscribe")))
        try client.send(.subscribe(Subscription(patterns: patterns, maxRateHz: rate, motion: motion)))
        var frames = 0
        // The binary encoding's motion messages update the descriptors held (by channel name); printed as JSON.
        var held: [String: MotionDescriptor] = [:]
        while let message = try client.next() {
            switch message {
            case .frame(let frame):
                guard let layout = client.layout else { continue }
                let samples = layout.channels.map {
                    frame.sample(of: $0.name, layout: layout) ?? ChannelSample(name: $0.name, value: [], velocity: [])
                }
                let line = FrameEncoder.encode(seq: frame.seq, timeNanoseconds: frame.timeNanoseconds, layout: layout,
                                               samples: samples, encoding: .jsonLines)
                // write(2) per line, not print: a pipe (`| jq`, `| head`, `timeout`) gets each line at once.
                try StandardOutput.write(Array(line))
                frames += 1
                if let count, frames >= count { return }
            case .message(_, let object):
                // Motion descriptors stand for frames: printed with --frames-only too.
                if !framesOnly || object["type"] == "motion" {
                    try StandardOutput.write(Array((JSONValue.object(object).jsonText + "\n").utf8))
                }
                if object["type"] == "error" { throw ExitCode.failure }
            case .motion(let motion):
                guard let layout = client.layout else { continue }
                for line in try motion.message(layout: layout, held: &held).encodedJSON() {
                    try StandardOutput.write(line)
                }
            }
        }
    }
}
