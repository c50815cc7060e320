import FoundationEssentials
import KineticFuzzHarness
import Testing

/// Every seed and every saved regression input of the fuzz targets (Tests/Fuzz/README.md), run through the
/// same harness the fuzzer drives, in the ordinary debug build: a harness that stops compiling or a crash
/// that comes back fails `swift test` even where libFuzzer is not run. A harness traps on a broken
/// invariant (a non-finite value sent to a client, a client that lost its frames), which fails the run.
@Suite("Fuzz corpora")
struct FuzzCorpusTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
    static let repository = root.deletingLastPathComponent().deletingLastPathComponent()

    /// A fuzz target: its harness, and where its seeds are.
    enum Target: String, CaseIterable, Sendable {
        case serverCore, recording, configuration, animationExpression

        /// How far the input got: replies sent, frames replayed, or 1 for an animation that ran.
        func run(_ bytes: UnsafeRawBufferPointer) -> Int {
            switch self {
            case .serverCore: FuzzHarness.serverCore(bytes)
            case .recording: FuzzHarness.recording(bytes)
            case .configuration: FuzzHarness.configuration(bytes)
            case .animationExpression: FuzzHarness.animationExpression(bytes) ? 1 : 0
            }
        }

        /// The seed folders; the recording target's are the bundled recordings and the real devices' (as scripts/fuzz.sh
        /// gives them to libFuzzer).
        var seeds: [URL] {
            self == .recording
                ? [repository.appendingPathComponent("Recordings"), repository.appendingPathComponent("Recordings/real")]
                : [root.appendingPathComponent("Corpus/\(rawValue)")]
        }
    }

    /// The inputs in `folder`: its files but hidden ones, folders, and the notes beside the inputs (README.md, LICENSE).
    static func files(_ folder: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().filter { !$0.hasPrefix(".") && $0 != "README.md" && $0 != "LICENSE" }
            .map { folder.appendingPathComponent($0) }
            .filter { (try? FileManager.default.contentsOfDirectory(atPath: $0.path)) == nil }  // not a folder
    }

    static func run(_ target: Target, _ url: URL) throws -> Int {
        try Data(contentsOf: url).withUnsafeBytes { target.run($0) }
    }

    @Test("every seed reaches past its parser: answered, replayed or run", arguments: Target.allCases)
    func seeds(target: Target) throws {
        let seeds = target.seeds.flatMap(Self.files)
        #expect(seeds.count >= 3)
        for url in seeds {
            #expect(try Self.run(target, url) > 0, "\(url.lastPathComponent)")
        }
    }

    /// Inputs the fuzzer (or a tester) found to crash or hang a target, kept under the target's name.
    @Test("saved regressions no longer crash", arguments: Target.allCases)
    func regressions(target: Target) throws {
        for url in Self.files(Self.root.appendingPathComponent("Regressions/\(target.rawValue)")) {
            _ = try Self.run(target, url)
        }
    }
}
