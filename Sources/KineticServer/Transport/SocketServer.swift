// SPDX-License-Identifier: Apache-2.0
import NIOCore
import NIOPosix
import KineticServerCore

/// Where the server listens.
public enum ListenSocket: Sendable, Equatable {
    /// Bind this path (after ``SocketPreparation`` made sure no live server owns it).
    case path(String)
    /// Adopt a listening socket inherited from systemd (LISTEN_FDS).
    case inherited(CInt)
}

/// The Unix-socket server: accepts connections on the core's event loop, reads SO_PEERCRED at
/// accept, and gives each connection a ``ConnectionHandler``.
public enum SocketServer {
    /// Starts listening. Every connection runs on `core`'s event loop, so the core, the handlers and
    /// the broadcast share one thread and need no locks (docs/DAEMON.md §1.3: one loop serves
    /// 1 000 subscribers at 120 Hz).
    public static func start(core: NIOLoopBound<ServerCore>, listen: ListenSocket,
                             configuration: TransportConfiguration) -> EventLoopFuture<Channel> {
        let loop = core.eventLoop
        var bootstrap = ServerBootstrap(group: loop)
            .serverChannelOption(.backlog, value: 256)
            .childChannelOption(.writeBufferWaterMark, value: configuration.writeBufferWaterMark)
            .childChannelOption(.maxMessagesPerRead, value: 4)
        if let size = configuration.sendBufferSize {
            bootstrap = bootstrap.childChannelOption(.socketOption(.so_sndbuf), value: SocketOptionValue(size))
        }
        let timeout = configuration.slowClientTimeout
        bootstrap = bootstrap.childChannelInitializer { channel in
            PeerCredentials.read(from: channel).flatMapThrowing { peer in
                let handler = ConnectionHandler(core: core.value, peer: peer, slowClientTimeout: timeout)
                try channel.pipeline.syncOperations.addHandler(handler)
            }
        }
        switch listen {
        case .path(let path): return bootstrap.bind(unixDomainSocketPath: path, cleanupExistingSocketFile: false)
        case .inherited(let fd): return bootstrap.withBoundSocket(fd)
        }
    }
}
