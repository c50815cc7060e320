// SPDX-License-Identifier: Apache-2.0
import KineticProtocol

/// Limits and identity of a server core.
public struct ServerConfiguration: Equatable, Sendable {
    /// Sent in the HELLO as `"server"`.
    public var serverName: String
    /// The tick rate in frames per second, reported as `"tick_hz"`.
    public var tickHz: Double
    /// The most clients served at once; more get `too_many_clients` (configurable).
    public var maximumClients: Int
    /// The most channels one client may define; more get `too_many_channels`.
    public var maximumChannelsPerClient: Int
    /// The most channels in all: ``ProtocolLimits/maximumChannels`` at most.
    public var maximumChannels: Int
    /// The most value components of all channels together: ``ProtocolLimits/maximumComponents`` at most.
    public var maximumComponents: Int
    /// The largest message a client may send, in bytes (1 MiB).
    public var maximumMessageSize: Int
    /// Who may change state.
    public var authorization: AuthorizationPolicy
    /// Advertised in the HELLO's `"features"`.
    public var features: [String]

    /// A configuration; only the authorization policy has no default.
    public init(
        serverName: String = "kineticd \(KineticVersion.string)",
        tickHz: Double = 120,
        maximumClients: Int = 1024,
        maximumChannelsPerClient: Int = 64,
        maximumChannels: Int = ProtocolLimits.maximumChannels,
        maximumComponents: Int = ProtocolLimits.maximumComponents,
        maximumMessageSize: Int = MessageDecoder.defaultMaximumMessageSize,
        authorization: AuthorizationPolicy,
        features: [String] = ["json", "binary", "rate_hz", "max_rate_hz", "completion", "reduce_motion", "elements", "motion"]
    ) {
        self.serverName = serverName
        self.tickHz = tickHz
        self.maximumClients = maximumClients
        self.maximumChannelsPerClient = min(maximumChannelsPerClient, ProtocolLimits.maximumChannels)
        self.maximumChannels = min(maximumChannels, ProtocolLimits.maximumChannels)
        self.maximumComponents = min(maximumComponents, ProtocolLimits.maximumComponents)
        self.maximumMessageSize = maximumMessageSize
        self.authorization = authorization
        self.features = features
    }
}
