// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// One track's keyframes resolved against its start value: absolute start times, start and end data,
/// and every velocity that the rules of docs/ANIMATION.md §7.2 leave implicit.
struct KeyframePath<Value: Animatable> {
    typealias Data = Value.AnimatableData

    /// How an element moves between its start and end data.
    enum Motion {
        /// Jumps at its start time (zero duration).
        case move
        /// `from + (to − from) · curve.value(at: u)`.
        case linear(UnitCurve)
        /// Hermite with tangents already multiplied by the duration (value units).
        case cubic(startTangent: Data, endTangent: Data)
        /// `from + spring.value(target: to − from, initialVelocity:, time:)`.
        case spring(Spring, initialVelocity: Data)
    }

    struct Element {
        /// Seconds from the start of the timeline.
        var start: TimeInterval
        /// Seconds; 0 only for jumps.
        var duration: TimeInterval
        var from: Data
        var to: Data
        /// The data where the element ends: `to`, except for a spring cut off before settling.
        var end: Data
        /// The keyframe's own value: its non-animatable parts are shown while the element runs.
        var target: Value
        var motion: Motion
    }

    let initialValue: Value
    let elements: [Element]

    /// Seconds until the last keyframe ends; 0 for a track without keyframes.
    var duration: TimeInterval { elements.last.map { $0.start + $0.duration } ?? 0 }

    /// The keyframes' durations made usable: zero, negative and non-finite durations take no time.
    static func sanitized(_ duration: TimeInterval) -> TimeInterval {
        duration.isFinite && duration > 0 ? duration : 0
    }

    /// `data`, or `fallback` when a component of `data` is NaN or infinite (or its squared magnitude overflows):
    /// a velocity that is not finite never reaches the track's output (non-finite values are ``hold(_:from:at:)``s).
    static func finite(_ data: Data, else fallback: Data) -> Data {
        data.magnitudeSquared.isFinite ? data : fallback
    }

    /// Resolves `content` starting at `initialValue` at rest, applying the docs/ANIMATION.md §7.2 rules in order.
    ///
    /// A keyframe whose value's animatable data is not finite holds the track where it is for its duration (its
    /// non-animatable parts still show) and hands on velocity 0; non-finite explicit or implicit velocities count
    /// as 0. So NaN and ±∞ keyframe values never reach the output.
    init(initialValue: Value, content: _ResolvedKeyframeTrackContent<Value>) {
        self.initialValue = initialValue
        let segments = content.segments
        var elements: [Element] = []
        elements.reserveCapacity(segments.count)
        var time: TimeInterval = 0
        var value = initialValue.animatableData
        var velocity = Data.zero
        for index in segments.indices {
            let from = value
            if let hold = Self.hold(segments[index], from: from, at: time) {
                elements.append(hold)
                time += hold.duration
                value = hold.end
                velocity = .zero
                continue
            }
            let element: Element
            switch segments[index] {
            case let .move(to):
                let data = to.animatableData
                element = Element(
                    start: time, duration: 0, from: from, to: data, end: data, target: to, motion: .move)
                velocity = .zero
            case let .linear(to, rawDuration, curve):
                let duration = Self.sanitized(rawDuration)
                let data = to.animatableData
                element = Element(
                    start: time, duration: duration, from: from, to: data, end: data, target: to,
                    motion: duration > 0 ? .linear(curve) : .move)
                velocity = duration > 0 ? (data - from).scaled(by: curve.velocity(at: 1) / duration) : .zero
            case let .cubic(to, rawDuration, startVelocity, endVelocity):
                let duration = Self.sanitized(rawDuration)
                let data = to.animatableData
                guard duration > 0 else {
                    element = Element(
                        start: time, duration: 0, from: from, to: data, end: data, target: to, motion: .move)
                    velocity = .zero
                    break
                }
                let v0 = Self.finite(
                    startVelocity?.animatableData
                        ?? Self.cubicStartVelocity(at: index, in: segments, elements: elements, incoming: velocity),
                    else: .zero)
                let v1 = Self.finite(
                    endVelocity?.animatableData
                        ?? Self.cubicEndVelocity(at: index, in: segments, from: from, duration: duration),
                    else: .zero)
                element = Element(
                    start: time, duration: duration, from: from, to: data, end: data, target: to,
                    motion: .cubic(startTangent: v0.scaled(by: duration), endTangent: v1.scaled(by: duration)))
                velocity = v1
            case let .spring(to, rawDuration, spring, startVelocity):
                let v0 = Self.finite(startVelocity?.animatableData ?? velocity, else: .zero)
                let data = to.animatableData
                let delta = data - from
                let duration = Self.sanitized(
                    rawDuration ?? spring.settlingDuration(target: delta, initialVelocity: v0, epsilon: 1e-4))
                let end = from + spring.value(target: delta, initialVelocity: v0, time: duration)
                element = Element(
                    start: time, duration: duration, from: from, to: data, end: end, target: to,
                    motion: .spring(spring, initialVelocity: v0))
                velocity = spring.velocity(target: delta, initialVelocity: v0, time: duration)
            }
            elements.append(element)
            time += element.duration
            value = element.end
            // A curve with an infinite end slope (circularEaseIn) would hand on ∞ and poison what follows.
            if !velocity.magnitudeSquared.isFinite { velocity = .zero }
        }
        self.elements = elements
    }

