import KineticInput

/// The daemon service's interface to the bindings: configuration entries in, `gesture.began` /
/// `gesture.ended` events out, over one ``GesturePipeline`` (which does the work: frames →
/// gestures → retargets at each event's own time → release targets).
///
/// ``defineChannels(in:at:)`` creates the bound channels in an engine (once per engine); devices
/// attach independently, and ``process(_:from:engine:)`` and ``detach(_:at:engine:)`` work on the
/// engine they are given. Both return an ``InputOutcome`` for ``ServerCore/applyInput(_:)``: the
/// gesture notifications, and the engine events that came due while the pipeline advanced the
/// engine to an input's time (another client's animation completing), which the core delivers.
public final class GestureBinder {
    /// A device attached to the binder.
    public typealias DeviceID = Int

    /// The configuration's bindings.
    public let bindings: [BindingConfiguration]
    /// Added to input timestamps (ns) to get the daemon's CLOCK_MONOTONIC time: 0 for live devices
    /// (their clock is CLOCK_MONOTONIC), the replay offset for recordings.
    public var timeOffset: Int64 = 0 {
        didSet { pipeline.timeOffsetNanoseconds = timeOffset }
    }
    /// Problems met while applying input (a channel removed or redefined by hand, …), for the log.
    public var problems: [String] { pipeline.problems }

    private let pipeline: GesturePipeline
    private var handles: [GesturePipeline.DeviceHandle?] = []

    /// A binder for the configuration's `bindings`.
    public init(bindings: [BindingConfiguration]) {
        self.bindings = bindings
        pipeline = GesturePipeline(bindings: bindings.map(GestureBinding.init))
    }

    /// Makes `engine`'s configuration channels this binder's (see ``GesturePipeline/defineChannels(in:at:)``):
    /// missing ones are defined at their initial value — zeros, 1 for pinch — and ones no binding names are
    /// removed. Returns the engine events of the removals.
    @discardableResult
    public func defineChannels(in engine: any ChannelEngine, at time: UInt64) throws(ConfigurationError) -> [EngineEvent] {
        do {
            return try pipeline.defineChannels(in: engine, at: time)
        } catch {
            throw ConfigurationError(source: "bindings", reason: error.message)
        }
    }

    /// Detaches every device still attached (a reload hands them to a new binder): their gestures are
    /// cancelled, which releases their channels.
    public func detachAll(at time: EventTime, engine: any ChannelEngine) -> InputOutcome {
        handles.indices.reduce(InputOutcome()) { outcome, id in outcome + detach(id, at: time, engine: engine) }
    }

    /// Attaches a device; returns `nil` when no binding matches it (its events would be ignored).
    public func attach(_ description: DeviceDescription, path: String) -> DeviceID? {
        guard let handle = pipeline.attach(description, path: path) else { return nil }
        handles.append(handle)
        return handles.count - 1
    }

    /// Detaches a device (unplugged): its gestures are cancelled, which releases their channels.
    public func detach(_ id: DeviceID, at time: EventTime, engine: any ChannelEngine) -> InputOutcome {
        guard id >= 0, id < handles.count, let handle = handles[id] else { return InputOutcome() }
        handles[id] = nil
        return events(pipeline.detach(handle, at: time, engine: engine))
    }

    /// Feeds one input event; gestures complete at `SYN_REPORT` and are applied at their timestamp.
    public func process(_ event: InputEvent, from id: DeviceID, engine: any ChannelEngine) -> InputOutcome {
        guard id >= 0, id < handles.count, let handle = handles[id] else { return InputOutcome() }
        return events(pipeline.process(event, from: handle, engine: engine))
    }

    /// Where a released channel of `binding` goes, given where a fling would stop (`projected`).
    func releaseTarget(_ binding: BindingConfiguration, value: [Double], projected: [Double], start: [Double]) -> [Double] {
        let resolved = GestureBinding(binding)
        return resolved.release.target.resolve(current: value, origin: start, projectedEnd: projected, bounds: resolved.bounds)
    }

    private func events(_ output: PipelineOutput) -> InputOutcome {
        let events: [Event] = output.bindingEvents.compactMap { event in
            switch event.phase {
            case .began:
                return Event(name: "gesture.began", fields: ["channel": .string(event.channel)])
            case .ended, .cancelled:
                return Event(name: "gesture.ended", fields: ["channel": .string(event.channel),
                                                            "cancelled": .bool(event.phase == .cancelled)])
            case .changed:
                return nil
            }
        }
        return InputOutcome(events: events, engineEvents: output.engineEvents)
    }
}
