import Glibc
import FoundationEssentials
import KineticProtocol

/// A blocking AF_UNIX client for transport tests, independent of NIO: what a script would do.
package final class SocketTestClient {
    package let fd: Int32
    package var decoder: ServerMessageDecoder
    package private(set) var received: [ReceivedMessage] = []
    package private(set) var sawEOF = false
    /// What the decoder refused, in order: a test client never drops bytes it could not read without saying so.
    package private(set) var decodeErrors: [String] = []
    /// The most recent schema's layout.
    package private(set) var layout: Schema?
    /// Every schema's layout, by generation.
    package private(set) var layouts: [UInt32: Schema] = [:]

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    package init(path: String, encoding: WireEncoding) throws {
        fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        decoder = ServerMessageDecoder(encoding: encoding)
        let result = UnixSocket.withAddress(path) { connect(fd, $0, $1) }
        guard result == 0 else {
            let message = String(cString: strerror(errno))
            Glibc.close(fd)
            throw Failure(description: "connect \(path): \(message)")
        }
    }

    deinit { Glibc.close(fd) }

    package func send(_ bytes: [UInt8]) {
        var offset = 0
        while offset < bytes.count {
            let n = bytes[offset...].withUnsafeBytes { Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
            if n <= 0 { return }
            offset += n
        }
    }

    package func send(_ message: ClientMessage) { send(message.encoded(decoder.encoding)) }

    /// Reads until `predicate` holds for a message received in this call, EOF, or `timeout` seconds.
    @discardableResult
    package func receive(timeout: Double, until predicate: (ReceivedMessage) -> Bool = { _ in false }) -> [ReceivedMessage] {
        let deadline = Date().addingTimeInterval(timeout)
        var got: [ReceivedMessage] = []
        var buffer = [UInt8](repeating: 0, count: 65536)
        while !sawEOF {
            let remaining = deadline.timeIntervalSinceNow
            if remaining <= 0 { break }
            var pfd = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
            let ready = poll(&pfd, 1, Int32(max(1, remaining * 1000)))
            if ready <= 0 { continue }
            let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
            if n <= 0 {
                sawEOF = true
                break
            }
            decoder.feed(buffer[0..<n])
            var satisfied = false
            while let message = nextMessage() {
                if case .schema(let schema)? = message.serverMessage {
                    layout = schema
                    layouts[schema.generation] = schema
                }
                got.append(message)
                received.append(message)
                if predicate(message) { satisfied = true }
            }
            if satisfied { break }
        }
        return got
    }

    /// The decoder's next message; a refusal is recorded in ``decodeErrors`` and the rest of the buffer is read on.
    private func nextMessage() -> ReceivedMessage? {
        while true {
            do {
                return try decoder.next()
            } catch {
                decodeErrors.append(error.description)
                // A binary stream cannot be resynchronised; a JSON line was consumed with its error.
                if decoder.encoding == .binary { return nil }
            }
        }
    }

    /// Reads until `condition` holds over everything received (checked first, then after each message), EOF, or
    /// `timeout` seconds; returns whether it held. The bounded wait for a condition the socket tests use.
    @discardableResult
    package func wait(timeout: Double, until condition: () -> Bool) -> Bool {
        if condition() { return true }
        receive(timeout: timeout) { _ in condition() }
        return condition()
    }

    /// Reads until a message received since `mark` (an index into ``received``, so that messages an earlier read
    /// already took count) satisfies `predicate`, EOF, or `timeout` seconds; returns whether one did.
    ///
    /// ``receive(timeout:until:)`` looks only at the messages of its own call: two events that arrive in one read
    /// (a gesture's end and its device's removal) would leave a second wait to run into its timeout.
    @discardableResult
    package func wait(timeout: Double, since mark: Int = 0, until predicate: (ReceivedMessage) -> Bool) -> Bool {
        wait(timeout: timeout) { received[Swift.min(mark, received.count)...].contains(where: predicate) }
    }

    /// ``wait(timeout:since:until:)`` for a test whose daemon runs in the same process: it reads in slices of at
    /// most 50 ms and sleeps 10 ms between them, so that it never holds a cooperative thread for long (a one-CPU guest
    /// has one, which async work elsewhere in the process, the daemon's start-up and stop included, also needs).
    package func waitYielding(timeout: Double, since mark: Int = 0,
                              until predicate: (ReceivedMessage) -> Bool) async -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            let remaining = deadline.timeIntervalSinceNow
            if wait(timeout: Swift.max(0, Swift.min(0.05, remaining)), since: mark, until: predicate) { return true }
            if remaining <= 0 || sawEOF { return false }
            try? await Task.sleep(for: .milliseconds(10))
        }
    }

    /// Waits for the server to close the connection; returns whether it did within `timeout`.
    package func waitForEOF(timeout: Double) -> Bool {
        receive(timeout: timeout)
        return sawEOF
    }

    package var frames: [ReceivedFrame] {
        received.compactMap { if case .frame(let f) = $0 { return f } else { return nil } }
    }

    package func messages(_ type: MessageType) -> [JSONObject] {
        received.compactMap { if case .message(type, let o) = $0 { return o } else { return nil } }
    }

    /// What arrived, for a failing expectation's message: how many frames (and the last one's time), each event's
    /// name, each error and refusal in full, and whether the server closed the connection.
    package var summary: String {
        let events = messages(.event).compactMap { $0["event"]?.stringValue }
        let errors = messages(.error).map { JSONValue.object($0).jsonText }
        let refusals = messages(.reply).filter { $0["ok"] == .bool(false) }.map { JSONValue.object($0).jsonText }
        return "received \(frames.count) frames (the last at \(frames.last.map { "\($0.timeNanoseconds) ns" } ?? "none")), "
            + "events \(events), errors \(errors), refusals \(refusals), undecodable \(decodeErrors), "
            + "\(decoder.bufferedByteCount) bytes buffered and \(unreadByteCount) unread"
            + (sawEOF ? ", then the server closed the connection" : "")
    }

    /// Bytes the kernel holds for this socket that no `recv` took yet (FIONREAD).
    package var unreadByteCount: Int {
        var count: Int32 = 0
        return ioctl(fd, UInt(FIONREAD), &count) == 0 ? Int(count) : -1
    }
}
