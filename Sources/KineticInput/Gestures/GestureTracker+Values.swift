// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// One touch (or the pointer drag) as the tracker last saw it.
public struct TrackedTouch: Hashable, Sendable {
    /// The touch id or pointer button.
    public var source: GestureEvent.Source
    /// When it began.
    public var startTime: UInt64
    /// Where it began (mm).
    public var startLocation: CGPoint
    /// The latest event for it (time, phase, location, normalised location, velocity).
    public var latest: GestureEvent

    init(source: GestureEvent.Source, startTime: UInt64, startLocation: CGPoint, event: GestureEvent) {
        self.source = source
        self.startTime = startTime
        self.startLocation = startLocation
        self.latest = event
    }

    mutating func apply(_ event: GestureEvent) { latest = event }
}

/// The primary drag, with `DragGesture.Value`'s members (mm, mm/s).
public struct DragValue: Hashable, Sendable {
    /// The phase of the latest event.
    public var phase: GestureEvent.Phase
    /// The time of the latest event.
    public var time: UInt64
    /// Where the drag began.
    public var startLocation: CGPoint
    /// Where it is now.
    public var location: CGPoint
    /// The normalised location (0…1), when the device has a range.
    public var normalizedLocation: CGPoint?
    /// location − startLocation.
    public var translation: CGSize
    /// Velocity (mm/s); zero once cancelled.
    public var velocity: CGSize
    /// Where a fling from here would come to rest: location + (v/1000)·d/(1 − d) per axis; location when cancelled.
    public var predictedEndLocation: CGPoint
    /// predictedEndLocation − startLocation.
    public var predictedEndTranslation: CGSize

    init(_ touch: TrackedTouch, decelerationRate: DecelerationRate) {
        let e = touch.latest
        phase = e.phase
        time = e.time
        startLocation = touch.startLocation
        location = e.location
        normalizedLocation = e.normalizedLocation
        translation = CGSize(width: e.location.x - touch.startLocation.x, height: e.location.y - touch.startLocation.y)
        velocity = e.phase == .cancelled ? .zero : e.velocity
        predictedEndLocation = CGPoint(x: decelerationRate.projectedEnd(position: e.location.x, velocity: velocity.width),
                                       y: decelerationRate.projectedEnd(position: e.location.y, velocity: velocity.height))
        predictedEndTranslation = CGSize(width: predictedEndLocation.x - startLocation.x,
                                         height: predictedEndLocation.y - startLocation.y)
    }
}

/// Two-finger pinch, with `MagnifyGesture.Value`'s members (magnification is the ratio of finger distances, its
/// velocity per second; locations in mm).
public struct MagnifyValue: Hashable, Sendable {
    /// The phase: `.began` when the second finger lands, `.ended`/`.cancelled` when either of the two leaves.
    public var phase: GestureEvent.Phase
    /// The time of the latest event.
    public var time: UInt64
    /// The distance between the two fingers divided by their distance when the pinch began (1 if that was 0).
    public var magnification: Double
    /// d(magnification)/dt in 1/s: the rate of change of the finger distance along the line between them,
    /// ((p₂ − p₁)·(v₂ − v₁))/|p₂ − p₁|, divided by the start distance.
    public var velocity: Double
    /// The fingers' midpoint when the pinch began (mm).
    public var startLocation: CGPoint
    /// The fingers' midpoint now (mm).
    public var location: CGPoint
    /// The distance between the fingers when the pinch began (mm).
    public var startDistance: Double
    /// The distance between the fingers now (mm).
    public var distance: Double

    init(_ a: TrackedTouch, _ b: TrackedTouch, phase: GestureEvent.Phase, time: UInt64, startDistance: Double?,
         startCentroid: CGPoint?) {
        let p1 = a.latest.location, p2 = b.latest.location
        let dx = p2.x - p1.x, dy = p2.y - p1.y
        distance = (dx * dx + dy * dy).squareRoot()
        self.startDistance = startDistance ?? distance
        location = CGPoint(x: (p1.x + p2.x) / 2, y: (p1.y + p2.y) / 2)
        startLocation = startCentroid ?? location
        self.phase = phase
        self.time = time
        magnification = self.startDistance > 0 ? distance / self.startDistance : 1
        let dvx = b.latest.velocity.width - a.latest.velocity.width, dvy = b.latest.velocity.height - a.latest.velocity.height
        velocity = distance > 0 && self.startDistance > 0 && phase != .cancelled
            ? (dx * dvx + dy * dvy) / distance / self.startDistance : 0
    }
}

/// Two-finger scroll on a touchpad: the translation of the fingers' midpoint (mm).
public struct ScrollValue: Hashable, Sendable {
    /// The phase: `.began` when the second finger lands, `.ended`/`.cancelled` when either leaves.
    public var phase: GestureEvent.Phase
    /// The time of the latest event.
    public var time: UInt64
    /// The midpoint when the scroll began.
    public var startLocation: CGPoint
    /// The midpoint now.
    public var location: CGPoint
    /// location − startLocation.
    public var translation: CGSize
    /// The midpoint's velocity in mm/s: the mean of the two fingers' velocities (zero once cancelled).
    public var velocity: CGSize
    /// translation + the fling projection of `velocity`.
    public var predictedEndTranslation: CGSize

