// SPDX-License-Identifier: Apache-2.0
import KineticInput
import NIOCore
import KineticProtocol
import KineticBindings
import KineticTime

/// The protocol state machine of the daemon, independent of sockets and timers.
///
/// It owns the sessions, decodes what clients send, runs commands against a ``ChannelEngine``,
/// and on every tick advances the engine and fans the frame out, encoding it once per distinct
/// layout and encoding and handing the same buffer to every client that shares them. It is used
/// from one thread only (the event loop in the daemon, the test's thread in tests); the transport
/// feeds it bytes and connection events, the clock feeds it ticks.
public final class ServerCore {
    /// Identity and limits.
    public let configuration: ServerConfiguration
    /// The channels and their animations.
    public let engine: any ChannelEngine

    /// The clock: its time, and the ticks the core asks it to resume, suspend or lock to a compositor's grid.
    public let clock: any TickSource
    /// The sessions in connection (id) order, the order in which ticks and broadcasts visit them.
    /// Ids only grow, so appending keeps the array sorted and ``session(_:)`` finds one by binary
    /// search. Loops iterate a snapshot: a session removed meanwhile is closed, and sending to or
    /// closing a closed session does nothing.
    var sessions: [ClientSession] = []
    var nextClientID: ClientID = 1
    var rejectedCount = 0

    var seq: UInt64 = 0
    var tickPeriod: UInt64
    /// Whether a change since the last tick needs at least one more frame.
    var needsFrame = false
    /// The samples of the last published tick, and per channel (engine order) the `seq` at which its sample last
    /// changed: a subscriber is sent a frame only when a channel of its layout changed since its last one.
    var publishedSamples: [ChannelSample] = []
    var changedAt: [UInt64] = []
    var layoutGenerations: [LayoutKey: UInt32] = [:]
    var layoutTableVersion: UInt64 = .max
    var nextGeneration: UInt32 = 1
    var shuttingDown = false
    /// The time the last frame's values were for (a vblank, when locked to a frame grid): its `time_ns`.
    public internal(set) var lastValuesTime: UInt64?
    /// The daemon's own reduce-motion setting (its configuration's, or the last `reduce_motion` of scope `daemon`).
    public var ownReduceMotion: Bool {
        didSet { applyReduceMotion() }
    }
    /// Preferences held by connections (`reduce_motion` of scope `connection`), oldest first; the latest wins, and
    /// each goes with its connection.
    var reduceMotionHolds: [(client: ClientID, enabled: Bool)] = []

    /// Input applied at its own times: at the start of every tick, before the engine advances, the input due by the
    /// tick's time is applied, so a late timer never reorders input and ticks (a replay, ``ReplayDriver``).
    public var timedInput: (any TimedInput)?

    /// Carries out `reload` commands; `nil`: reloading is not available here (the command fails with
    /// `bad_configuration`).
    public var reloader: (any ConfigurationReloading)?

    /// Extra fields of the `status` reply (a replay's `replay_offset_ns`, …).
    public var statusExtras: JSONObject = [:]

    /// The presentation grid the ticks follow (kept by the clock, ``TickSource/frameGrid``), and the client that gave
    /// it (it unlocks when that client goes).
    public var frameGrid: FrameGrid? { clock.frameGrid }
    var frameGridOwner: ClientID?

    /// The motion descriptors of the last tick, by channel serial, kept while a session wants them: the engine's motion
    /// version each was taken at, the descriptor as sent and its entries as written for the wire in both encodings. A
    /// tick describes and writes each channel once, whatever the number of motion subscribers (``refreshMotion()``).
    var motionTable: [UInt64: DescribedMotion] = [:]
    /// The engine table version ``motionTable`` last dropped removed channels at.
    var motionTableVersion: UInt64?

    /// Ticks taken, and ticks the clock reported missed.
    public internal(set) var tickCount: UInt64 = 0
    public internal(set) var missedTicks: UInt64 = 0
    /// Frames handed to sinks, in all.
    public internal(set) var framesOffered: UInt64 = 0

    struct LayoutKey: Hashable {
        var indices: [Int]
    }

    /// Creates a core ticked by `clock`: the core reads its time (CLOCK_MONOTONIC ns, or a virtual clock), resumes it
    /// after a change, suspends it once everything has settled and locks it to a client's `frame_clock`.
    public init(engine: any ChannelEngine, configuration: ServerConfiguration, clock: any TickSource) {
        self.engine = engine
        self.configuration = configuration
        self.clock = clock
        self.tickPeriod = Nanoseconds.unsigned(1e9 / configuration.tickHz)
        self.ownReduceMotion = engine.reduceMotion
    }

