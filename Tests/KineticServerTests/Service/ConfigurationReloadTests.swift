import Glibc
import FoundationEssentials
import Logging
import Testing
@testable import KineticProtocol
@testable import KineticBindings
@testable import KineticServerCore
@testable import KineticServer
@testable import KineticTestSupport

/// `kineticctl reload` (the `reload` command) and SIGHUP re-read the configuration on a running daemon:
/// the bindings' channels change between two ticks, clients stay, an invalid file changes nothing.
@Suite("Configuration reload", .serialized)
struct ConfigurationReloadTests {
    static func write(_ text: String, to path: String) throws {
        try text.write(toFile: path, atomically: true, encoding: .utf8)
    }

    /// A running daemon: `text` as its configuration file, the real engine with the channels it binds, a
    /// reloader (no devices), and a JSON client connected to it.
    struct Running {
        let directory: TemporaryDirectory
        let path: String
        let server: DaemonServer
        let reloader: ConfigurationReloader
        let client: SocketTestClient

        func stop() async {
            reloader.stop()
            await server.stop()
        }
    }

    static func start(configuration text: String) async throws -> Running {
        let directory = TemporaryDirectory()
        let path = directory.path + "/kineticd.yaml"
        try write(text, to: path)
        let (configuration, _) = try DaemonConfiguration.load(explicitPath: path)
        let server = try await DaemonServer.startGraphServer(in: directory)
        try await server.routeInput(bindings: configuration.bindings)
        let reloader = ConfigurationReloader(configuration: configuration, explicitPath: path, overrides: { _ in },
                                             server: server, input: nil,
                                             logger: Logger(label: "test", factory: { _ in SwiftLogNoOpLogHandler() }),
                                             notifier: SystemdNotifier(environment: [:], pid: getpid()))
        reloader.start()
        let client = try SocketTestClient(path: try #require(server.socketPath), encoding: .jsonLines)
        return Running(directory: directory, path: path, server: server, reloader: reloader, client: client)
    }

    static func reply(_ client: SocketTestClient, _ id: Int) -> JSONObject? {
        client.receive(timeout: 60) { _ in client.messages(.reply).contains { $0["id"] == .number(Double(id)) } }
        return client.messages(.reply).first { $0["id"] == .number(Double(id)) }
    }

    @Test("reload swaps the bound channels, keeps a channel that stays, keeps the clients, and refuses an invalid file")
    func reloadCommand() async throws {
        let running = try await Self.start(configuration: "bindings:\n  - channel: alpha\n  - channel: beta\n    gesture: pinch\n")
        let client = running.client, path = running.path
        client.send(.subscribe(Subscription(patterns: ["*"])))
        // A client moves beta; the reload must leave it moving, not jump it back to 1.
        client.send(.command(Command(id: 1, operation: .animate(channel: "beta", to: [3], animation: ".linear(duration: 60)", completion: nil))))
        #expect(Self.reply(client, 1)?["ok"] == true)

        try Self.write("reduce_motion: true\nmax_clients: 7\nbindings:\n  - channel: beta\n    gesture: pinch\n  - channel: gamma\n", to: path)
        client.send(.command(Command(id: 2, operation: .reload)))
        let reloaded = try #require(Self.reply(client, 2))
        #expect(reloaded["ok"] == true && reloaded["source"] == .string(path) && reloaded["bindings"] == 2)
        #expect(reloaded["restart_needed"] == .array(["max_clients"]))
        client.send(.command(Command(id: 3, operation: .list)))
        let names = Self.reply(client, 3)?["channels"]?.arrayValue?.compactMap { $0.objectValue?["name"]?.stringValue }
        #expect(names == ["beta", "gamma"])
        client.send(.command(Command(id: 4, operation: .status)))
        #expect(Self.reply(client, 4)?["reduce_motion"] == true)
        // A new schema before the frames that carry gamma; beta kept its animation.
        client.receive(timeout: 60) { _ in client.layout?.channels.map(\.name) == ["beta", "gamma"] && client.frames.count > 2 }
        let beta = try #require(client.frames.last?.sample(of: "beta", layout: nil))
        #expect(beta.value[0] > 1 && beta.value[0] < 3 && beta.velocity[0] > 0, "\(beta)")

        // Invalid: refused with file:line:column, nothing changes.
        try Self.write("bindings:\n  - channel: delta\n    animation: \".sprng\"\n", to: path)
        client.send(.command(Command(id: 5, operation: .reload)))
        let refused = try #require(Self.reply(client, 5))
        #expect(refused["ok"] == false)
        let error = try #require(refused["error"]?.objectValue)
        #expect(error["code"] == "bad_configuration")
        #expect(error["message"]?.stringValue?.hasPrefix("\(path):3:") == true, "\(error)")
        client.send(.command(Command(id: 6, operation: .list)))
        let after = Self.reply(client, 6)?["channels"]?.arrayValue?.compactMap { $0.objectValue?["name"]?.stringValue }
        #expect(after == ["beta", "gamma"])
        #expect(!client.sawEOF)
        await running.stop()
    }

    @Test("a bound name a client already holds is refused before anything changes")
    func clientChannelConflict() async throws {
        let running = try await Self.start(configuration: "bindings:\n  - channel: alpha\n")
        let client = running.client, path = running.path
        client.send(.command(Command(id: 1, operation: .define(channel: "mine", dimension: 1, initial: nil))))
        #expect(Self.reply(client, 1)?["ok"] == true)
        try Self.write("bindings:\n  - channel: mine\n", to: path)
        client.send(.command(Command(id: 2, operation: .reload)))
        let refused = try #require(Self.reply(client, 2))
        #expect(refused["error"]?.objectValue?["code"] == "bad_configuration")
        client.send(.command(Command(id: 3, operation: .list)))
        let channels = Self.reply(client, 3)?["channels"]?.arrayValue?.compactMap { $0.objectValue }
        #expect(channels?.map { $0["name"] } == ["alpha", "mine"])
        #expect(channels?.map { $0["owner"] } == ["configuration", "self"])
        await running.stop()
    }

    @Test("reload needs the right to change state")
    func reloadIsAuthorized() {
        let h = CoreHarness()
        final class Reloader: ConfigurationReloading {
            var called = false
            func reload(then complete: @escaping (Result<JSONObject, ProtocolError>) -> Void) {
                called = true
                complete(.success([:]))
            }
        }
        let reloader = Reloader()
        h.core.reloader = reloader
        let (stranger, sink) = h.connect(.jsonLines, uid: 4242, gid: 4242)
        h.command(1, .reload, from: stranger)
        #expect(sink.replies().first?["error"]?.objectValue?["code"] == "permission_denied")
        #expect(!reloader.called)
        let (owner, ownerSink) = h.connect(.jsonLines)
        h.command(2, .reload, from: owner)
        #expect(reloader.called && ownerSink.replies().first?["ok"] == true)
    }
}
