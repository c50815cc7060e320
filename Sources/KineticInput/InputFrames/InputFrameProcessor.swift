// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// Turns a stream of `input_event`s from one device — live or recorded — into gesture events.
///
/// Feed every event in order with ``process(_:)-(InputEvent)``; events accumulate until `SYN_REPORT` closes the frame, and the
/// frame's gesture events are returned then (docs/INPUT.md §0, §1.2–§1.5):
///
/// - multitouch protocol B: `ABS_MT_SLOT` selects a slot, `ABS_MT_TRACKING_ID` ≥ 0 starts a contact and −1 ends it,
///   slots are reused, only changed values are sent; each contact is one gesture, identified by its tracking id.
///   The kernel's single-touch emulation (`ABS_X/Y`, `BTN_TOUCH`) is ignored on MT devices; `MT_TOOL_PALM` cancels.
/// - single-touch devices (`ABS_X/Y` + `BTN_TOUCH`, no MT): one contact while `BTN_TOUCH` is down, with counted ids.
/// - pointers (`REL_X/Y`, or absolute axes with a mouse button): the position accumulates, and holding a mouse
///   button (`BTN_LEFT…BTN_TASK`) is a drag that begins on press and ends on release of that button.
/// - `SYN_DROPPED`: see ``process(_:)-(InputEvent)`` and ``resynchronize(to:at:)``.
///
/// Positions are in millimetres (mm = (v − min)/resolution) and normalised to 0…1 of the axis range; relative
/// pointers use ``Configuration/pointerCountsPerMillimetre``. Velocities come from a ``PlanarVelocityTracker``
/// per gesture, in mm/s.
public struct InputFrameProcessor: Sendable {
    /// Tuning that does not come from the device.
    public struct Configuration: Hashable, Sendable {
        /// The velocity estimator for every gesture.
        public var velocityEstimation: VelocityEstimation
        /// Mouse counts per millimetre: mice report no resolution, so assume 1000 DPI (libinput's normalisation,
        /// docs/INPUT.md §1.5) = 1000/25.4 counts per mm unless the device's `MOUSE_DPI` is known.
        public var pointerCountsPerMillimetre: Double
        /// The most slots honoured (a bound against bogus `ABS_MT_SLOT` values; kernel devices have ≤ 64).
        public var maximumSlots: Int
        /// How a relative pointer's counts become its position (``PointerAccelerator``): with a profile other than
        /// ``PointerAcceleration/Profile/none``, the position is libinput's accelerated pointer position in
        /// millimetres at libinput's normalisation of 1000 dpi (1 pixel = 0.0254 mm), so that a mapping of
        /// 1000/25.4 pixels per millimetre gives libinput's pixels; velocities are those of that position.
        public var pointerAcceleration: PointerAcceleration
        /// Whether a pointer's every move is reported (``GestureEvent/Source/pointerMotion``), not only its drags.
        public var reportsPointerMotion: Bool

        public init(velocityEstimation: VelocityEstimation = .default, pointerCountsPerMillimetre: Double = 1000 / 25.4,
                    maximumSlots: Int = 64, pointerAcceleration: PointerAcceleration = .none, reportsPointerMotion: Bool = false) {
            self.velocityEstimation = velocityEstimation
            self.pointerCountsPerMillimetre = pointerCountsPerMillimetre
            self.maximumSlots = maximumSlots
            self.pointerAcceleration = pointerAcceleration
            self.reportsPointerMotion = reportsPointerMotion
        }

        /// The mouse's resolution in counts per inch, as libinput takes it: ``pointerCountsPerMillimetre`` × 25.4,
        /// to a millionth (so that the default is exactly 1000).
        public var pointerDPI: Double { (pointerCountsPerMillimetre * 25.4 * 1e6).rounded() / 1e6 }
    }

    /// How the device reports contacts.
    enum Mode: Hashable, Sendable {
        case multitouch, singleTouch, relativePointer, absolutePointer, none
    }

    /// The device the events come from.
    public let device: DeviceDescription
    /// The velocity estimator, the mouse resolution assumed and the slot bound (``Configuration``).
    public let configuration: Configuration
    let mode: Mode
    /// Whether the device is a relative pointer (a mouse without absolute axes): the only kind
    /// ``Configuration/pointerAcceleration`` changes.
    public var isRelativePointer: Bool { mode == .relativePointer }
    /// The x axis's scale (the multitouch axis on a multitouch device).
    public let xScale: AxisScale
    /// The y axis's scale.
    public let yScale: AxisScale

    // Raw device state, after the events handed in so far.
    var slots: [DeviceState.Slot]
    var currentSlot: Int
    var keysDown: Set<UInt16> = []
    var absValues: [UInt16: Int32] = [:]
    var pointerCounts = (x: 0.0, y: 0.0)
    /// `pointerCounts` at the end of the last frame: a frame's motion is the difference.
    var pointerCountsAtFrameEnd = (x: 0.0, y: 0.0)
    /// The pointer's accelerated position (``Configuration/pointerAcceleration``).
    var accelerator: PointerAccelerator
    var eventsInFrame = 0

