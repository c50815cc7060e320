// SPDX-License-Identifier: Apache-2.0
/// Who is on the other end of a connection, from SO_PEERCRED (and SO_PEERGROUPS) at accept.
public struct PeerCredentials: Equatable, Sendable {
    /// The peer's process id at `connect()`.
    public var pid: Int32
    /// The peer's user id.
    public var uid: UInt32
    /// The primary group.
    public var gid: UInt32
    /// Supplementary groups, when the kernel reported them.
    public var groups: [UInt32]

    public init(pid: Int32, uid: UInt32, gid: UInt32, groups: [UInt32] = []) {
        self.pid = pid
        self.uid = uid
        self.gid = gid
        self.groups = groups
    }
}

/// Who may change state (docs/PROTOCOL.md, "Authorization"): anyone who can open the socket may
/// subscribe, list and ask for status; commands that change state need root, the daemon's own uid,
/// or membership of one of ``allowedGroups``.
public struct AuthorizationPolicy: Equatable, Sendable {
    /// The daemon's uid.
    public var daemonUID: UInt32
    /// Groups whose members may change state (the configured `control_group`, by gid).
    public var allowedGroups: Set<UInt32>
    /// Groups whose members may hold their own reduce-motion preference while connected (`reduce_motion` with
    /// `"scope": "connection"`) and nothing else that changes state (the configured `preference_group`, by gid).
    public var preferenceGroups: Set<UInt32>

    /// Allows root, `daemonUID` and members of `allowedGroups` everything; members of `preferenceGroups` a held
    /// reduce-motion preference.
    public init(daemonUID: UInt32, allowedGroups: Set<UInt32> = [], preferenceGroups: Set<UInt32> = []) {
        self.daemonUID = daemonUID
        self.allowedGroups = allowedGroups
        self.preferenceGroups = preferenceGroups
    }

    /// Whether `peer` may send state-changing commands.
    public func mayChangeState(_ peer: PeerCredentials) -> Bool {
        peer.uid == 0 || peer.uid == daemonUID || Self.member(peer, of: allowedGroups)
    }

    /// Whether `peer` may hold a reduce-motion preference for as long as it stays connected.
    public func mayHoldPreference(_ peer: PeerCredentials) -> Bool {
        mayChangeState(peer) || Self.member(peer, of: preferenceGroups)
    }

    private static func member(_ peer: PeerCredentials, of groups: Set<UInt32>) -> Bool {
        groups.contains(peer.gid) || peer.groups.contains(where: groups.contains)
    }
}
