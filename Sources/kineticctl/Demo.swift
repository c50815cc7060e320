import ArgumentParser
import Foundation
import KineticInput
import KineticProtocol
import KineticBindings
import KineticServerCore

struct Demo: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Runs kineticd on a private socket replaying a recording, and shows the finger against the spring.",
        discussion: """
            kineticd (the executable beside this one, else the one on PATH) runs on a socket in a temporary directory with a demo configuration, replays the recording in real time (again and again), and this command subscribes over the socket like any client. Each line is one frame (decimated to --rate): the finger (o) is the raw input, the spring (@) is touch.position, animated with .interactiveSpring while the finger is down and a bouncy .spring after it lifts; the velocity column is the spring's, in mm/s.

            EXAMPLES
              kineticctl demo
              kineticctl demo --recording Recordings/mouse-drag.evemu --seconds 10 --rate 60
            """)

    @Option(help: ArgumentHelp("The recording to replay.", valueName: "file"))
    var recording = "Recordings/swipe-fling.evemu"

    @Option(help: ArgumentHelp("How long to run, in seconds.", valueName: "s"))
    var seconds = 4.0

    @Option(help: ArgumentHelp("Lines per second.", valueName: "hz"))
    var rate = 30.0

    @Option(help: ArgumentHelp("Width of the track, in characters.", valueName: "n"))
    var width = 60

    static let configurationText = """
        rate_hz: 120
        bindings:
          - gesture: drag
            value: location
            channel: finger
            animation: none
          - gesture: drag
            value: location
            channel: touch.position
            animation: .interactiveSpring
            release:
              animation: ".spring(duration: 0.6, bounce: 0.35)"
              target: stay

        """

    func run() async throws {
        let schedule: ReplaySchedule
        do {
            schedule = try ReplaySchedule.load(path: recording)
        } catch {
            throw ValidationError("cannot read \(recording) (run from the repository, or pass --recording FILE): \(error)")
        }
        let configuration = try DaemonConfiguration.parse(Self.configurationText, source: "demo")
        let xs = schedule.recordings.flatMap { $0.gestureEvents() }.map { Double($0.location.x) }
        guard let lowest = xs.min(), let highest = xs.max() else { throw ValidationError("the recording has no gestures") }
        let margin = max(5, (highest - lowest) * 0.25)
        let (low, high) = (lowest - margin, highest + margin)
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-demo-\(getpid())").path
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: directory) }
        let socket = directory + "/kineticd.sock"
        try Self.configurationText.write(toFile: directory + "/demo.yaml", atomically: true, encoding: .utf8)
        let daemon = Process()
        daemon.executableURL = Self.kineticd()
        daemon.arguments = ["--socket", socket, "--config", directory + "/demo.yaml", "--replay", recording, "--loop",
                            "--log-level", "warning"]
        do {
            try daemon.run()
        } catch {
            throw ValidationError("cannot start \(daemon.executableURL?.path ?? "kineticd"): \(error); build it with swift build --product kineticd")
        }
        defer {
            daemon.terminate()
            daemon.waitUntilExit()
        }
        let client = try Self.connect(socket, daemon: daemon)
        try client.send(.hello(Hello(major: ProtocolVersion.major, client: "kineticctl demo")))
        try client.send(.subscribe(Subscription(patterns: ["finger", "touch.position"], rateHz: rate)))
        print("kineticd on \(socket) replaying \(recording) at \(Int(configuration.rateHz)) Hz; binary frames at \(Int(rate)) Hz")
        print("o finger   @ spring (touch.position)        time     x (mm)    vx (mm/s)")
        let start = Date()
        var frames = 0
        var firstTime: UInt64?
        while Date().timeIntervalSince(start) < seconds {
            guard let message = try client.next(timeout: 0.1) else {
                if client.isClosed { throw ValidationError("kineticd closed the connection") }
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
                  + String(format: "  %6.3f s  %8.2f  %10.1f", Double(frame.timeNanoseconds &- t0) / 1e9, spring.value[0], spring.velocity[0]))
        }
        print("\(frames) frames; the clock stops while nothing moves, so idle stretches print nothing.")
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
    static func connect(_ socket: String, daemon: Process) throws -> KineticClient {
        let start = Date()
        while true {
            do {
                return try KineticClient(path: socket, encoding: .binary)
            } catch {
                guard daemon.isRunning else { throw ValidationError("kineticd exited (status \(daemon.terminationStatus)) before listening") }
                guard Date().timeIntervalSince(start) < 30 else { throw ValidationError("kineticd did not listen on \(socket) within 30 s: \(error)") }
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