    // Gesture state, as of the last frame.
    var contacts: [Int: Contact] = [:]
    var nextSingleTouchID: Int32 = 0
    var drag: Contact?
    var dragButton: UInt16 = 0
    /// The pointer wherever it is (``Configuration/reportsPointerMotion``), once it has moved.
    var pointerMotion: Contact?

    /// One gesture in progress.
    struct Contact: Hashable, Sendable {
        var id: Int32
        var location: CGPoint
        var normalizedLocation: CGPoint?
        var tracker: PlanarVelocityTracker
        /// Cancelled (palm, cancelAll): silent until its contact or button ends.
        var isSuppressed = false
    }

    /// Creates a processor for `device`.
    public init(device: DeviceDescription, configuration: Configuration = Configuration()) {
        self.device = device
        self.configuration = configuration
        accelerator = PointerAccelerator(configuration.pointerAcceleration, dpi: configuration.pointerDPI)
        let abs = EventCodes.evAbs
        if device.isMultitouch {
            mode = .multitouch
            xScale = AxisScale(device.absInfo[EventCodes.absMTPositionX])
            yScale = AxisScale(device.absInfo[EventCodes.absMTPositionY])
        } else {
            xScale = AxisScale(device.absInfo[EventCodes.absX])
            yScale = AxisScale(device.absInfo[EventCodes.absY])
            let hasAbsXY = device.has(type: abs, code: EventCodes.absX) && device.has(type: abs, code: EventCodes.absY)
            switch device.deviceClass {
            case .mouse: mode = hasAbsXY ? .absolutePointer : .relativePointer
            case .touchscreen, .touchpad: mode = device.has(type: EventCodes.evKey, code: EventCodes.btnTouch) ? .singleTouch : .none
            case .other: mode = .none
            }
        }
        let slotInfo = device.absInfo[EventCodes.absMTSlot]
        let slotCount = mode == .multitouch ? Int(slotInfo?.maximum ?? 0) + 1 : 0
        slots = Array(repeating: DeviceState.Slot(trackingID: -1, x: 0, y: 0),
                      count: min(max(slotCount, 1), max(configuration.maximumSlots, 1)))
        currentSlot = Int(slotInfo?.value ?? 0)
        for (code, info) in device.absInfo { absValues[code] = info.value }
    }

    /// The gestures in progress (not cancelled), touches in slot order, then the pointer drag.
    public var activeSources: [GestureEvent.Source] {
        var result = contacts.sorted { $0.key < $1.key }
            .filter { !$0.value.isSuppressed }
            .map { GestureEvent.Source.touch(id: $0.value.id) }
        if let drag, !drag.isSuppressed { result.append(.pointer(button: dragButton)) }
        return result
    }

    /// Feeds one event. Returns the gesture events of the frame this event closes (`SYN_REPORT`), else none.
    ///
    /// `SYN_DROPPED` follows libevdev's contract (docs/INPUT.md §1.2): the half-read frame is closed as if a
    /// `SYN_REPORT` came (libinput does the same), every velocity history is forgotten (the gap makes it stale),
    /// and the resync delta that libevdev delivers next is applied like any events. A re-delivered tracking id that
    /// a slot already has continues the same touch (never a duplicate `began`); a touch the resync ends gets
    /// `.ended` with zero velocity (its release motion was lost, so nothing flings).
    public mutating func process(_ event: InputEvent) -> [GestureEvent] {
        switch event.type {
        case EventCodes.evSyn:
            switch event.code {
            case EventCodes.synReport:
                return endFrame(at: event.time)
            case EventCodes.synDropped:
                let closed = eventsInFrame > 0 ? endFrame(at: event.time) : []
                forgetVelocityHistory()
                return closed
            default:
                return []
            }
        case EventCodes.evKey:
            if event.value == 0 { keysDown.remove(event.code) } else { keysDown.insert(event.code) }
        case EventCodes.evRel:
            if event.code == EventCodes.relX { pointerCounts.x += Double(event.value) }
            if event.code == EventCodes.relY { pointerCounts.y += Double(event.value) }
        case EventCodes.evAbs:
            applyAbs(code: event.code, value: event.value)
        default:
            break
        }
        eventsInFrame += 1
        return []
    }

    /// Feeds events in order and returns all gesture events they produce.
    public mutating func process<S: Sequence>(_ events: S) -> [GestureEvent] where S.Element == InputEvent {
        var output: [GestureEvent] = []
        for event in events { output += process(event) }
        return output
    }

