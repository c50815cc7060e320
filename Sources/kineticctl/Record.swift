import ArgumentParser
import KineticInput
import KineticServer

struct Record: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Records an input device to an evemu file that kineticd --replay and kineticctl replay read.",
        discussion: """
            Reads the evdev node directly (needs the input group), writing whole frames and syncing the
            file after each, so a recording cut short by Ctrl-C is still valid up to its last frame.

            EXAMPLES
              kineticctl devices
              kineticctl record /dev/input/event5 -o swipe.evemu --seconds 10
              kineticctl replay swipe.evemu | tail -1
            """)

    @Argument(help: "The device node, e.g. /dev/input/event5.") var device: String
    @Option(name: .shortAndLong, help: ArgumentHelp("The evemu file to write.", valueName: "file")) var output: String
    @Option(help: ArgumentHelp("Stop after this many seconds.", valueName: "s")) var seconds = 10.0

    func run() throws {
        let input = try InputDevice.open(path: device)
        defer { input.close() }
        let writer = try RecordingWriter(path: output, device: input.deviceDescription,
                                         comments: ["Recorded by kineticctl record from \(device)"])
        let end = MonotonicClock.now() + UInt64(seconds * 1e9)
        reading: while MonotonicClock.now() < end {
            switch input.wait(timeout: .milliseconds(100)) {
            case .timedOut: continue
            case .unplugged, .closed: break reading
            case .readable:
                let result = input.readAvailable()
                for event in result.events { try writer.append(event) }
                if result.status != .open { break reading }
            }
        }
        _ = try writer.close()
        print("wrote \(output): \(writer.frameCount) frames")
    }
}
