// SPDX-License-Identifier: Apache-2.0
import KineticInput
import NIOCore
import KineticProtocol
import KineticBindings

// The messages clients send: commands, their authorization, replies and completion events.
extension ServerCore {
    // MARK: Messages

    func handle(_ message: ClientMessage, from session: ClientSession) {
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
            session.setRate(subscription.maxRateHz)
            session.wantsMotion = subscription.motion
            session.describesAll = true
            session.framedSerials = []
            session.lastFrame = nil  // a new subscription's first frame carries the full state
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
    func refusal(of operation: Command.Operation, from session: ClientSession) -> ProtocolError? {
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

    func reload(_ command: Command, from session: ClientSession) {
        if let error = refusal(of: command.operation, from: session) {
            session.send(.reply(.failed(command.id, error)))
            return
        }
        guard let reloader else {
            session.send(.reply(.failed(command.id, ProtocolError(.badConfiguration, "this server has no configuration file to reload"))))
            return
        }
        let id = session.id
        reloader.reload(then: { [weak self] result in
            guard let self, let session = self.session(id) else { return }
            switch result {
            case .success(let fields): session.send(.reply(.ok(command.id, fields)))
            case .failure(let error): session.send(.reply(.failed(command.id, error)))
            }
            self.requestFrame()
        })
    }

    func run(_ command: Command, from session: ClientSession) -> Result<(JSONObject, [EngineEvent]), ProtocolError> {
        if let error = refusal(of: command.operation, from: session) {
            var error = error
            error.commandID = command.id
            return .failure(error)
        }
        do throws(ProtocolError) {
            let result = try perform(command, from: session)
            if command.operation.changesState { requestFrame() }
            return .success(result)
        } catch {
            var error = error
            error.commandID = command.id
            return .failure(error)
        }
    }

    /// What one operation does: the reply's fields and the engine's events (each operation in a line or a function).
    func perform(_ command: Command, from session: ClientSession) throws(ProtocolError) -> (JSONObject, [EngineEvent]) {
        let completion = { (criterion: CompletionCriterion) in
            CompletionToken(client: session.id, commandID: command.id, criterion: criterion)
        }
        switch command.operation {
        case .define(let name, let dimension, let initial):
            try checkRoom(for: 1, components: dimension, from: session, channels: engine.channels)
            try wire { () throws(ChannelEngineError) in
                try engine.define(name, dimension: dimension, initial: initial ?? Array(repeating: 0, count: dimension),
                                  owner: .client(session.id), at: clock.now())
            }
            return ([:], [])
        case .set(let name, let value):
            return ([:], try wire { () throws(ChannelEngineError) in try engine.set(name, to: value, at: clock.now()) })
        case .animate(let name, let value, let text, let criterion):
            let expression = try parse("animation", text, AnimationExpression.parse)
            return ([:], try wire { () throws(ChannelEngineError) in
                try engine.animate(name, to: value, with: expression, completion: criterion.map(completion), at: clock.now())
            })
        case .animateChanges(let changes, let text, let criterion):
            let expression = try parse("animation", text, AnimationExpression.parse)
            return ([:], try wire { () throws(ChannelEngineError) in
                try engine.animate(changes.map { ($0.channel, $0.to) }, with: expression, completion: criterion.map(completion),
                                   at: clock.now())
            })
        case .remove(let name): return ([:], try removeChannel(name, from: session))
        case .list: return (["channels": channelList(for: session)], [])
        case .status: return (statusFields(), [])
        case .reduceMotion(let enabled, .daemon):
            ownReduceMotion = enabled
            return ([:], [])
        case .reduceMotion(let enabled, .connection):
            reduceMotionHolds.removeAll { $0.client == session.id }
            reduceMotionHolds.append((session.id, enabled))
            applyReduceMotion()
            return ([:], [])
        case .reload: return ([:], [])  // answered by reload(_:from:)
        case .frameClock(let refresh, let vblank, let lead):
            return (lockFrameClock(refresh: refresh, vblank: vblank, lead: lead, for: session), [])
        case .insert(let element, let transition, let animation):
            let request = ElementRequest.insert(transition: try parse("transition", transition, TransitionExpression.parse),
                                                animation: try parse("animation", animation, AnimationExpression.parse))
            return try run(request, on: element, from: session)
        case .removeElement(let element, let transition, let animation):
            let request = ElementRequest.remove(transition: try parse("transition", transition, TransitionExpression.parse),
                                                animation: try parse("animation", animation, AnimationExpression.parse),
                                                completion: completion(.removed))
            return try run(request, on: element, from: session)
        case .zoom(let element, let zoom):
            let request = ElementRequest.zoom(zoom, animation: try parse("animation", zoom.animation, AnimationExpression.parse))
            return try run(request, on: element, from: session)
        case .effect(let element, let effect):
            let expression = try parse("effect", present: effect.effect) { (text) throws(AnimationExpressionError) in
                try SymbolEffectExpression.parse(effect: text, options: effect.options)
            }
            return try run(.effect(expression, effect.mode), on: element, from: session)
        }
    }

    /// `remove` of a channel: only by the client that defined it.
    func removeChannel(_ name: String, from session: ClientSession) throws(ProtocolError) -> [EngineEvent] {
        guard let channel = engine.channels.first(where: { $0.name == name }) else {
            throw ProtocolError(.unknownChannel, "no channel named \"\(name)\"" + NearestName.suggestion(for: name, in: engine.channels.map(\.name)))
        }
        guard channel.owner == .client(session.id) else {
            throw ProtocolError(.permissionDenied, channel.owner == .configuration
                ? "\"\(name)\" comes from the configuration and cannot be removed"
                : "\"\(name)\" belongs to another client")
        }
        return try wire { () throws(ChannelEngineError) in try engine.remove(name, at: clock.now()) }
    }

    /// `list`'s channels, each with its owner as `session` sees it (`self`, `client` or `configuration`).
    func channelList(for session: ClientSession) -> JSONValue {
        .array(engine.channels.map { channel in
            var owner: JSONValue = "configuration"
            if case .client(let id) = channel.owner { owner = .string(id == session.id ? "self" : "client") }
            var entry: JSONObject = ["name": .string(channel.name), "dimension": .number(Double(channel.dimension)),
                                     "owner": owner]
            if let element = channel.element { entry["element"] = .string(element) }
            return .object(entry)
        })
    }

    /// `status`'s fields.
    func statusFields() -> JSONObject {
        var fields: JSONObject = [:]
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
        // Whose grid: a client's frame_clock, else the display's (phase: auto).
        let source: JSONValue = .string(frameGridOwner == nil ? "display" : "client")
        fields["frame_clock"] = frameGrid.map { .object(["refresh_ns": .number(Double($0.refresh)),
                                                         "lead_ns": .number(Double($0.lead)), "source": source]) } ?? .null
        for member in statusExtras.members where fields[member.key] == nil { fields[member.key] = member.value }
        return fields
    }

    /// `frame_clock`: locks the ticks to `session`'s grid (`refresh` 0 unlocks); the reply's fields.
    func lockFrameClock(refresh: UInt64, vblank: UInt64, lead: UInt64?, for session: ClientSession) -> JSONObject {
        if refresh == 0 {
            clock.lock(to: nil)
            frameGridOwner = nil
        } else {
            clock.lock(to: FrameGrid(refresh: refresh, vblank: vblank, lead: lead ?? FrameGrid.defaultLead))
            frameGridOwner = session.id
        }
        var fields: JSONObject = ["locked": .bool(frameGrid != nil)]
        if let grid = frameGrid {
            let next = grid.tick(after: clock.now())
            fields["next_vblank_ns"] = .number(Double(next.vblank))
            fields["lead_ns"] = .number(Double(grid.lead))
        }
        return fields
    }

    /// The engine's setting: the latest held preference, else the daemon's own.
    func applyReduceMotion() {
        engine.reduceMotion = reduceMotionHolds.last?.enabled ?? ownReduceMotion
    }

    /// `text` parsed by `parser` (`nil` stays `nil`); its error as `bad_animation`, naming `field`, the text at fault
    /// (an effect's options are parsed with it) and the column.
    func parse<T>(_ field: String, _ text: String?,
                          _ parser: (String) throws(AnimationExpressionError) -> T) throws(ProtocolError) -> T? {
        guard let text else { return nil }
        return try parse(field, present: text, parser)
    }

    /// ``parse(_:_:_:)`` of a text that is always there.
    func parse<T>(_ field: String, present text: String,
                          _ parser: (String) throws(AnimationExpressionError) -> T) throws(ProtocolError) -> T {
        do {
            return try parser(text)
        } catch {
            throw ProtocolError(.badAnimation, error.message(field: field))
        }
    }

    /// Runs an element command: the element must be new or the client's own, and a new one must fit the limits.
    func run(_ request: ElementRequest, on element: String,
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
    func checkRoom(for adding: Int, components: Int, from session: ClientSession, channels: [ChannelDescriptor],
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
    func wire<T>(_ body: () throws(ChannelEngineError) -> T) throws(ProtocolError) -> T {
        do { return try body() } catch { throw ProtocolError(error) }
    }

    func deliver(_ events: [EngineEvent]) {
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
}
