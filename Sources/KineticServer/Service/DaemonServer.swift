// SPDX-License-Identifier: Apache-2.0
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import KineticBindings
import KineticProtocol
import KineticServerCore

/// The running server: one event loop holding the ``ServerCore`` and the connections, the
/// display-rate clock, and the listening socket. `kineticd` wraps it in a ServiceLifecycle service;
/// tests start it on a socket in a temporary directory.
public final class DaemonServer: Sendable {
    /// The core, bound to its event loop.
    public let core: NIOLoopBound<ServerCore>
    /// The input router of the configuration's bindings, on the core's event loop (``routeInput(bindings:mappings:)``
    /// makes it; live devices go through it).
    public let router: NIOLoopBoundBox<InputRouter?>
    /// The display-rate clock.
    public let clock: DispatchTickSource
    /// The socket path, when the server bound one itself.
    public let socketPath: String?
    private let group: MultiThreadedEventLoopGroup
    private let listener: Channel
    private let preparation: SocketPreparation?
    /// Why the socket did not get its group, when it did not (``SocketPreparation/finishBinding(group:)``): the
    /// service logs it.
    public let socketWarning: String?

    private init(core: NIOLoopBound<ServerCore>, clock: DispatchTickSource, socketPath: String?,
                 group: MultiThreadedEventLoopGroup, listener: Channel, preparation: SocketPreparation?,
                 socketWarning: String? = nil) {
        self.socketWarning = socketWarning
        self.core = core
        self.router = NIOLoopBoundBox.makeEmptyBox(valueType: InputRouter.self, eventLoop: core.eventLoop)
        self.clock = clock
        self.socketPath = socketPath
        self.group = group
        self.listener = listener
        self.preparation = preparation
    }

    /// Starts listening. `makeEngine` runs on the event loop (engines are single-threaded). With `starting`, what
    /// clients send is held until ``finishStarting()`` (``ServerCore/beginStarting()``).
    public static func start(
        makeEngine: @escaping @Sendable () -> any ChannelEngine,
        configuration: ServerConfiguration,
        transport: TransportConfiguration = TransportConfiguration(),
        listen: ListenSocket,
        starting: Bool = false,
        display: DisplayVblank? = nil
    ) async throws -> DaemonServer {
        var preparation: SocketPreparation?
        if case .path(let path) = listen { preparation = try SocketPreparation(path: path) }
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let loop = group.next()
        let coreBox = RelaySlot()
        let clock = DispatchTickSource(rateHz: configuration.tickHz, display: display) { tick in coreBox.relay?.deliver(tick) }
        do {
            let core = try await loop.submit {
                // The core drives the Dispatch timer: resumes it, suspends it when idle, and re-arms it against a
                // compositor's vblanks (frame_clock).
                let server = ServerCore(engine: makeEngine(), configuration: configuration, clock: clock)
                if starting { server.beginStarting() }
                return NIOLoopBound(server, eventLoop: loop)
            }.get()
            coreBox.relay = TickRelay(core: core)
            let bind = preparation.map { ListenSocket.path($0.bindPath) } ?? listen
            let listener = try await SocketServer.start(core: core, listen: bind, configuration: transport).get()
            let warning: String?
            do {
                warning = try preparation?.finishBinding(group: transport.socketGroup)
            } catch {
                try? await listener.close()
                throw error
            }
            if case .path(let path) = listen {
                return DaemonServer(core: core, clock: clock, socketPath: path, group: group, listener: listener, preparation: preparation,
                                    socketWarning: warning)
            }
            return DaemonServer(core: core, clock: clock, socketPath: nil, group: group, listener: listener, preparation: nil)
        } catch {
            clock.cancel()
            preparation?.release(removeSocket: false)
            try? await group.shutdownGracefully()
            throw error
        }
    }

    /// Reads what clients sent while the daemon was starting (``ServerCore/finishStarting()``).
    public func finishStarting() async {
        let core = self.core
        try? await core.eventLoop.submit { core.value.finishStarting() }.get()
    }

    /// Runs `body` with the core on its event loop.
    package func withCore<T: Sendable>(_ body: @escaping @Sendable (ServerCore) -> T) async throws -> T {
        let core = self.core
        return try await core.eventLoop.submit { body(core.value) }.get()
    }

    /// Runs `body` on the core's event loop now and then every `interval` until the returned task
    /// is cancelled (the systemd watchdog keep-alive).
    public func scheduleRepeating(every interval: Duration, _ body: @escaping @Sendable () -> Void) -> RepeatedTask {
        core.eventLoop.scheduleRepeatedTask(initialDelay: .zero, delay: TimeAmount(interval)) { _ in body() }
    }

    /// Stops: after the tick in progress, every client gets a `shutdown` event and is closed; then
    /// the listener closes, the clock stops and the socket is removed.
    public func stop() async {
        let core = self.core
        try? await core.eventLoop.submit { core.value.shutdown() }.get()
        try? await listener.close()
        clock.cancel()
        // Let the closes queued by shutdown() flush before the loop goes away.
        try? await core.eventLoop.submit {}.get()
        preparation?.release(removeSocket: true)
        try? await group.shutdownGracefully()
    }
}

/// Lets the clock's handler, created before the core exists, reach the relay created after it.
private final class RelaySlot: Sendable {
    private let box = NIOLockedValueBox<TickRelay?>(nil)
    var relay: TickRelay? {
        get { box.withLockedValue { $0 } }
        set { box.withLockedValue { $0 = newValue } }
    }
}
