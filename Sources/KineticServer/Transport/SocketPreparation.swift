import Glibc
import KineticProtocol
import KineticBindings

/// Makes a socket path ready for binding without ever taking it from a live server.
///
/// NIO's `cleanupExistingSocketFile` unlinks whatever socket is at the path, which silently
/// orphans a running instance (docs/DAEMON.md §1.1). Instead: take an exclusive `flock` on
/// `PATH.lock` (so two starting instances cannot both decide the path is stale), then probe the
/// path by connecting; only a socket that refuses connections is removed.
public final class SocketPreparation: @unchecked Sendable {
    /// The lock file's descriptor, held for the server's lifetime (-1 once released).
    private var lockFD: Int32 = -1
    /// The socket path.
    public let path: String

    /// Creates the parent directory if needed (mode 0755 for /run/kinetic, 0700 elsewhere), locks the
    /// path and removes a stale socket. Throws if another instance serves the path.
    public init(path: String) throws(ConfigurationError) {
        guard path.utf8.count <= UnixSocket.maximumPathLength else {
            throw ConfigurationError(source: path, reason: "socket paths are limited to \(UnixSocket.maximumPathLength) bytes")
        }
        self.path = path
        if let slash = path.lastIndex(of: "/"), slash != path.startIndex {
            let directory = String(path[..<slash])
            if mkdir(directory, directory.hasPrefix("/run/kinetic") ? 0o755 : 0o700) != 0, errno != EEXIST {
                throw ConfigurationError(source: directory, reason: "cannot create the socket directory: \(String(cString: strerror(errno)))")
            }
        }
        let fd = open(path + ".lock", O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
        guard fd >= 0 else {
            throw ConfigurationError(source: path + ".lock", reason: "cannot open the lock file: \(String(cString: strerror(errno)))")
        }
        guard flock(fd, LOCK_EX | LOCK_NB) == 0 else {
            close(fd)
            throw ConfigurationError(source: path, reason: "another kineticd holds \(path).lock and serves this socket")
        }
        switch UnixSocket.probe(path) {
        case .absent:
            break
        case .stale:
            unlink(path)
        case .live:
            close(fd)
            throw ConfigurationError(source: path, reason: "a live server accepts connections on this socket; stop it or choose another --socket")
        case .notASocket:
            close(fd)
            throw ConfigurationError(source: path, reason: "the path exists and is not a socket; it is left alone")
        case .unknown(let error):
            close(fd)
            throw ConfigurationError(source: path, reason: "cannot tell whether a server uses this socket: \(String(cString: strerror(error)))")
        }
        self.lockFD = fd
    }

    /// After binding: mode 0660 and, when `group` is given and we may, that group.
    ///
    /// - Returns: why the socket did not get the group, when it did not (a group that does not exist, or a chown
    ///   refused), for the daemon to log: only its owner can connect then.
    @discardableResult
    public func finishBinding(group: String?) -> String? {
        chmod(path, 0o660)
        guard let group else { return nil }
        guard let entry = getgrnam(group) else {
            return "the socket group '\(group)' does not exist, so only the socket's owner can connect to \(path); create it (systemd-sysusers does, from the package's sysusers.d file) or set socket_group"
        }
        guard chown(path, UInt32.max, entry.pointee.gr_gid) == 0 else {
            return "cannot give \(path) to group '\(group)': \(String(cString: strerror(errno))); only its owner can connect"
        }
        return nil
    }

    /// Removes the socket (our own, at shutdown) and releases the lock.
    /// Idempotent; call it once the listener is closed.
    public func release(removeSocket: Bool) {
        guard lockFD >= 0 else { return }
        if removeSocket { unlink(path) }
        close(lockFD)
        lockFD = -1
    }

    deinit {
        if lockFD >= 0 { close(lockFD) }
    }
}
