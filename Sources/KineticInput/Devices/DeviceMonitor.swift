// SPDX-License-Identifier: Apache-2.0
import Glibc
import KineticTime
import Synchronization

/// Hotplug without udev: inotify on `/dev/input` (docs/INPUT.md §4.2).
///
/// The monitor watches first and enumerates second, so no node is missed; the nodes present at start are
/// reported as ``DeviceChange/added(_:)`` by the first ``readChanges()``. A node that exists but cannot be read
/// yet (udev has not applied group and mode: `EACCES` right after `IN_CREATE`) is held back and reported once it
/// becomes readable, on its `IN_ATTRIB` or on a later ``readChanges()`` call (call it again after a short
/// delay while ``pendingPaths`` is not empty). When the directory does not exist yet, its parent is watched
/// until it appears. Drive it from a read source on ``fileDescriptor`` or with ``waitForChanges(timeout:)``.
public final class DeviceMonitor: Sendable {
    /// The watched directory, e.g. `/dev/input`.
    public let directory: String
    /// The inotify descriptor to watch for readability (the monitor owns it).
    public let fileDescriptor: Int32

    private struct State {
        var directoryWatch: Int32 = -1
        var parentWatch: Int32 = -1
        var present: Set<String> = []
        var pending: Set<String> = []
        var queued: [DeviceChange] = []
        var isClosed = false
        var watchError: DeviceError?
    }

    private let state: Mutex<State>
    private let isReadable: @Sendable (String) -> Bool

    /// Starts watching `directory`. `isReadable` decides whether a node can be opened yet (by default
    /// `access(path, R_OK)`); tests substitute it to exercise the `EACCES` race.
    public init(directory: String = DeviceDirectory.defaultPath,
                isReadable: @escaping @Sendable (String) -> Bool = DeviceMonitor.canRead) throws(DeviceError) {
        let trimmed = directory.count > 1 && directory.hasSuffix("/") ? String(directory.dropLast()) : directory
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { throw DeviceError(errno: errno, path: trimmed, operation: "inotify_init1") }
        self.directory = trimmed
        self.fileDescriptor = fd
        self.isReadable = isReadable
        var initial = State()
        do throws(DeviceError) {
            try Self.startWatching(&initial, fd: fd, directory: trimmed)
        } catch {
            Glibc.close(fd)
            throw error
        }
        state = Mutex(initial)
        state.withLock { rescan(&$0) }
    }

    deinit {
        close()
    }

    /// The default readability check: `access(path, R_OK) == 0`.
    public static func canRead(_ path: String) -> Bool { access(path, R_OK) == 0 }

    /// Nodes that exist but could not be read yet.
    public var pendingPaths: [String] { state.withLock { $0.pending.sorted() } }

    /// Why the monitor could not watch the directory again after it vanished or appeared (nil while watching).
    public var watchError: DeviceError? { state.withLock { $0.watchError } }

    /// Nodes currently reported as present.
    public var presentPaths: [String] { state.withLock { $0.present.sorted() } }

    /// Reads the queued inotify events without blocking and returns the changes, in order.
    public func readChanges() -> [DeviceChange] {
        state.withLock { state in
            guard !state.isClosed else { return [] }
            readEvents(&state)
            for path in state.pending.sorted() where isReadable(path) {
                state.pending.remove(path)
                state.present.insert(path)
                state.queued.append(.added(path))
            }
            defer { state.queued = [] }
            return state.queued
        }
    }

    /// Waits up to `timeout` for at least one change and returns the changes (empty on timeout).
    /// While nodes are pending it re-checks them every 50 ms.
    public func waitForChanges(timeout: Duration) -> [DeviceChange] {
        let clock = ContinuousClock()
        let deadline = clock.now.advanced(by: timeout)
        while true {
            let changes = readChanges()
            let remaining = clock.now.duration(to: deadline)
            if !changes.isEmpty || remaining <= .zero { return changes }
            var slice = min(remaining, state.withLock { $0.pending.isEmpty } ? remaining : .milliseconds(50))
            slice = max(slice, .milliseconds(1))
            var descriptor = pollfd(fd: fileDescriptor, events: Int16(POLLIN), revents: 0)
            _ = poll(&descriptor, 1, slice.pollMilliseconds)
        }
    }

    /// Stops watching and closes the inotify descriptor. Safe to call more than once.
    public func close() {
        state.withLock { state in
            guard !state.isClosed else { return }
            state.isClosed = true
            Glibc.close(fileDescriptor)
        }
    }

    private static let directoryMask = UInt32(IN_CREATE | IN_ATTRIB | IN_DELETE | IN_MOVED_TO | IN_MOVED_FROM
                                              | IN_DELETE_SELF | IN_MOVE_SELF)
    private static let parentMask = UInt32(IN_CREATE | IN_MOVED_TO | IN_ONLYDIR)