    /// The element for a keyframe whose value is not finite: it stays at `from` for its duration (a spring with no
    /// duration takes none), ignoring the incoming velocity. A finite keyframe that would start from a non-finite
    /// value (a NaN or infinite initial value) instead shows its own value for its duration. nil otherwise.
    private static func hold(
        _ segment: _ResolvedKeyframeTrackContent<Value>.Segment, from: Data, at time: TimeInterval
    ) -> Element? {
        let to: Value
        let rawDuration: TimeInterval
        switch segment {
        case let .move(target): (to, rawDuration) = (target, 0)
        case let .linear(target, duration, _): (to, rawDuration) = (target, duration)
        case let .cubic(target, duration, _, _): (to, rawDuration) = (target, duration)
        case let .spring(target, duration, _, _): (to, rawDuration) = (target, duration ?? 0)
        }
        let data = to.animatableData
        let held: Data
        switch (from.magnitudeSquared.isFinite, data.magnitudeSquared.isFinite) {
        case (true, true): return nil
        case (_, false): held = from
        case (false, true): held = data
        }
        let duration = sanitized(rawDuration)
        return Element(
            start: time, duration: duration, from: held, to: held, end: held, target: to,
            motion: duration > 0 ? .linear(.linear) : .move)
    }

    /// A cubic keyframe's implicit start velocity: Catmull-Rom after a timed cubic (or that cubic's
    /// explicit end velocity), otherwise the incoming velocity (0 at the start and after a jump).
    private static func cubicStartVelocity(
        at index: Int, in segments: [_ResolvedKeyframeTrackContent<Value>.Segment], elements: [Element],
        incoming: Data
    ) -> Data {
        guard index > 0, case let .cubic(_, rawDuration, _, previousEnd) = segments[index - 1],
            sanitized(rawDuration) > 0, let previous = elements.last
        else { return incoming }
        if let previousEnd { return previousEnd.animatableData }
        guard case let .cubic(next, nextDuration, _, _) = segments[index] else { return incoming }
        let span = previous.duration + sanitized(nextDuration)
        return (next.animatableData - previous.from).scaled(by: 1 / span)
    }

    /// A cubic keyframe's implicit end velocity, looking at the keyframe after it (docs/ANIMATION.md §7.2).
    private static func cubicEndVelocity(
        at index: Int, in segments: [_ResolvedKeyframeTrackContent<Value>.Segment], from: Data,
        duration: TimeInterval
    ) -> Data {
        guard index + 1 < segments.count, case let .cubic(to, _, _, _) = segments[index] else { return .zero }
        let here = to.animatableData
        switch segments[index + 1] {
        case let .cubic(next, rawNextDuration, nextStart, _):
            let nextDuration = sanitized(rawNextDuration)
            guard nextDuration > 0 else { return .zero }
            if let nextStart { return nextStart.animatableData }
            return (next.animatableData - from).scaled(by: 1 / (duration + nextDuration))
        case let .linear(next, rawNextDuration, curve):
            let nextDuration = sanitized(rawNextDuration)
            guard nextDuration > 0 else { return .zero }
            return (next.animatableData - here).scaled(by: curve.velocity(at: 0) / nextDuration)
        case let .spring(_, _, _, nextStart):
            return nextStart?.animatableData ?? .zero
        case .move:
            return .zero
        }
    }
}

/// A path holds values, curves and springs only: it can cross threads when its values can
/// (symbol-effect curves are `Sendable`).
extension KeyframePath: Sendable where Value: Sendable, Value.AnimatableData: Sendable {}
extension KeyframePath.Element: Sendable where Value: Sendable, Value.AnimatableData: Sendable {}
extension KeyframePath.Motion: Sendable where Value: Sendable, Value.AnimatableData: Sendable {}
