// SPDX-License-Identifier: Apache-2.0
import Dispatch
import Logging
import NIOConcurrencyHelpers
import NIOCore
import Glibc
import KineticBindings
import KineticProtocol
import KineticServerCore

/// Re-reads kineticd's configuration and swaps its bindings while serving: on SIGHUP (systemd's
/// `ExecReload=`) and on the `reload` command (`kineticctl reload`).
///
/// The file is the one start-up would read now (``DaemonConfiguration/load(explicitPath:)``), with the
/// command line's overrides applied again. An invalid file is refused with its `file:line:column` error
/// and the running configuration stays. A valid one takes effect between two ticks: the bindings and their
/// channels (``LiveInput/reload(bindings:)``; a channel that stays keeps its value) and `reduce_motion`.
/// The rest — the socket, its group, the control group, the limits and the tick rate — is bound at
/// start-up; a change to it is reported (`restart_needed` in the reply, a warning in the log) and waits for
/// a restart. Clients stay connected throughout.
///
/// Reading happens on a serial queue of its own, never on the event loop, which keeps ticking meanwhile.
public final class ConfigurationReloader: ConfigurationReloading, @unchecked Sendable {
    private let queue = DispatchQueue(label: "kineticd.reload")
    private let explicitPath: String?
    private let overrides: @Sendable (inout DaemonConfiguration) -> Void
    private let server: DaemonServer
    private let input: LiveInput?
    private let logger: Logger
    private let notifier: SystemdNotifier
    /// What the daemon started with: the settings bound at start-up keep these values until a restart.
    private let startup: DaemonConfiguration
    // Confined to `queue`.
    private var signalSource: DispatchSourceSignal?

    /// A reloader for a daemon started with `configuration`, read from `explicitPath` (`--config`, or `nil`
    /// for the system path or the embedded default) and changed by `overrides` (`--rate`).
    public init(configuration: DaemonConfiguration, explicitPath: String?,
                overrides: @escaping @Sendable (inout DaemonConfiguration) -> Void,
                server: DaemonServer, input: LiveInput?, logger: Logger, notifier: SystemdNotifier) {
        self.startup = configuration
        self.explicitPath = explicitPath
        self.overrides = overrides
        self.server = server
        self.input = input
        self.logger = logger
        self.notifier = notifier
    }

    /// Serves `reload` commands and SIGHUP.
    public func start() {
        let core = server.core
        let reloader = self
        core.eventLoop.execute { core.value.reloader = reloader }
        queue.sync {
            signal(SIGHUP, SIG_IGN)
            let source = DispatchSource.makeSignalSource(signal: SIGHUP, queue: queue)
            source.setEventHandler { _ = reloader.reloadNow() }
            source.resume()
            signalSource = source
        }
    }

    /// The `reload` command: called on the core's event loop; the file is read on the reloader's queue and the
    /// completion goes back to the loop.
    public func reload(then complete: @escaping (Result<JSONObject, ProtocolError>) -> Void) {
        let eventLoop = server.core.eventLoop
        let completion = NIOLoopBound(complete, eventLoop: eventLoop)
        queue.async {
            let result = self.reloadNow()
            eventLoop.execute { completion.value(result) }
        }
    }

    /// Stops serving reloads (shutdown).
    public func stop() {
        // The core holds the reloader, which holds the server that holds the core: let go at the end.
        let core = server.core
        core.eventLoop.execute { core.value.reloader = nil }
        queue.sync {
            signalSource?.cancel()
            signalSource = nil
        }
    }

    /// Reloads now, on `queue`; logs the outcome and returns the reply's fields or the error.
    private func reloadNow() -> Result<JSONObject, ProtocolError> {
        notifier.reloading()
        defer { notifier.ready(status: "serving (configuration reloaded)") }
        var next: DaemonConfiguration
        let path: String?
        do {
            (next, path) = try DaemonConfiguration.load(explicitPath: explicitPath)
        } catch {
            logger.error("reload refused, the running configuration stays: \(error)")
            return .failure(ProtocolError(.badConfiguration, "\(error)"))
        }
        overrides(&next)
        do {
            if let input {
                try input.reload(bindings: next.bindings, mappings: next.mappings)
            } else {
                let bindings = next.bindings, mappings = next.mappings, server = self.server
                try waitForLoop { () throws(ConfigurationError) in
                    _ = try server.reloadRouting(bindings: bindings, mappings: mappings, devices: [])
                }
            }
        } catch {
            logger.error("reload refused, the running configuration stays: \(error)")
            return .failure(ProtocolError(.badConfiguration, "\(error)"))
        }
        let reduceMotion = next.reduceMotion
        let core = server.core
        try? core.eventLoop.submit { core.value.ownReduceMotion = reduceMotion }.wait()
        let restart = Self.restartNeeded(from: startup, to: next)
        let source = path ?? "the embedded default"
        logger.info("configuration reloaded", metadata: ["source": "\(source)", "bindings": "\(next.bindings.count)"])
        if !restart.isEmpty {
            logger.warning("these settings change only at a restart: \(restart.joined(separator: ", "))")
        }
        return .success(["source": .string(source), "bindings": .number(Double(next.bindings.count)),
                         "restart_needed": .array(restart.map(JSONValue.string))])
    }

    private func waitForLoop(_ body: @escaping @Sendable () throws(ConfigurationError) -> Void) throws(ConfigurationError) {
        let core = server.core
        let result = try? core.eventLoop.submit { () -> Result<Void, ConfigurationError> in
            Result { () throws(ConfigurationError) in try body() }
        }.wait()
        guard let result else { throw ConfigurationError(source: "reload", reason: "the server is stopping") }
        try result.get()
    }

    /// The settings bound at start-up that differ between `old` and `new`, by their configuration keys.
    static func restartNeeded(from old: DaemonConfiguration, to new: DaemonConfiguration) -> [String] {
        var keys: [String] = []
        if old.rateHz != new.rateHz || old.rateIsAuto != new.rateIsAuto { keys.append("rate_hz") }
        if old.phaseIsAuto != new.phaseIsAuto { keys.append("phase") }
        if old.socket != new.socket { keys.append("socket") }
        if old.socketGroup != new.socketGroup { keys.append("socket_group") }
        if old.controlGroup != new.controlGroup { keys.append("control_group") }
        if old.preferenceGroup != new.preferenceGroup { keys.append("preference_group") }
        if old.maximumClients != new.maximumClients { keys.append("max_clients") }
        if old.maximumChannelsPerClient != new.maximumChannelsPerClient { keys.append("max_channels_per_client") }
        return keys
    }
}
