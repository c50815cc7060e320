import FoundationEssentials
import Testing
import KineticTestSupport

/// Every command's help at 80 columns (and in a pipe, where ArgumentParser also wraps at 80): an example never
/// breaks across lines, and no line is wider than 80 but ArgumentParser's own USAGE line.
@Suite struct HelpWidthTests {
    static let commands: [[String]] = [["kineticd"], ["kineticctl"]]
        + ["subscribe", "animate", "replay", "plot", "record", "demo", "set", "list", "status", "reduce-motion", "reload", "devices"]
            .map { ["kineticctl", $0] }

    @Test(arguments: commands)
    func help(command: [String]) throws {
        var environment = ProcessInfo.processInfo.environment
        environment["COLUMNS"] = "80"
        let result = try runProduct(command[0], Array(command.dropFirst()) + ["--help"], environment: environment)
        #expect(result.status == 0, "\(result.error)")
        var inExamples = false
        var examples = 0
        var continued = false
        for line in result.output.split(separator: "\n", omittingEmptySubsequences: false) {
            if !line.hasPrefix("USAGE:") { #expect(line.count <= 80, "wider than 80: \(line)") }
            if line == "EXAMPLES" || line == "EXAMPLE" { inExamples = true; continue }
            if line.isEmpty { inExamples = false; continue }
            guard inExamples else { continue }
            examples += 1
            let words = line.drop { $0 == " " }
            // A line continues the one before only after a shell's `\`.
            #expect(continued || words.hasPrefix("kineticctl ") || words.hasPrefix("kineticd") || words.hasPrefix("KINETIC_SOCKET="),
                    "an example broke across lines: \(line)")
            continued = line.hasSuffix("\\")
        }
        if command != ["kineticctl", "list"], command != ["kineticctl", "status"] { #expect(examples > 0, "no examples") }
    }
}
