import KineticInput

/// One tick of a replay: the frame a subscriber would receive, and what the bindings did since the
/// previous tick.
public struct ReplayFrame: Equatable, Sendable {
    /// The frame's sequence number, from 1.
    public var seq: UInt64
    /// The tick's time on the recording's clock, nanoseconds.
    public var timeNanoseconds: UInt64
    /// Every channel's presentation value and velocity at the tick, in layout order.
    public var samples: [ChannelSample]
    /// The binding events of the input applied after the previous tick, up to and including this one.
    public var bindingEvents: [BindingEvent]

    /// A frame with every field given.
    public init(seq: UInt64, timeNanoseconds: UInt64, samples: [ChannelSample], bindingEvents: [BindingEvent]) {
        self.seq = seq
        self.timeNanoseconds = timeNanoseconds
        self.samples = samples
        self.bindingEvents = bindingEvents
    }
}