    /// The number of connected (not rejected) clients.
    public var clientCount: Int { sessions.count - rejectedCount }

    /// The engine's channels, read once per table version, with each name's Unicode scalars (what patterns match),
    /// read once per channel: a layout change costs every subscriber a few comparisons per new channel and pattern.
    var channelTable: (version: UInt64, channels: [ChannelDescriptor], names: [[Unicode.Scalar]]) = (.max, [], [])

    // MARK: Connections

    func index(of id: ClientID) -> Int? { sessions.sortedIndex(of: id) { $0.id } }

    func session(_ id: ClientID) -> ClientSession? { index(of: id).map { sessions[$0] } }

    /// Registers a new connection. Beyond ``ServerConfiguration/maximumClients`` the connection is
    /// kept only until its first bytes show its encoding, then gets `too_many_clients` and is closed;
    /// beyond a small number of such pending rejections it is closed at once.
    @discardableResult
    public func connect(peer: PeerCredentials, sink: any ClientSink) -> ClientID? {
        let full = clientCount >= configuration.maximumClients || shuttingDown
        if full, rejectedCount >= 64 {
            sink.close()
            return nil
        }
        let id = nextClientID
        nextClientID += 1
        let session = ClientSession(id: id, peer: peer, sink: sink,
                                    maximumMessageSize: configuration.maximumMessageSize, rejected: full)
        sessions.append(session)
        if full { rejectedCount += 1 }
        return id
    }

    /// Forgets a connection that closed; the channels it defined are removed.
    public func disconnect(_ id: ClientID) {
        guard let index = index(of: id) else { return }
        let session = sessions.remove(at: index)
        session.closed = true
        if session.rejected { rejectedCount -= 1 }
        if frameGridOwner == id {
            frameGridOwner = nil
            clock.lock(to: nil)
        }
        if reduceMotionHolds.contains(where: { $0.client == id }) {
            reduceMotionHolds.removeAll { $0.client == id }
            applyReduceMotion()
        }
        let owned = engine.channels.filter { $0.owner == .client(id) }.map(\.name)
        guard !owned.isEmpty else { return }
        let time = clock.now()
        for name in owned {
            deliver((try? engine.remove(name, at: time)) ?? [])
        }
        requestFrame()
    }

    /// Whether the daemon is still starting (defining its bound channels, opening devices, installing the reload
    /// handler): clients may connect, and what they send is held (at most one message's size) and read once
    /// ``finishStarting()`` is called, so that no command sees a half-made daemon.
    public internal(set) var isStarting = false

    /// Holds what clients send until ``finishStarting()``.
    public func beginStarting() { isStarting = true }

    /// Reads what clients sent while the daemon was starting, in their order.
    public func finishStarting() {
        isStarting = false
        for session in sessions where !session.held.isEmpty {
            let bytes = session.held
            session.held = []
            receive(bytes, from: session.id)
        }
    }

    /// Handles bytes received from a client.
    public func receive(_ bytes: some Collection<UInt8>, from id: ClientID) {
        guard let session = session(id), !session.closed else { return }
        if isStarting {
            guard session.held.count + bytes.count <= configuration.maximumMessageSize else {
                fail(session, ProtocolError(.tooLarge, "more than \(configuration.maximumMessageSize) bytes sent while the server was starting; wait for the answer to the first message", isFatal: true))
                return
            }
            session.held.append(contentsOf: bytes)
            return
        }
        session.decoder.feed(bytes)
        if session.rejected, session.decoder.encoding != nil {
            fail(session, ProtocolError(.tooManyClients, "the server serves its maximum of \(configuration.maximumClients) clients; try again later", isFatal: true))
            return
        }
        while !session.closed, let result = session.decoder.next() {
            switch result {
            case .success(let message): handle(message, from: session)
            case .failure(let error): fail(session, error)
            }
        }
    }

    /// Disconnects a client that stayed unwritable too long, telling it why.
    public func disconnectSlowClient(_ id: ClientID, after seconds: Double) {
        guard let session = session(id) else { return }
        fail(session, ProtocolError(.tooSlow, "the client did not read for \(seconds) s; frames are latest-wins but the connection must drain", isFatal: true))
    }

    func fail(_ session: ClientSession, _ error: ProtocolError) {
        if let id = error.commandID, !error.isFatal {
            session.send(.reply(.failed(id, error)))
            return
        }
        session.send(.error(error))
        if error.isFatal { close(session) }
    }

    func close(_ session: ClientSession) {
        guard !session.closed else { return }
        session.sink.close()
        session.closed = true
        disconnect(session.id)
    }
}
