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

    /// The options (`--name`) a command type declares: the long names ArgumentParser derives from its properties,
    /// through its option groups. Custom names are not seen, so this only ever serves suggestions.
    static func optionNames(of command: ParsableArguments.Type) -> [String] {
        var names: [String] = []
        func collect(_ value: Any) {
            for child in Mirror(reflecting: value).children {
                guard let label = child.label, label.hasPrefix("_") else { continue }
                let type = String(describing: Swift.type(of: child.value))
                if type.hasPrefix("OptionGroup<") {
                    // An option group's value is the group itself.
                    if let group = Mirror(reflecting: child.value).descendant("_parsedValue") ?? Mirror(reflecting: child.value).children.first?.value {
                        collect(group)
                    }
                } else if type.hasPrefix("Option<") || type.hasPrefix("Flag<") {
                    names.append("--" + kebab(String(label.dropFirst())))
                }
            }
        }
        collect(command.init())
        return names
    }

    /// `framesOnly` → `frames-only`.
    static func kebab(_ name: String) -> String {
        var result = ""
        for character in name {
            if character.isUppercase {
                result += "-" + character.lowercased()
            } else {
                result.append(character)
            }
        }
        return result
    }
}