    /// Watches the directory, or its parent when the directory does not exist yet.
    private static func startWatching(_ state: inout State, fd: Int32, directory: String) throws(DeviceError) {
        let watch = inotify_add_watch(fd, directory, directoryMask)
        if watch >= 0 {
            state.directoryWatch = watch
            if state.parentWatch >= 0 {
                inotify_rm_watch(fd, state.parentWatch)
                state.parentWatch = -1
            }
            return
        }
        let code = errno
        guard code == ENOENT else { throw DeviceError(errno: code, path: directory, operation: "inotify_add_watch") }
        let parent = parentPath(of: directory)
        let parentWatch = inotify_add_watch(fd, parent, parentMask)
        guard parentWatch >= 0 else { throw DeviceError(errno: errno, path: parent, operation: "inotify_add_watch") }
        state.parentWatch = parentWatch
        // The directory may have appeared between the two calls.
        let retry = inotify_add_watch(fd, directory, directoryMask)
        if retry >= 0 {
            state.directoryWatch = retry
            inotify_rm_watch(fd, parentWatch)
            state.parentWatch = -1
        }
    }

    private static func parentPath(of directory: String) -> String {
        guard let slash = directory.lastIndex(of: "/") else { return "." }
        return slash == directory.startIndex ? "/" : String(directory[..<slash])
    }

    private static func lastComponent(of directory: String) -> Substring {
        directory.lastIndex(of: "/").map { directory[directory.index(after: $0)...] } ?? directory[...]
    }

    private func nodePath(_ name: String) -> String { directory == "/" ? "/" + name : directory + "/" + name }

    private func consider(_ path: String, _ state: inout State) {
        guard !state.present.contains(path) else { return }
        if isReadable(path) {
            state.pending.remove(path)
            state.present.insert(path)
            state.queued.append(.added(path))
        } else {
            state.pending.insert(path)
        }
    }

    private func forget(_ path: String, _ state: inout State) {
        state.pending.remove(path)
        if state.present.remove(path) != nil { state.queued.append(.removed(path)) }
    }

    /// Re-reads the directory: after start, an inotify queue overflow, or the directory (re)appearing.
    private func rescan(_ state: inout State) {
        let nodes = DeviceDirectory.eventNodes(in: directory)
        let listed = Set(nodes)
        for path in state.present.union(state.pending).sorted() where !listed.contains(path) { forget(path, &state) }
        for path in nodes { consider(path, &state) }
    }

    /// Drains the inotify descriptor (bounded: the queue is finite and each read takes at least one event).
    private func readEvents(_ state: inout State) {
        var buffer = [UInt8](repeating: 0, count: 4096)
        for _ in 0..<256 {
            let count = buffer.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { return }
            var offset = 0
            let headerSize = 16
            while offset + headerSize <= count {
                let (watch, mask, nameLength) = buffer.withUnsafeBytes { bytes in
                    (bytes.loadUnaligned(fromByteOffset: offset, as: Int32.self),
                     bytes.loadUnaligned(fromByteOffset: offset + 4, as: UInt32.self),
                     Int(bytes.loadUnaligned(fromByteOffset: offset + 12, as: UInt32.self)))
                }
                let nameBytes = buffer[(offset + headerSize)..<min(count, offset + headerSize + nameLength)]
                let name = String(decoding: nameBytes.prefix(while: { $0 != 0 }), as: UTF8.self)
                handle(watch: watch, mask: mask, name: name, &state)
                offset += headerSize + nameLength
            }
        }
    }

    /// Watches the directory again after it appeared or vanished; a failure is kept in ``watchError``.
    private func rewatch(_ state: inout State) {
        do throws(DeviceError) {
            try Self.startWatching(&state, fd: fileDescriptor, directory: directory)
            state.watchError = nil
            if state.directoryWatch >= 0 { rescan(&state) }
        } catch {
            state.watchError = error
        }
    }

    private func handle(watch: Int32, mask: UInt32, name: String, _ state: inout State) {
        if mask & UInt32(IN_Q_OVERFLOW) != 0 {
            rescan(&state)
        } else if watch == state.directoryWatch && watch >= 0 {
            if mask & UInt32(IN_DELETE_SELF | IN_MOVE_SELF | IN_IGNORED) != 0 {
                for path in state.present.union(state.pending).sorted() { forget(path, &state) }
                state.directoryWatch = -1
                rewatch(&state)
            } else if DeviceDirectory.isEventNode(name) {
                let path = nodePath(name)
                if mask & UInt32(IN_DELETE | IN_MOVED_FROM) != 0 {
                    forget(path, &state)
                } else if mask & UInt32(IN_CREATE | IN_MOVED_TO) != 0 {
                    consider(path, &state)
                } else if mask & UInt32(IN_ATTRIB) != 0 && state.pending.contains(path) {
                    consider(path, &state)
                }
            }
        } else if watch == state.parentWatch && watch >= 0 && name == Self.lastComponent(of: directory) {
            rewatch(&state)
        }
    }
}
