// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// Gesture-level values the daemon binds to, derived from a device's ``GestureEvent`` stream: the primary drag,
/// every touch's position, two-finger pinch (magnification) and rotation, the swipe of every finger down and, on
/// touchpads, two-finger scroll.
///
/// Feed it every event a ``InputFrameProcessor`` emits, in order. All positions are in mm, velocities in mm/s, and
/// predicted ends use ``decelerationRate`` (docs/INPUT.md §5.5: x_end = x + (v/1000)·d/(1 − d)).
public struct GestureTracker: Sendable {
    /// The class of the device the events come from (scroll is a touchpad gesture).
    public let deviceClass: DeviceClass
    /// The rate for ``DragValue/predictedEndLocation`` and ``ScrollValue/predictedEndTranslation``.
    public var decelerationRate: DecelerationRate
    /// The active touches (and pointer drag), oldest first.
    public private(set) var touches: [TrackedTouch] = []
    /// The primary drag: the touch that went down while nothing was down, or the pointer drag. After it ends it keeps
    /// its last value (phase `.ended`/`.cancelled`) until the next primary gesture begins.
    public private(set) var drag: DragValue?
    /// Two-finger magnification of the two oldest touches while both are down; kept after they end, like `drag`.
    public private(set) var magnify: MagnifyValue?
    /// Two-finger scroll (touchpads only): the two oldest touches' centroid translation; kept after it ends.
    public private(set) var scroll: ScrollValue?
    /// Two-finger rotation of the two oldest touches (the pinch's pair); kept after it ends.
    public private(set) var rotation: RotationValue?
    /// The swipe of every finger down (``SwipeValue``), formed at each landing; kept after it ends.
    public private(set) var swipe: SwipeValue?

    /// The fingers of the current swipe, while it lasts.
    private var swipeGroup: [GestureEvent.Source] = []

    private var primarySource: GestureEvent.Source?
    private var pair: (GestureEvent.Source, GestureEvent.Source)?

    /// Creates a tracker for a device of `deviceClass`.
    public init(deviceClass: DeviceClass, decelerationRate: DecelerationRate = .normal) {
        self.deviceClass = deviceClass
        self.decelerationRate = decelerationRate
    }

    /// Applies one gesture event.
    public mutating func update(with event: GestureEvent) {
        // A pointer's every move (``GestureEvent/Source/pointerMotion``) is no touch or drag: it forms no gesture here.
        if event.source == .pointerMotion { return }
        let index = touches.firstIndex { $0.source == event.source }
        switch event.phase {
        case .began:
            let touch = TrackedTouch(source: event.source, startTime: event.time, startLocation: event.location, event: event)
            if let index { touches[index] = touch } else { touches.append(touch) }
            if touches.count == 1 { primarySource = event.source }
        case .changed, .ended, .cancelled:
            guard let index else { return }
            touches[index].apply(event)
        }
        let current = touches.first { $0.source == event.source }
        if let current, event.source == primarySource { drag = DragValue(current, decelerationRate: decelerationRate) }
        updatePair(with: event)
        updateSwipe(with: event)
        if event.phase == .ended || event.phase == .cancelled {
            touches.removeAll { $0.source == event.source }
            if event.source == primarySource { primarySource = nil }
        }
    }

    /// Applies events in order.
    public mutating func update<S: Sequence>(with events: S) where S.Element == GestureEvent {
        for event in events { update(with: event) }
    }

    /// The pair forms when a touch lands while at least one other is down (the two oldest), and ends when either
    /// of them ends; a third finger does not disturb it.
    private mutating func updatePair(with event: GestureEvent) {
        var begins = false
        if pair == nil, event.phase == .began, touches.count >= 2 {
            pair = (touches[0].source, touches[1].source)
            begins = true
        }
        guard let (a, b) = pair, begins || event.source == a || event.source == b,
              let first = touches.first(where: { $0.source == a }), let second = touches.first(where: { $0.source == b }) else { return }
        let phase: GestureEvent.Phase = begins ? .began : event.phase
        magnify = MagnifyValue(first, second, phase: phase, time: event.time, startDistance: begins ? nil : magnify?.startDistance,
                               startCentroid: begins ? nil : magnify?.startLocation)
        scroll = deviceClass != .touchpad ? nil
            : ScrollValue(first, second, phase: phase, time: event.time, startCentroid: begins ? nil : scroll?.startLocation,
                          decelerationRate: decelerationRate)
        rotation = RotationValue(first, second, phase: phase, time: event.time, previous: begins ? nil : rotation)
        if event.phase == .ended || event.phase == .cancelled { pair = nil }
    }

    /// A landing replaces the swipe in progress with one of every finger now down; a lift or cancel of one of its
    /// fingers ends it (no new swipe forms until another finger lands).
    private mutating func updateSwipe(with event: GestureEvent) {
        if event.phase == .began {
            swipeGroup = touches.map(\.source)
            swipe = SwipeValue(touches, phase: .began, time: event.time, startCentroid: nil)
            return
        }
        guard swipeGroup.contains(event.source) else { return }
        let fingers = swipeGroup.compactMap { source in touches.first { $0.source == source } }
        guard fingers.count == swipeGroup.count else { return }
        swipe = SwipeValue(fingers, phase: event.phase, time: event.time, startCentroid: swipe?.startLocation)
        if event.phase == .ended || event.phase == .cancelled { swipeGroup = [] }
    }
}
