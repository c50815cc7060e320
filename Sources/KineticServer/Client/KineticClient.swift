#if canImport(Glibc)
import Glibc
#endif

/// A minimal blocking client of the daemon's protocol, for `kineticctl` and scripts written in Swift.
public final class KineticClient {
    /// Why talking to the daemon failed.
    public struct Failure: Error, CustomStringConvertible {
        /// What went wrong, for a person.
        public var description: String
    }

    private let fd: Int32
    private var decoder: ServerMessageDecoder
    /// The latest schema's layout, for reading binary frames.
    public private(set) var layout: FrameLayout?

    /// Connects to `path` and uses `encoding` for the whole connection.
    public init(path: String, encoding: WireEncoding) throws {
        fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        decoder = ServerMessageDecoder(encoding: encoding)
        guard fd >= 0 else { throw Failure(description: "socket: \(String(cString: strerror(errno)))") }
        let result = UnixSocket.withAddress(path) { connect(fd, $0, $1) }
        guard result == 0 else {
            let reason = result == nil ? "path too long" : String(cString: strerror(errno))
            close(fd)
            throw Failure(description: "cannot connect to \(path): \(reason); is kineticd running? (--socket or $KINETIC_SOCKET)")
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
            let ready = poll(&pfd, 1, timeout.map { Int32(max(0, $0 * 1000)) } ?? -1)
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
            if case .message(.schema, let object)? = message { layout = Self.layout(from: object) }
            return message
        } catch {
            throw Failure(description: "the server sent something unreadable: \(error)")
        }
    }

    /// Sends a command and waits for its reply (other messages that arrive meanwhile are dropped).
    public func command(_ operation: Command.Operation, id: JSONValue = 1, timeout: Double = 5) throws -> JSONObject {
        try send(.command(Command(id: id, operation: operation)))
        let deadline = MonotonicClock.now() + UInt64(timeout * 1e9)
        while MonotonicClock.now() < deadline {
            let remaining = Double(deadline - MonotonicClock.now()) / 1e9
            switch try next(timeout: remaining) {
            case .message(.reply, let object)? where object["id"] == id: return object
            case .message(.error, let object)?:
                throw Failure(description: "\(object["code"]?.stringValue ?? "error"): \(object["message"]?.stringValue ?? "")")
            case nil where isClosed: throw Failure(description: "the server closed the connection")
            default: continue
            }
        }
        throw Failure(description: "no reply within \(timeout) s")
    }

    /// The layout a `schema` message describes.
    public static func layout(from schema: JSONObject) -> FrameLayout? {
        guard let generation = schema["generation"]?.numberValue, let channels = schema["channels"]?.arrayValue else { return nil }
        return FrameLayout(generation: UInt32(generation), channels: channels.compactMap { channel in
            guard let object = channel.objectValue, let name = object["name"]?.stringValue,
                let dimension = object["dimension"]?.numberValue else { return nil }
            return (name, Int(dimension))
        })
    }
}
