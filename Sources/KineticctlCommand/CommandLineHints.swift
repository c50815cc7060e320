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
        guard !commands.contains(first) else { return nil }
        return "unknown command '\(first)'" + suggestion(for: first, among: commands) + " (kineticctl --help lists the commands)"
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
