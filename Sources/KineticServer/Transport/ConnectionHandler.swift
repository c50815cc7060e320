// SPDX-License-Identifier: Apache-2.0
import NIOCore
import KineticBindings
import KineticServerCore

/// One client connection: bytes in to the ``ServerCore``, messages and frames out.
///
/// Frames are latest-wins: when the channel is not writable (NIO's high watermark is reached
/// because the peer does not read), the newest frame is parked and replaces any older parked one,
/// so a slow client sees gaps in `seq` and never a backlog, and the tick never waits. While
/// unwritable the handler also stops reading, so a client that sends without reading cannot make
/// the server queue replies without bound; after ``slowClientTimeout`` unwritable it is disconnected
/// with `too_slow`.
final class ConnectionHandler: ChannelInboundHandler, ClientSink {
    typealias InboundIn = ByteBuffer
    typealias OutboundOut = ByteBuffer

    private let core: ServerCore
    private let peer: PeerCredentials
    private let slowClientTimeout: TimeAmount
    private var context: ChannelHandlerContext?
    private var id: ClientID?
    private var parked: ByteBuffer?
    private var slowTimer: Scheduled<Void>?
    private var closing = false
    /// Frames replaced while parked (dropped for this client).
    private(set) var framesDropped = 0

    init(core: ServerCore, peer: PeerCredentials, slowClientTimeout: TimeAmount) {
        self.core = core
        self.peer = peer
        self.slowClientTimeout = slowClientTimeout
    }

    func handlerAdded(context: ChannelHandlerContext) {
        self.context = context
        if context.channel.isActive { register() }
    }

    func channelActive(context: ChannelHandlerContext) {
        register()
        context.fireChannelActive()
    }

    private func register() {
        guard id == nil, !closing else { return }
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
        if let id { core.disconnect(id) }
        context.fireChannelInactive()
    }

    func handlerRemoved(context: ChannelHandlerContext) {
        self.context = nil
    }

    func channelWritabilityChanged(context: ChannelHandlerContext) {
        if context.channel.isWritable {
            slowTimer?.cancel()
            slowTimer = nil
            context.channel.setOption(ChannelOptions.autoRead, value: true).whenFailure { _ in }
            if let frame = parked {
                parked = nil
                context.writeAndFlush(wrapOutboundOut(frame), promise: nil)
            }
        } else if slowTimer == nil, !closing {
            context.channel.setOption(ChannelOptions.autoRead, value: false).whenFailure { _ in }
            let timeout = slowClientTimeout
            slowTimer = context.eventLoop.assumeIsolated().scheduleTask(in: timeout) { [self] in
                slowTimer = nil
                guard let id, let context = self.context, !context.channel.isWritable else { return }
                core.disconnectSlowClient(id, after: Double(timeout.nanoseconds) / 1e9)
            }
        }
        context.fireChannelWritabilityChanged()
    }

    func errorCaught(context: ChannelHandlerContext, error: Error) {
        context.close(promise: nil)
    }

    // MARK: ClientSink

    func send(_ message: ByteBuffer) {
        guard let context, !closing else { return }
        // A parked frame is older than this message: keep the order the core produced them in.
        if let frame = parked {
            parked = nil
            context.write(wrapOutboundOut(frame), promise: nil)
        }
        context.writeAndFlush(wrapOutboundOut(message), promise: nil)
    }

    func sendFrame(_ frame: ByteBuffer) {
        guard let context, !closing else { return }
        if context.channel.isWritable {
            context.writeAndFlush(wrapOutboundOut(frame), promise: nil)
        } else {
            if parked != nil { framesDropped += 1 }
            parked = frame
        }
    }

    func close() {
        guard let context, !closing else { return }
        closing = true
        parked = nil
        if context.channel.isWritable {
            // An empty write completes after everything queued before it: the error reaches the client.
            context.writeAndFlush(wrapOutboundOut(context.channel.allocator.buffer(capacity: 0)))
                .assumeIsolated().whenComplete { _ in context.close(promise: nil) }
        } else {
            context.close(promise: nil)
        }
    }
}
