// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials
import KineticBindings
import KineticInput

/// Input events in, channel retargets out: the composition at the heart of the daemon.
///
/// Each attached device's events go through KineticInput's ``InputFrameProcessor`` (evdev frames →
/// gesture events) and ``GestureTracker`` (drag, per-touch, pinch, scroll values). For every
/// gesture event, each binding of the device retargets its channel through the ``ChannelEngine``
/// at the event's own timestamp — the engine advances its `AnimationGraph` to that time first and
/// changes the channel inside `withAnimation(binding.animation)` — not at the next display tick.
/// On end or cancel the channel is animated to its release target (``GestureBinding``). The
/// caller ticks the engine between events and publishes its samples.
///
/// ``defineChannels(in:at:)`` creates the bound channels in an engine; devices can be attached
/// before or after, and every call that changes channels takes the engine it works on.
///
/// Time is a parameter: the engine's time (CLOCK_MONOTONIC ns) of an event is its timestamp plus
/// ``timeOffsetNanoseconds``. Live devices stamp CLOCK_MONOTONIC (offset 0); a recording replayed
/// in real time can be moved onto the daemon's clock with the offset.
///
/// A pipeline is used from one thread only, like the engine (not `Sendable`).
public final class GesturePipeline {
    /// The bindings, in configuration order.
    public let bindings: [GestureBinding]
    /// The channels the bindings drive (name, dimension), in the order the bindings name them.
    public let channels: [(name: String, dimension: Int)]
    /// Added to event timestamps (ns) to get engine time.
    public var timeOffsetNanoseconds: Int64 = 0
    /// Steps the engine refused (a client removed or redefined a bound channel), newest last, at most 100.
    public private(set) var problems: [String] = []

    /// Per attached device, its paths: one per pointer acceleration its bindings use (one for any other device).
    private var devices: [[AttachedDevice]?] = []
    /// A channel two bindings give different dimensions, if any: defining the channels fails then.
    private let conflict: String?

    /// Identifies an attached device.
    public struct DeviceHandle: Hashable, Sendable {
        let index: Int
    }

    /// How devices map into pixels (``DeviceMapping``), the first match applying.
    public let mappings: [DeviceMapping]

    /// A pipeline for `bindings`, with devices mapped by `mappings`. Bindings that share a channel must agree on its
    /// dimension (``defineChannels(in:at:)`` refuses them otherwise).
    public init(bindings: [GestureBinding], mappings: [DeviceMapping] = []) {
        self.bindings = bindings
        self.mappings = mappings
        var channels: [(name: String, dimension: Int)] = []
        var conflict: String?
        switch GestureBinding.channels(of: bindings) {
        case .success(let table): channels = table
        case .failure(let failure): conflict = failure.reason
        }
        self.channels = channels
        self.conflict = conflict
    }

    /// Makes `engine`'s configuration channels those of these bindings, at `time`: every bound channel
    /// the engine lacks is defined (owned by the configuration, at its binding's initial value); a
    /// configuration channel no binding names any more, or bound with another dimension now, is removed
    /// (and, with another dimension, defined anew). A channel that stays keeps its value and animation,
    /// so a reload does not make it jump. On a new engine this defines every bound channel.
    ///
    /// Checked before anything changes: bindings that disagree on a channel's dimension, and a bound name
    /// that a client's channel holds (`channel_exists`). Returns the engine events of the removals.
    @discardableResult
    public func defineChannels(in engine: any ChannelEngine, at time: UInt64) throws(ConfigurationError) -> [EngineEvent] {
        func refuse(_ reason: String) -> ConfigurationError { ConfigurationError(source: "bindings", reason: reason) }
        if let conflict { throw refuse(conflict) }
        let existing = engine.channels
        // Dictionaries, not searches: a reload of a thousand bindings stays linear on the event loop.
        let owners = Dictionary(existing.map { ($0.name, $0.owner) }, uniquingKeysWith: { first, _ in first })
        for channel in channels where owners[channel.name].map({ $0 != .configuration }) ?? false {
            let place = bindings.first { $0.channelNames.contains(channel.name) }?.place.text
            throw ConfigurationError(source: place ?? "bindings", reason: "channel \"\(channel.name)\" is bound here, but a client has defined a channel of that name; rename the binding's channel, or reload once that client has gone (its channels go with it)")
        }
        let wanted = Dictionary(channels.map { ($0.name, $0.dimension) }, uniquingKeysWith: { first, _ in first })
        var initialValues: [String: [Double]] = [:]
        for binding in bindings {
            for name in binding.channelNames where initialValues[name] == nil { initialValues[name] = binding.initialValue }
        }
        var events: [EngineEvent] = []
        do throws(ChannelEngineError) {
            for held in existing where held.owner == .configuration && wanted[held.name] != held.dimension {
                events += try engine.remove(held.name, at: time)
            }
            let remaining = Set(engine.channels.map(\.name))
            for channel in channels where !remaining.contains(channel.name) {
                let initial = initialValues[channel.name] ?? Array(repeating: 0, count: channel.dimension)
                try engine.define(channel.name, dimension: channel.dimension, initial: initial, owner: .configuration, at: time)
            }
        } catch {
            throw refuse(error.message)
        }
        return events
    }

    /// Whether any bound gesture is in progress (the daemon's clock keeps ticking while one is).
    package var hasActiveGesture: Bool {
        devices.contains { $0?.contains { $0.activities.contains { $0.isActive } } ?? false }
    }

