import Glibc
import Foundation
import NIOCore
import Testing
@testable import KineticProtocol
@testable import KineticBindings
@testable import KineticServerCore
@testable import KineticServer
@testable import KineticTestSupport
import KineticTime

/// Starts a real server on a socket in a temporary directory, with the in-memory engine and a
/// channel that animates for a long time, so that frames flow at 120 Hz.
private func startServer(in directory: TemporaryDirectory, maximumClients: Int = 64,
                         authorization: AuthorizationPolicy? = nil,
                         transport: TransportConfiguration = TransportConfiguration(socketGroup: nil)) async throws -> DaemonServer {
    let configuration = ServerConfiguration(
        serverName: "kineticd test", tickHz: 120, maximumClients: maximumClients,
        authorization: authorization ?? AuthorizationPolicy(daemonUID: getuid()))
    let server = try await DaemonServer.start(makeEngine: {
        let engine = LinearChannelEngine()
        engine.duration = 3600
        return engine
    }, configuration: configuration, transport: transport, listen: .path(directory.path + "/kineticd.sock"))
    return server
}

/// Defines `moving` (2-D) and animates it for an hour, from a JSON client.
private func startMotion(path: String) throws -> SocketTestClient {
    let owner = try SocketTestClient(path: path, encoding: .jsonLines)
    owner.send(.command(Command(id: 1, operation: .define(channel: "moving", dimension: 2, initial: [0, 0]))))
    owner.send(.command(Command(id: 2, operation: .animate(channel: "moving", to: [3600, 7200], animation: nil, completion: nil))))
    owner.receive(timeout: 5) { if case .message(.reply, let o) = $0 { return o["id"] == 2 } else { return false } }
    return owner
}

/// Does `meanwhile`, then asks the core for its number of clients, until `done` holds of it or `seconds` have passed;
/// returns the last count. The server lets a client go when its hang-up or its slowness reaches the event loop, which
/// a busy machine delays past any fixed pause; `meanwhile` comes first so that clients just connected are counted.
private func clientCount(of server: DaemonServer, within seconds: Double, until done: (Int) -> Bool,
                         meanwhile: () async throws -> Void) async throws -> Int {
    let deadline = Date().addingTimeInterval(seconds)
    var clients: Int
    repeat {
        try await meanwhile()
        clients = try await server.withCore { $0.clientCount }
    } while !done(clients) && Date() < deadline
    return clients
}

private func isFrame(_ message: ReceivedMessage) -> Bool {
    if case .frame = message { return true }
    return false
}

/// Reads a client on a thread of its own until stopped (a client that must keep up whatever the cooperative pool does).
private final class WatcherThread: @unchecked Sendable {
    private let client: SocketTestClient
    private let done = NSCondition()
    private var stopping = false
    private var finished = false

    init(_ client: SocketTestClient) {
        self.client = client
        Thread.detachNewThread { [self] in
            while !isStopping { self.client.receive(timeout: 0.05) }
            done.lock()
            finished = true
            done.broadcast()
            done.unlock()
        }
    }

    private var isStopping: Bool {
        done.lock()
        defer { done.unlock() }
        return stopping
    }

    /// Stops reading and waits for the thread to let go of the client.
    func stop() {
        done.lock()
        stopping = true
        while !finished { done.wait() }
        done.unlock()
    }
}

@Suite("Unix socket server", .serialized)
struct SocketServerTests {
    @Test("both encodings on one socket see the same frames; peer credentials come from SO_PEERCRED")
    func bothEncodings() async throws {
        let directory = TemporaryDirectory()
        let server = try await startServer(in: directory)
        let path = try #require(server.socketPath)
        var status = stat()
        #expect(stat(path, &status) == 0 && status.st_mode & 0o777 == 0o660)
        let owner = try startMotion(path: path)
        let json = try SocketTestClient(path: path, encoding: .jsonLines)
        let binary = try SocketTestClient(path: path, encoding: .binary)
        json.send(.hello(Hello(major: 1, client: "json")))
        binary.send(.hello(Hello(major: 1, client: "binary")))
        json.send(.subscribe(Subscription(patterns: ["mov*"])))
        binary.send(.subscribe(Subscription(patterns: ["moving"])))
        json.receive(timeout: 5) { _ in json.frames.count >= 30 }
        binary.receive(timeout: 5) { _ in binary.frames.count >= 30 }
        #expect(json.messages(.hello).first?["server"] == "kineticd test")
        #expect(binary.messages(.hello).first?["encoding"] == "binary")
        let layout = try #require(binary.layout)
        #expect(layout.channels.map(\.name) == ["moving"])
        // The same seq carries the same values in both encodings.
        let jsonBySeq = Dictionary(json.frames.map { ($0.seq, $0) }, uniquingKeysWith: { a, _ in a })
        var compared = 0
        for frame in binary.frames {
            guard let other = jsonBySeq[frame.seq] else { continue }
            #expect(frame.timeNanoseconds == other.timeNanoseconds)
            #expect(frame.sample(of: "moving", layout: layout) == other.sample(of: "moving", layout: nil))
            compared += 1
        }
        #expect(compared >= 10)
        // Seq increases strictly and time_ns is CLOCK_MONOTONIC of the tick.
        let seqs = binary.frames.map(\.seq)
        #expect(zip(seqs, seqs.dropFirst()).allSatisfy { $0 < $1 })
        let now = MonotonicClock.now()
        #expect(binary.frames.last.map { $0.timeNanoseconds <= now && now - $0.timeNanoseconds < 5_000_000_000 } == true)
        // SO_PEERCRED: the core saw this process.
        owner.send(.command(Command(id: 3, operation: .status)))
        owner.receive(timeout: 5) { if case .message(.reply, let o) = $0 { return o["id"] == 3 } else { return false } }
        #expect(owner.messages(.reply).last?["clients"] == 3)
        await server.stop()
        #expect(json.waitForEOF(timeout: 5))
        #expect(json.messages(.event).last?["event"] == "shutdown")
        #expect(access(path, F_OK) != 0, "the server removes its socket when it stops")
    }

