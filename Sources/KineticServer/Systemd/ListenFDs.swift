// SPDX-License-Identifier: Apache-2.0
import Glibc
import KineticProtocol

/// Sockets passed by systemd socket activation (sd_listen_fds(3)): descriptors 3… when `LISTEN_PID`
/// is this process, named by `LISTEN_FDNAMES`.
public enum ListenFDs {
    /// The first passed descriptor.
    public static let start: Int32 = 3

    /// The passed descriptors and their names, from `environment` for process `pid`.
    public static func parse(environment: [String: String], pid: Int32) -> [(fd: Int32, name: String)] {
        guard let pidText = environment["LISTEN_PID"], Int32(pidText) == pid,
            let countText = environment["LISTEN_FDS"], let count = Int32(countText), count > 0, count < 1024
        else { return [] }
        let names = environment["LISTEN_FDNAMES"].map { $0.split(separator: ":", omittingEmptySubsequences: false).map(String.init) } ?? []
        return (0..<count).map { i in (start + i, Int(i) < names.count ? names[Int(i)] : "unknown") }
    }

    /// Takes this process's passed descriptors: marks them close-on-exec and unsets the variables, so
    /// that children do not inherit them (what `sd_listen_fds(1)` does).
    public static func take() -> [(fd: Int32, name: String)] {
        let fds = parse(environment: ProcessEnvironment.current(), pid: getpid())
        for (fd, _) in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        unsetenv("LISTEN_PID")
        unsetenv("LISTEN_FDS")
        unsetenv("LISTEN_FDNAMES")
        return fds
    }

    /// Whether `fd` is a listening AF_UNIX stream socket.
    public static func isListeningUnixStream(_ fd: Int32) -> Bool {
        var type: Int32 = 0, listening: Int32 = 0
        var length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(fd, SOL_SOCKET, SO_TYPE, &type, &length) == 0, type == Int32(SOCK_STREAM.rawValue) else { return false }
        length = socklen_t(MemoryLayout<Int32>.size)
        guard getsockopt(fd, SOL_SOCKET, SO_ACCEPTCONN, &listening, &length) == 0, listening == 1 else { return false }
        var address = sockaddr_storage()
        var addressLength = socklen_t(MemoryLayout<sockaddr_storage>.size)
        let ok = withUnsafeMutablePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { getsockname(fd, $0, &addressLength) }
        }
        return ok == 0 && address.ss_family == sa_family_t(AF_UNIX)
    }
}
