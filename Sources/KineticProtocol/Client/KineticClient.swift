// SPDX-License-Identifier: Apache-2.0
import Glibc
import KineticTime

/// A minimal blocking client of the daemon's protocol, for `kineticctl` and scripts written in Swift.
public final class KineticClient {
    /// Why talking to the daemon failed.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong and what to do, for a person.
        public var description: String
        /// What kind of failure it is (a command-line tool chooses its exit status by it).
        public var cause: Cause = .unavailable
        /// The daemon's error code, when the daemon refused.
        public var code: ErrorCode? {
            if case .refused(let code) = cause { code } else { nil }
        }

        /// What kind of failure a ``Failure`` is.
        public enum Cause: Equatable, Sendable {
            /// The daemon is not there, not answering, closed the connection, or sent something unreadable; or the
            /// socket failed.
            case unavailable
            /// The socket path cannot be a Unix socket address (the caller named it).
            case badSocketPath
            /// Permission denied connecting to the socket.
            case permissionDenied
            /// The daemon refused a command with this code.
            case refused(ErrorCode)
        }

        public init(description: String, cause: Cause = .unavailable) {
            self.description = description
            self.cause = cause
        }
    }

    /// Why connecting to `path` failed with `error` (an errno), and what to do: the socket is missing, or its
    /// permissions keep this user out (naming the group that grants them), or nothing listens on it.
    static func connectFailure(_ path: String, errno error: Int32?) -> Failure {
        switch error {
        case nil:
            return Failure(description: "cannot connect to \(path): the path is longer than a Unix socket address allows (107 bytes); use a shorter --socket", cause: .badSocketPath)
        case ENOENT?, ENOTDIR?:
            return Failure(description: "no kineticd socket at \(path): start kineticd (systemctl start kineticd.socket, or run kineticd), or name its socket with --socket or $KINETIC_SOCKET")
        case EACCES?, EPERM?:
            var info = stat()
            var who = ""
            if stat(path, &info) == 0 {
                let group = getgrgid(info.st_gid).map { String(cString: $0.pointee.gr_name) } ?? "gid \(info.st_gid)"
                who = " (the socket is mode \(String(info.st_mode & 0o777, radix: 8)), group \(group)); add yourself to that group, as sudo usermod -aG \(group) $USER, then log in again"
            }
            return Failure(description: "permission denied to connect to \(path)\(who)", cause: .permissionDenied)
        case ECONNREFUSED?:
            return Failure(description: "nothing listens on \(path): kineticd is not running (a stale socket file); start it, or name another socket with --socket")
        case let other?:
            return Failure(description: "cannot connect to \(path): \(String(cString: strerror(other)))")
        }
    }

    private let fd: Int32
    private var decoder: ServerMessageDecoder
    /// The latest schema's layout, for reading binary frames.
    public private(set) var layout: Schema?

    /// Connects to `path` and uses `encoding` for the whole connection.
    public init(path: String, encoding: WireEncoding) throws {
        fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        decoder = ServerMessageDecoder(encoding: encoding)
        guard fd >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
        let result = UnixSocket.withAddress(path) { connect(fd, $0, $1) }
        guard result == 0 else {
            let error = result == nil ? nil : errno
            close(fd)
            throw Self.connectFailure(path, errno: error)
        }
    }

    deinit { close(fd) }

    /// Sends a message.
    public func send(_ message: ClientMessage) throws {
        let bytes = message.encoded(decoder.encoding)
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            guard n > 0 else { throw Failure(description: "send: \(String(cString: strerror(errno)))") }
            offset += n
        }
    }

    /// The next message, waiting at most `timeout` seconds (`nil`: forever); `nil` at timeout or when
    /// the server closed the connection (then ``isClosed`` is true).
    public func next(timeout: Double? = nil) throws -> ReceivedMessage? {
        var buffer = [UInt8](repeating: 0, count: 65536)
        while true {
            if let message = try decodeNext() { return message }
            if isClosed { return nil }
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&pfd, 1, timeout.map { Duration(saturatingSeconds: $0).pollMilliseconds } ?? -1)
            if ready == 0 { return nil }
            if ready < 0 {
                if errno == EINTR { continue }
                throw Failure(description: "poll: \(String(cString: strerror(errno)))")
            }
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n <= 0 {
                isClosed = true
                continue
            }
            decoder.feed(buffer[0..<n])
        }
    }


    /// Whether the server closed the connection.
    public private(set) var isClosed = false

    private func decodeNext() throws -> ReceivedMessage? {
        do {
            let message = try decoder.next()
            if case .message(.schema, let object)? = message { layout = Schema(schema: object) }
            return message
        } catch {
            throw Failure(description: "the server sent something unreadable: \(error)")
        }
    }

    /// Sends a command and waits for its reply (other messages that arrive meanwhile are dropped).
    public func command(_ operation: Command.Operation, id: JSONValue = 1, timeout: Double = 5) throws -> JSONObject {
        try send(.command(Command(id: id, operation: operation)))
        // Seconds as Doubles: a NaN or infinite timeout only makes the wait end at once or never, and nothing
        // converts it to an integer.
        let deadline = MonotonicClock.seconds() + timeout
        while true {
            let remaining = deadline - MonotonicClock.seconds()
            guard remaining > 0 else { break }
            switch try next(timeout: remaining) {
            case .message(.reply, let object)? where object["id"] == id: return object
            case .message(.error, let object)?:
                let message: ServerMessage
                do { message = try ServerMessage(decoding: object) } catch {
                    throw Failure(description: "the server sent something unreadable: \(error)")
                }
                if case .error(let error) = message {
                    throw Failure(description: "\(error.code): \(error.message)", cause: .refused(error.code))
                }
            case nil where isClosed: throw Failure(description: "the server closed the connection")
            default: continue
            }
        }
        throw Failure(description: "no reply within \(timeout) s; kineticd may be stuck or starting (raise --timeout)")
    }
}