    @Test("hostile clients get their errors or are disconnected while a subscriber's frames keep flowing")
    func hostileClients() async throws {
        let directory = TemporaryDirectory()
        let server = try await startServer(in: directory, maximumClients: 64)
        let path = try #require(server.socketPath)
        let owner = try startMotion(path: path)
        let watcher = try SocketTestClient(path: path, encoding: .binary)
        watcher.send(.hello(Hello(major: 1)))
        watcher.send(.subscribe(Subscription(patterns: ["*"])))
        watcher.receive(timeout: 5) { _ in watcher.frames.count >= 5 }
        let firstSeq = try #require(watcher.frames.last?.seq)

        // Garbage first bytes: an error (binary framing, since the first byte is not '{'), then close.
        let garbage = try SocketTestClient(path: path, encoding: .binary)
        garbage.send(Array("GET / HTTP/1.1\r\nHost: kinetic\r\n\r\n".utf8))
        #expect(garbage.waitForEOF(timeout: 5))
        #expect(garbage.messages(.error).map { $0["code"] } == ["bad_message"])

        // An oversized length after a valid HELLO: too_large, closed, nothing buffered.
        let oversized = try SocketTestClient(path: path, encoding: .binary)
        oversized.send(.hello(Hello(major: 1)))
        var header: [UInt8] = []
        BinaryHeader(length: 0x7FFF_FFFF, type: 5, flags: 0).write(to: &header)
        oversized.send(header + [UInt8](repeating: 0x41, count: 4096))
        #expect(oversized.waitForEOF(timeout: 5))
        #expect(oversized.messages(.error).map { $0["code"] } == ["too_large"])

        // Malformed JSON and unknown types: errors, and the connection stays usable.
        let sloppy = try SocketTestClient(path: path, encoding: .jsonLines)
        sloppy.send(Array("{\"type\":\"subscribe\",\"channels\":[\n{\"type\":\"teleport\"}\n{\"type\":\"command\",\"id\":4,\"op\":\"list\"}\n".utf8))
        sloppy.receive(timeout: 5) { if case .message(.reply, _) = $0 { return true } else { return false } }
        #expect(sloppy.messages(.error).map { $0["code"] } == ["bad_message", "unknown_type"])
        #expect(sloppy.messages(.reply).first?["ok"] == true)
        #expect(!sloppy.sawEOF)

        // 1 000 connect/disconnect cycles, some sending a partial message first.
        for i in 0..<1000 {
            let churn = try SocketTestClient(path: path, encoding: .jsonLines)
            if i % 3 == 0 { churn.send(Array("{\"type\":\"hel".utf8)) }
        }
        // A bounded wait, reading the watcher meanwhile (7 churned clients were still counted 0.5 s after the last
        // one on a busy machine, 2026-11-27).
        let clients = try await clientCount(of: server, within: 30, until: { $0 == 3 }) { watcher.receive(timeout: 0.05) }
        #expect(clients == 3, "owner, watcher and sloppy remain; churned clients are gone")

        // The subscriber kept receiving frames throughout: at least 20 more than before the hostile clients came (a
        // sixth of a second at 120 Hz), read as they come for up to 30 s, not during whatever time the wait above took.
        watcher.receive(timeout: 30) { _ in watcher.frames.count(where: { $0.seq > firstSeq }) >= 20 }
        let frames = watcher.frames.filter { $0.seq > firstSeq }
        #expect(frames.count >= 20)
        #expect(!watcher.sawEOF)
        _ = owner
        await server.stop()
    }

