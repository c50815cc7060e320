// SPDX-License-Identifier: Apache-2.0
import CSendFrame
import NIOCore
import KineticBindings
import KineticServerCore

/// One client connection: bytes in to the ``ServerCore``, messages and frames out.
///
/// Frames take a path of their own. When nothing of this client's waits in NIO, a frame is written straight to the
/// socket with one non-blocking `send(2)`: the subscriber-frame costs one system call, not a trip through the pipeline,
/// a write promise and a flush (docs/PERFORMANCE.md, "Fan-out"). What the kernel does not take at once (a full socket
/// buffer, or part of the frame) goes to NIO, and so does every frame after it while anything waits there, in order.
/// Frames are latest-wins: when the channel is not writable (NIO holds more than its high watermark because the peer
/// does not read), the newest frame is parked and replaces any older parked one, so a slow client sees gaps in `seq`
/// and never an unbounded backlog, and the tick never waits. Control messages always go through NIO, in order, after
/// any frame parked before them. While unwritable the handler also stops reading, so a client that sends without
/// reading cannot make the server queue replies without bound; after ``slowClientTimeout`` unwritable it is
/// disconnected with `too_slow`.
final class ConnectionHandler: ChannelInboundHandler, ClientSink {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    // What ``sendFrame(_:)`` reads, first: each tick touches this object for every subscriber.
    private var context: ChannelHandlerContext?
    private var closing = false
    /// Writes handed to NIO and not yet completed (taken by the kernel, or failed).
    private var waiting = 0
    /// The connection's socket, for frames written straight to it; read from NIO once the channel is active.
    private var socket: NIOBSDSocket.Handle?
    /// The newest frame held while the channel is unwritable; a newer one replaces it (latest wins).
    private var parked: ByteBuffer?

    private let core: ServerCore
    private let peer: PeerCredentials
    private let slowClientTimeout: TimeAmount
    private var id: ClientID?
    private var slowTimer: Scheduled<Void>?
    /// Set when the slow-client timer gave up on the client: its connection closes without waiting to drain.
    private var givingUp = false

    init(core: ServerCore, peer: PeerCredentials, slowClientTimeout: TimeAmount) {
        self.core = core
        self.peer = peer
        self.slowClientTimeout = slowClientTimeout
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        if context.channel.isActive { register(context) }
    }

    func channelActive(context: ChannelHandlerContext) {
        register(context)
        context.fireChannelActive()
    }

    private func register(_ context: ChannelHandlerContext) {
        guard id == nil, !closing else { return }
        // Without the socket (a channel that does not expose it) every frame goes through NIO, correctly but slower.
        socket = try? context.pipeline.syncOperations.withUnsafeTransportIfAvailable(of: NIOBSDSocket.Handle.self) { $0 }
        id = core.connect(peer: peer, sink: self)
    }

    func channelRead(context: ChannelHandlerContext, data: NIOAny) {
        guard let id, !closing else { return }
        let buffer = unwrapInboundIn(data)
        core.receive(buffer.readableBytesView, from: id)
    }

    func channelInactive(context: ChannelHandlerContext) {
        slowTimer?.cancel()
        slowTimer = nil
        parked = nil
        closing = true
        socket = nil
        if let id { core.disconnect(id) }
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
        socket = nil
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable {
            slowTimer?.cancel()
            slowTimer = nil
            context.channel.setOption(ChannelOptions.autoRead, value: true).whenFailure { _ in }
            if let frame = parked, !closing {
                parked = nil
                enqueue(frame, context)
            }
        } else if slowTimer == nil, !closing {
            context.channel.setOption(ChannelOptions.autoRead, value: false).whenFailure { _ in }
            let timeout = slowClientTimeout
            slowTimer = context.eventLoop.assumeIsolated().scheduleTask(in: timeout) { [self] in
                slowTimer = nil
                guard let id, let context = self.context, !context.channel.isWritable, !closing else { return }
                givingUp = true
                core.disconnectSlowClient(id, after: Double(timeout.nanoseconds) / 1e9)
            }
        }
        context.fireChannelWritabilityChanged()
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        context.close(promise: nil)
    }

    // MARK: Writing

    /// Hands `buffer` to NIO, counted in ``waiting`` until it completes (taken by the kernel, or failed).
    private func enqueue(_ buffer: ByteBuffer, _ context: ChannelHandlerContext) {
        waiting += 1
        let written = context.eventLoop.makePromise(of: Void.self)
        written.futureResult.assumeIsolated().whenComplete { [self] _ in waiting -= 1 }
        context.writeAndFlush(wrapOutboundOut(buffer), promise: written)
    }

    /// Writes `frame` straight to `socket` (`send(2)` with `MSG_DONTWAIT | MSG_NOSIGNAL`): the bytes the kernel took
    /// (negative: none).
    private static func write(_ frame: ByteBuffer, to socket: NIOBSDSocket.Handle) -> Int {
        frame.withUnsafeReadableBytes { bytes in
            guard let base = bytes.baseAddress else { return 0 }
            return kinetic_send_frame(socket, base, bytes.count)
        }
    }

    // MARK: ClientSink

    func send(_ message: ByteBuffer) {
        guard let context, !closing else { return }
        // A parked frame is older than this message: keep the order the core produced them in.
        if let frame = parked {
            parked = nil
            enqueue(frame, context)
        }
        enqueue(message, context)
    }

    func sendFrame(_ frame: ByteBuffer) {
        // The socket is known from activation until the channel goes (or the handler is removed), so the common case
        // neither touches nor retains the context.
        if waiting == 0, let socket, !closing {
            let sent = Self.write(frame, to: socket)
            if sent == frame.readableBytes { return }
            // EAGAIN (the buffer is full), EINTR, or an error NIO will meet and report by closing the channel: the
            // rest goes to NIO.
            if sent > 0 {
                var rest = frame
                rest.moveReaderIndex(forwardBy: sent)
                return queue(rest)
            }
        }
        queue(frame)
    }

    /// A frame for NIO: behind what waits there while the channel is writable, parked (latest wins) while it is not.
    private func queue(_ frame: ByteBuffer) {
        guard let context, !closing else { return }
        if waiting == 0 || context.channel.isWritable {
            enqueue(frame, context)
        } else {
            parked = frame
        }
    }

    func close() {
        guard let context, !closing else { return }
        closing = true
        parked = nil
        slowTimer?.cancel()
        slowTimer = nil
        if givingUp || !context.channel.isWritable {
            // It has not taken what waits already: it gets nothing more.
            context.close(promise: nil)
            return
        }
        // An empty write completes after everything queued before it: the error reaches the client. One that does
        // not read it within the slow-client timeout is closed all the same (what waits is below the high watermark,
        // so the channel would never become unwritable and the timer above never start).
        context.writeAndFlush(wrapOutboundOut(context.channel.allocator.buffer(capacity: 0)))
            .assumeIsolated().whenComplete { _ in context.close(promise: nil) }
        if waiting > 0 {
            context.eventLoop.assumeIsolated().scheduleTask(in: slowClientTimeout) { context.close(promise: nil) }
        }
    }
}
