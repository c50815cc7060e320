// SPDX-License-Identifier: Apache-2.0
import NIOCore

/// Where the server core sends one client's bytes: implemented by the socket handler and, in
/// tests, by an in-memory recorder.
public protocol ClientSink: AnyObject {
    /// Queues a control message (hello, schema, reply, event, error); control messages are never
    /// dropped and keep their order.
    func send(_ message: ByteBuffer)
    /// Offers a frame. Frames are latest-wins: one not yet written when a newer one arrives is dropped.
    /// The buffer is shared by every client with the same layout and encoding.
    func sendFrame(_ frame: ByteBuffer)
    /// Flushes what was queued, then closes the connection.
    func close()
}
