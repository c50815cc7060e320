import ArgumentParser
import KineticProtocol

/// `kineticctl`: the client tool of kineticd.
@main
struct Kineticctl: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "kineticctl",
        abstract: "Talks to kineticd: subscribe to frames, animate channels, inspect the daemon and input devices.",
        discussion: """
            The socket is --socket PATH, else $KINETIC_SOCKET, else /run/kinetic/kineticd.sock for root, else $XDG_RUNTIME_DIR/kinetic/kineticd.sock. Output is JSON Lines in the protocol's shapes (docs/PROTOCOL.md), so it pipes into jq.

            EXAMPLES
              kineticctl subscribe 'touch.*' --rate 60 | jq -c .values
              kineticctl animate touch.position 0 120 --animation '.spring(duration: 0.4, bounce: 0.2)' --wait
              kineticctl set touch.position 0 0
              kineticctl list
              kineticctl status
              kineticctl reduce-motion on
              kineticctl devices
              kineticctl replay Recordings/swipe-fling.evemu > frames.jsonl
              kineticctl demo
            """,
        subcommands: [Subscribe.self, Animate.self, Replay.self, Plot.self, Record.self, Demo.self, SetValue.self, List.self, Status.self, ReduceMotion.self, Reload.self, Devices.self])
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
}

/// Prints a reply's payload, or fails with its error.
func printReply(_ reply: JSONObject) throws {
    print(JSONValue.object(reply).jsonText)
    if reply["ok"] != true {
        throw ExitCode.failure
    }
}

extension Command.Operation {
    static func parseValues(_ text: [String]) throws -> [Double] {
        try text.map { word in
            guard let value = Double(word), value.isFinite else { throw ValidationError("'\(word)' is not a number") }
            return value
        }
    }
}