    /// Starts following `device` (opened from `path`, `nil` for a recording) with the bindings that
    /// match it. Returns the handle for ``process(_:from:engine:)`` and ``detach(_:at:engine:)``, or
    /// `nil` when no binding matches (the device's events would change nothing).
    ///
    /// `udevCalibration` is the device's `LIBINPUT_CALIBRATION_MATRIX`, if udev has one; a mapping's own
    /// `calibration` overrides it (``DeviceMapping/resolve(_:for:path:udevCalibration:)``).
    public func attach(_ device: DeviceDescription, path: String?, udevCalibration: [Double]? = nil,
                       frameConfiguration: InputFrameProcessor.Configuration = .init()) -> DeviceHandle? {
        let matching = bindings.indices.filter { bindings[$0].matches(device, path: path) }
        guard !matching.isEmpty else { return nil }
        let mapping = DeviceMapping.resolve(mappings, for: device, path: path, udevCalibration: udevCalibration)
        // A mouse's bindings may accelerate it differently: one processor per setting, each binding following the
        // one of its own (most devices have one). Other devices are not accelerated, and get one.
        let isRelativePointer = InputFrameProcessor(device: device, configuration: frameConfiguration).isRelativePointer
        let followsPointer = matching.contains { bindings[$0].gesture == .pointer }
        var paths: [AttachedDevice] = []
        for index in matching {
            var configuration = frameConfiguration
            configuration.reportsPointerMotion = followsPointer
            configuration.pointerAcceleration = isRelativePointer ? bindings[index].acceleration : frameConfiguration.pointerAcceleration
            let activity = BindingActivity(binding: index, channels: bindings[index].zoomDismissal ? [bindings[index].channel] : bindings[index].channelNames)
            if let path = paths.first(where: { $0.processor.configuration == configuration }) {
                path.activities.append(activity)
            } else {
                paths.append(AttachedDevice(processor: InputFrameProcessor(device: device, configuration: configuration),
                                            tracker: GestureTracker(deviceClass: device.deviceClass), activities: [activity],
                                            mapping: mapping))
            }
        }
        let handle = DeviceHandle(index: devices.count)
        devices.append(paths)
        return handle
    }

    /// Feeds one input event of `handle`'s device. When it closes a frame (`SYN_REPORT`), the
    /// frame's gesture events retarget the bound channels of `engine` at the frame's timestamp.
    public func process(_ event: InputEvent, from handle: DeviceHandle, engine: any ChannelEngine) -> PipelineOutput {
        guard handle.index < devices.count, let paths = devices[handle.index] else { return .init() }
        var output = PipelineOutput()
        for device in paths {
            for gesture in device.processor.process(event) { apply(device.mapped(gesture), on: device, engine: engine, into: &output) }
        }
        return output
    }

    /// Keeps a refused step for the log.
    /// The problems recorded since the last call, oldest first, for the daemon's log; the list empties.
    public func takeProblems() -> [String] {
        defer { problems = [] }
        return problems
    }

    func record(_ problem: String) {
        if problems.count >= 100 { problems.removeFirst() }
        problems.append(problem)
    }

    /// Stops following `handle`'s device (unplugged, or the recording ended) at `time`: gestures in
    /// progress are cancelled, so their channels in `engine` are released (zero velocity) rather
    /// than frozen.
    public func detach(_ handle: DeviceHandle, at time: UInt64, engine: any ChannelEngine) -> PipelineOutput {
        guard handle.index < devices.count, let paths = devices[handle.index] else { return .init() }
        var output = PipelineOutput()
        for device in paths {
            for gesture in device.processor.cancelAll(at: time) { apply(device.mapped(gesture), on: device, engine: engine, into: &output) }
        }
        devices[handle.index] = nil
        return output
    }

    /// Stops following every attached device at `time` (a reload hands them to a new pipeline): their gestures are
    /// cancelled, which releases their channels.
    public func detachAll(at time: UInt64, engine: any ChannelEngine) -> PipelineOutput {
        var output = PipelineOutput()
        for index in devices.indices where devices[index] != nil {
            output.append(detach(DeviceHandle(index: index), at: time, engine: engine))
        }
        return output
    }

    /// Engine time (ns) of an event timestamp; times before the clock's zero map to 0.
    public func engineTime(of time: UInt64) -> UInt64 {
        UInt64(max(0, Int64(time) &+ timeOffsetNanoseconds))
    }
}

/// A device being followed, with one pointer acceleration: its frame processor, gesture tracker and the bindings it
/// drives.
final class AttachedDevice {
    var processor: InputFrameProcessor
    var tracker: GestureTracker
    var activities: [BindingActivity]
    /// How its gestures map into pixels; `nil`: millimetres.
    let mapping: OutputMapping?

    init(processor: InputFrameProcessor, tracker: GestureTracker, activities: [BindingActivity], mapping: OutputMapping?) {
        self.processor = processor
        self.tracker = tracker
        self.activities = activities
        self.mapping = mapping
    }

    /// `gesture` in the device's mapping.
    func mapped(_ gesture: GestureEvent) -> GestureEvent {
        mapping?.apply(to: gesture, xScale: processor.xScale, yScale: processor.yScale) ?? gesture
    }
}

/// One binding on one device: the gesture it is following, per channel.
struct BindingActivity {
    /// Index into the pipeline's bindings.
    var binding: Int
    /// The binding's channel names.
    var channels: [String]
    /// Per channel, its value when the gesture driving it began; `nil` while none does.
    var origins: [[Double]?]
    /// Per channel of a touches binding, the touch driving it and where that touch began (mm).
    var touches: [(source: GestureEvent.Source, start: CGPoint)?]

    init(binding: Int, channels: [String]) {
        self.binding = binding
        self.channels = channels
        origins = Array(repeating: nil, count: channels.count)
        touches = Array(repeating: nil, count: channels.count)
    }

    var isActive: Bool { origins.contains { $0 != nil } }
}
