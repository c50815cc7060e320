// SPDX-License-Identifier: Apache-2.0
import ArgumentParser
import Glibc
import KineticBindings
import KineticCommandLine
import KineticInput
import KineticProtocol

/// `kineticctl`'s entry point, for the executables (`kineticctl`, and `kinetic` when it is run as kineticctl).
public enum KineticctlTool {
    /// Runs kineticctl with `arguments` (the command line after the program's name); it exits when done. On the main
    /// actor, as kineticd's entry point is and as an `@main` command's `main()` was.
    @MainActor
    public static func main(arguments: [String]) async { await Kineticctl.main(arguments: arguments) }
}

/// `kineticctl`: the client tool of kineticd.
struct Kineticctl: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kineticctl",
        abstract: "Talks to kineticd: subscribe to frames, animate channels, inspect the daemon and input devices.",
        discussion: """
            The socket is --socket PATH, else $KINETIC_SOCKET, else /run/kinetic/kineticd.sock for root, else $XDG_RUNTIME_DIR/kinetic/kineticd.sock. Output is JSON Lines in the protocol's shapes (docs/PROTOCOL.md), so it pipes into jq.

            EXAMPLES
              kineticctl subscribe 'touch.*' --frames-only | jq --unbuffered -c .values
              kineticctl animate touch.position 0 120 --animation '.spring(bounce: 0.2)'
              kineticctl animate touch.position -10 5 --wait
              kineticctl set touch.position 0 0
              kineticctl list
              kineticctl status
              kineticctl reduce-motion on
              kineticctl devices
              kineticctl replay Recordings/swipe-fling.evemu > frames.jsonl
              kineticctl demo

            EXIT STATUS
            0 success; 64 a wrong command line; 65 wrong data (not a recording, a value or expression kineticd refused); 66 an input file missing or unreadable; 69 kineticd or a device not there; 70 an internal error; 73 an output file that cannot be written; 77 permission denied; 78 a wrong configuration (sysexits(3)). Failures print one line on standard error; a refusal's reply is printed as JSON too with --json.
            """,
        version: "kineticctl \(KineticVersion.string)",
        subcommands: [Subscribe.self, Animate.self, Replay.self, Plot.self, Record.self, Demo.self, SetValue.self, List.self, Status.self, ReduceMotion.self, Reload.self, Devices.self])

    /// Parses the command line, with suggestions for a mistyped command or option (``CommandLineHints``), runs the
    /// command and ends every failure with one line on standard error and a sysexits status (``ExitStatus``).
    @MainActor
    static func main(arguments: [String]) async {
        if let hint = CommandLineHints.problem(in: arguments) {
            printError("kineticctl: \(hint)")
            Glibc.exit(ExitStatus.usage)
        }
        var command: ParsableCommand
        do {
            command = try parseAsRoot(arguments)
        } catch {
            exit(withError: error)
        }
        do {
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            if let status = Self.report(error) { Glibc.exit(status) }
            exit(withError: error)
        }
    }

    /// Prints `error` as one line and returns its status, or `nil` for the errors ArgumentParser reports itself
    /// (usage errors, `ExitCode`, help).
    static func report(_ error: any Error) -> Int32? {
        let (message, status): (String, Int32)
        switch error {
        case let failure as Failure: (message, status) = (failure.description, failure.status)
        case let failure as KineticClient.Failure: (message, status) = (failure.description, ExitStatus.of(failure))
        case let failure as ConfigurationError: (message, status) = ("\(failure)", ExitStatus.configuration)
        case let failure as RecordingError: (message, status) = ("\(failure)", ExitStatus.data)
        case let failure as SocketLocation.Unresolved: (message, status) = ("\(failure)", ExitStatus.usage)
        case let failure as StandardOutput.WriteError: (message, status) = ("\(failure)", ExitStatus.software)
        default: return nil
        }
        printError("kineticctl: " + message)
        return status
    }
}

/// Options every daemon-talking subcommand shares.
struct ConnectionOptions: ParsableArguments {
    @Option(name: .long, help: ArgumentHelp("The daemon's socket.", valueName: "path"))
    var socket: String?

    func connect(encoding: WireEncoding = .jsonLines) throws -> KineticClient {
        let path = try SocketLocation.resolve(explicit: socket)
        return try KineticClient(path: path, encoding: encoding)
    }
}

/// Options of the subcommands that send one command and wait for its reply.
struct CommandOptions: ParsableArguments {
    @OptionGroup var connection: ConnectionOptions
    @Option(help: ArgumentHelp("How long to wait for the reply. The first reply of a socket-activated "
                               + "kineticd includes its start-up.", valueName: "seconds"))
    var timeout = 5.0
    @Flag(help: "Print the daemon's reply as JSON, also when it refuses (the refusal's words still go to standard error).")
    var json = false

    func validate() throws {
        // An hour bounds the wait; NaN, zero and negative times would end it before any reply could come.
        guard timeout.isFinite, timeout > 0, timeout <= 3600 else {
            throw ValidationError("--timeout must be a number of seconds above 0 and at most 3600, got \(timeout)")
        }
    }

    /// Connects, sends `operation` and returns its reply, waiting at most `timeout` seconds for it.
    func send(_ operation: Command.Operation) throws -> JSONObject {
        try connection.connect().command(operation, timeout: timeout)
    }

    /// Prints a reply: an accepted one as JSON on standard output; a refusal in words on standard error (and as
    /// JSON on standard output with `--json`), failing with the status of its code (``ExitStatus/refusal(_:)``).
    func print(_ reply: JSONObject) throws {
        let ok = reply["ok"] == true
        if ok || json { Swift.print(JSONValue.object(reply).jsonText) }
        guard !ok else { return }
        let error = reply["error"]?.objectValue
        let code = ErrorCode(rawValue: error?["code"]?.stringValue ?? "error")
        throw Failure("kineticd refused: \(code): \(error?["message"]?.stringValue ?? "")", status: ExitStatus.refusal(code))
    }
}

extension Command.Operation {
    /// A channel value from the command line: numbers, negative ones included (`-10`, `-1e-3`). A word that is not
    /// a number but looks like an option is one `command` does not have: said so, with the nearest it has.
    static func parseValues(_ text: [String], command: ParsableArguments.Type) throws -> [Double] {
        guard !text.isEmpty else { throw ValidationError("give the value's components, such as 0 120") }
        return try text.map { word in
            if word.hasPrefix("-"), Double(word) == nil {
                let name = String(word.prefix { $0 != "=" })
                throw ValidationError("unknown option '\(name)'" + CommandLineHints.suggestion(for: name, among: CommandLineHints.optionNames(of: command)))
            }
            guard let value = Double(word), value.isFinite else {
                throw ValidationError("'\(word)' is not a number; a value is one or more numbers, such as 0 120 or -10 5")
            }
            return value
        }
    }
}
