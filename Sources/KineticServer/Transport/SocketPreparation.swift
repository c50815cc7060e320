// SPDX-License-Identifier: Apache-2.0
import Glibc
import KineticProtocol
import KineticBindings

/// Makes a socket path ready for binding without ever taking it from a live server, and puts the bound socket in
/// place only once it has its final mode and group.
///
/// NIO's `cleanupExistingSocketFile` unlinks whatever socket is at the path, which silently
/// orphans a running instance (docs/DAEMON.md §1.1). Instead: take an exclusive `flock` on
/// `PATH.lock` (so two starting instances cannot both decide the path is stale), then probe the
/// path by connecting; only a socket that refuses connections is removed.
///
/// The daemon binds ``bindPath``, in a private directory (mode 0700) beside the socket, and ``finishBinding(group:)``
/// gives the socket mode 0660 and its group there, then renames it to ``path``: a client can connect only once the
/// socket's mode and group are final (a socket bound at its path directly would accept connections, with whatever mode
/// the umask gave it, until then).
public final class SocketPreparation: @unchecked Sendable {
    /// The lock file's descriptor, held for the server's lifetime (-1 once released).
    private var lockFD: Int32 = -1
    /// The socket path.
    public let path: String
    /// Where to bind: inside ``privateDirectory``, or ``path`` itself when that would exceed a socket path's length.
    public let bindPath: String
    /// The private directory the socket is bound in, until it is moved to ``path``.
    private var privateDirectory: String?

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
        (bindPath, privateDirectory) = Self.privateBinding(for: path)
    }

    /// A private directory beside `path` and the path to bind in it, or `path` itself when the directory cannot be
    /// made or the bind path would be too long for a Unix socket.
    private static func privateBinding(for path: String) -> (String, String?) {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { $0 == path.startIndex ? "/" : String(path[..<$0]) } ?? "."
        var template = Array((directory == "/" ? "/.kXXXXXX" : directory + "/.kXXXXXX").utf8CString)
        guard template.count + 2 <= UnixSocket.maximumPathLength,
              let made = template.withUnsafeMutableBufferPointer({ mkdtemp($0.baseAddress!) }) else { return (path, nil) }
        let privateDirectory = String(cString: made)
        return (privateDirectory + "/s", privateDirectory)
    }

    /// After binding ``bindPath``: mode 0660 and, when `group` is given and we may, that group; then the socket moves
    /// to ``path``, where clients connect.
    ///
    /// - Returns: why the socket did not get the group, when it did not (a group that does not exist, or a chown
    ///   refused), for the daemon to log: only its owner can connect then.
    /// - Throws: when the socket cannot be moved to its path.
    @discardableResult
    public func finishBinding(group: String?) throws(ConfigurationError) -> String? {
        chmod(bindPath, 0o660)
        let warning = give(group: group)
        if let privateDirectory {
            defer {
                rmdir(privateDirectory)
                self.privateDirectory = nil
            }
            guard rename(bindPath, path) == 0 else {
                throw ConfigurationError(source: path, reason: "cannot move the socket into place from \(bindPath): \(String(cString: strerror(errno)))")
            }
        }
        return warning
    }

    private func give(group: String?) -> String? {
        guard let group else { return nil }
        guard let entry = getgrnam(group) else {
            return "the socket group '\(group)' does not exist, so only the socket's owner can connect to \(path); create it (systemd-sysusers does, from the package's sysusers.d file) or set socket_group"
        }
        guard chown(bindPath, UInt32.max, entry.pointee.gr_gid) == 0 else {
            return "cannot give \(path) to group '\(group)': \(String(cString: strerror(errno))); only its owner can connect"
        }
        return nil
    }

    /// Removes the socket (our own, at shutdown) and releases the lock.
    /// Idempotent; call it once the listener is closed.
    public func release(removeSocket: Bool) {
        guard lockFD >= 0 else { return }
        if let privateDirectory {
            unlink(bindPath)
            rmdir(privateDirectory)
            self.privateDirectory = nil
        }
        if removeSocket { unlink(path) }
        close(lockFD)
        lockFD = -1
    }

    deinit {
        if lockFD >= 0 { close(lockFD) }
    }
}
