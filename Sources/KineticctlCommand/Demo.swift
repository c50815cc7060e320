// SPDX-License-Identifier: Apache-2.0
import ArgumentParser
import FoundationEssentials
import Kinetic
import KineticCommandLine
import KineticInput
import KineticProtocol
import KineticBindings
import KineticServerCore
import KineticTime

struct Demo: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Runs kineticd on a private socket replaying a recording, and shows the finger against the spring.",
        discussion: """
            kineticd (the executable beside this one, else the one on PATH) runs on a socket in a temporary directory with a demo configuration, replays the recording in real time (again and again), and this command subscribes over the socket like any client. Each line is one frame (decimated to --rate): the finger (o) is the raw input, the spring (@) is touch.position, animated with .interactiveSpring while the finger is down; when it lifts, momentum carries it on from the release velocity, slowing as a scroll view does (UIScrollView's normal deceleration) to where the fling ends. The velocity column is the channel's, in mm/s.

            With --transition, no recording: an element card is inserted and removed with the transition (SwiftUI syntax) over and over, and each frame prints its opacity (as a bar), scale and offsets.

            EXAMPLES
              kineticctl demo
              kineticctl demo --recording Recordings/mouse-drag.evemu --rate 60
              kineticctl demo --transition '.move(edge: .bottom).combined(with: .opacity)'
            """)

    @Option(help: ArgumentHelp("The recording to replay (default: swipe-fling.evemu from Recordings/ here, or installed with kineticctl).", valueName: "file"))
    var recording: String?

    /// The bundled recording `name`: in ./Recordings (the repository), in the share/kinetic/recordings beside an
    /// installed kineticctl, or in the repository of a kineticctl built in its .build folder.
    static func bundledRecording(_ name: String) -> String? {
        let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath().deletingLastPathComponent()
        let candidates = [URL(fileURLWithPath: "Recordings/" + name),
                          executable.appendingPathComponent("../share/kinetic/recordings/" + name),
                          executable.appendingPathComponent("../../../Recordings/" + name)]
        return candidates.map(\.standardized.path).first { FileManager.default.isReadableFile(atPath: $0) }
    }

    @Option(help: ArgumentHelp("How long to run, in seconds.", valueName: "s"))
    var seconds = 4.0

    @Option(help: ArgumentHelp("Lines per second.", valueName: "hz"))
    var rate = 30.0

    @Option(help: ArgumentHelp("Width of the track, in characters.", valueName: "n"))
    var width = 60

    /// The demo's configuration: the embedded default (what `kineticctl replay` and `plot` use, so that
    /// `kineticctl plot Recordings/swipe-fling.evemu` draws what the demo shows), plus a `finger` channel that follows
    /// the finger exactly, for the `o` column; its own socket needs no group.
    static let configurationText = "socket_group: null\n" + DaemonConfiguration.embeddedDefaultText + """
          - gesture: drag
            value: location
            channel: finger
            animation: none

        """

    @Option(help: ArgumentHelp("Show a transition instead: an element inserted and removed with it, in SwiftUI syntax.",
                               valueName: "transition"))
    var transition: String?

    func run() async throws {
        if let transition {
            try await runTransition(transition)
            return
        }
        guard let recording = recording ?? Self.bundledRecording("swipe-fling.evemu") else {
            throw Failure("the bundled recording swipe-fling.evemu is neither in ./Recordings nor installed beside kineticctl (share/kinetic/recordings); pass --recording FILE", status: ExitStatus.noInput)
        }
        try requireReadable(recording)
        let schedule = try ReplaySchedule.load(path: recording)
        let configuration = try DaemonConfiguration.parse(Self.configurationText, source: "demo")
        let gestures = schedule.recordings.flatMap { $0.gestureEvents() }
        // The track spans the finger and where the momentum will carry the spring (the release's projection).
        let coasts = gestures.filter { $0.phase == .ended }.map {
            Double($0.location.x) + DecelerationRate.normal.projectedDistance(velocity: Double($0.velocity.width))
        }
        let xs = gestures.map { Double($0.location.x) } + coasts.filter(\.isFinite)
        guard let lowest = xs.min(), let highest = xs.max() else { throw Failure("\(recording) has no gestures to show; kineticctl replay \(recording) | head shows what it holds", status: ExitStatus.data) }
        let margin = max(5, (highest - lowest) * 0.25)
        let (low, high) = (lowest - margin, highest + margin)
        let daemon = try Self.startDaemon(["--replay", recording, "--loop"])
        defer { daemon.stop() }
        let client = daemon.client
        try client.send(.hello(Hello(major: ProtocolVersion.major, client: "kineticctl demo")))
        try client.send(.subscribe(Subscription(patterns: ["finger", "touch.position"], maxRateHz: rate)))
        print("kineticd on \(daemon.socket) replaying \(recording) at \(Int(configuration.rateHz)) Hz; binary frames at \(Int(rate)) Hz")
        print("o finger   @ spring (touch.position)        time     x (mm)    vx (mm/s)")
        let start = MonotonicClock.seconds()
        var frames = 0
        var firstTime: UInt64?
        while (MonotonicClock.seconds() - start) < seconds {
            guard let message = try client.next(timeout: 0.1) else {
                if client.isClosed { throw Failure("kineticd closed the connection; run it alone (kineticd --help) to see why", status: ExitStatus.unavailable) }
                continue
            }
            guard case .frame(let frame) = message, let layout = client.layout,
                let finger = frame.sample(of: "finger", layout: layout),
                let spring = frame.sample(of: "touch.position", layout: layout)
            else { continue }
            frames += 1
            let t0 = firstTime ?? frame.timeNanoseconds
            firstTime = t0
            print(track(finger: finger.value[0], spring: spring.value[0], low: low, high: high)
                  + "  " + FixedDecimal.text(Double(frame.timeNanoseconds &- t0) / 1e9, width: 6, precision: 3) + " s  "
                  + FixedDecimal.text(spring.value[0], width: 8, precision: 2) + "  "
                  + FixedDecimal.text(spring.velocity[0], width: 10, precision: 1))
        }
        print("\(frames) frames; the clock stops while nothing moves, so idle stretches print nothing.")
    }

    /// `--transition`: inserts an element `card` with the transition, waits until it is in, removes it and waits for
    /// `animation.removed`, again and again for `--seconds`, printing its opacity, scale and offsets at `--rate`.
    private func runTransition(_ transition: String) async throws {
        let daemon = try Self.startDaemon([])
        defer { daemon.stop() }
        let client = daemon.client
        try client.send(.hello(Hello(major: ProtocolVersion.major, client: "kineticctl demo")))
        try client.send(.subscribe(Subscription(patterns: ["card.*"], maxRateHz: rate)))
        print("kineticd on \(daemon.socket): element card, inserted and removed with \(transition)")
        print("  time   opacity                          scale          offset (pt)       offset (× size)")
        let start = MonotonicClock.seconds()
        var t0: UInt64?
        var id = 0.0
        while (MonotonicClock.seconds() - start) < seconds {
            id += 1
            let insert = try client.command(.insert(element: "card", transition: transition, animation: ".smooth"), id: .number(id))
            guard insert["ok"] == true else { throw Failure(Self.failure(insert), status: ExitStatus.usage) }
            print("insert")
            try follow(client, until: { $0["opacity"]?.first == 1 }, start: start, t0: &t0)
            id += 1
            let remove = try client.command(.removeElement(element: "card", transition: nil, animation: ".smooth"), id: .number(id))
            guard remove["ok"] == true else { throw Failure(Self.failure(remove), status: ExitStatus.usage) }
            print("remove")
            try follow(client, until: nil, start: start, t0: &t0)
        }
    }

    /// Prints the element's frames until `done` holds for its values (or, with `nil`, until `animation.removed`), or
    /// `--seconds` run out.
    private func follow(_ client: KineticClient, until done: (([String: [Double]]) -> Bool)?, start: Double, t0: inout UInt64?) throws {
        while (MonotonicClock.seconds() - start) < seconds {
            guard let message = try client.next(timeout: 0.1) else {
                if client.isClosed { throw Failure("kineticd closed the connection; run it alone (kineticd --help) to see why", status: ExitStatus.unavailable) }
                continue
            }
            if case .message(.event, let event) = message, event["event"] == "animation.removed", done == nil { return }
            guard case .frame(let frame) = message, let layout = client.layout else { continue }
            var values: [String: [Double]] = [:]
            for name in ["opacity", "scale", "offset", "relative_offset"] {
                values[name] = frame.sample(of: "card." + name, layout: layout)?.value
            }
            guard let opacity = values["opacity"]?.first, let scale = values["scale"], let offset = values["offset"],
                let relative = values["relative_offset"]
            else { continue }
            let first = t0 ?? frame.timeNanoseconds
            t0 = first
            let bar = max(0, min(30, Int((opacity * 30).rounded())))
            let time = FixedDecimal.text(Double(frame.timeNanoseconds &- first) / 1e9, width: 6, precision: 3)
            let fields = [(scale[0], 5, 3), (scale[1], 5, 3), (offset[0], 7, 1), (offset[1], 7, 1), (relative[0], 6, 3),
                          (relative[1], 6, 3)].map { FixedDecimal.text($0.0, width: $0.1, precision: $0.2) }
            print(time + "  " + FixedDecimal.text(opacity, width: 5, precision: 3) + " "
                  + "|" + String(repeating: "#", count: bar) + String(repeating: " ", count: 30 - bar) + "|"
                  + "  \(fields[0]) \(fields[1])  \(fields[2]) \(fields[3])  \(fields[4]) \(fields[5])")
            if let done, done(values) { return }
        }
    }

    private static func failure(_ reply: JSONObject) -> String {
        let error = reply["error"]?.objectValue
        return "\(error?["code"]?.stringValue ?? "error"): \(error?["message"]?.stringValue ?? "")"
    }

    /// A kineticd started for the demo on a socket in a private temporary directory, with the demo configuration and
    /// `arguments`, and a binary client connected to it.
    struct RunningDaemon {
        let process: ChildProcess
        let directory: String
        let socket: String
        let client: KineticClient

        func stop() {
            process.terminate()
            process.waitUntilExit()
            try? FileManager.default.removeItem(atPath: directory)
        }
    }

    static func startDaemon(_ arguments: [String]) throws -> RunningDaemon {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-demo-\(getpid())").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let socket = directory + "/kineticd.sock"
        try Self.configurationText.write(toFile: directory + "/demo.yaml", atomically: true, encoding: .utf8)
        let executable = Self.kineticd()
        guard let daemon = ChildProcess(path: executable.path, arguments: ["--socket", socket, "--config", directory + "/demo.yaml",
                                                                         "--log-level", "warning"] + arguments) else {
            try? FileManager.default.removeItem(atPath: directory)
            throw Failure("cannot start \(executable.path): it is neither beside kineticctl nor on PATH; make demo builds both, and the package installs both", status: ExitStatus.unavailable)
        }
        do {
            return RunningDaemon(process: daemon, directory: directory, socket: socket, client: try Self.connect(socket, daemon: daemon))
        } catch {
            daemon.terminate()
            daemon.waitUntilExit()
            try? FileManager.default.removeItem(atPath: directory)
            throw error
        }
    }

    /// The kineticd executable: the one beside this kineticctl (a build or an installation puts both in one
    /// directory), else `kineticd` on PATH.
    static func kineticd() -> URL {
        let own = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
        let beside = own.deletingLastPathComponent().appendingPathComponent("kineticd")
        if FileManager.default.isExecutableFile(atPath: beside.path) { return beside }
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent("kineticd")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return beside
    }

    /// Connects once kineticd listens, for up to 30 s (a cold start under load); fails at once if it exits.
    static func connect(_ socket: String, daemon: ChildProcess) throws -> KineticClient {
        let start = MonotonicClock.seconds()
        while true {
            do {
                return try KineticClient(path: socket, encoding: .binary)
            } catch {
                guard daemon.isRunning else { throw Failure("kineticd exited (status \(daemon.terminationStatus)) before listening; run it alone to see why", status: ExitStatus.unavailable) }
                guard (MonotonicClock.seconds() - start) < 30 else { throw Failure("kineticd did not listen on \(socket) within 30 s: \(error)", status: ExitStatus.unavailable) }
                usleep(20_000)
            }
        }
    }

    private func track(finger: Double, spring: Double, low: Double, high: Double) -> String {
        var cells = Array(repeating: Character("."), count: width)
        func column(_ x: Double) -> Int {
            // Values come from the socket: a NaN or an empty range (high == low) lands in the first column.
            let position = ((x - low) / (high - low) * Double(width - 1)).rounded()
            return position.isFinite ? Int(min(Double(width - 1), max(0, position))) : 0
        }
        cells[column(finger)] = "o"
        cells[column(spring)] = "@"
        return "|" + String(cells) + "|"
    }
}
