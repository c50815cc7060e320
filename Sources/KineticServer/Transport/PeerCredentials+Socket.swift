// SPDX-License-Identifier: Apache-2.0
import NIOCore
import Glibc
import KineticServerCore

/// Layout-compatible with Linux's `struct ucred`, which Glibc's Swift module does not export.
private struct UCred: Sendable {
    var pid: Int32 = 0
    var uid: UInt32 = 0
    var gid: UInt32 = 0
}

/// Room for the supplementary groups SO_PEERGROUPS reports (the kernel fails with ERANGE beyond it,
/// and then only the primary group counts).
private struct PeerGroups: Sendable {
    var gids: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64,
               UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) =
        (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0)
}

extension PeerCredentials {
    /// SO_PEERCRED, `asm-generic/socket.h`.
    static let peerCredOption: Int32 = 17
    /// SO_PEERGROUPS (Linux ≥ 4.13), `asm-generic/socket.h`.
    static let peerGroupsOption: Int32 = 59

    /// Reads the peer's credentials as the kernel captured them at `connect()`.
    ///
    /// Supplementary groups come from SO_PEERGROUPS; NIO zero-fills the buffer and the kernel
    /// returns them sorted, so trailing zeros are unused slots (a supplementary gid 0 is ignored —
    /// the primary gid is always checked).
    static func read(from channel: Channel) -> EventLoopFuture<PeerCredentials> {
        guard let provider = channel as? SocketOptionProvider else {
            return channel.eventLoop.makeFailedFuture(ChannelError.operationUnsupported)
        }
        let credentials: EventLoopFuture<UCred> = provider.unsafeGetSocketOption(
            level: SocketOptionLevel(SOL_SOCKET), name: SocketOptionName(peerCredOption))
        let groups: EventLoopFuture<PeerGroups> = provider.unsafeGetSocketOption(
            level: SocketOptionLevel(SOL_SOCKET), name: SocketOptionName(peerGroupsOption))
        return credentials.and(groups.map(Optional.some).recover { _ in nil }).map { credentials, groups in
            var list: [UInt32] = []
            if var groups {
                withUnsafeBytes(of: &groups.gids) { raw in
                    list = raw.bindMemory(to: UInt32.self).filter { $0 != 0 }
                }
            }
            return PeerCredentials(pid: credentials.pid, uid: credentials.uid, gid: credentials.gid, groups: list)
        }
    }
}
