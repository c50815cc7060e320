// SPDX-License-Identifier: Apache-2.0
import NIOCore

/// Socket-level settings of the server.
public struct TransportConfiguration: Sendable {
    /// How long a client may stay unwritable before it is disconnected with `too_slow` (2 s).
    public var slowClientTimeout: TimeAmount
    /// NIO's write-buffer watermarks per connection: above `high` the channel is unwritable and
    /// frames are parked (latest wins); below `low` it is writable again.
    public var writeBufferWaterMark: ChannelOptions.Types.WriteBufferWaterMark
    /// SO_SNDBUF for client sockets, or `nil` for the kernel default.
    public var sendBufferSize: Int?
    /// The group given to a socket the daemon binds itself (`kinetic`), when it exists and we may.
    public var socketGroup: String?

    /// Settings; the defaults are the daemon's (2 s, 16/64 KiB watermarks, kernel buffer, group `kinetic`).
    public init(slowClientTimeout: TimeAmount = .seconds(2),
                writeBufferWaterMark: ChannelOptions.Types.WriteBufferWaterMark = .init(low: 16 * 1024, high: 64 * 1024),
                sendBufferSize: Int? = nil, socketGroup: String? = "kinetic") {
        self.slowClientTimeout = slowClientTimeout
        self.writeBufferWaterMark = writeBufferWaterMark
        self.sendBufferSize = sendBufferSize
        self.socketGroup = socketGroup
    }
}
