import NIOCore

/// A ``ClientSink`` that keeps what it is sent, for offline replay (and anything else that runs the
/// core without sockets).
public final class FrameCollector: ClientSink {
    /// Every frame, as sent (JSON lines for a JSON Lines client).
    public private(set) var frames: [ByteBuffer] = []
    /// Every control message, as sent.
    public private(set) var messages: [ByteBuffer] = []
    public private(set) var isClosed = false

    public init() {}

    public func send(_ message: ByteBuffer) { messages.append(message) }
    public func sendFrame(_ frame: ByteBuffer) { frames.append(frame) }
    public func close() { isClosed = true }
}
