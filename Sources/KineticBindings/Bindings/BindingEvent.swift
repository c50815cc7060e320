import KineticInput

/// What a binding did with one gesture event: the daemon publishes `gesture.began` and
/// `gesture.ended` from these, and `plot` overlays the input samples they carry.
public struct BindingEvent: Equatable, Sendable {
    /// The gesture's phase.
    public var phase: GestureEvent.Phase
    /// The channel the binding drove.
    public var channel: String
    /// The input event's own timestamp (the device's clock).
    public var time: EventTime
    /// The gesture's value in channel units, before rubber-banding: where the finger is.
    public var input: [Double]
    /// The gesture's velocity in channel units per second.
    public var inputVelocity: [Double]
    /// What the channel was retargeted to: the rubber-banded input while the gesture runs, the
    /// release target when it ends or is cancelled.
    public var target: [Double]

    public init(phase: GestureEvent.Phase, channel: String, time: EventTime, input: [Double], inputVelocity: [Double],
                target: [Double]) {
        self.phase = phase
        self.channel = channel
        self.time = time
        self.input = input
        self.inputVelocity = inputVelocity
        self.target = target
    }
}

/// What feeding the pipeline produced: the bindings' steps, and the engine's completion events
/// that became due while the graph advanced to the input's time (clients' animations finishing),
/// which the caller must deliver like any other engine events.
public struct PipelineOutput: Equatable, Sendable {
    /// What the bindings did, in order.
    public var bindingEvents: [BindingEvent] = []
    /// Engine events (completions) that came due while the engine advanced to the input's times.
    public var engineEvents: [EngineEvent] = []

    public init(bindingEvents: [BindingEvent] = [], engineEvents: [EngineEvent] = []) {
        self.bindingEvents = bindingEvents
        self.engineEvents = engineEvents
    }

    /// Appends `other`'s events after these.
    public mutating func append(_ other: PipelineOutput) {
        bindingEvents += other.bindingEvents
        engineEvents += other.engineEvents
    }
}
