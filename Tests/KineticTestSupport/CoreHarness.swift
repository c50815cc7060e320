import KineticProtocol
import KineticBindings
import KineticServerCore

/// A core on a virtual clock with an in-memory engine and sinks.
package final class CoreHarness {
    package let engine = LinearChannelEngine()
    /// The clock the test moves by hand.
    package let clock = ManualTickSource(rateHz: 120, time: 1_000_000_000)
    package var time: UInt64 {
        get { clock.time }
        set { clock.time = newValue }
    }
    /// How often the core woke the clock.
    package var wakeCount: Int { clock.resumeCount }
    package let core: ServerCore
    package static let daemonUID: UInt32 = 1000
    package static let controlGroup: UInt32 = 998
    package static let preferenceGroup: UInt32 = 997

    package init(maximumClients: Int = 8, maximumChannelsPerClient: Int = 4) {
        let configuration = ServerConfiguration(
            serverName: "kineticd test", tickHz: 120, maximumClients: maximumClients,
            maximumChannelsPerClient: maximumChannelsPerClient,
            authorization: AuthorizationPolicy(daemonUID: Self.daemonUID, allowedGroups: [Self.controlGroup],
                                               preferenceGroups: [Self.preferenceGroup]))
        core = ServerCore(engine: engine, configuration: configuration, clock: clock)
    }

    package func connect(_ encoding: WireEncoding, uid: UInt32 = CoreHarness.daemonUID, gid: UInt32 = 100,
                 groups: [UInt32] = []) -> (ClientID, MemorySink) {
        let sink = MemorySink(encoding: encoding)
        let id = core.connect(peer: PeerCredentials(pid: 42, uid: uid, gid: gid, groups: groups), sink: sink)!
        return (id, sink)
    }

    package func send(_ message: ClientMessage, from id: ClientID, _ encoding: WireEncoding) {
        core.receive(message.encoded(encoding), from: id)
    }

    package func command(_ id: JSONValue, _ operation: Command.Operation, from client: ClientID, _ encoding: WireEncoding = .jsonLines) {
        send(.command(Command(id: id, operation: operation)), from: client, encoding)
    }

    /// Ticks at 120 Hz for `seconds`, returning what each tick said about continuing.
    @discardableResult
    package func run(seconds: Double) -> [Bool] {
        let period = UInt64(1e9 / 120)
        return (0..<Int(seconds * 120)).map { _ in
            time += period
            return core.tick(Tick(time: time))
        }
    }
}
