import FoundationEssentials
import Testing
@testable import KineticInput

/// Locates the test fixtures (`Tests/Fixtures/`) and the bundled `Recordings/`.
enum Fixtures {
    /// The repository root, found from this file's path.
    static let repositoryRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.pathComponents.count > 1 {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    }()

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
