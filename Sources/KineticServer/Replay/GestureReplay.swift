import KineticInput

/// Deterministic replay at the bindings' level: a recording in, every channel's value and velocity
/// at every tick out — with what the bindings saw and did (``BindingEvent``s) — computed on a
/// virtual clock as fast as the machine goes. `plot` overlays those input samples, the tests check
/// the motion against them, and `make bench-replay` measures it. (``OfflineReplay`` is the same
/// composition seen through the protocol: `kineticctl replay` prints a subscriber's JSON frames.
/// Its clock follows the daemon's — it stops when idle and restarts on input, shifting the grid —
/// so the two differ in tick times after an idle spell; its documentation says which to use.)
///
/// It runs the daemon's own composition — a ``GesturePipeline`` driving a ``GraphChannelEngine`` —
/// on a virtual clock that ticks at ``ReplayOptions/rateHz`` from the first event's time: tick k is
/// at t₀ + round(k·10⁹/rate) ns (rounded per tick, so the grid never drifts). Before tick k, every
/// event stamped at or before it goes through the pipeline, each gesture applied at its own
/// timestamp; then the engine advances to the tick and every channel is sampled. When the
/// recording ends, its device is detached (a gesture the recording leaves open is cancelled, as on
/// unplug); the replay stops after the first tick at which every channel has settled and no
/// gesture is active, or ``ReplayOptions/maximumSettleDuration`` past the last event.
///
/// Frame times are on the recording's clock. Nothing reads a clock or iterates an unordered
/// collection, so two runs give bit-identical frames.
public struct GestureReplay {
    /// The recording replayed.
    public let recording: Recording
    /// The options.
    public let options: ReplayOptions
    /// The frame layout: every bound channel, generation 1.
    public let layout: FrameLayout

    /// Prepares a replay; fails on a rate outside 30…480 Hz or bindings that disagree on a channel's dimension.
    public init(recording: Recording, options: ReplayOptions = ReplayOptions()) throws(ReplayError) {
        guard ReplayOptions.rateRange.contains(options.rateHz) else {
            throw ReplayError("the tick rate must be 30…480 Hz, not \(options.rateHz)")
        }
        self.recording = recording
        self.options = options
        let pipeline = GesturePipeline(bindings: options.bindings)
        do {
            try pipeline.defineChannels(in: GraphChannelEngine(epoch: 0), at: 0)
        } catch {
            throw ReplayError("the bindings cannot be replayed: \(error.message)")
        }
        layout = FrameLayout(generation: 1, channels: pipeline.channels)
    }

    /// Runs the replay, handing every frame to `body` in order; returns how many frames there were.
    @discardableResult
    public func run(_ body: (ReplayFrame) throws -> Void) rethrows -> Int {
        let events = recording.events
        let start = UInt64(max(0, events.first?.time.nanoseconds ?? 0))
        let last = UInt64(max(0, events.last?.time.nanoseconds ?? 0))
        let limit = Nanoseconds.sum(max(start, last), Nanoseconds.unsigned(seconds: options.maximumSettleDuration))
        let engine = GraphChannelEngine(epoch: 0)
        engine.reduceMotion = options.reduceMotion
        let pipeline = GesturePipeline(bindings: options.bindings)
        // init defined these bindings in an identical engine, so defining them cannot fail.
        guard (try? pipeline.defineChannels(in: engine, at: start)) != nil else { return 0 }
        let handle = pipeline.attach(recording.device, path: nil, frameConfiguration: options.frameConfiguration)
        var next = 0
        var attached = true
        var tick: UInt64 = 0
        var bindingEvents: [BindingEvent] = []
        while true {
            let time = Nanoseconds.sum(start, Nanoseconds.unsigned(Double(tick) * 1e9 / options.rateHz))
            while next < events.count, pipeline.engineTime(of: events[next].time) <= time {
                if let handle { bindingEvents += pipeline.process(events[next], from: handle, engine: engine).bindingEvents }
                next += 1
            }
            if attached, next == events.count {
                if let handle, let end = events.last?.time {
                    bindingEvents += pipeline.detach(handle, at: end, engine: engine).bindingEvents
                }
                attached = false
            }
            _ = engine.advance(to: time)
            try body(ReplayFrame(seq: tick + 1, timeNanoseconds: time, samples: engine.samples(),
                                 bindingEvents: bindingEvents))
            bindingEvents.removeAll(keepingCapacity: true)
            tick += 1
            if !attached, engine.isSettled, !pipeline.hasActiveGesture { break }
            if time >= limit { break }
        }
        return Int(clamping: tick)
    }
}
