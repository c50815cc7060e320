import Glibc
import KineticProtocol
import KineticServerCore
@testable import KineticServer
@testable import KineticTestSupport
import KineticTime

extension DaemonServer {
    /// The daemon's server with its real engine (an `AnimationGraph` whose epoch is now) at 120 Hz, on
    /// `directory`/kineticd.sock; `daemonUID` may change state.
    static func startGraphServer(in directory: TemporaryDirectory, daemonUID: uid_t = getuid()) async throws -> DaemonServer {
        try await DaemonServer.start(
            makeEngine: { GraphChannelEngine(epoch: MonotonicClock.now()) },
            configuration: ServerConfiguration(tickHz: 120, authorization: AuthorizationPolicy(daemonUID: daemonUID)),
            transport: TransportConfiguration(socketGroup: nil), listen: .path(directory.path + "/kineticd.sock"))
    }
}
