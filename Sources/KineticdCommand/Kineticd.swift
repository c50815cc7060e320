// SPDX-License-Identifier: Apache-2.0
import ArgumentParser
import Glibc
import KineticBindings
import KineticCommandLine
import KineticProtocol
import KineticServer
import KineticServerCore
import Logging
import ServiceLifecycle

/// `kineticd`'s entry point, for the executables (`kineticd`, and `kinetic` when it is run as kineticd).
public enum KineticdTool {
    /// Runs kineticd with `arguments` (the command line after the program's name); it exits when done. On the main
    /// actor, as an executable's top-level code is: no job may reach Swift concurrency's global executor before
    /// ``IdleExecutor/install()`` has replaced it (a hop to it would arm libdispatch's 1 Hz monitor for good).
    @MainActor
    public static func main(arguments: [String]) async { await Kineticd.main(arguments: arguments) }
}

/// `kineticd`: the Kinetic daemon.
struct Kineticd: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kineticd",
        abstract: "Turns touch and pointer input into SwiftUI-quality spring motion and serves it over a Unix socket.",
        discussion: """
            kineticd ticks a display-rate clock (default 120 Hz), advances every channel's animation at each tick and sends the presentation values and velocities to subscribed clients. Clients speak JSON Lines or a binary framing on the same socket (docs/PROTOCOL.md). While every channel is settled the clock stops: an idle daemon has no wake-ups.

            SOCKET
            --socket PATH, else $KINETIC_SOCKET, else /run/kinetic/kineticd.sock (root or the system service), else $XDG_RUNTIME_DIR/kinetic/kineticd.sock. Under systemd socket activation the inherited socket is used. A socket a live kineticd serves is never taken over.

            CONFIGURATION
            --config FILE, else /etc/kinetic/kineticd.yaml when it exists, else the embedded default, which binds any touchscreen, touchpad or mouse drag to the channel touch.position.

            REPLAY
            --replay FILE feeds a recording through the bindings in real time, each event at its own timestamp; without --loop the daemon keeps serving clients and commands afterwards.

            SIGNALS
            SIGTERM and SIGINT finish the current frame, send every client a "shutdown" event and exit 0.

            EXIT STATUS
            0 after SIGTERM or SIGINT, or a valid --check-config; 64 a wrong command line; 66 a --replay recording that cannot be read; 78 a wrong configuration, with file:line:column; 69 any other failure to start (the socket held by another kineticd, say), logged (sysexits(3)).

            EXAMPLES
              kineticd --socket /tmp/k.sock --rate 240
              kineticd --config systemd/kineticd.yaml
              kineticd --socket /tmp/k.sock --replay Recordings/swipe-fling.evemu --loop
              KINETIC_SOCKET=/tmp/k.sock kineticd --replay Recordings/tap.evemu
              kineticd --check-config systemd/kineticd.yaml
            """,
        version: "kineticd \(KineticVersion.string)")

    @Option(name: .long, help: ArgumentHelp("The YAML configuration file.", valueName: "file"))
    var config: String?

    @Option(name: .long, help: ArgumentHelp("The Unix socket path (overrides the configuration and $KINETIC_SOCKET).", valueName: "path"))
    var socket: String?

    @Option(name: .long, help: ArgumentHelp("The tick rate in Hz, 30–480 (default 120).", valueName: "hz"))
    var rate: Double?

    @Option(name: .long, help: ArgumentHelp("Replay this recording (evemu or libinput record) in real time instead of reading devices.", valueName: "file"))
    var replay: String?

    @Flag(name: .long, help: "With --replay: start the recording again after it ends.")
    var loop = false

    @Option(name: .long, help: ArgumentHelp("Validate this configuration file (as start-up and a reload would) and exit: 0 when valid, 78 with file:line:column otherwise.", valueName: "file"))
    var checkConfig: String?

    @Option(name: .long, help: ArgumentHelp("Log level: trace, debug, info, notice, warning, error, critical.", valueName: "level"))
    var logLevel: String = "info"

    /// The entry point: installs the idle-silent global executor before anything is awaited, then
    /// parses `arguments` (the command line after the program's name) and runs, as `AsyncParsableCommand.main()` does.
    @MainActor
    static func main(arguments: [String]) async {
        IdleExecutor.install()
        do {
            var command = try parseAsRoot(arguments)
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            exit(withError: error)
        }
    }

    /// `--check-config FILE`: validates the file as start-up would (YAML, keys, ranges, animation expressions)
    /// and says so; nothing starts.
    func checkConfiguration(_ path: String) throws {
        do {
            let configuration = try DaemonConfiguration.load(path: path)
            let channels = Set(configuration.bindings.flatMap(\.channelNames)).count
            let rate = configuration.rateIsAuto ? "the display's rate (else \(configuration.rateHz) Hz)" : "\(configuration.rateHz) Hz"
            let bindings = configuration.bindingsAreDefault
                ? "no bindings: key, so the default binding of touch.position" : "\(configuration.bindings.count) bindings"
            print("\(path): valid (\(bindings), \(channels) channels, \(rate))")
        } catch {
            let line = Array("\(error)\n".utf8)
            _ = line.withUnsafeBytes { write(STDERR_FILENO, $0.baseAddress, $0.count) }
            throw ExitCode(ExitStatus.configuration)
        }
    }

    func validate() throws {
        if loop, replay == nil { throw ValidationError("--loop needs --replay FILE") }
        if let rate {
            do { _ = try TickRate.validate(rate, field: "--rate") } catch { throw ValidationError(error.reason) }
        }
        if Logger.Level(rawValue: logLevel) == nil { throw ValidationError("unknown --log-level \(logLevel)") }
    }

    func run() async throws {
        if let checkConfig { return try checkConfiguration(checkConfig) }
        let level = Logger.Level(rawValue: logLevel) ?? .info
        LoggingSystem.bootstrap { label in JournaldLogHandler(label: label, level: level) }
        let logger = Logger(label: "kineticd")
        var configuration: DaemonConfiguration
        do {
            (configuration, _) = try DaemonConfiguration.load(explicitPath: config)
        } catch {
            logger.critical("\(error)")
            throw ExitCode(ExitStatus.configuration)
        }
        let rate = self.rate
        let overrides: @Sendable (inout DaemonConfiguration) -> Void = { configuration in
            if let rate {
                configuration.rateHz = rate
                configuration.rateIsAuto = false
            }
        }
        overrides(&configuration)
        var schedule: ReplaySchedule?
        if let replay {
            do {
                schedule = try ReplaySchedule.load(path: replay)
            } catch {
                logger.critical("cannot read the recording \(replay): \(error)")
                throw ExitCode(ExitStatus.noInput)
            }
        }
        var service = KineticDaemonService(configuration: configuration, socketOverride: socket, logger: logger,
                                           replay: schedule, loopReplay: loop)
        service.configurationPath = config
        service.overrides = overrides
        let group = ServiceGroup(configuration: .init(services: [service], gracefulShutdownSignals: [.sigterm, .sigint],
                                                      logger: logger))
        do {
            try await group.run()
        } catch let error as ConfigurationError {
            // A configuration refused only when its channels are defined is a configuration error too (EX_CONFIG).
            logger.critical("\(error)")
            throw ExitCode(ExitStatus.configuration)
        } catch {
            logger.critical("\(error)")
            throw ExitCode(ExitStatus.unavailable)
        }
    }
}
