import ArgumentParser
import Foundation
import KineticInput
import KineticServer

struct Demo: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Runs kineticd on a private socket replaying a recording, and shows the finger against the spring.",
        discussion: """
            The daemon runs inside this process on a socket in a temporary directory, replays the recording in real time (again and again), and this command subscribes over the socket like any client. Each line is one frame (decimated to --rate): the finger (o) is the raw input, the spring (@) is touch.position, animated with .interactiveSpring while the finger is down and a bouncy .spring after it lifts; the velocity column is the spring's, in mm/s.

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
        let server = try await DaemonServer.start(
            makeEngine: { GraphChannelEngine(epoch: MonotonicClock.now()) },
            configuration: ServerConfiguration(tickHz: configuration.rateHz, authorization: AuthorizationPolicy(daemonUID: getuid())),
            transport: TransportConfiguration(socketGroup: nil), listen: .path(directory + "/kineticd.sock"))
        try await server.startReplay(schedule, bindings: configuration.bindings, loop: true, delay: 0.3)

        let client = try KineticClient(path: directory + "/kineticd.sock", encoding: .binary)
        try client.send(.hello(Hello(major: ProtocolVersion.major, client: "kineticctl demo")))
        try client.send(.subscribe(Subscription(patterns: ["finger", "touch.position"], rateHz: rate)))
        print("kineticd on \(directory)/kineticd.sock replaying \(recording) at \(Int(configuration.rateHz)) Hz; binary frames at \(Int(rate)) Hz")
        print("o finger   @ spring (touch.position)        time     x (mm)    vx (mm/s)")
        let start = MonotonicClock.now()
        var frames = 0, gaps = 0
        var lastSeq: UInt64?
        var firstTime: UInt64?
        while Double(MonotonicClock.now() - start) / 1e9 < seconds {
            guard let message = try client.next(timeout: 0.1) else { continue }
            guard case .frame(let frame) = message, let layout = client.layout,
                let finger = frame.sample(of: "finger", layout: layout),
                let spring = frame.sample(of: "touch.position", layout: layout)
            else { continue }
            frames += 1
            if let lastSeq, frame.seq > lastSeq + 1 { gaps += 1 }
            lastSeq = frame.seq
            let t0 = firstTime ?? frame.timeNanoseconds
            firstTime = t0
            print(track(finger: finger.value[0], spring: spring.value[0], low: low, high: high)
                  + String(format: "  %6.3f s  %8.2f  %10.1f", Double(frame.timeNanoseconds - t0) / 1e9, spring.value[0], spring.velocity[0]))
        }
        print("\(frames) frames; the clock stops while nothing moves, so idle stretches print nothing.")
        await server.stop()
        try? FileManager.default.removeItem(atPath: directory)
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
