// SPDX-License-Identifier: Apache-2.0
import Glibc

/// Where the daemon's socket lives (docs/PROTOCOL.md "Finding the socket").
///
/// In order: `--socket PATH`; `$KINETIC_SOCKET`; `/run/kinetic/kineticd.sock` for the system service
/// (running as root, or under systemd with `$RUNTIME_DIRECTORY` set to `/run/kinetic`);
/// `$XDG_RUNTIME_DIR/kinetic/kineticd.sock` otherwise.
public enum SocketLocation {
    /// The system service's socket.
    public static let systemPath = "/run/kinetic/kineticd.sock"

    /// The socket path, or an error saying how to choose one.
    public static func resolve(explicit: String?, environment: [String: String], uid: UInt32) throws(SocketLocation.Unresolved) -> String {
        if let explicit, !explicit.isEmpty { return explicit }
        if let path = environment["KINETIC_SOCKET"], !path.isEmpty { return path }
        if uid == 0 || environment["RUNTIME_DIRECTORY"] == "/run/kinetic" { return systemPath }
        if let runtime = environment["XDG_RUNTIME_DIR"], !runtime.isEmpty { return runtime + "/kinetic/kineticd.sock" }
        throw Unresolved()
    }

    /// No socket path could be chosen: nothing named one and `$XDG_RUNTIME_DIR` is not set.
    public struct Unresolved: Error, Equatable, Sendable, CustomStringConvertible {
        public var description: String { "socket: XDG_RUNTIME_DIR is not set; pass --socket PATH or set KINETIC_SOCKET" }
    }

    /// The socket path for the current process.
    public static func resolve(explicit: String?) throws(SocketLocation.Unresolved) -> String {
        try resolve(explicit: explicit, environment: ProcessEnvironment.current(), uid: getuid())
    }
}
