import FoundationEssentials
import Testing
import KineticTestSupport
@testable import KineticInput

/// Locates the test fixtures (`Tests/Fixtures/`) and the bundled `Recordings/`.
enum Fixtures {
    /// The repository root (``ReplayFixtures/repositoryRoot``).
    static var repositoryRoot: URL { ReplayFixtures.repositoryRoot }

    /// `Tests/Fixtures/<name>`; records a clear issue when it is missing.
    static func fixture(_ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws -> String {
        let path = repositoryRoot.appendingPathComponent("Tests/Fixtures/\(name)").path
        guard FileManager.default.fileExists(atPath: path) else {
            Issue.record("fixture missing: \(path)", sourceLocation: sourceLocation)
            throw FixtureMissing(path: path)
        }
        return path
    }

    /// `Recordings/<name>` in this repository.
    static func recording(_ name: String) -> String {
        repositoryRoot.appendingPathComponent("Recordings/\(name)").path
    }

    struct FixtureMissing: Error { var path: String }
}
