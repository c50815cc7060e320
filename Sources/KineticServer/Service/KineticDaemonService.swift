// SPDX-License-Identifier: Apache-2.0
import Logging
import NIOCore
import ServiceLifecycle
import Glibc
import KineticProtocol
import KineticBindings
import KineticServerCore
import KineticTime

/// `kineticd` as a ServiceLifecycle service: serves until SIGTERM/SIGINT, talks to systemd
/// (READY, STATUS, WATCHDOG, STOPPING), and on shutdown finishes the tick in progress, sends
/// every client a `shutdown` event and closes.
public struct KineticDaemonService: Service {
    /// The configuration (file, embedded default, command-line overrides applied).
    public var configuration: DaemonConfiguration
    /// `--socket`, overriding the file and the environment.
    public var socketOverride: String?
    /// Where the daemon logs.
    public var logger: Logger
    /// sd_notify, when run by systemd.
    public var notifier: SystemdNotifier
    /// `--replay FILE`: replay this recording in real time instead of reading devices.
    public var replay: ReplaySchedule?
    /// `--loop`: replay again and again.
    public var loopReplay = false
    /// `--config FILE` (`nil`: the system path when it exists, else the embedded default), re-read at a reload.
    public var configurationPath: String?
    /// The command line's overrides of the file (`--rate`), applied again at every reload.
    public var overrides: @Sendable (inout DaemonConfiguration) -> Void = { _ in }

    /// A service; `replay` replaces live devices.
    public init(configuration: DaemonConfiguration, socketOverride: String?, logger: Logger,
                notifier: SystemdNotifier = .fromEnvironment(), replay: ReplaySchedule? = nil, loopReplay: Bool = false) {
        self.replay = replay
        self.loopReplay = loopReplay
        self.configuration = configuration
        self.socketOverride = socketOverride
        self.logger = logger
        self.notifier = notifier
    }

    /// The listening socket: an inherited one (socket activation) unless `--socket` names a path.
    func listenSocket() throws -> (ListenSocket, String) {
        if socketOverride == nil {
            for (fd, name) in ListenFDs.take() where ListenFDs.isListeningUnixStream(fd) {
                return (.inherited(fd), "socket-activated fd \(fd) (\(name))")
            }
        }
        let path = try SocketLocation.resolve(explicit: socketOverride ?? configuration.socket)
        return (.path(path), path)
    }

    /// The tick rate: the configured one, or with `rate_hz: auto` the connected display's (DRM), falling back to the
    /// configured rate (120 Hz unless `--rate` says otherwise) with a log line that says why.
    func tickRate() -> Double {
        guard configuration.rateIsAuto else { return configuration.rateHz }
        let fallback = configuration.rateHz
        switch DisplayRefresh.detect() {
        case .success(let display) where TickRate.range.contains(display.hz):
            logger.info("rate_hz: auto: the display refreshes at \(display.hz) Hz (\(display.source))")
            return display.hz
        case .success(let display):
            logger.warning("rate_hz: auto: \(display.source) refreshes at \(display.hz) Hz, outside \(TickRate.range); ticking at \(fallback) Hz")
        case .failure(let failure):
            logger.warning("rate_hz: auto: no display rate (\(failure)); ticking at \(fallback) Hz")
        }
        return fallback
    }

    /// With `phase: auto`, the display whose vblanks the ticks follow (DRM); `nil` otherwise, or with a log line that
    /// says why when there is none.
    func phaseDisplay() -> DisplayVblank? {
        guard configuration.phaseIsAuto else { return nil }
        switch DisplayVblank.open() {
        case .success(let display): return display
        case .failure(let failure):
            logger.warning("phase: auto: no display (\(failure)); the ticks keep their own phase (a compositor can still send frame_clock)")
            return nil
        }
    }

    /// The server configuration this daemon configuration implies, ticking at `rate`.
    func serverConfiguration(rate: Double) -> ServerConfiguration {
        func gids(_ name: String?) -> Set<UInt32> {
            guard let name, let entry = getgrnam(name) else { return [] }
            return [entry.pointee.gr_gid]
        }
        return ServerConfiguration(tickHz: rate, maximumClients: configuration.maximumClients,
                                   maximumChannelsPerClient: configuration.maximumChannelsPerClient,
                                   authorization: AuthorizationPolicy(daemonUID: getuid(), allowedGroups: gids(configuration.controlGroup),
                                                                      preferenceGroups: gids(configuration.preferenceGroup)))
    }

    /// Serves until graceful shutdown: listen, READY, watchdog keep-alives, then STOPPING, `shutdown` events, close.
    public func run() async throws {
        let (listen, description) = try listenSocket()
        let rate = tickRate()
        let reduceMotion = configuration.reduceMotion
        let server = try await DaemonServer.start(
            makeEngine: {
                let engine = GraphChannelEngine(epoch: MonotonicClock.now())
                engine.reduceMotion = reduceMotion
                return engine
            },
            configuration: serverConfiguration(rate: rate),
            transport: TransportConfiguration(socketGroup: configuration.socketGroup),
            listen: listen, starting: true, display: phaseDisplay())
        logger.info("listening", metadata: ["socket": "\(description)", "rate_hz": "\(rate)"])
        if let warning = server.socketWarning { logger.warning("\(warning)") }
        var input: LiveInput?
        do {
            if let replay {
                try await server.startReplay(replay, bindings: configuration.bindings, mappings: configuration.mappings,
                                             loop: loopReplay)
                logger.info("replaying", metadata: ["events": "\(replay.items.count)", "loop": "\(loopReplay)"])
            } else {
                try await server.routeInput(bindings: configuration.bindings, mappings: configuration.mappings)
                do {
                    input = try await LiveInput.start(server: server, logger: logger)
                } catch {
                    // Serving clients (commands, client channels) is still useful without input devices.
                    logger.warning("no live input: \(error)")
                }
            }
        } catch {
            await server.stop()
            throw error
        }
        var reloader: ConfigurationReloader?
        if replay == nil {
            reloader = ConfigurationReloader(configuration: configuration, explicitPath: configurationPath, overrides: overrides,
                                             server: server, input: input, logger: logger, notifier: notifier)
            reloader?.start()
        } else {
            let core = server.core
            try await core.eventLoop.submit { core.value.reloader = ReplayKeepsBindings() }.get()
        }
        await server.finishStarting()
        notifier.ready(status: "serving on \(description) at \(rate) Hz")

        // The keep-alive runs on the server's event loop, so a stuck loop earns none and systemd
        // restarts us. A scheduled task, not Task.sleep: see IdleExecutor.
        let watchdog = notifier.watchdogInterval.map { interval in
            let notifier = self.notifier
            return server.scheduleRepeating(every: interval) { notifier.watchdog() }
        }
        try? await gracefulShutdown()
        watchdog?.cancel()
        reloader?.stop()
        notifier.stopping(status: "shutting down")
        logger.info("shutting down: closing clients")
        input?.stop()
        await server.stop()
        logger.info("stopped")
    }
}

/// The `reload` command of a daemon that replays a recording: refused, since the replay keeps the bindings it
/// started with.
private final class ReplayKeepsBindings: ConfigurationReloading {
    func reload(then complete: @escaping (Result<JSONObject, ProtocolError>) -> Void) {
        complete(.failure(ProtocolError(.replayKeepsBindings, "this kineticd replays a recording (--replay) and keeps the bindings it started with; restart it without --replay, or with the new --config, to change them")))
    }
}
