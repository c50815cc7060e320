import Foundation
import Kinetic
import KineticInput

/// Input events in, channel retargets out: the composition at the heart of the daemon (issue 6
/// §2–§3).
///
/// Each attached device's events go through KineticInput's ``FrameProcessor`` (evdev frames →
/// gesture events) and ``GestureTracker`` (drag, per-touch, pinch, scroll values). For every
/// gesture event, the pipeline first advances the ``AnimationGraph`` to the event's own timestamp
/// — not to the next display tick — and then retargets each bound channel inside
/// `withAnimation(binding.animation)`; on end or cancel it animates the channel to its release
/// target (``GestureBinding``). Between events the caller advances the graph to each tick and reads
/// ``BindingChannel/sample(at:)``.
///
/// Time is a parameter: graph time (seconds) = (event time in ns + ``timeOffsetNanoseconds``)/10⁹.
/// A live device stamps CLOCK_MONOTONIC, so with offset 0 the graph runs on CLOCK_MONOTONIC; a
/// recording's timeline can be moved with the offset. The graph never moves backwards: an event
/// older than the graph's time (read after a tick passed it) is applied at the graph's time.
///
/// Like its graph, a pipeline is single-threaded (not `Sendable`).
public final class GesturePipeline {
    /// The graph the channels animate in.
    public let graph: AnimationGraph
    /// The bindings, in configuration order.
    public let bindings: [GestureBinding]
    /// Every channel the bindings drive, in the order the bindings name them.
    public private(set) var channels: [BindingChannel] = []
    /// Added to event timestamps (ns) to get graph time.
    public var timeOffsetNanoseconds: Int64 = 0
    /// Reduce motion (issue 6 §3): input frames snap the channel to the finger and releases use the
    /// bounce-free ease (``AnimationExpression/animation(reduceMotion:source:)``). Also sets the
    /// graph environment's `accessibilityReduceMotion`.
    public var reduceMotion: Bool {
        didSet { graph.environment.accessibilityReduceMotion = reduceMotion }
    }

    private var devices: [AttachedDevice?] = []
    private var channelIndex: [String: Int] = [:]

    /// Identifies an attached device.
    public struct DeviceHandle: Hashable, Sendable {
        let index: Int
    }

    /// Creates the channels of `configuration` in `graph`, at their initial values.
    public init(configuration: BindingConfiguration, graph: AnimationGraph, reduceMotion: Bool = false)
        throws(BindingConfigurationError)
    {
        try configuration.validate(source: "bindings")
        self.graph = graph
        self.bindings = configuration.bindings
        self.reduceMotion = reduceMotion
        graph.environment.accessibilityReduceMotion = reduceMotion
        for binding in bindings {
            for name in binding.channelNames where channelIndex[name] == nil {
                channelIndex[name] = channels.count
                channels.append(BindingChannel(name: name, dimension: binding.dimension,
                                               attribute: graph.attribute(AnimatableVector(binding.initialValue))))
            }
        }
    }

    /// The channel named `name`.
    public func channel(named name: String) -> BindingChannel? { channelIndex[name].map { channels[$0] } }

    /// Whether any bound gesture is in progress (the daemon's clock keeps ticking while one is).
    public var hasActiveGesture: Bool {
        devices.contains { $0?.activities.contains { $0.isActive } ?? false }
    }

    /// Starts following `device` (opened from `path`, `nil` for a recording) with the bindings that
    /// match it. Returns the handle for ``process(_:from:)`` and ``detach(_:at:)``.
    public func attach(_ device: DeviceDescription, path: String?,
                       frameConfiguration: FrameProcessor.Configuration = .init()) -> DeviceHandle {
        let activities = bindings.indices.filter { bindings[$0].device.matches(device, path: path) }.map { index in
            BindingActivity(binding: index, channels: bindings[index].channelNames.map { channelIndex[$0]! })
        }
        let handle = DeviceHandle(index: devices.count)
        devices.append(AttachedDevice(processor: FrameProcessor(device: device, configuration: frameConfiguration),
                                      tracker: GestureTracker(deviceClass: device.deviceClass), activities: activities))
        return handle
    }

    /// Whether `handle`'s device drives any channel.
    public func isBound(_ handle: DeviceHandle) -> Bool {
        guard handle.index < devices.count, let device = devices[handle.index] else { return false }
        return !device.activities.isEmpty
    }

    /// Feeds one input event of `handle`'s device. When it closes a frame, the frame's gesture
    /// events retarget the bound channels at the frame's timestamp; returns what the bindings did.
    public func process(_ event: InputEvent, from handle: DeviceHandle) -> [BindingEvent] {
        guard handle.index < devices.count, let device = devices[handle.index], !device.activities.isEmpty else { return [] }
        let gestures = device.processor.process(event)
        guard !gestures.isEmpty else { return [] }
        var output: [BindingEvent] = []
        for gesture in gestures { apply(gesture, on: device, into: &output) }
        return output
    }

    /// Stops following `handle`'s device (unplugged, or the recording ended) at `time`: gestures in
    /// progress are cancelled, so their channels are released (zero velocity) rather than frozen.
    public func detach(_ handle: DeviceHandle, at time: EventTime) -> [BindingEvent] {
        guard handle.index < devices.count, let device = devices[handle.index] else { return [] }
        var output: [BindingEvent] = []
        for gesture in device.processor.cancelAll(at: time) { apply(gesture, on: device, into: &output) }
        // A cancel of a gesture the processor had already closed still leaves nothing active.
        for index in device.activities.indices {
            device.activities[index].origins = device.activities[index].origins.map { _ in nil }
        }
        devices[handle.index] = nil
        return output
    }

    /// Graph time in seconds for an event timestamp.
    public func graphTime(of time: EventTime) -> Double {
        Double(time.nanoseconds &+ timeOffsetNanoseconds) / 1e9
    }
}

/// A device being followed: its frame processor, gesture tracker and the bindings it drives.
final class AttachedDevice {
    var processor: FrameProcessor
    var tracker: GestureTracker
    var activities: [BindingActivity]

    init(processor: FrameProcessor, tracker: GestureTracker, activities: [BindingActivity]) {
        self.processor = processor
        self.tracker = tracker
        self.activities = activities
    }
}

/// One binding on one device: the gesture it is following, per channel.
struct BindingActivity {
    /// Index into the pipeline's bindings.
    var binding: Int
    /// The pipeline's index of each of the binding's channels.
    var channels: [Int]
    /// Per channel, its value when the gesture driving it began; `nil` while none does.
    var origins: [[Double]?]
    /// Per channel of a touches binding, the touch driving it and where that touch began (mm).
    var touches: [(source: GestureEvent.Source, start: CGPoint)?]

    init(binding: Int, channels: [Int]) {
        self.binding = binding
        self.channels = channels
        origins = Array(repeating: nil, count: channels.count)
        touches = Array(repeating: nil, count: channels.count)
    }

    var isActive: Bool { origins.contains { $0 != nil } }
}
