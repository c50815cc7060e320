// SPDX-License-Identifier: Apache-2.0
import Glibc
import KineticProtocol

/// sd_notify(3) without libsystemd: newline-separated `KEY=VALUE` in one AF_UNIX datagram to
/// `$NOTIFY_SOCKET` (a leading `@` means the abstract namespace). docs/DAEMON.md §2.1.
public struct SystemdNotifier: Sendable {
    /// The notification socket, or `nil` when not run by systemd with `Type=notify`.
    public let socketPath: String?
    /// Half the watchdog timeout, when systemd asked for keep-alives (`WATCHDOG_USEC`, `WATCHDOG_PID`).
    public let watchdogInterval: Duration?

    /// A notifier from the environment systemd sets (`NOTIFY_SOCKET`, `WATCHDOG_USEC`, `WATCHDOG_PID`) for process `pid`.
    public init(environment: [String: String], pid: Int32) {
        socketPath = environment["NOTIFY_SOCKET"].flatMap { $0.isEmpty ? nil : $0 }
        if let text = environment["WATCHDOG_USEC"], let usec = UInt64(text), usec > 0,
            environment["WATCHDOG_PID"].map({ Int32($0) == pid }) ?? true
        {
            watchdogInterval = .microseconds(Int64(usec / 2))
        } else {
            watchdogInterval = nil
        }
    }

    /// The notifier for this process.
    public static func fromEnvironment() -> SystemdNotifier {
        SystemdNotifier(environment: ProcessEnvironment.current(), pid: getpid())
    }

    /// Sends `fields` (e.g. `["READY=1", "STATUS=serving"]`); returns whether the datagram went out.
    @discardableResult
    public func notify(_ fields: [String]) -> Bool {
        guard let socketPath else { return false }
        let message = Array(fields.joined(separator: "\n").utf8)
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return false }
        defer { close(fd) }
        let sent = UnixSocket.withAddress(socketPath) { address, length in
            message.withUnsafeBytes { sendto(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL), address, length) }
        }
        return sent == message.count
    }

    /// `READY=1` with a status line.
    public func ready(status: String) { notify(["READY=1", "STATUS=" + status]) }
    /// `STATUS=…`.
    public func status(_ status: String) { notify(["STATUS=" + status]) }
    /// `WATCHDOG=1`, the keep-alive.
    public func watchdog() { notify(["WATCHDOG=1"]) }
    /// `STOPPING=1` with a status line.
    public func stopping(status: String) { notify(["STOPPING=1", "STATUS=" + status]) }
    /// `RELOADING=1` with `MONOTONIC_USEC` (sd_notify(3): the time the reload began, CLOCK_MONOTONIC µs);
    /// `READY=1` follows when the reload is done.
    public func reloading() {
        var now = timespec()
        clock_gettime(CLOCK_MONOTONIC, &now)
        notify(["RELOADING=1", "MONOTONIC_USEC=\(Int64(now.tv_sec) * 1_000_000 + Int64(now.tv_nsec) / 1000)"])
    }
}