    init(_ a: TrackedTouch, _ b: TrackedTouch, phase: GestureEvent.Phase, time: UInt64, startCentroid: CGPoint?,
         decelerationRate: DecelerationRate) {
        let p1 = a.latest.location, p2 = b.latest.location
        location = CGPoint(x: (p1.x + p2.x) / 2, y: (p1.y + p2.y) / 2)
        startLocation = startCentroid ?? location
        self.phase = phase
        self.time = time
        translation = CGSize(width: location.x - startLocation.x, height: location.y - startLocation.y)
        velocity = phase == .cancelled ? .zero : CGSize(width: (a.latest.velocity.width + b.latest.velocity.width) / 2,
                                                         height: (a.latest.velocity.height + b.latest.velocity.height) / 2)
        predictedEndTranslation = CGSize(width: translation.width + decelerationRate.projectedDistance(velocity: velocity.width),
                                         height: translation.height + decelerationRate.projectedDistance(velocity: velocity.height))
    }
}

/// Two-finger rotation, with `RotateGesture.Value`'s meaning: the turn of the line from the first finger to the second
/// since the pair formed, clockwise positive (y grows downward, as on screen), unwrapped — a turn past ±180° keeps
/// counting (radians; velocity in radians per second).
public struct RotationValue: Hashable, Sendable {
    /// The phase: `.began` when the second finger lands, `.ended`/`.cancelled` when either of the two leaves.
    public var phase: GestureEvent.Phase
    /// The time of the latest event.
    public var time: UInt64
    /// The turn since the pair formed, in radians, unwrapped.
    public var rotation: Double
    /// dθ/dt in radians per second: ((p₂ − p₁) × (v₂ − v₁)) / |p₂ − p₁|² (zero once cancelled or with the fingers
    /// together).
    public var velocity: Double
    /// The direction from the first finger to the second now, atan2(dy, dx), in (−π, π].
    public var direction: Double

    init(_ a: TrackedTouch, _ b: TrackedTouch, phase: GestureEvent.Phase, time: UInt64, previous: RotationValue?) {
        let p1 = a.latest.location, p2 = b.latest.location
        let dx = Double(p2.x - p1.x), dy = Double(p2.y - p1.y)
        let lengthSquared = dx * dx + dy * dy
        direction = lengthSquared > 0 ? atan2(dy, dx) : (previous?.direction ?? 0)
        if let previous {
            // The smallest turn from the previous direction: fingers move far less than half a turn between frames.
            var step = direction - previous.direction
            if step > .pi { step -= 2 * .pi } else if step <= -.pi { step += 2 * .pi }
            rotation = previous.rotation + step
        } else {
            rotation = 0
        }
        self.phase = phase
        self.time = time
        let dvx = Double(b.latest.velocity.width - a.latest.velocity.width)
        let dvy = Double(b.latest.velocity.height - a.latest.velocity.height)
        velocity = lengthSquared > 0 && phase != .cancelled ? (dx * dvy - dy * dvx) / lengthSquared : 0
    }
}

/// A swipe of every finger down: the translation of their centroid since the last of them landed (mm), as a
/// compositor follows a three- or four-finger touchpad swipe.
public struct SwipeValue: Hashable, Sendable {
    /// The phase: `.began` when a finger lands (the swipe of all the fingers then down), `.ended` when one of them
    /// lifts, `.cancelled` when the device cancels a contact. Another finger landing replaces the swipe with one of
    /// one more finger (`.began`): for whoever follows N fingers, that is the end of the N-finger swipe, without a
    /// release velocity (the bindings' `swipe` treats it as cancelled).
    public var phase: GestureEvent.Phase
    /// The time of the latest event.
    public var time: UInt64
    /// How many fingers swipe.
    public var fingerCount: Int
    /// The centroid when the swipe began.
    public var startLocation: CGPoint
    /// The centroid now.
    public var location: CGPoint
    /// location − startLocation.
    public var translation: CGSize
    /// The centroid's velocity: the mean of the fingers' velocities (zero once cancelled).
    public var velocity: CGSize

    init(_ fingers: [TrackedTouch], phase: GestureEvent.Phase, time: UInt64, startCentroid: CGPoint?) {
        let n = CGFloat(max(1, fingers.count))
        location = CGPoint(x: fingers.reduce(0) { $0 + $1.latest.location.x } / n,
                           y: fingers.reduce(0) { $0 + $1.latest.location.y } / n)
        startLocation = startCentroid ?? location
        translation = CGSize(width: location.x - startLocation.x, height: location.y - startLocation.y)
        velocity = phase == .cancelled ? .zero
            : CGSize(width: fingers.reduce(0) { $0 + $1.latest.velocity.width } / n,
                     height: fingers.reduce(0) { $0 + $1.latest.velocity.height } / n)
        fingerCount = fingers.count
        self.phase = phase
        self.time = time
    }
}
