import Glibc
import FoundationEssentials
import Logging
import ServiceLifecycle
import Testing
@testable import KineticProtocol
@testable import KineticBindings
@testable import KineticServerCore
@testable import KineticServer
@testable import KineticTestSupport

@Suite("kineticd service", .serialized)
struct KineticDaemonServiceTests {
    @Test("READY=1 once serving; on graceful shutdown STOPPING=1 first, then every client gets a shutdown event")
    func lifecycle() async throws {
        let directory = TemporaryDirectory()
        let notifyPath = directory.path + "/notify"
        let notify = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        defer { close(notify) }
        _ = UnixSocket.withAddress(notifyPath) { bind(notify, $0, $1) }
        // The service runs on Swift concurrency's pool: the test must not block a pool thread while it
        // waits for it, so every wait here polls without blocking and sleeps asynchronously.
        func datagram() async -> String {
            var buffer = [UInt8](repeating: 0, count: 4096)
            for _ in 0..<6000 {
                let n = buffer.withUnsafeMutableBytes { recv(notify, $0.baseAddress, $0.count, Int32(MSG_DONTWAIT)) }
                if n > 0 { return String(decoding: buffer[0..<n], as: UTF8.self) }
                try? await Task.sleep(for: .milliseconds(10))
            }
            return ""
        }
        let socketPath = directory.path + "/kineticd.sock"
        let service = KineticDaemonService(
            configuration: DaemonConfiguration.embeddedDefault, socketOverride: socketPath,
            logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }),
            notifier: SystemdNotifier(environment: ["NOTIFY_SOCKET": notifyPath], pid: getpid()),
            replay: try ReplaySchedule.load(path: ReplayFixtures.recordingsDirectory + "/tap.evemu"))
        let group = ServiceGroup(configuration: .init(services: [service], logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() })))
        let running = Task { try await group.run() }
        let ready = await datagram()
        #expect(ready.hasPrefix("READY=1\nSTATUS=serving on \(socketPath)"), "\(ready)")
        let client = try SocketTestClient(path: socketPath, encoding: .jsonLines)
        client.send(.command(Command(id: 1, operation: .list)))
        for _ in 0..<6000 where client.messages(.reply).isEmpty {
            client.receive(timeout: 0.001)
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(client.messages(.reply).first?["channels"]?.arrayValue?.first?.objectValue?["name"] == "touch.position")
        await group.triggerGracefulShutdown()
        #expect(await datagram() == "STOPPING=1\nSTATUS=shutting down")
        for _ in 0..<6000 where !client.sawEOF {
            client.receive(timeout: 0.001)
            try await Task.sleep(for: .milliseconds(10))
        }
        #expect(client.sawEOF)
        #expect(client.messages(.event).last?["event"] == "shutdown")
        try await running.value
        #expect(access(socketPath, F_OK) != 0)
    }
}
