// SPDX-License-Identifier: Apache-2.0
import Glibc
import Logging
import Dispatch
import KineticInput
import NIOConcurrencyHelpers
import NIOCore
import KineticProtocol
import KineticBindings
import KineticServerCore
import KineticTime

/// Live input: watches the device directory (hotplug), opens every evdev node a binding matches, and
/// hands its events to the server's ``InputRouter`` on the core's event loop — the router a replay's events go
/// through too.
///
/// Reading happens on one serial queue (a `DispatchSourceRead` per device and one for the hotplug
/// monitor); attaching a device and each batch of whole frames hop to the event loop once. Event timestamps are the
/// kernel's CLOCK_MONOTONIC, the daemon's time base, so input is applied at its own time. An
/// unplugged device's gestures are cancelled, which releases their channels instead of freezing
/// them; clients get `device.added` and `device.removed` events.
public final class LiveInput: @unchecked Sendable {
    // Everything below is confined to `queue`, except `router`, which lives on the event loop.
    private let queue = DispatchQueue(label: "kineticd.input", qos: .userInteractive)
    private let core: NIOLoopBound<ServerCore>
    private let router: NIOLoopBoundBox<InputRouter?>
    private let logger: Logger
    private let monitor: DeviceMonitor
    private var monitorSource: DispatchSourceRead?
    private var devices: [String: Attached] = [:]
    private var stopped = false

    private final class Attached {
        let device: InputDevice
        var id: GesturePipeline.DeviceHandle
        let source: DispatchSourceRead
        init(device: InputDevice, id: GesturePipeline.DeviceHandle, source: DispatchSourceRead) {
            self.device = device
            self.id = id
            self.source = source
        }
    }

    /// Starts watching `directory` (default `/dev/input`) for devices the bindings of `server`'s router match
    /// (``DaemonServer/routeInput(bindings:mappings:)`` first). A device node that cannot be opened is logged with the
    /// reason (a missing `input` group shows as "Permission denied").
    public static func start(server: DaemonServer, logger: Logger,
                             directory: String = DeviceDirectory.defaultPath) async throws -> LiveInput {
        let input = LiveInput(server: server, monitor: try DeviceMonitor(directory: directory), logger: logger)
        // On its queue, awaited, rather than `queue.sync`, which runs the block on the calling thread: attaching a
        // device waits for the core's loop, which SwiftNIO forbids on a loop thread (a debug build traps), and in
        // kineticd the caller is on one, since IdleExecutor makes NIO's loop Swift concurrency's executor (the
        // systemd guest's debug daemon trapped whenever devices were present at start-up).
        await withCheckedContinuation { (started: CheckedContinuation<Void, Never>) in
            input.queue.async {
                input.begin()
                started.resume()
            }
        }
        return input
    }

    private let server: DaemonServer

    private init(server: DaemonServer, monitor: DeviceMonitor, logger: Logger) {
        self.server = server
        self.core = server.core
        self.router = server.router
        self.monitor = monitor
        self.logger = logger
    }

    private func begin() {
        let source = DispatchSource.makeReadSource(fileDescriptor: monitor.fileDescriptor, queue: queue)
        source.setEventHandler { @Sendable [unowned self] in self.handle(self.monitor.readChanges()) }
        source.resume()
        monitorSource = source
        let paths = monitor.presentPaths
        let outcomes = paths.map { add($0) }
        guard !outcomes.contains(.attached) else { return }
        // Nothing to read: say why, once, so that a daemon without input is never silent about it.
        let reason: String
        if paths.isEmpty {
            var info = stat()
            reason = stat(DeviceDirectory.defaultPath, &info) == 0
                ? "\(DeviceDirectory.defaultPath) holds no event devices; plug a touchscreen, touchpad or mouse in"
                : "\(DeviceDirectory.defaultPath) does not exist (a container or a virtual machine without input devices?)"
        } else if outcomes.contains(.permissionDenied) {
            reason = "permission denied reading \(DeviceDirectory.defaultPath)/event*; kineticd needs the input group (the system service has it)"
        } else {
            reason = "no device matches a binding (kineticctl devices lists them with their class; the bindings' match: selects)"
        }
        logger.warning("no input devices to watch: \(reason); clients can still define and animate channels")
    }

    /// What became of a device node at ``add(_:)``.
    private enum Outcome: Equatable {
        case attached, permissionDenied, unmatched, failed
    }

    private func handle(_ changes: [DeviceChange]) {
        for change in changes {
            switch change {
            case .added(let path): add(path)
            case .removed(let path): remove(path, at: nil)
            }
        }
    }

