import KineticInput

/// Drives channels from input: each device's events go through a `FrameProcessor` and a
/// `GestureTracker` (KineticInput), and every binding that matches the device turns the tracked
/// gesture into animations of its channel, applied at the input's own timestamp (issue 6, scope 3).
///
/// While a gesture moves, the channel is animated towards the gesture's value with the binding's
/// `animation` (`.interactiveSpring`), rubber-banded past its bounds; at release it is animated with
/// `releaseAnimation` to the release target (stay, origin, or the snap point nearest the projected
/// end). A cancelled gesture (unplug, palm) releases the same way without a fling, so a channel never
/// freezes mid-drag. With reduce motion the channel follows the input without animation and the
/// release uses the reduce-motion animation.
public final class GestureBinder {
    /// A device attached to the binder.
    public typealias DeviceID = Int

    /// The bindings, in configuration order.
    public let bindings: [BindingConfiguration]
    /// Added to input timestamps (ns) to get the daemon's CLOCK_MONOTONIC time: 0 for live devices
    /// (their clock is CLOCK_MONOTONIC), the replay offset for recordings.
    public var timeOffset: Int64 = 0

    private struct Device {
        var processor: FrameProcessor
        var tracker: GestureTracker
        var bindings: [Int]
        var name: String
    }

    private struct Activity {
        var device: DeviceID
        /// The channel's value when the gesture began.
        var start: [Double]
        /// The latest target, before rubber-banding.
        var raw: [Double]
    }

    private var devices: [DeviceID: Device] = [:]
    private var nextDevice: DeviceID = 1
    private var activity: [Int: Activity] = [:]
    /// Problems met while applying input (a channel removed or redefined by hand, …), for the log.
    public private(set) var problems: [String] = []

    /// A binder for `bindings`; attach devices with ``attach(_:path:)``.
    public init(bindings: [BindingConfiguration]) {
        self.bindings = bindings
    }

    /// The dimension a binding's channel has: 2 for drag and scroll, 1 for pinch.
    public static func dimension(of gesture: BindingConfiguration.Gesture) -> Int {
        switch gesture {
        case .drag, .scroll: 2
        case .pinch: 1
        }
    }

    /// Defines every bound channel (owned by the configuration), at its initial value: zeros, 1 for pinch.
    public func defineChannels(in engine: any ChannelEngine, at time: UInt64) throws(ConfigurationError) {
        var defined: [String: Int] = [:]
        for binding in bindings {
            let dimension = Self.dimension(of: binding.gesture)
            if let existing = defined[binding.channel] {
                guard existing == dimension else {
                    throw ConfigurationError(source: "bindings", reason: "channel \(binding.channel) is bound with dimensions \(existing) and \(dimension)")
                }
                continue
            }
            defined[binding.channel] = dimension
            let initial = binding.gesture == .pinch ? [1.0] : Array(repeating: 0, count: dimension)
            do {
                try engine.define(binding.channel, dimension: dimension, initial: initial, owner: .configuration, at: time)
            } catch {
                throw ConfigurationError(source: "bindings", reason: "cannot define \(binding.channel): \(error.message)")
            }
        }
    }

    /// Attaches a device; returns `nil` when no binding matches it (its events would be ignored).
    public func attach(_ description: DeviceDescription, path: String) -> DeviceID? {
        let deviceClass = description.deviceClass
        let matching = bindings.indices.filter {
            bindings[$0].match.matches(className: deviceClass.rawValue, name: description.name, path: path)
        }
        guard !matching.isEmpty else { return nil }
        let id = nextDevice
        nextDevice += 1
        devices[id] = Device(processor: FrameProcessor(device: description), tracker: GestureTracker(deviceClass: deviceClass),
                             bindings: matching, name: description.name)
        return id
    }

    /// Detaches a device (unplugged): its gestures are cancelled, which releases their channels.
    public func detach(_ id: DeviceID, at time: EventTime, engine: any ChannelEngine) -> [Event] {
        guard var device = devices[id] else { return [] }
        let gestures = device.processor.cancelAll(at: time)
        devices[id] = device
        let events = apply(gestures, device: id, engine: engine)
        devices[id] = nil
        return events
    }

    /// Feeds one input event; gestures complete at `SYN_REPORT` and are applied at their timestamp.
    public func process(_ event: InputEvent, from id: DeviceID, engine: any ChannelEngine) -> [Event] {
        // Mutated in place: copying the device out and back would copy the frame processor's state per event.
        guard devices[id] != nil, let gestures = devices[id]?.processor.process(event) else { return [] }
        return gestures.isEmpty ? [] : apply(gestures, device: id, engine: engine)
    }

    private func daemonTime(_ time: EventTime) -> UInt64 {
        let ns = time.nanoseconds &+ timeOffset
        return ns > 0 ? UInt64(ns) : 0
    }

    private func apply(_ gestures: [GestureEvent], device id: DeviceID, engine: any ChannelEngine) -> [Event] {
        var notifications: [Event] = []
        for gesture in gestures {
            devices[id]?.tracker.update(with: gesture)
            guard let bound = devices[id]?.bindings, let tracker = devices[id]?.tracker else { continue }
            for index in bound {
                if let event = update(binding: index, device: id, tracker: tracker, gesture: gesture, engine: engine) {
                    notifications.append(event)
                }
            }
        }
        return notifications
    }

