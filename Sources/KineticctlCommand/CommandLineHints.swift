// SPDX-License-Identifier: Apache-2.0
import ArgumentParser
import KineticProtocol

/// Suggestions for a mistyped command line, given before ArgumentParser sees it (whose messages for these cases
/// name the wrong thing: `subscibe --socket S` is an "unknown option '--socket'").
enum CommandLineHints {
    /// The subcommands' names.
    static var commands: [String] {
        Kineticctl.configuration.subcommands.map { $0._commandName }
    }

    /// What is wrong with `arguments`, in one line with a suggestion, or `nil` when ArgumentParser should parse them.
    static func problem(in arguments: [String]) -> String? {
        guard let first = arguments.first, !first.hasPrefix("-") else { return nil }
        if first == "help" {
            guard arguments.count > 1, !commands.contains(arguments[1]) else { return nil }
            return "no command '\(arguments[1])'" + suggestion(for: arguments[1], among: commands) + " (kineticctl --help lists the commands)"
        }
        guard let command = Kineticctl.configuration.subcommands.first(where: { $0._commandName == first }) else {
            return "unknown command '\(first)'" + suggestion(for: first, among: commands) + " (kineticctl --help lists the commands)"
        }
        return unknownOption(in: arguments.dropFirst(), of: command)
    }

    /// A long option `command` does not have, named with the nearest it has. ArgumentParser's own message depends on
    /// where the option stands and may suggest a far one (`animate --anim .smooth 1`: "did you mean '--wait'?"), or
    /// none at all when a value's check fails first (`animate --anim .smooth x 1`: "'x' is not a number").
    static func unknownOption(in arguments: ArraySlice<String>, of command: ParsableCommand.Type) -> String? {
        let known = optionNames(of: command) + ["--help", "--version"]
        for word in arguments {
            if word == "--" { break }
            guard word.hasPrefix("--"), Double(word) == nil else { continue }
            let name = String(word.prefix { $0 != "=" })
            guard !known.contains(name) else { continue }
            return "unknown option '\(name)'" + suggestion(for: name, among: known)
                + " (kineticctl \(command._commandName) --help lists its options)"
        }
        return nil
    }

    /// `; did you mean 'NAME'?` for the candidate nearest `word` (``NearestName``), else "".
    static func suggestion(for word: String, among candidates: [String]) -> String {
        NearestName.closest(to: word, in: candidates).map { "; did you mean '\($0)'?" } ?? ""
    }

    /// The long options (`--name`) a command accepts, its option groups' included: read from ArgumentParser's own
    /// help for it, so custom names count too.
    static func optionNames(of command: ParsableArguments.Type) -> [String] {
        var names: [String] = []
        for word in command.helpMessage(columns: 1000).split(whereSeparator: { " \n[]<>,=".contains($0) })
        where word.hasPrefix("--") && word.count > 2 && !names.contains(String(word)) {
            names.append(String(word))
        }
        return names
    }
}
