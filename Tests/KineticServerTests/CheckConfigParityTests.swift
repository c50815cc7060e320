import Foundation
import Testing
import KineticProtocol
import KineticTestSupport

/// `kineticd --check-config FILE` succeeds exactly when `kineticd --config FILE` starts, and both refuse with
/// status 78 (EX_CONFIG): the real binaries, on the configuration fuzz corpus and on files that once passed the check
/// and failed at start-up, and the configuration fuzz target's saved regressions.
@Suite struct CheckConfigParityTests {
    static let refusedAtStartUpOnce = [
        "bindings:\n  - {gesture: rotate, channel: knob}\n  - {gesture: drag, channel: knob}\n",
        "bindings:\n  - {gesture: swipe, channel: s}\n  - {gesture: pinch, channel: s}\n",
        "bindings:\n  - {gesture: touches, count: 64, channel: t}\n  - {gesture: pinch, channel: t.63}\n",
        "bindings:\n  - {channel: \"a\\nb\"}\n",
        "bindings:\n  - channel: p\n    release: {target: snap, page: [5e-324, 5e-324]}\n",
        "rate_hz: 240\nbindings:\n  - {channel: ok}\n",
    ]

    static var files: [(name: String, text: String)] {
        let corpus = ReplayFixtures.repositoryRoot.appendingPathComponent("Tests/Fuzz/Corpus/configuration")
        let names = ((try? FileManager.default.contentsOfDirectory(atPath: corpus.path)) ?? []).sorted()
        let regressions = ReplayFixtures.repositoryRoot.appendingPathComponent("Tests/Fuzz/Regressions/configuration")
        let saved = ((try? FileManager.default.contentsOfDirectory(atPath: regressions.path)) ?? []).sorted()
        return names.map { ($0, (try? String(contentsOf: corpus.appendingPathComponent($0), encoding: .utf8)) ?? "") }
            + saved.map { ($0, (try? String(contentsOf: regressions.appendingPathComponent($0), encoding: .utf8)) ?? "") }
            + refusedAtStartUpOnce.enumerated().map { ("case-\($0.offset).yaml", $0.element) }
    }

    static func run(_ kineticd: String, _ arguments: [String]) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: kineticd)
        process.arguments = arguments
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// Whether something accepts connections on `path` now.
    static func listening(_ path: String) -> Bool {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(fd) }
        return UnixSocket.withAddress(path) { connect(fd, $0, $1) } == 0
    }

    @Test func checkConfigSucceedsExactlyWhenStartUpDoes() throws {
        let kineticd = try #require(builtProduct("kineticd"), "kineticd beside the test binary")
        let directory = TemporaryDirectory()
        #expect(Self.files.count >= 10)
        for (index, file) in Self.files.enumerated() {
            let path = directory.path + "/\(index).yaml"
            try file.text.write(toFile: path, atomically: true, encoding: .utf8)
            let check = try Self.run(kineticd, ["--check-config", path])
            check.waitUntilExit()
            let socketPath = directory.path + "/\(index).sock"
            let daemon = try Self.run(kineticd, ["--config", path, "--socket", socketPath, "--log-level", "error"])
            // Started: it listens. Refused: it exits. Bounded wait for either, however slow the machine.
            let deadline = Date().addingTimeInterval(60)
            while daemon.isRunning, !Self.listening(socketPath), Date() < deadline { usleep(20_000) }
            let started = daemon.isRunning && Self.listening(socketPath)
            if daemon.isRunning { daemon.terminate() }
            daemon.waitUntilExit()
            #expect(started == (check.terminationStatus == 0), "\(file.name): --check-config \(check.terminationStatus), started \(started)")
            if !started {
                #expect(daemon.terminationStatus == 78 && check.terminationStatus == 78, "\(file.name): EX_CONFIG from both")
            }
        }
    }
}