    @Test("a client that never reads is disconnected with too_slow; the others keep their frames")
    func neverReads() async throws {
        let directory = TemporaryDirectory()
        // The watcher reads on a thread of its own: read between `await`s, it depended on the cooperative pool, which
        // the other suites' blocking socket waits can hold for seconds on two cores, and it was dropped as too slow
        // with the stalled client. 2 s (not 300 ms) leaves room for a busy machine's scheduling on top.
        let transport = TransportConfiguration(slowClientTimeout: .seconds(2),
                                               writeBufferWaterMark: .init(low: 1024, high: 4096),
                                               sendBufferSize: 4096, socketGroup: nil)
        let server = try await startServer(in: directory, transport: transport)
        let path = try #require(server.socketPath)
        let owner = try startMotion(path: path)
        let stalled = try SocketTestClient(path: path, encoding: .jsonLines)
        stalled.send(.subscribe(Subscription(patterns: ["*"])))
        let watcher = try SocketTestClient(path: path, encoding: .binary)
        watcher.send(.hello(Hello(major: 1)))
        watcher.send(.subscribe(Subscription(patterns: ["*"])))
        let reading = WatcherThread(watcher)
        // The stalled client does not read; within a few seconds the server gives up on it.
        let clients = try await clientCount(of: server, within: 10, until: { $0 != 3 }) {
            try await Task.sleep(for: .milliseconds(50))
        }
        reading.stop()
        #expect(clients == 2)
        // What it finally reads: frames (with gaps, latest-wins), then EOF; never a connection without end.
        #expect(stalled.waitForEOF(timeout: 5))
        let seqs = stalled.frames.map(\.seq)
        #expect(zip(seqs, seqs.dropFirst()).allSatisfy { $0 < $1 })
        let watcherSeqs = watcher.frames.map(\.seq)
        #expect(watcher.frames.count >= 60)
        // The tiny buffers of this test can drop a watcher frame when the machine is busy; what matters
        // is that its frames kept coming, in order, while the stalled client was being dropped.
        #expect(zip(watcherSeqs, watcherSeqs.dropFirst()).allSatisfy { $1 > $0 })
        _ = owner
        await server.stop()
    }

    @Test("a stalled subscriber costs the others no frames: theirs keep every seq while its own wait, newest first")
    func stalledSubscriberCostsOthersNothing() async throws {
        let directory = TemporaryDirectory()
        // The stalled client's frames are 8 KiB (eight 64-component channels) and the watcher's 80 bytes (`moving`
        // alone): with 64 KiB asked for each socket's send buffer, the stalled client is full after a few dozen
        // frames, while the watcher could be read seconds late before its own buffer filled. It is not given up on
        // during the test.
        let transport = TransportConfiguration(slowClientTimeout: .seconds(600), sendBufferSize: 65536, socketGroup: nil)
        let server = try await startServer(in: directory, transport: transport)
        let path = try #require(server.socketPath)
        let owner = try startMotion(path: path)
        for k in 0..<8 {
            owner.send(.command(Command(id: .number(Double(10 + 2 * k)), operation: .define(channel: "big\(k)", dimension: 64, initial: Array(repeating: 0, count: 64)))))
            owner.send(.command(Command(id: .number(Double(11 + 2 * k)), operation: .animate(channel: "big\(k)", to: Array(repeating: 3600, count: 64),
                                                                             animation: nil, completion: nil))))
        }
        owner.receive(timeout: 5) { if case .message(.reply, let o) = $0 { return o["id"] == 25 } else { return false } }
        #expect(owner.messages(.reply).allSatisfy { $0["ok"] == true })
        let watcher = try SocketTestClient(path: path, encoding: .binary)
        watcher.send(.hello(Hello(major: 1)))
        watcher.send(.subscribe(Subscription(patterns: ["moving"])))
        let stalled = try SocketTestClient(path: path, encoding: .binary)
        stalled.send(.hello(Hello(major: 1)))
        stalled.send(.subscribe(Subscription(patterns: ["*"])))
        // 360 ticks (3 s): 2.9 MB of frames for the stalled client, far beyond what its socket holds.
        #expect(watcher.wait(timeout: 60) { watcher.frames.count >= 360 })
        let seqs = watcher.frames.map(\.seq)
        #expect(seqs.count >= 360)
        #expect(zip(seqs, seqs.dropFirst()).allSatisfy { $1 == $0 + 1 }, "the watcher missed no tick while the other client was stalled")
        // The stalled client, reading at last, gets frames in order with gaps (those replaced while it was full), and
        // then the newest: one at least as new as the watcher's last.
        let last = try #require(seqs.last)
        #expect(stalled.wait(timeout: 30) { stalled.frames.last.map { $0.seq >= last } ?? false })
        let stalledSeqs = stalled.frames.map(\.seq)
        #expect(zip(stalledSeqs, stalledSeqs.dropFirst()).allSatisfy { $0 < $1 })
        #expect(zip(stalledSeqs, stalledSeqs.dropFirst()).contains { $1 > $0 + 1 }, "frames were dropped for the stalled client")
        #expect(!stalled.sawEOF)
        _ = owner
        await server.stop()
    }

