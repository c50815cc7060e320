import KineticInput
import NIOCore
import KineticProtocol
import KineticBindings

// Input, layouts and frames: what the core sends to every subscriber at each tick.
extension ServerCore {
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

    func requestFrame() {
        needsFrame = true
        clock.resume()
    }

    // MARK: Frames


    var currentChannels: [ChannelDescriptor] {
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
    func updateLayout(of session: ClientSession, forceSchema: Bool) {
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
            session.describesAll = true
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
    func publish(_ tick: Tick) -> Bool {
        // Input due by this tick is applied first, at its own times (replay).
        timedInput?.drain(upTo: tick.time)
        tickCount += 1
        missedTicks += tick.missed
        // Locked to a compositor's grid, the values are for the vblank that will show them. One frame per vblank: a
        // tick that fired late (after the vblank it was planned for) has already published the next one, so the tick
        // planned for that next vblank publishes nothing. Likewise a tick just after the grid is unlocked, still
        // before the last vblank published: frames' times only increase.
        let grid = frameGrid  // the clock's, behind its lock: read once a tick
        let valuesTime = grid?.vblank(after: tick.time) ?? tick.time
        if let published = lastValuesTime, valuesTime <= published {
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
        let changedMotion = sessions.contains { $0.wantsMotion && !$0.closed } ? refreshMotion() : []
        for session in sessions {
            guard !session.closed, session.patterns != nil else { continue }
            if session.layoutTableVersion != engine.tableVersion { updateLayout(of: session, forceSchema: false) }
            if session.wantsMotion {
                describeMotion(to: session, changed: changedMotion, seq: seq, time: valuesTime)
                // Its described channels need no frames; a channel described as `frames` does.
                guard !session.framedSerials.isEmpty else { continue }
            }
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

    /// Brings ``motionTable`` up to the engine at this tick and returns the serials whose descriptor changed: a new
    /// channel, or one whose motion version moved (``ChannelEngine/motionVersion(at:)``). One pass over the channels a
    /// tick, whatever the number of motion subscribers.
    func refreshMotion() -> Set<UInt64> {
        let channels = currentChannels
        if motionTableVersion != engine.tableVersion {
            motionTableVersion = engine.tableVersion
            let live = Set(channels.map(\.serial))
            motionTable = motionTable.filter { live.contains($0.key) }
        }
        var changed: Set<UInt64> = []
        for (index, channel) in channels.enumerated() {
            let version = engine.motionVersion(at: index)
            if motionTable[channel.serial]?.version == version { continue }
            var entry: [UInt8] = []
            let framed = engine.motion(at: index).write(channel: channel.name, to: &entry)
            motionTable[channel.serial] = (version, entry, framed)
            changed.insert(channel.serial)
        }
        return changed
    }

    /// Sends `session` a `motion` message with the descriptors of the channels of its layout that `changed` this tick,
    /// or of all of them after a subscribe or a layout change, and keeps which of them are `frames`. The work is the
    /// changed channels' (a binary search in the session's matched serials each), not the layout's, except after a
    /// layout change.
    func describeMotion(to session: ClientSession, changed: Set<UInt64>, seq: UInt64, time: UInt64) {
        var serials: [UInt64]
        if session.describesAll {
            session.describesAll = false
            session.framedSerials = []
            serials = session.matchedSerials
        } else {
            serials = []
            for serial in changed where session.matchedSerials.sortedIndex(of: serial, by: { $0 }) != nil {
                serials.append(serial)
            }
            serials.sort()
        }
        guard !serials.isEmpty else { return }
        var entries: [[UInt8]] = []
        entries.reserveCapacity(serials.count)
        for serial in serials {
            guard let described = motionTable[serial] else { continue }
            if described.framed {
                session.framedSerials.insert(serial)
            } else {
                session.framedSerials.remove(serial)
            }
            entries.append(described.entry)
        }
        guard !entries.isEmpty else { return }
        for bytes in MotionMessage.encoded(seq: seq, timeNanoseconds: time, epochNanoseconds: engine.epoch,
                                           entries: entries, encoding: session.encoding) {
            session.sink.send(ByteBuffer(bytes: bytes))
        }
    }

    struct CacheKey: Hashable {
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
