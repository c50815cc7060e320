#if AnimatableMacro
import Foundation
import KineticTestSupport
import Testing

/// One macro expansion the compiler printed: the code a role of `@Animatable` or `@AnimatableIgnored` added.
struct Expansion: Equatable, Comparable, CustomStringConvertible {
    enum Role: String, Comparable {
        case member, `extension`, peer

        static func < (a: Role, b: Role) -> Bool { a.rawValue < b.rawValue }
    }

    var role: Role
    var text: String

    static func < (a: Expansion, b: Expansion) -> Bool { (a.role, a.text) < (b.role, b.text) }

    var description: String { "\(role):\n\(text)" }
}

/// What the compiler said about one test source.
struct MacroCompilation {
    /// The non-empty expansions it printed (`-dump-macro-expansions`), sorted by role and text: which role the
    /// compiler expands first is its own business.
    var expansions: [Expansion]
    /// Everything else it wrote: diagnostics and, when they did not match the source's `expected-…` comments, the
    /// verifier's complaints.
    var output: String
    /// Its exit status: 0 when every expected diagnostic and fix-it was produced and nothing else was.
    var status: Int32
}

/// Type-checks test sources with the toolchain's compiler against the `Kinetic` module and the `KineticMacros`
/// plugin that this package's build made, as a user's build does.
///
/// The test target does not link the macro's implementation (a test target that depends on a macro makes SwiftPM
/// build the whole test product, and everything it links, a second time for the host; docs/BUILD-TIMES.md): the
/// macros run where users run them, in the compiler, which also checks that the expanded code type-checks. The
/// compiler's own verifier (`-verify`, as in the compiler's test suite) matches its diagnostics and fix-its against
/// `// expected-error@+1 {{message}} {{line:column-line:column=replacement}}` comments in the source; any
/// diagnostic without such a comment fails the compile.
enum MacroCompiler {
    /// `swiftc` of the toolchain on `PATH` (the one `swift test` runs from), the plugin, and the build's folder of
    /// products (its modules in `Modules`); or what is missing.
    static let setup: Result<(swiftc: String, plugin: String, products: String), SetupError> = {
        guard let swiftc = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
            .map({ "\($0)/swiftc" }).first(where: FileManager.default.isExecutableFile(atPath:))
        else { return .failure(SetupError(message: "no swiftc on PATH")) }
        guard let folder = builtProductsFolder() else {
            return .failure(SetupError(message: "cannot read /proc/self/exe"))
        }
        // SwiftPM names a plugin built for the host with "-tool" when the destination is built too.
        guard let plugin = builtProduct("KineticMacros-tool") ?? builtProduct("KineticMacros") else {
            return .failure(SetupError(message: "no KineticMacros plugin in \(folder)"))
        }
        guard FileManager.default.fileExists(atPath: "\(folder)/Modules/Kinetic.swiftmodule") else {
            return .failure(SetupError(message: "no Kinetic.swiftmodule in \(folder)/Modules"))
        }
        return .success((swiftc, plugin, folder))
    }()

    struct SetupError: Error, CustomStringConvertible {
        var message: String
        var description: String { "cannot run the compiler on the macro tests: \(message)" }
    }

    /// Type-checks `source` (a file of module `MacroTest` that may `import Kinetic`) in Swift 6 mode, with the
    /// verifier on.
    static func typeCheck(_ source: String) throws -> MacroCompilation {
        let (swiftc, plugin, products) = try setup.get()
        let directory = TemporaryDirectory()
        defer { withExtendedLifetime(directory) {} }  // removed once the compiler is done with the file
        let file = directory.path + "/MacroTest.swift"
        try source.write(toFile: file, atomically: true, encoding: .utf8)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: swiftc)
        process.arguments = [
            "-typecheck", "-swift-version", "6", "-module-name", "MacroTest", "-diagnostic-style", "llvm",
            "-I", "\(products)/Modules", "-module-cache-path", "\(products)/ModuleCache",
            "-load-plugin-executable", "\(plugin)#KineticMacros",
            "-Xfrontend", "-dump-macro-expansions", "-Xfrontend", "-verify",
            file,
        ]
        let pipe = Pipe()
        process.standardOutput = pipe
        process.standardError = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return parse(String(decoding: data, as: UTF8.self), status: process.terminationStatus)
    }

    /// Splits the compiler's output into the expansions it dumped, each printed as
    /// `@__swiftmacro_<mangled name>.swift`, a line of dashes, the code, a line of dashes (the mangled name ends in
    /// `fMm_` for a member role, `fMe_` for an extension and `fMp_` for a peer), and the rest.
    static func parse(_ text: String, status: Int32) -> MacroCompilation {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let isRule = { (line: String) in line.count >= 10 && line.allSatisfy { $0 == "-" } }
        var expansions: [Expansion] = []
        var output: [String] = []
        var index = 0
        while index < lines.count {
            let line = lines[index]
            if line.hasPrefix("@__swiftmacro_"), index + 1 < lines.count, isRule(lines[index + 1]),
               let end = lines[(index + 2)...].firstIndex(where: isRule) {
                let body = lines[(index + 2)..<end].joined(separator: "\n")
                let role: Expansion.Role? =
                    line.hasSuffix("fMm_.swift") ? .member
                    : line.hasSuffix("fMe_.swift") ? .extension
                    : line.hasSuffix("fMp_.swift") ? .peer : nil
                if let role {
                    if !body.isEmpty { expansions.append(Expansion(role: role, text: body)) }
                } else {
                    output.append("an expansion of an unknown role: \(line)\n\(body)")
                }
                index = end + 1
            } else {
                output.append(line)
                index += 1
            }
        }
        return MacroCompilation(
            expansions: expansions.sorted(),
            output: output.joined(separator: "\n").trimmingCharacters(in: .whitespacesAndNewlines),
            status: status)
    }
}

/// Type-checks `source` and records an issue unless the compiler accepted it (its `expected-…` comments met, no
/// other diagnostic) and expanded exactly `expansions` (non-empty ones, in any order).
func assertTypeChecks(
    _ source: String,
    expansions expected: [Expansion],
    sourceLocation: SourceLocation = #_sourceLocation
) {
    let compilation: MacroCompilation
    do {
        compilation = try MacroCompiler.typeCheck(source)
    } catch {
        Issue.record("\(error)", sourceLocation: sourceLocation)
        return
    }
    #expect(compilation.status == 0, "swiftc: \(compilation.output)", sourceLocation: sourceLocation)
    #expect(compilation.expansions == expected.sorted(), sourceLocation: sourceLocation)
}
#endif
