// SPDX-License-Identifier: Apache-2.0
import ArgumentParser
import Glibc
import KineticCommandLine
import KineticInput
import KineticProtocol

struct Record: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "record",
        abstract: "Records an input device to an evemu file that kineticd --replay and kineticctl replay read.",
        discussion: """
            Reads the evdev node directly (needs the input group), writing whole frames and syncing the file after each. Ctrl-C (SIGINT) or SIGTERM stop it gracefully: it writes what the device already queued, closes a frame cut short with a SYN_REPORT (marked in the file), syncs, prints a summary and exits 0, so the file always parses and holds every event read.

            EXAMPLES
              kineticctl devices
              kineticctl record /dev/input/event5 -o swipe.evemu --seconds 10 && \\
                kineticctl replay swipe.evemu | tail -1
            """)

    @Argument(help: "The device node, e.g. /dev/input/event5.") var device: String
    @Option(name: .shortAndLong, help: ArgumentHelp("The evemu file to write.", valueName: "file")) var output: String
    @Option(help: ArgumentHelp("Stop after this many seconds.", valueName: "s")) var seconds = 10.0
    @Flag(help: "Keep the kernel's timestamps (CLOCK_MONOTONIC, the clock libinput reports) instead of starting at 0.000001 s.")
    var kernelTime = false

    func validate() throws {
        // A year bounds the conversion to nanoseconds; NaN and negative times are not durations.
        guard seconds.isFinite, seconds > 0, seconds <= 31_536_000 else {
            throw ValidationError("--seconds must be a number of seconds above 0 and at most 31536000 (a year)")
        }
    }

    func run() throws {
        // Handled before the device opens: a signal from then on stops the recording instead of killing it.
        let stop = try RecordingStopRequest()
        try stop.handleSignals([SIGINT, SIGTERM])
        try requireReadable(device)
        var info = stat()
        if stat(device, &info) == 0, info.st_mode & S_IFMT != S_IFCHR {
            throw Failure("\(device) is not an input device (a character device such as /dev/input/event5); kineticctl devices lists them", status: ExitStatus.usage)
        }
        let input: InputDevice
        do {
            input = try InputDevice.open(path: device)
        } catch {
            let permission: Bool
            if case .permissionDenied = error { permission = true } else { permission = false }
            throw Failure("\(error); kineticctl devices lists the input devices", status: permission ? ExitStatus.noPermission : ExitStatus.unavailable)
        }
        defer { input.close() }
        let writer = try RecordingWriter(path: output, device: input.deviceDescription,
                                         comments: ["Recorded by kineticctl record from \(device)"],
                                         timeBase: kernelTime ? .asIs : .firstEventAtOneMicrosecond)
        let summary = try RecordingSession(device: input, writer: writer, stop: stop)
            .run(timeLimit: .nanoseconds(Int64(seconds * 1e9)))
        var line = "wrote \(output): \(summary.frames) frames, \(summary.events) events (stopped: \(summary.reason))"
        if summary.closedUnfinishedFrameEvents > 0 {
            line += "; the last frame was cut short after \(summary.closedUnfinishedFrameEvents) events and closed"
        }
        if summary.resyncs > 0 { line += "; \(summary.resyncs) SYN_DROPPED resyncs" }
        print(line)
    }
}