    /// Cancels every gesture in progress at `time` (e.g. on unplug, docs/INPUT.md §1.11: a cancel, not a lift, so
    /// nothing flings). Contacts and buttons still down stay silent until they end; later ones start new gestures.
    public mutating func cancelAll(at time: UInt64) -> [GestureEvent] {
        var output: [GestureEvent] = []
        for slot in contacts.keys.sorted() where contacts[slot]?.isSuppressed == false {
            contacts[slot]?.isSuppressed = true
            if let contact = contacts[slot] { output.append(event(.cancelled, .touch(id: contact.id), contact, time)) }
        }
        if let current = drag, !current.isSuppressed {
            drag?.isSuppressed = true
            output.append(event(.cancelled, .pointer(button: dragButton), current, time))
        }
        return stamped(output)
    }

    /// Replaces the device state by `state` — the full state re-read after a drop — and emits what changed, at
    /// `time`. Touches whose slot now holds another tracking id, or none, end with zero velocity; touches with the
    /// same id continue (no duplicate `began`); new ids begin. Events of a half-read frame are discarded.
    public mutating func resynchronize(to state: DeviceState, at time: UInt64) -> [GestureEvent] {
        for index in slots.indices {
            slots[index] = state.slots[index] ?? DeviceState.Slot(trackingID: -1, x: slots[index].x, y: slots[index].y)
        }
        currentSlot = state.currentSlot
        keysDown = state.keysDown
        absValues.merge(state.absValues) { _, new in new }
        forgetVelocityHistory()
        return endFrame(at: time)
    }

    // MARK: - Frame end

    mutating func endFrame(at time: UInt64) -> [GestureEvent] {
        eventsInFrame = 0
        var output: [GestureEvent] = []
        switch mode {
        case .multitouch: output = endMultitouchFrame(at: time)
        case .singleTouch: output = endSingleTouchFrame(at: time)
        case .relativePointer:
            let motion = (x: pointerCounts.x - pointerCountsAtFrameEnd.x, y: pointerCounts.y - pointerCountsAtFrameEnd.y)
            pointerCountsAtFrameEnd = pointerCounts
            accelerator.accelerate(dx: motion.x, dy: motion.y, at: time)
            output = endPointerFrame(at: time)
        case .absolutePointer: output = endPointerFrame(at: time)
        case .none: break
        }
        return stamped(output)
    }

    /// Sets `activeCount` on a frame's events to the count after the frame.
    func stamped(_ events: [GestureEvent]) -> [GestureEvent] {
        let count = activeSources.count
        return events.map { var e = $0; e.activeCount = count; return e }
    }

    mutating func forgetVelocityHistory() {
        for slot in contacts.keys { contacts[slot]?.tracker.reset() }
        drag?.tracker.reset()
        pointerMotion?.tracker.reset()
    }

    func event(_ phase: GestureEvent.Phase, _ source: GestureEvent.Source, _ contact: Contact, _ time: UInt64) -> GestureEvent {
        var velocity = CGSize.zero
        if phase == .changed || phase == .ended {
            let v = contact.tracker.velocity(at: time)
            velocity = CGSize(width: v.x, height: v.y)
        }
        return GestureEvent(time: time, phase: phase, source: source, location: contact.location,
                            normalizedLocation: contact.normalizedLocation, velocity: velocity, activeCount: 0)
    }

    /// A new contact at an absolute position, with its first velocity sample.
    func newContact(id: Int32, x: Int32, y: Int32, at time: UInt64) -> Contact {
        let (location, normalized) = Contact.scaled(x: x, y: y, xScale: xScale, yScale: yScale)
        return newContact(id: id, location: location, normalized: normalized, at: time)
    }

    /// A new contact at `location` (mm), with its first velocity sample.
    func newContact(id: Int32, location: CGPoint, normalized: CGPoint?, at time: UInt64) -> Contact {
        var contact = Contact(id: id, location: location, normalizedLocation: normalized,
                              tracker: PlanarVelocityTracker(estimation: configuration.velocityEstimation))
        contact.tracker.add(time: time, x: location.x, y: location.y)
        return contact
    }
}

extension InputFrameProcessor.Contact {
    /// A device position in mm and normalised to the axis ranges.
    static func scaled(x: Int32, y: Int32, xScale: AxisScale, yScale: AxisScale) -> (CGPoint, CGPoint?) {
        let mm = CGPoint(x: xScale.millimetres(x), y: yScale.millimetres(y))
        let normalized: CGPoint? = xScale.normalized(x).flatMap { nx in yScale.normalized(y).map { CGPoint(x: nx, y: $0) } }
        return (mm, normalized)
    }

    /// Moves to an absolute device position; returns whether the position changed (and records a velocity sample).
    mutating func move(x: Int32, y: Int32, xScale: AxisScale, yScale: AxisScale, at time: UInt64) -> Bool {
        let (location, normalized) = Self.scaled(x: x, y: y, xScale: xScale, yScale: yScale)
        return move(to: location, normalized: normalized, at: time)
    }

    /// Moves to `location` (mm); returns whether it changed, and only then records a velocity sample.
    mutating func move(to location: CGPoint, normalized: CGPoint?, at time: UInt64) -> Bool {
        guard location != self.location else { return false }
        self.location = location
        self.normalizedLocation = normalized
        tracker.add(time: time, x: location.x, y: location.y)
        return true
    }
}
