// SPDX-License-Identifier: Apache-2.0
import KineticBindings
import KineticInput

/// Feeds recordings through the bindings into a ``ServerCore``, each event at its own time: the one replay stage
/// that `kineticd --replay`, `kineticctl replay`, `plot` and the replay benchmark share.
///
/// The driver routes the recordings through an ``InputRouter`` — the one live devices go through — for the
/// configuration's bindings (their channels defined in the core's engine at start), attaches each recording as a
/// device once per pass, and maps a recording's timestamps onto the engine's clock with an offset
/// (``startPass(offset:)``). Who advances time decides the rest: the daemon wakes its
/// event loop at each event's time and, as the core's ``ServerCore/timedInput``, applies the events due before every
/// tick (``drain(upTo:)``); ``OfflineReplay`` steps a virtual clock to just before each event and applies it
/// (``applyNext()``). Either way an event stamped at or before a tick is applied before that tick, so both give the
/// same frames for the same tick times. At the end of a pass (``endPass()``) a gesture the recording leaves open is
/// cancelled, as on unplug.
///
/// Used from the core's thread only.
public final class ReplayDriver: TimedInput {
    /// The recordings' events in time order.
    public let schedule: ReplaySchedule
    /// The router the events go through (its pipeline holds the bindings at work).
    public let router: InputRouter
    /// Receives the binding events of every input frame applied (what `plot` overlays as input samples).
    public var onBindingEvents: (([BindingEvent]) -> Void)? {
        get { router.onBindingEvents }
        set { router.onBindingEvents = newValue }
    }
    private unowned let core: ServerCore
    private var devices: [GesturePipeline.DeviceHandle?] = []
    private var next = 0

    /// A driver for `schedule` through `bindings`, whose channels are made the configuration's in `core`'s engine at
    /// engine time `time`. Fails when the bindings disagree on a channel or a client holds one of their names.
    public init(schedule: ReplaySchedule, bindings: [GestureBinding], mappings: [DeviceMapping] = [], core: ServerCore,
                at time: UInt64) throws(ConfigurationError) {
        self.schedule = schedule
        self.core = core
        router = try InputRouter(bindings: bindings, mappings: mappings, core: core, at: time)
    }

    /// Added to the recordings' timestamps (ns) to get engine time.
    public var offset: Int64 { router.pipeline.timeOffsetNanoseconds }

    /// Starts a pass from the first event: fresh devices (a pass must not inherit the previous one's touch state),
    /// timestamps shifted by `offset`. Recording times are at most `Nanoseconds.maximumEventSeconds` (4.3·10¹⁸ ns), so the
    /// sums cannot overflow for any offset a caller derives from a clock; beyond that they wrap instead of trapping.
    public func startPass(offset: Int64) {
        next = 0
        router.pipeline.timeOffsetNanoseconds = offset
        devices = schedule.recordings.enumerated().map { index, recording in
            router.attach(recording.device, path: "recording:\(index)")
        }
    }

    /// The engine time of the next event not yet applied, `nil` at the end of the pass.
    public var nextEventTime: UInt64? { next < schedule.items.count ? time(of: next) : nil }

    /// The engine time of the pass's last event.
    public var endTime: UInt64 { router.pipeline.engineTime(of: schedule.items.last?.event.time ?? 0) }

    /// The engine time of every distinct timestamp of the pass, in order (an evdev frame's events share one).
    public var eventTimes: [UInt64] {
        var times: [UInt64] = []
        for index in schedule.items.indices where times.last != time(of: index) { times.append(time(of: index)) }
        return times
    }

    /// The pipeline's own mapping of event time to engine time, with this pass's offset.
    private func time(of index: Int) -> UInt64 {
        router.pipeline.engineTime(of: schedule.items[index].event.time)
    }

    /// Applies the next event through the bindings.
    public func applyNext() {
        guard next < schedule.items.count else { return }
        let item = schedule.items[next]
        next += 1
        guard let device = devices[item.recording] else { return }
        router.apply(CollectionOfOne(item.event), from: device)
    }

    /// Ends the pass at its last event's time: what is left of it is applied, then each recording's device is
    /// detached, as an unplugged device is, so a gesture the recording leaves open is cancelled and its channel
    /// released instead of frozen. Detaching does nothing (not even a frame) when every gesture had ended.
    public func endPass() {
        drain(upTo: .max)
        guard let end = schedule.items.last?.event.time else { return }
        for index in devices.indices {
            guard let device = devices[index] else { continue }
            devices[index] = nil
            router.detach(device, at: end)
        }
    }

    /// Applies every event due at or before `time`.
    public func drain(upTo time: UInt64) {
        while let due = nextEventTime, due <= time { applyNext() }
    }

    /// Makes `core` apply the events due before each of its ticks (a late timer never reorders input and ticks).
    /// The core keeps the driver from then on (the driver refers to the core without keeping it).
    public func applyBeforeTicks() {
        core.timedInput = self
    }
}
