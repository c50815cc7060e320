import Foundation
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

    static func files(_ folder: URL) -> [URL] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.sorted().filter { !$0.hasPrefix(".") && $0 != "README.md" }.map { folder.appendingPathComponent($0) }
    }

    static func run<T>(_ url: URL, _ body: (UnsafeRawBufferPointer) -> T) throws -> T {
        let data = try Data(contentsOf: url)
        return data.withUnsafeBytes { body($0) }
    }

    @Test("protocol seeds reach the server core and are answered")
    func serverCoreSeeds() throws {
        let seeds = Self.files(Self.root.appendingPathComponent("Corpus/serverCore"))
        #expect(seeds.count >= 3)
        for url in seeds {
            #expect(try Self.run(url, FuzzHarness.serverCore) > 0, "\(url.lastPathComponent)")
        }
    }

    @Test("every bundled recording replays through the recording harness")
    func recordingSeeds() throws {
        let seeds = Self.files(Self.repository.appendingPathComponent("Recordings"))
        #expect(seeds.count >= 8)
        for url in seeds {
            #expect(try Self.run(url, FuzzHarness.recording) > 0, "\(url.lastPathComponent)")
        }
    }

    @Test("configuration seeds parse and drive the probe fling")
    func configurationSeeds() throws {
        let seeds = Self.files(Self.root.appendingPathComponent("Corpus/configuration"))
        #expect(seeds.count >= 3)
        for url in seeds {
            #expect(try Self.run(url, FuzzHarness.configuration) > 10, "\(url.lastPathComponent)")
        }
    }

    @Test("animation-expression seeds parse and run")
    func animationSeeds() throws {
        let seeds = Self.files(Self.root.appendingPathComponent("Corpus/animationExpression"))
        #expect(seeds.count >= 15)
        for url in seeds {
            #expect(try Self.run(url, FuzzHarness.animationExpression), "\(url.lastPathComponent)")
        }
    }

    /// Inputs the fuzzer (or a tester) found to crash or hang a target, kept under the target's name.
    @Test("saved regressions no longer crash", arguments: ["serverCore", "recording", "configuration", "animationExpression"])
    func regressions(target: String) throws {
        for url in Self.files(Self.root.appendingPathComponent("Regressions/\(target)")) {
            switch target {
            case "serverCore": _ = try Self.run(url, FuzzHarness.serverCore)
            case "recording": _ = try Self.run(url, FuzzHarness.recording)
            case "configuration": _ = try Self.run(url, FuzzHarness.configuration)
            default: _ = try Self.run(url, FuzzHarness.animationExpression)
            }
        }
    }
}
