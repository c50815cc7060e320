import KineticInput
import NIOCore
import KineticProtocol
import KineticBindings

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
    private var sessions: [ClientSession] = []
    private var nextClientID: ClientID = 1
    private var rejectedCount = 0

    private var seq: UInt64 = 0
    private var tickPeriod: UInt64
    /// Whether a change since the last tick needs at least one more frame.
    private var needsFrame = false
    private var layoutGenerations: [LayoutKey: UInt32] = [:]
    private var layoutTableVersion: UInt64 = .max
    private var nextGeneration: UInt32 = 1
    private var shuttingDown = false
    /// The time the last frame's values were for (a vblank, when locked to a frame grid).
    private var lastValuesTime: UInt64?
    /// The daemon's own reduce-motion setting (its configuration's, or the last `reduce_motion` of scope `daemon`).
    public var ownReduceMotion: Bool {
        didSet { applyReduceMotion() }
    }
    /// Preferences held by connections (`reduce_motion` of scope `connection`), oldest first; the latest wins, and
    /// each goes with its connection.
    private var reduceMotionHolds: [(client: ClientID, enabled: Bool)] = []

    /// Called at the start of every tick with its time, before the engine advances: a replay applies
    /// the input events due by then, so a late timer never reorders input and ticks.
    public var beforeTick: ((UInt64) -> Void)?

    /// Carries out a `reload` command: re-read the configuration and swap the bindings, then call the
    /// completion on the core's thread with the reply's fields or the error. `nil`: reloading is not
    /// available here (the command fails with `bad_configuration`). It may complete later (the daemon
    /// reads the file off the event loop); the client's reply waits for it.
    public var reloadHandler: ((@escaping (Result<JSONObject, ProtocolError>) -> Void) -> Void)?

    /// Extra fields of the `status` reply (a replay's `replay_offset_ns`, …).
    public var statusExtras: JSONObject = [:]

    /// The presentation grid the ticks follow (kept by the clock, ``TickSource/frameGrid``), and the client that gave
    /// it (it unlocks when that client goes).
    public var frameGrid: FrameGrid? { clock.frameGrid }
    private var frameGridOwner: ClientID?

    /// Ticks taken, and ticks the clock reported missed.
    public private(set) var tickCount: UInt64 = 0
    public private(set) var missedTicks: UInt64 = 0
    /// Frames handed to sinks, in all.
    public private(set) var framesOffered: UInt64 = 0

    private struct LayoutKey: Hashable {
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

    // MARK: Connections

    private func index(of id: ClientID) -> Int? {
        var low = 0, high = sessions.count
        while low < high {
            let mid = (low + high) / 2
            if sessions[mid].id < id { low = mid + 1 } else { high = mid }
        }
        return low < sessions.count && sessions[low].id == id ? low : nil
    }

    private func session(_ id: ClientID) -> ClientSession? { index(of: id).map { sessions[$0] } }

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
    public private(set) var isStarting = false

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

    private func fail(_ session: ClientSession, _ error: ProtocolError) {
        if let id = error.commandID, !error.isFatal {
            session.send(.reply(.failed(id, error)))
            return
        }
        session.send(.error(error))
        if error.isFatal { close(session) }
    }

    private func close(_ session: ClientSession) {
        guard !session.closed else { return }
        session.sink.close()
        session.closed = true
        disconnect(session.id)
    }

    // MARK: Messages

    private func handle(_ message: ClientMessage, from session: ClientSession) {
        switch message {
        case .hello(let hello):
            guard !session.greeted else {
                fail(session, ProtocolError(.unexpectedMessage, "a connection says hello once"))
                return
            }
            guard hello.major == ProtocolVersion.major else {
                fail(session, ProtocolError(.versionUnsupported, "protocol \(hello.major) is not supported; this server speaks protocol \(ProtocolVersion.major)", isFatal: true))
                return
            }
            session.greeted = true
            session.name = hello.client
            session.send(.hello(ServerHello(server: configuration.serverName, tickHz: configuration.tickHz,
                                            features: configuration.features, encoding: session.encoding)))
        case .subscribe(let subscription):
            session.greeted = true
            session.patterns = subscription.patterns.map(ChannelPattern.init)
            session.setRate(subscription.rateHz)
            session.layoutTableVersion = nil
            session.matchedSerials = []
            session.examinedSerial = 0
            updateLayout(of: session, forceSchema: true)
            requestFrame()
        case .command(let command) where command.operation == .reload:
            session.greeted = true
            reload(command, from: session)
        case .command(let command):
            session.greeted = true
            let result = run(command, from: session)
            switch result {
            case .success(let (fields, events)):
                session.send(.reply(.ok(command.id, fields)))
                deliver(events)
            case .failure(let error):
                session.send(.reply(.failed(command.id, error)))
            }
        }
    }

    /// Whether `session` may run `operation` now: state changes need authorization and a running server.
    private func refusal(of operation: Command.Operation, from session: ClientSession) -> ProtocolError? {
        if case .reduceMotion(_, .connection) = operation {
            if !configuration.authorization.mayHoldPreference(session.peer) {
                return ProtocolError(.permissionDenied, "uid \(session.peer.uid) may not hold a reduce_motion preference; it needs root, the daemon's uid, the control group or the preference group")
            }
        } else if operation.changesState, !configuration.authorization.mayChangeState(session.peer) {
            return ProtocolError(.permissionDenied, "uid \(session.peer.uid) may subscribe but not \(operation.name); state changes need root, the daemon's uid or the control group")
        }
        if shuttingDown, operation.changesState {
            return ProtocolError(.shuttingDown, "the server is stopping")
        }
        return nil
    }

    private func reload(_ command: Command, from session: ClientSession) {
        if let error = refusal(of: command.operation, from: session) {
            session.send(.reply(.failed(command.id, error)))
            return
        }
        guard let reloadHandler else {
            session.send(.reply(.failed(command.id, ProtocolError(.badConfiguration, "this server has no configuration file to reload"))))
            return
        }
        let id = session.id
        reloadHandler { [weak self] result in
            guard let self, let session = self.session(id) else { return }
            switch result {
            case .success(let fields): session.send(.reply(.ok(command.id, fields)))
            case .failure(let error): session.send(.reply(.failed(command.id, error)))
            }
            self.requestFrame()
        }
    }

    private func run(_ command: Command, from session: ClientSession) -> Result<(JSONObject, [EngineEvent]), ProtocolError> {
        if let error = refusal(of: command.operation, from: session) {
            var error = error
            error.commandID = command.id
            return .failure(error)
        }
        do throws(ProtocolError) {
            var fields: JSONObject = [:]
            var events: [EngineEvent] = []
            switch command.operation {
            case .define(let name, let dimension, let initial):
                try checkRoom(for: 1, components: dimension, from: session, channels: engine.channels)
                try wire { () throws(ChannelEngineError) in
                    try engine.define(name, dimension: dimension, initial: initial ?? Array(repeating: 0, count: dimension),
                                      owner: .client(session.id), at: clock.now())
                }
            case .set(let name, let value):
                events = try wire { () throws(ChannelEngineError) in try engine.set(name, to: value, at: clock.now()) }
            case .animate(let name, let value, let text, let completion):
                let expression = try parse("animation", text, AnimationExpression.parse)
                let token = completion.map { CompletionToken(client: session.id, commandID: command.id, criterion: $0) }
                events = try wire { () throws(ChannelEngineError) in
                    try engine.animate(name, to: value, with: expression, completion: token, at: clock.now())
                }
            case .animateChanges(let changes, let text, let completion):
                let expression = try parse("animation", text, AnimationExpression.parse)
                let token = completion.map { CompletionToken(client: session.id, commandID: command.id, criterion: $0) }
                events = try wire { () throws(ChannelEngineError) in
                    try engine.animate(changes.map { ($0.channel, $0.to) }, with: expression, completion: token, at: clock.now())
                }
            case .remove(let name):
                guard let channel = engine.channels.first(where: { $0.name == name }) else {
                    throw ProtocolError(.unknownChannel, "no channel named \"\(name)\"")
                }
                guard channel.owner == .client(session.id) else {
                    throw ProtocolError(.permissionDenied, channel.owner == .configuration
                        ? "\"\(name)\" comes from the configuration and cannot be removed"
                        : "\"\(name)\" belongs to another client")
                }
                events = try wire { () throws(ChannelEngineError) in try engine.remove(name, at: clock.now()) }
            case .list:
                fields["channels"] = .array(engine.channels.map { channel in
                    var owner: JSONValue = "configuration"
                    if case .client(let id) = channel.owner { owner = .string(id == session.id ? "self" : "client") }
                    var entry: JSONObject = ["name": .string(channel.name), "dimension": .number(Double(channel.dimension)),
                                             "owner": owner]
                    if let element = channel.element { entry["element"] = .string(element) }
                    return .object(entry)
                })
            case .status:
                fields["server"] = .string(configuration.serverName)
                fields["tick_hz"] = .number(configuration.tickHz)
                fields["clients"] = .number(Double(clientCount))
                fields["channels"] = .number(Double(engine.channels.count))
                fields["seq"] = .number(Double(seq))
                fields["ticks"] = .number(Double(tickCount))
                fields["missed_ticks"] = .number(Double(missedTicks))
                fields["settled"] = .bool(engine.isSettled)
                fields["reduce_motion"] = .bool(engine.reduceMotion)
                fields["reduce_motion_held"] = .bool(!reduceMotionHolds.isEmpty)
                fields["frame_clock"] = frameGrid.map { .object(["refresh_ns": .number(Double($0.refresh)),
                                                                 "lead_ns": .number(Double($0.lead))]) } ?? .null
                for member in statusExtras.members where fields[member.key] == nil { fields[member.key] = member.value }
            case .reduceMotion(let enabled, .daemon):
                ownReduceMotion = enabled
            case .reduceMotion(let enabled, .connection):
                reduceMotionHolds.removeAll { $0.client == session.id }
                reduceMotionHolds.append((session.id, enabled))
                applyReduceMotion()
            case .reload:
                break  // answered by reload(_:from:)
            case .frameClock(let refresh, let vblank, let lead):
                if refresh == 0 {
                    clock.lock(to: nil)
                    frameGridOwner = nil
                } else {
                    clock.lock(to: FrameGrid(refresh: refresh, vblank: vblank, lead: lead ?? FrameGrid.defaultLead))
                    frameGridOwner = session.id
                }
                fields["locked"] = .bool(frameGrid != nil)
                if let grid = frameGrid {
                    let next = grid.tick(after: clock.now())
                    fields["next_vblank_ns"] = .number(Double(next.vblank))
                    fields["lead_ns"] = .number(Double(grid.lead))
                }
            case .insert(let element, let transition, let animation):
                let request = ElementRequest.insert(transition: try parse("transition", transition, TransitionExpression.parse),
                                                    animation: try parse("animation", animation, AnimationExpression.parse))
                (fields, events) = try run(request, on: element, from: session)
            case .removeElement(let element, let transition, let animation):
                let token = CompletionToken(client: session.id, commandID: command.id, criterion: .removed)
                let request = ElementRequest.remove(transition: try parse("transition", transition, TransitionExpression.parse),
                                                    animation: try parse("animation", animation, AnimationExpression.parse),
                                                    completion: token)
                (fields, events) = try run(request, on: element, from: session)
            case .zoom(let element, let zoom):
                let request = ElementRequest.zoom(zoom, animation: try parse("animation", zoom.animation, AnimationExpression.parse))
                (fields, events) = try run(request, on: element, from: session)
            case .effect(let element, let effect):
                let expression = try parse("effect", present: effect.effect) { (text) throws(AnimationExpressionError) in
                    try SymbolEffectExpression.parse(effect: text, options: effect.options)
                }
                (fields, events) = try run(.effect(expression, effect.mode), on: element, from: session)
            }
            if command.operation.changesState { requestFrame() }
            return .success((fields, events))
        } catch {
            var error = error
            error.commandID = command.id
            return .failure(error)
        }
    }

    /// The engine's setting: the latest held preference, else the daemon's own.
    private func applyReduceMotion() {
        engine.reduceMotion = reduceMotionHolds.last?.enabled ?? ownReduceMotion
    }

    /// `text` parsed by `parser` (`nil` stays `nil`); its error as `bad_animation`, naming `field`, the text at fault
    /// (an effect's options are parsed with it) and the column.
    private func parse<T>(_ field: String, _ text: String?,
                          _ parser: (String) throws(AnimationExpressionError) -> T) throws(ProtocolError) -> T? {
        guard let text else { return nil }
        return try parse(field, present: text, parser)
    }

    /// ``parse(_:_:_:)`` of a text that is always there.
    private func parse<T>(_ field: String, present text: String,
                          _ parser: (String) throws(AnimationExpressionError) -> T) throws(ProtocolError) -> T {
        do {
            return try parser(text)
        } catch {
            throw ProtocolError(.badAnimation, error.message(field: field))
        }
    }

    /// Runs an element command: the element must be new or the client's own, and a new one must fit the limits.
    private func run(_ request: ElementRequest, on element: String,
                     from session: ClientSession) throws(ProtocolError) -> (JSONObject, [EngineEvent]) {
        let channels = engine.channels
        if let existing = channels.first(where: { $0.element == element }) {
            guard existing.owner == .client(session.id) else {
                throw ProtocolError(.permissionDenied, "element \"\(element)\" belongs to another client")
            }
        } else {
            try checkRoom(for: request.channels.count, components: request.channels.reduce(0) { $0 + $1.dimension },
                          from: session, channels: channels, element: element)
        }
        let result = try wire { () throws(ChannelEngineError) in
            try engine.element(element, request, owner: .client(session.id), at: clock.now())
        }
        return (result.fields, result.events)
    }

    /// Refuses `adding` new channels for `session` (a `define`, or a new element's) beyond the per-client and the
    /// server's limits.
    private func checkRoom(for adding: Int, components: Int, from session: ClientSession, channels: [ChannelDescriptor],
                           element: String? = nil) throws(ProtocolError) {
        let owned = channels.count { $0.owner == .client(session.id) }
        guard owned + adding <= configuration.maximumChannelsPerClient else {
            throw ProtocolError(.tooManyChannels, "a client may define at most \(configuration.maximumChannelsPerClient) channels"
                                + (element.map { "; element \"\($0)\" needs \(adding) more" } ?? ""))
        }
        guard channels.count + adding <= configuration.maximumChannels else {
            throw ProtocolError(.tooManyChannels, "the server holds its maximum of \(configuration.maximumChannels) channels")
        }
        let held = channels.reduce(0) { $0 + $1.dimension }
        guard held + components <= configuration.maximumComponents else {
            throw ProtocolError(.tooManyChannels, "the server's channels hold \(held) of at most \(configuration.maximumComponents) components; \(components) more do not fit")
        }
    }

    /// `body`'s channel error as the protocol error a client is sent (``ProtocolError/init(_:)``).
    private func wire<T>(_ body: () throws(ChannelEngineError) -> T) throws(ProtocolError) -> T {
        do { return try body() } catch { throw ProtocolError(error) }
    }

    private func deliver(_ events: [EngineEvent]) {
        for event in events {
            switch event {
            case .completed(let token, let channels):
                let name = token.criterion == .logicallyComplete ? Event.logicallyComplete : Event.removed
                let fields: JSONObject = channels.count == 1 ? ["channel": .string(channels[0])]
                    : ["channels": .array(channels.map { .string($0) })]
                session(token.client)?.send(.event(Event(name: name, id: token.commandID, fields: fields)))
            case .elementRemoved(let token, let element):
                session(token.client)?.send(.event(Event(name: Event.removed, id: token.commandID, fields: ["element": .string(element)])))
                requestFrame()
            }
        }
    }

    /// Sends `event` to every connected client (device and gesture notifications).
    public func broadcast(_ event: Event) {
        for session in sessions {
            if !session.rejected, session.decoder.encoding != nil { session.send(.event(event)) }
        }
    }

    /// Runs `body` with the engine (input bindings changing channels), then schedules a frame,
    /// delivers the engine events it returns to their clients (completions that came due while the
    /// input advanced the engine: they happened before the input) and sends its events to every client.
    public func applyInput(_ body: (any ChannelEngine) -> InputOutcome) {
        let outcome = body(engine)
        requestFrame()
        deliver(outcome.engineEvents)
        for event in outcome.events { broadcast(event) }
    }

    private func requestFrame() {
        needsFrame = true
        clock.resume()
    }

    // MARK: Frames

    /// The engine's channels, read once per table version, with each name's Unicode scalars (what patterns match),
    /// read once per channel: a layout change costs every subscriber a few comparisons per new channel and pattern.
    private var channelTable: (version: UInt64, channels: [ChannelDescriptor], names: [[Unicode.Scalar]]) = (.max, [], [])

    private var currentChannels: [ChannelDescriptor] {
        if channelTable.version != engine.tableVersion {
            let channels = engine.channels
            // Names already read keep their scalars (serials increase along both lists).
            var names: [[Unicode.Scalar]] = []
            names.reserveCapacity(channels.count)
            var old = 0
            for channel in channels {
                while old < channelTable.channels.count, channelTable.channels[old].serial < channel.serial { old += 1 }
                if old < channelTable.channels.count, channelTable.channels[old].serial == channel.serial {
                    names.append(channelTable.names[old])
                } else {
                    names.append(Array(channel.name.unicodeScalars))
                }
            }
            channelTable = (engine.tableVersion, channels, names)
        }
        return channelTable.channels
    }

    /// Brings `session`'s layout up to the engine's channels. Incremental: a channel's name is matched against the
    /// session's patterns once, when the session first sees its serial; afterwards a layout change costs a merge of
    /// the matched serials with the channel list (integers only), so adding an element costs each subscriber the
    /// match of the element's few channels, whatever the number of channels and patterns.
    private func updateLayout(of session: ClientSession, forceSchema: Bool) {
        guard let patterns = session.patterns else { return }
        let channels = currentChannels
        if layoutTableVersion != engine.tableVersion {
            layoutTableVersion = engine.tableVersion
            layoutGenerations.removeAll()
        }
        // The channels matched before that still exist, by a merge of two increasing serial lists.
        var indices: [Int] = []
        var serials: [UInt64] = []
        var position = 0
        for serial in session.matchedSerials {
            while position < channels.count, channels[position].serial < serial { position += 1 }
            if position < channels.count, channels[position].serial == serial {
                indices.append(position)
                serials.append(serial)
            }
        }
        // The channels created since, matched once.
        var first = channels.count
        while first > 0, channels[first - 1].serial > session.examinedSerial { first -= 1 }
        let names = channelTable.names
        for i in first..<channels.count where patterns.contains(where: { $0.matches(scalars: names[i]) }) {
            indices.append(i)
            serials.append(channels[i].serial)
        }
        session.matchedSerials = serials
        session.examinedSerial = max(session.examinedSerial, channels.last?.serial ?? 0)
        let key = LayoutKey(indices: indices)
        let generation: UInt32
        if let existing = layoutGenerations[key] {
            generation = existing
        } else {
            generation = nextGeneration
            nextGeneration &+= 1
            layoutGenerations[key] = generation
        }
        session.layoutTableVersion = engine.tableVersion
        let changed = session.layout?.generation != generation || session.layoutIndices != indices
        session.layoutIndices = indices
        if changed || forceSchema {
            let layout = FrameLayout(generation: generation, channels: indices.map { (channels[$0].name, channels[$0].dimension) })
            session.layout = layout
            session.send(.schema(layout))
        }
    }

    /// Advances the engine to the tick and offers the frame to every subscriber.
    ///
    /// - Returns: whether the clock keeps ticking: `false` once every channel has settled and nothing changed since the
    ///   last frame; the core has then suspended it, so that an idle daemon causes no wake-ups.
    @discardableResult
    public func tick(_ tick: Tick) -> Bool {
        let keepTicking = publish(tick)
        if !keepTicking { clock.suspend() }
        return keepTicking
    }

    /// ``tick(_:)``'s work: advance, then the frame to every subscriber due one; whether to keep ticking.
    private func publish(_ tick: Tick) -> Bool {
        // Input due by this tick is applied first, at its own times (replay).
        beforeTick?(tick.time)
        tickCount += 1
        missedTicks += tick.missed
        // Locked to a compositor's grid, the values are for the vblank that will show them. One frame per vblank: a
        // tick that fired late (after the vblank it was planned for) has already published the next one, so the tick
        // planned for that next vblank publishes nothing; frames' times only increase.
        let valuesTime = frameGrid?.vblank(after: tick.time) ?? tick.time
        if frameGrid != nil, let published = lastValuesTime, valuesTime <= published {
            return needsFrame || !engine.isSettled
        }
        lastValuesTime = valuesTime
        seq += 1
        deliver(engine.advance(to: valuesTime))
        let samples = engine.samples()
        let keepTicking = needsFrame || !engine.isSettled
        needsFrame = false
        // One encoded frame per (layout, encoding), shared by every client with that pair: a few at most.
        var cache: [(key: CacheKey, frame: ByteBuffer)] = []
        for session in sessions {
            guard !session.closed, session.patterns != nil else { continue }
            if session.layoutTableVersion != engine.tableVersion { updateLayout(of: session, forceSchema: false) }
            // The last frame before the clock stops goes to every subscriber, decimated or not, so
            // that each one ends on the settled values.
            let due = session.frameIsDue(at: tick.time, tickPeriod: tickPeriod) || !keepTicking
            guard let layout = session.layout, due else { continue }
            let key = CacheKey(generation: layout.generation, encoding: session.encoding)
            let frame: ByteBuffer
            if let cached = cache.first(where: { $0.key == key }) {
                frame = cached.frame
            } else {
                let selected = session.layoutIndices.map { $0 < samples.count ? samples[$0] : ChannelSample(name: "", value: [], velocity: []) }
                frame = ByteBuffer(bytes: FrameEncoder.encode(seq: seq, timeNanoseconds: valuesTime, layout: layout,
                                                              samples: selected, encoding: session.encoding))
                cache.append((key, frame))
            }
            session.sink.sendFrame(frame)
            framesOffered += 1
        }
        return keepTicking
    }

    private struct CacheKey: Hashable {
        var generation: UInt32
        var encoding: WireEncoding
    }

    /// Tells every client the server is stopping (a `shutdown` event), then closes them all.
    public func shutdown() {
        shuttingDown = true
        for session in sessions {
            if session.decoder.encoding != nil, !session.rejected { session.send(.event(Event(name: Event.shutdown))) }
            close(session)
        }
    }
}

extension ProtocolError {
    /// A channel engine's refusal as the protocol reports it: `unknown_channel`, `dimension_mismatch`,
    /// `channel_exists`, `bad_animation`, or `bad_message` for a value that is not accepted.
    public init(_ error: ChannelEngineError) {
        let code: ErrorCode
        switch error.kind {
        case .unknownChannel: code = .unknownChannel
        case .dimensionMismatch: code = .dimensionMismatch
        case .channelExists: code = .channelExists
        case .badAnimation: code = .badAnimation
        case .badValue: code = .badMessage
        case .wrongKind: code = .elementMismatch
        case .unsupported: code = .unknownOperation
        }
        self.init(code, error.message)
    }
}
