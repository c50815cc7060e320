// SPDX-License-Identifier: Apache-2.0
import Glibc

/// Small AF_UNIX helpers over Glibc, for the things NIO does not do: probing a path for a live
/// server before cleaning it up, and sending sd_notify datagrams.
package enum UnixSocket {
    /// The longest path a `sockaddr_un` holds, without the terminating NUL.
    package static let maximumPathLength = MemoryLayout.size(ofValue: sockaddr_un().sun_path) - 1

    /// Calls `body` with a `sockaddr_un` for `path`; a leading `@` means the abstract namespace.
    package static func withAddress<R>(_ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> R) -> R? {
        var bytes = Array(path.utf8)
        let abstract = bytes.first == UInt8(ascii: "@")
        if abstract { bytes[0] = 0 }
        guard !bytes.isEmpty, bytes.count <= maximumPathLength else { return nil }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            raw.copyBytes(from: bytes)
        }
        let length = MemoryLayout<sa_family_t>.size + bytes.count + (abstract ? 0 : 1)
        return withUnsafePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(length)) }
        }
    }

    /// What is at a socket path.
    package enum PathState: Equatable {
        /// Nothing: the path is free.
        case absent
        /// A socket with a server accepting on it.
        case live
        /// A socket nobody listens on (left by a crash): safe to remove.
        case stale
        /// Something that is not a socket; never removed.
        case notASocket
        /// The probe could not tell (permissions, …), with errno.
        case unknown(Int32)
    }

    /// Probes `path` by connecting to it, without changing anything.
    package static func probe(_ path: String) -> PathState {
        var status = stat()
        guard lstat(path, &status) == 0 else { return errno == ENOENT ? .absent : .unknown(errno) }
        guard status.st_mode & S_IFMT == S_IFSOCK else { return .notASocket }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return .unknown(errno) }
        defer { close(fd) }
        let result = withAddress(path) { connect(fd, $0, $1) }
        switch result {
        case 0?: return .live
        case nil: return .unknown(ENAMETOOLONG)
        default: return errno == ECONNREFUSED ? .stale : .unknown(errno)
        }
    }
}
