import Foundation
import Testing
@testable import KineticProtocol
import KineticCommandLine
import KineticTestSupport

/// `kineticctl`'s commands that wait for a reply: `--timeout` bounds the wait (a socket-activated kineticd's first
/// reply includes its start-up, which a slow machine can make longer than the default 5 s), and a timeout that is not
/// a number of seconds in (0, 3600] is refused before anything connects.
@Suite struct KineticctlTimeoutTests {
    /// Runs kineticctl to its end: its exit status and what it wrote to standard error.
    static func run(_ arguments: [String]) throws -> (status: Int32, error: String) {
        let result = try runProduct("kineticctl", arguments)
        return (result.status, result.error)
    }

    /// A socket that accepts connections (the kernel queues them) and never answers: the command fails when its
    /// timeout has passed, naming it, however long the machine takes to get there.
    @Test func aDaemonThatNeverRepliesEndsTheWaitAtTheTimeout() throws {
        let directory = TemporaryDirectory()
        let path = directory.path + "/silent.sock"
        let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(listener) }
        #expect(UnixSocket.withAddress(path) { bind(listener, $0, $1) } == 0)
        #expect(listen(listener, 4) == 0)
        let (status, error) = try Self.run(["status", "--socket", path, "--timeout", "0.3"])
        #expect(status == ExitStatus.unavailable)
        #expect(error.contains("no reply within 0.3 s"), "\(error)")
    }

    @Test(arguments: ["nan", "inf", "0", "--timeout=-1", "3601"])
    func timeoutsOutsideTheRangeAreRefused(_ value: String) throws {
        let arguments = value.hasPrefix("--") ? [value] : ["--timeout", value]
        let (status, error) = try Self.run(["status", "--socket", "/nonexistent/kinetic.sock"] + arguments)
        #expect(status == 64, "ArgumentParser's usage error")
        #expect(error.contains("--timeout must be a number of seconds above 0 and at most 3600, got"), "\(error)")
    }
}
