// SPDX-License-Identifier: Apache-2.0
import ArgumentParser
import KineticProtocol

struct Animate: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "animate",
        abstract: "Animates a channel to a value.",
        discussion: """
            The animation is written in SwiftUI syntax; errors point at the column. Negative components are values, not options.

            EXAMPLES
              kineticctl animate touch.position 0 120
              kineticctl animate touch.position -10 120
              kineticctl animate touch.position 0 120 --wait \\
                --animation '.spring(duration: 0.4, bounce: 0.2).delay(0.05)'
              kineticctl animate touch.position 5 5 --animation '.easeInOut(duration: 0.3)'
            """)

    @OptionGroup var options: CommandOptions
    @Argument(help: "The channel.") var channel: String
    @Argument(parsing: .allUnrecognized, help: "The target value's components.") var values: [String] = []
    @Option(help: ArgumentHelp("The animation (default: .default).", valueName: "expr")) var animation: String?
    @Flag(help: "Wait until the animation is logically complete.") var wait = false

    func validate() throws { _ = try Command.Operation.parseValues(values, command: Self.self) }

    func run() throws {
        let client = try options.connection.connect()
        let to = try Command.Operation.parseValues(values, command: Self.self)
        let reply = try client.command(.animate(channel: channel, to: to, animation: animation,
                                                completion: wait ? .logicallyComplete : nil), timeout: options.timeout)
        try options.print(reply)
        guard wait else { return }
        while let message = try client.next() {
            if case .message(.event, let object) = message, object["event"] == .string(Event.logicallyComplete) {
                print(JSONValue.object(object).jsonText)
                return
            }
        }
    }
}

struct SetValue: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Sets a channel to a value at once (no animation).",
        discussion: "EXAMPLES\n  kineticctl set touch.position 0 0\n  kineticctl set touch.position -10 5")

    @OptionGroup var options: CommandOptions
    @Argument(help: "The channel.") var channel: String
    @Argument(parsing: .allUnrecognized, help: "The value's components.") var values: [String] = []

    func validate() throws { _ = try Command.Operation.parseValues(values, command: Self.self) }

    func run() throws {
        try options.print(try options.send(.set(channel: channel, to: try Command.Operation.parseValues(values, command: Self.self))))
    }
}

struct List: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "Lists the channels (name, dimension, owner).")
    @OptionGroup var options: CommandOptions
    func run() throws { try options.print(try options.send(.list)) }
}

struct Status: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "status",
        abstract: "Shows the daemon's state: tick rate, clients, channels, ticks, missed ticks, reduce motion.")
    @OptionGroup var options: CommandOptions
    func run() throws { try options.print(try options.send(.status)) }
}

struct ReduceMotion: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reduce-motion",
        abstract: "Turns reduce motion on or off: springs become a short ease, repeats stop.",
        discussion: "EXAMPLES\n  kineticctl reduce-motion on")
    @OptionGroup var options: CommandOptions
    @Argument(help: "on or off.") var state: String

    func validate() throws {
        guard state == "on" || state == "off" else { throw ValidationError("say 'on' or 'off'") }
    }

    func run() throws { try options.print(try options.send(.reduceMotion(enabled: state == "on"))) }
}

struct Reload: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "reload",
        abstract: "Makes kineticd re-read its configuration file and swap its bindings, as SIGHUP does.",
        discussion: "An invalid file is refused with its file:line:column error and the running configuration stays. Clients stay connected; a channel that stays bound keeps its value. Changes to the socket, the groups, the limits or the tick rate wait for a restart (listed in restart_needed).\n\nEXAMPLES\n  kineticctl reload")
    @OptionGroup var options: CommandOptions
    func run() throws { try options.print(try options.send(.reload)) }
}