    /// The gesture's phase and value for a binding, or `nil` when this gesture does not drive it.
    private func reading(_ binding: BindingConfiguration, _ tracker: GestureTracker, _ gesture: GestureEvent,
                         start: [Double]?) -> (phase: GestureEvent.Phase, value: [Double], projected: [Double])? {
        switch binding.gesture {
        case .drag:
            guard let drag = tracker.drag, drag.time == gesture.time else { return nil }
            if case .pointer(let button) = gesture.source, button != Self.buttonCode(binding.button) { return nil }
            guard tracker.touches.first?.source == gesture.source || gesture.phase == .ended || gesture.phase == .cancelled else {
                return nil
            }
            if binding.value == .location {
                return (drag.phase, [drag.location.x, drag.location.y], [drag.predictedEndLocation.x, drag.predictedEndLocation.y])
            }
            let origin = start ?? [0, 0]
            return (drag.phase, [origin[0] + drag.translation.width, origin[1] + drag.translation.height],
                    [origin[0] + drag.predictedEndTranslation.width, origin[1] + drag.predictedEndTranslation.height])
        case .pinch:
            guard let magnify = tracker.magnify, magnify.time == gesture.time else { return nil }
            let origin = start?.first ?? 1
            return (magnify.phase, [origin * magnify.magnification], [origin * magnify.magnification])
        case .scroll:
            guard let scroll = tracker.scroll, scroll.time == gesture.time else { return nil }
            let origin = start ?? [0, 0]
            return (scroll.phase, [origin[0] + scroll.translation.width, origin[1] + scroll.translation.height],
                    [origin[0] + scroll.predictedEndTranslation.width, origin[1] + scroll.predictedEndTranslation.height])
        }
    }

    static func buttonCode(_ name: String) -> UInt16 {
        switch name {
        case "right": 0x111
        case "middle": 0x112
        default: 0x110
        }
    }

    private func update(binding index: Int, device: DeviceID, tracker: GestureTracker, gesture: GestureEvent,
                        engine: any ChannelEngine) -> Event? {
        let binding = bindings[index]
        let current = activity[index]
        if let current, current.device != device { return nil }
        guard let reading = reading(binding, tracker, gesture, start: current?.start) else { return nil }
        let time = daemonTime(gesture.time)
        let presentation = engine.presentationValue(of: binding.channel)
        switch reading.phase {
        case .began:
            // A drag moves the channel from where it is now (its presentation value), so grabbing a
            // moving channel catches it; the value function is start + translation.
            let start = presentation ?? reading.value
            guard let again = self.reading(binding, tracker, gesture, start: start) else { return nil }
            activity[index] = Activity(device: device, start: start, raw: again.value)
            if binding.value == .location, binding.gesture == .drag {
                // An absolute position starts where the finger lands, not with a spring across the device.
                run { () throws(ProtocolError) in _ = try engine.set(binding.channel, to: again.value, at: time) }
            } else {
                follow(binding, to: again.value, at: time, engine: engine)
            }
            return Event(name: "gesture.began", fields: ["channel": .string(binding.channel)])
        case .changed:
            guard current != nil else { return nil }
            activity[index]?.raw = reading.value
            follow(binding, to: reading.value, at: time, engine: engine)
            return nil
        case .ended, .cancelled:
            guard let current else { return nil }
            activity[index] = nil
            let projected = reading.phase == .cancelled ? reading.value : reading.projected
            let target = releaseTarget(binding, value: reading.value, projected: projected, start: current.start)
            run { () throws(ProtocolError) in
                _ = try engine.animate(binding.channel, to: target, with: binding.releaseAnimation, completion: nil, at: time)
            }
            return Event(name: "gesture.ended", fields: ["channel": .string(binding.channel),
                                                        "cancelled": .bool(reading.phase == .cancelled)])
        }
    }

    private func follow(_ binding: BindingConfiguration, to raw: [Double], at time: UInt64, engine: any ChannelEngine) {
        var value = raw
        if let bounds = binding.bounds {
            value = RubberBand.apply(raw, lower: bounds.min, upper: bounds.max, constant: binding.rubberBand)
        }
        run { () throws(ProtocolError) in
            if let animation = binding.animation, !engine.reduceMotion {
                _ = try engine.animate(binding.channel, to: value, with: animation, completion: nil, at: time)
            } else {
                _ = try engine.set(binding.channel, to: value, at: time)
            }
        }
    }

    /// Where a released channel goes.
    func releaseTarget(_ binding: BindingConfiguration, value: [Double], projected: [Double], start: [Double]) -> [Double] {
        let clamp: ([Double]) -> [Double] = { v in
            guard let bounds = binding.bounds else { return v }
            return RubberBand.clamp(v, lower: bounds.min, upper: bounds.max)
        }
        switch binding.release {
        case .stay:
            return clamp(value)
        case .origin:
            return start
        case .snap(let points):
            let end = clamp(projected)
            let candidates = points.filter { $0.count == end.count && clamp($0) == $0 }
            let best = candidates.min { a, b in
                zip(a, end).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) } < zip(b, end).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }
            }
            return best ?? end
        }
    }

    private func run(_ body: () throws(ProtocolError) -> Void) {
        do {
            try body()
        } catch {
            if problems.count < 100 { problems.append(error.description) }
        }
    }
}
