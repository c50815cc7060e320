// SPDX-License-Identifier: Apache-2.0
import Glibc

/// A program started with `posix_spawn` (the demo's kineticd): Foundation's `Process` without Foundation.
struct ChildProcess {
    let pid: pid_t
    let path: String

    /// Starts `path` with `arguments`, its standard streams and environment this process's; `nil` if it cannot.
    init?(path: String, arguments: [String]) {
        var pid: pid_t = 0
        let argv = ([path] + arguments).map { strdup($0) } + [nil]
        defer { argv.forEach { free($0) } }
        guard posix_spawn(&pid, path, nil, nil, argv, environ) == 0 else { return nil }
        self.pid = pid
        self.path = path
    }

    /// Whether it has not exited yet (an exited child is reaped here, and its status kept).
    var isRunning: Bool { ChildProcess.status(of: pid, wait: false) == nil }

    /// Its exit status (128 + the signal that ended it), once it has ended.
    var terminationStatus: Int32 { ChildProcess.status(of: pid, wait: false) ?? -1 }

    /// Sends SIGTERM.
    func terminate() { kill(pid, SIGTERM) }

    /// Waits until it has exited.
    func waitUntilExit() { _ = ChildProcess.status(of: pid, wait: true) }

    private nonisolated(unsafe) static var reaped: [pid_t: Int32] = [:]

    private static func status(of pid: pid_t, wait: Bool) -> Int32? {
        if let status = reaped[pid] { return status }
        var status: Int32 = 0
        var result: pid_t
        repeat { result = waitpid(pid, &status, wait ? 0 : WNOHANG) } while result < 0 && errno == EINTR
        guard result == pid else { return nil }
        let exitStatus = status & 0x7f == 0 ? (status >> 8) & 0xff : 128 + (status & 0x7f)
        reaped[pid] = exitStatus
        return exitStatus
    }
}