    @Test("a second instance never takes a live instance's socket; a stale socket is replaced")
    func liveSocketIsKept() async throws {
        let directory = TemporaryDirectory()
        let server = try await startServer(in: directory)
        let path = try #require(server.socketPath)
        var before = stat()
        stat(path, &before)
        await #expect(throws: ConfigurationError.self) { _ = try await startServer(in: directory) }
        var after = stat()
        stat(path, &after)
        #expect(before.st_ino == after.st_ino)
        _ = try SocketTestClient(path: path, encoding: .jsonLines)
        await server.stop()

        // A socket file nobody listens on (a crashed instance) is cleaned up.
        let stale = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        _ = UnixSocket.withAddress(path) { bind(stale, $0, $1) }
        close(stale)
        #expect(UnixSocket.probe(path) == .stale)
        let second = try await startServer(in: directory)
        _ = try SocketTestClient(path: path, encoding: .jsonLines)
        await second.stop()
    }

    @Test("the socket appears at its path only with its final mode and group: bound in a private directory, then moved")
    func socketAppearsWithItsFinalMode() throws {
        let directory = TemporaryDirectory()
        let path = directory.path + "/kineticd.sock"
        let preparation = try SocketPreparation(path: path)
        #expect(preparation.bindPath != path && preparation.bindPath.hasPrefix(directory.path + "/.k"))
        var status = stat()
        let privateDirectory = String(preparation.bindPath.dropLast(2))
        #expect(stat(privateDirectory, &status) == 0 && status.st_mode & 0o777 == 0o700, "nobody else can reach it")
        // Bound and listening, with the mode this process's umask gives: nothing is at the path yet.
        let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        defer { close(listener) }
        let previous = umask(0)
        #expect(UnixSocket.withAddress(preparation.bindPath) { bind(listener, $0, $1) } == 0 && listen(listener, 8) == 0)
        umask(previous)
        #expect(UnixSocket.probe(path) == .absent, "no client can connect before the mode and group are set")
        let group = String(cString: getgrgid(getgid()).pointee.gr_name)
        #expect(try preparation.finishBinding(group: group) == nil)
        #expect(stat(path, &status) == 0 && status.st_mode & 0o777 == 0o660 && status.st_gid == getgid())
        #expect(UnixSocket.probe(path) == .live)
        #expect(stat(privateDirectory, &status) != 0, "the private directory is gone")
        preparation.release(removeSocket: true)
        #expect(UnixSocket.probe(path) == .absent)
    }

    @Test("commands from an unauthorized uid get permission_denied; it may still subscribe")
    func unauthorizedUID() async throws {
        let directory = TemporaryDirectory()
        let me = getuid()
        // As root, the client runs as nobody through setpriv; otherwise the daemon pretends to be another uid.
        let policy = AuthorizationPolicy(daemonUID: me == 0 ? 0 : me &+ 1)
        let server = try await startServer(in: directory, authorization: policy)
        let path = try #require(server.socketPath)
        let script = """
        import socket, json, sys
        s = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
        s.connect(sys.argv[1])
        s.sendall(b'{"type":"command","id":1,"op":"define","channel":"x","dimension":1}\\n{"type":"subscribe","channels":["*"]}\\n')
        f = s.makefile()
        for _ in range(2):
            print(f.readline().strip())
        """
        chmod(directory.path, 0o755)
        chmod(path, 0o666)
        let process = Process()
        if me == 0 {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/setpriv")
            process.arguments = ["--reuid=65534", "--regid=65534", "--clear-groups", "/usr/bin/python3", "-c", script, path]
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/python3")
            process.arguments = ["-c", script, path]
        }
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        process.waitUntilExit()
        let lines = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self).split(separator: "\n")
        #expect(lines.count == 2)
        let reply = try JSONValue.parse(String(lines.first ?? "")).objectValue
        #expect(reply?["ok"] == false)
        #expect(reply?["error"]?.objectValue?["code"] == "permission_denied")
        #expect(try JSONValue.parse(String(lines.last ?? "")).objectValue?["type"] == "schema")
        let channels = try await server.withCore { $0.engine.channels.count }
        #expect(channels == 0)
        await server.stop()
    }
}