    @discardableResult
    private func add(_ path: String) -> Outcome {
        guard !stopped, devices[path] == nil else { return .failed }
        let device: InputDevice
        do {
            device = try InputDevice.open(path: path)
        } catch {
            logger.warning("cannot open input device \(path): \(error)")
            if case .permissionDenied = error { return .permissionDenied }
            return .failed
        }
        let description = device.deviceDescription
        let router = self.router
        // Attaching is quick and must precede reading, so it runs synchronously on the loop, in one hop that also
        // tells the clients (`device.added`).
        let handle: GesturePipeline.DeviceHandle?
        do {
            // udev's calibration matrix is read here, off the event loop (a file read).
            let calibration = UdevProperties.calibrationMatrix(ofDevice: path)
            handle = try router.eventLoop.submit({
                router.value?.attach(description, path: path, udevCalibration: calibration, announce: true)
            }).wait()
        } catch {
            logger.warning("input device \(path) not attached: \(error)")
            device.close()
            return .failed
        }
        guard let id = handle else {
            // No binding matches the device: its events would change nothing.
            logger.info("no binding matches input device \(path) (\(description.name), \(description.deviceClass.rawValue)); not watched")
            device.close()
            return .unmatched
        }
        logger.info("watching input device \(path) (\(description.name), \(description.deviceClass.rawValue))")
        let source = DispatchSource.makeReadSource(fileDescriptor: device.fileDescriptor, queue: queue)
        source.setEventHandler { @Sendable [unowned self] in self.read(path) }
        devices[path] = Attached(device: device, id: id, source: source)
        source.resume()
        read(path)
        return .attached
    }

    private func read(_ path: String) {
        guard let attached = devices[path] else { return }
        let result = attached.device.readAvailable()
        let id = attached.id
        if !result.events.isEmpty {
            let router = self.router, events = result.events, logger = self.logger
            router.eventLoop.execute {
                guard let router = router.value else { return }
                router.apply(events, from: id)
                // What a binding could not do (a value held at the channel range, a channel a client removed).
                for problem in router.takeProblems() { logger.warning("binding: \(problem)") }
            }
        }
        switch result.status {
        case .open: break
        case .unplugged, .closed: remove(path, at: result.events.last?.time)
        case .failed:
            logger.warning("input device \(path) failed while reading; closed")
            remove(path, at: result.events.last?.time)
        }
    }

    private func remove(_ path: String, at time: UInt64?) {
        guard let attached = devices.removeValue(forKey: path) else { return }
        attached.source.cancel()
        attached.device.close()
        let cancelTime = time ?? MonotonicClock.now()
        let router = self.router, id = attached.id
        router.eventLoop.execute { router.value?.detach(id, at: cancelTime, announcing: path) }
    }

    /// Swaps the bindings (a configuration reload) between two ticks, without closing any client.
    ///
    /// On the input queue, so no device is read meanwhile; then, in one event-loop task, the router swaps the
    /// bindings (``InputRouter/reload(bindings:mappings:devices:at:)``: a refusal changes nothing) and attaches every
    /// open device to the new ones — or it is closed here, with `device.removed`, when no binding matches it any
    /// more. Devices that match only now are opened afterwards, as if just plugged in.
    public func reload(bindings: [GestureBinding], mappings: [DeviceMapping] = []) throws(ConfigurationError) {
        let result: Result<[String: GesturePipeline.DeviceHandle?], ConfigurationError> = queue.sync {
            let descriptions = devices.mapValues { $0.device.deviceDescription }
            // udev's calibration matrices, read here on the input queue rather than on the event loop.
            let calibrations = Dictionary(uniqueKeysWithValues: devices.keys.map { path in
                (path, UdevProperties.calibrationMatrix(ofDevice: path))
            })
            let server = self.server
            let future = core.eventLoop.submit { () -> Result<[String: GesturePipeline.DeviceHandle?], ConfigurationError> in
                Result { () throws(ConfigurationError) in
                    try server.reloadRouting(bindings: bindings, mappings: mappings, devices: descriptions.map { path, description in
                        (path, description, calibrations[path] ?? nil)
                    })
                }
            }
            do {
                return try future.wait()
            } catch {
                return .failure(ConfigurationError(source: "reload", reason: "the server is stopping (\(error))"))
            }
        }
        let ids = try result.get()
        queue.sync {
            for (path, id) in ids {
                if let id {
                    devices[path]?.id = id
                } else if let attached = devices.removeValue(forKey: path) {
                    attached.source.cancel()
                    attached.device.close()
                    let core = self.core
                    core.eventLoop.execute { core.value.broadcast(Event.deviceRemoved(path: path)) }
                }
            }
            for path in monitor.presentPaths { add(path) }
        }
    }

    /// Stops reading: every device is closed and its gestures are released.
    public func stop() {
        queue.sync {
            stopped = true
            monitorSource?.cancel()
            monitorSource = nil
            for path in devices.keys.sorted() { remove(path, at: nil) }
            monitor.close()
        }
    }
}
