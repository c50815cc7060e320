import Kinetic
import KineticInput

/// Deterministic offline replay (`kineticctl replay`, issue 6 §1): a recording in, the frames a
/// subscriber of the daemon would see out, computed on a virtual clock as fast as the machine goes.
///
/// The virtual clock ticks at ``ReplayOptions/rateHz`` from the first event's time:
/// tick k is at t₀ + round(k·10⁹/rate) ns (rounded per tick, so the grid never drifts). Before
/// tick k, every event stamped at or before it goes through the ``GesturePipeline`` — each
/// gesture applied at its own timestamp — then the graph advances to the tick and every channel is
/// sampled. When the recording ends, its device is detached (a gesture the recording leaves open is
/// cancelled, as on unplug); the replay stops after the first tick at which nothing animates and
/// no gesture is active, or ``ReplayOptions/maximumSettleDuration`` past the last event.
///
/// Nothing reads a clock or iterates an unordered collection, so two runs give bit-identical
/// frames.
public struct OfflineReplay {
    /// The recording replayed.
    public let recording: Recording
    /// The options.
    public let options: ReplayOptions
    /// The frame layout: every bound channel, generation 1.
    public let layout: FrameLayout

    /// Prepares a replay; fails on a rate outside 30…480 Hz or inconsistent bindings.
    public init(recording: Recording, options: ReplayOptions = ReplayOptions()) throws(ReplayError) {
        guard ReplayOptions.rateRange.contains(options.rateHz) else {
            throw ReplayError("the tick rate must be 30…480 Hz, not \(options.rateHz)")
        }
        do {
            try options.bindings.validate(source: "bindings")
        } catch {
            throw ReplayError(error.description)
        }
        self.recording = recording
        self.options = options
        var names: [(name: String, dimension: Int)] = []
        for binding in options.bindings.bindings {
            for name in binding.channelNames where !names.contains(where: { $0.name == name }) {
                names.append((name, binding.dimension))
            }
        }
        layout = FrameLayout(generation: 1, channels: names)
    }

    /// Runs the replay, handing every frame to `body` in order; returns how many frames there were.
    @discardableResult
    public func run(_ body: (ReplayFrame) throws -> Void) rethrows -> Int {
        let events = recording.events
        let startNanoseconds = max(0, events.first?.time.nanoseconds ?? 0)
        let lastNanoseconds = max(startNanoseconds, events.last?.time.nanoseconds ?? 0)
        let limitNanoseconds = lastNanoseconds + Int64(options.maximumSettleDuration * 1e9)
        let graph = AnimationGraph(time: Double(startNanoseconds) / 1e9)
        // The configuration was validated in init; a pipeline over it cannot fail.
        guard let pipeline = try? GesturePipeline(configuration: options.bindings, graph: graph,
                                                  reduceMotion: options.reduceMotion)
        else { return 0 }
        let handle = pipeline.attach(recording.device, path: nil, frameConfiguration: options.frameConfiguration)
        var next = 0
        var attached = true
        var tick: Int64 = 0
        var bindingEvents: [BindingEvent] = []
        while true {
            let time = startNanoseconds + Int64((Double(tick) * 1e9 / options.rateHz).rounded())
            while next < events.count, events[next].time.nanoseconds <= time {
                bindingEvents += pipeline.process(events[next], from: handle)
                next += 1
            }
            if attached, next == events.count {
                bindingEvents += pipeline.detach(handle, at: events.last?.time ?? EventTime(seconds: 0, microseconds: 0))
                attached = false
            }
            graph.advance(to: Double(time) / 1e9)
            let samples = pipeline.channels.map { $0.sample(at: graph.time) }
            try body(ReplayFrame(seq: UInt64(tick + 1), timeNanoseconds: UInt64(time), samples: samples,
                                 bindingEvents: bindingEvents))
            bindingEvents.removeAll(keepingCapacity: true)
            tick += 1
            if !attached, !graph.isAnimating, !pipeline.hasActiveGesture { break }
            if time >= limitNanoseconds { break }
        }
        return Int(tick)
    }
}
