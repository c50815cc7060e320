// SPDX-License-Identifier: Apache-2.0
import NIOCore

/// A ``ClientSink`` that keeps what it is sent, for offline replay (and anything else that runs the
/// core without sockets).
public final class FrameCollector: ClientSink {
    /// Every frame, as sent (JSON lines for a JSON Lines client).
    public private(set) var frames: [ByteBuffer] = []
    /// Every control message, as sent.
    public private(set) var messages: [ByteBuffer] = []
    public private(set) var isClosed = false

    /// An empty collector.
    public init() {}

    /// Keeps a control message.
    public func send(_ message: ByteBuffer) { messages.append(message) }
    /// Keeps a frame (nothing is dropped: there is no socket to be slow).
    public func sendFrame(_ frame: ByteBuffer) { frames.append(frame) }
    /// Records that the core closed the connection.
    public func close() { isClosed = true }
}
