import Foundation
import KineticTestSupport
import Testing

/// Where python3 is, if anywhere.
enum Python {
    static let path: String? = ["/usr/bin/python3", "/usr/local/bin/python3"].first { FileManager.default.isExecutableFile(atPath: $0) }
}

/// The committed Recordings/ are exactly what the documented generator produces.
@Suite(.enabled(if: Python.path != nil, "python3 not found at /usr/bin or /usr/local/bin"))
struct RecordingGeneratorTests {
    @Test func generatorReproducesTheCommittedFiles() throws {
        let output = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-recordings-\(getpid())-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: output) }
        let result = try runProgram(try #require(Python.path),
                                    [Fixtures.repositoryRoot.appendingPathComponent("scripts/make-recordings.py").path, output.path])
        #expect(result.status == 0, "\(result.error)")
        let generated = try FileManager.default.contentsOfDirectory(atPath: output.path).sorted()
        #expect(generated.count == 10)  // 8 evemu files and 2 libinput-record files
        for name in generated {
            let fresh = try Data(contentsOf: output.appendingPathComponent(name))
            let committed = try Data(contentsOf: URL(fileURLWithPath: Fixtures.recording(name)))
            #expect(fresh == committed, "Recordings/\(name) differs from scripts/make-recordings.py's output")
        }
    }
}
