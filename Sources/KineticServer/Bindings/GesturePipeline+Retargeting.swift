import Foundation
import Kinetic
import KineticInput

extension GesturePipeline {
    /// Applies one gesture event: the tracker first, then the graph moves to the event's time, then
    /// every binding of the device reads what changed and drives its channels.
    func apply(_ gesture: GestureEvent, on device: AttachedDevice, into output: inout [BindingEvent]) {
        let before = (drag: device.tracker.drag, magnify: device.tracker.magnify, scroll: device.tracker.scroll)
        device.tracker.update(with: gesture)
        graph.advance(to: graphTime(of: gesture.time))
        let tracker = device.tracker
        for index in device.activities.indices {
            let binding = bindings[device.activities[index].binding]
            switch binding.gesture {
            case .drag(let button):
                // The tracker's drag changes only for events of the primary touch or the pointer drag.
                guard let drag = tracker.drag, drag != before.drag else { continue }
                if let button, case .pointer(let pressed) = gesture.source, pressed != button { continue }
                let reading = GestureReading.planar(location: drag.location, translation: drag.translation,
                                                    velocity: drag.velocity)
                drive(&device.activities[index], slot: 0, phase: drag.phase, reading: reading, time: gesture.time,
                      into: &output)
            case .scroll:
                guard let scroll = tracker.scroll, scroll != before.scroll else { continue }
                let reading = GestureReading.planar(location: scroll.location, translation: scroll.translation,
                                                    velocity: scroll.velocity)
                drive(&device.activities[index], slot: 0, phase: scroll.phase, reading: reading, time: gesture.time,
                      into: &output)
            case .pinch:
                guard let magnify = tracker.magnify, magnify != before.magnify else { continue }
                drive(&device.activities[index], slot: 0, phase: magnify.phase,
                      reading: .magnification(magnify.magnification, velocity: magnify.velocity), time: gesture.time,
                      into: &output)
            case .touches:
                driveTouch(&device.activities[index], gesture: gesture, into: &output)
            }
        }
    }

    /// A touches binding: each touch keeps the channel it took when it landed.
    private func driveTouch(_ activity: inout BindingActivity, gesture: GestureEvent, into output: inout [BindingEvent]) {
        var slot = activity.touches.firstIndex { $0?.source == gesture.source }
        if slot == nil, gesture.phase == .began || gesture.phase == .changed {
            slot = activity.touches.firstIndex { $0 == nil }
            if let slot { activity.touches[slot] = (gesture.source, gesture.location) }
        }
        guard let slot, let start = activity.touches[slot]?.start else { return }
        let translation = CGSize(width: gesture.location.x - start.x, height: gesture.location.y - start.y)
        let reading = GestureReading.planar(location: gesture.location, translation: translation, velocity: gesture.velocity)
        drive(&activity, slot: slot, phase: gesture.phase, reading: reading, time: gesture.time, into: &output)
        if gesture.phase == .ended || gesture.phase == .cancelled { activity.touches[slot] = nil }
    }

    /// Moves channel `slot` of `activity` for one gesture step.
    ///
    /// Began/changed: target = the input, rubber-banded past the bounds, set inside
    /// `withAnimation(binding.animation)` (no animation under reduce motion). Ended: the release
    /// target from the input's velocity; cancelled: the same with zero velocity; either is set
    /// inside `withAnimation(release.animation)`.
    private func drive(_ activity: inout BindingActivity, slot: Int, phase: GestureEvent.Phase, reading: GestureReading,
                       time: EventTime, into output: inout [BindingEvent]) {
        let binding = bindings[activity.binding]
        let channel = channels[activity.channels[slot]]
        let origin: [Double]
        switch phase {
        case .began, .changed:
            // A `changed` without its `began` (attached mid-gesture) starts the gesture where the channel is.
            if phase == .began || activity.origins[slot] == nil {
                activity.origins[slot] = fitted(channel.attribute.value.components, binding.dimension)
            }
            origin = activity.origins[slot]!
        case .ended, .cancelled:
            guard let started = activity.origins[slot] else { return }
            origin = started
            activity.origins[slot] = nil
        }
        let input = reading.channelValue(for: binding, origin: origin)
        // A non-finite reading (a device with a degenerate axis) never reaches the graph.
        guard input.value.allSatisfy(\.isFinite), input.velocity.allSatisfy(\.isFinite) else { return }
        let following = binding.bounds?.rubberBanded(input.value, by: binding.rubberBand) ?? input.value
        let target: [Double]
        let animation: Animation?
        switch phase {
        case .began, .changed:
            target = following
            animation = reduceMotion ? nil : binding.animation.animation
        case .ended, .cancelled:
            let velocity = phase == .ended ? input.velocity : input.velocity.map { _ in 0 }
            target = binding.release.target.resolve(current: following, origin: origin, velocity: velocity,
                                                    bounds: binding.bounds,
                                                    decelerationRate: binding.release.decelerationRate)
            animation = binding.release.animation.animation(reduceMotion: reduceMotion)
        }
        withAnimation(animation) { channel.attribute.value = AnimatableVector(target) }
        output.append(BindingEvent(phase: phase, channel: channel.name, time: time, input: input.value,
                                   inputVelocity: input.velocity, target: target))
    }

    private func fitted(_ components: [Double], _ dimension: Int) -> [Double] {
        (0..<dimension).map { $0 < components.count ? components[$0] : 0 }
    }
}
