// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials
import Kinetic
import KineticBindings
import KineticInput
import KineticProtocol

extension GesturePipeline {
    /// Applies one gesture event: the tracker first, then every binding of the device reads what
    /// changed and drives its channels at the event's time.
    func apply(_ gesture: GestureEvent, on device: AttachedDevice, engine: any ChannelEngine, into output: inout PipelineOutput) {
        // A pointer's every move drives the pointer bindings alone; it is no gesture of the tracker's.
        if gesture.source == .pointerMotion {
            for index in device.activities.indices where bindings[device.activities[index].binding].gesture == .pointer {
                drivePointer(device.activities[index], gesture: gesture, engine: engine, into: &output)
            }
            return
        }
        let before = (drag: device.tracker.drag, magnify: device.tracker.magnify, scroll: device.tracker.scroll,
                      rotation: device.tracker.rotation, swipe: device.tracker.swipe)
        device.tracker.update(with: gesture)
        let tracker = device.tracker
        for index in device.activities.indices {
            let binding = bindings[device.activities[index].binding]
            // What changed for the binding's gesture: its phase and what the binding reads.
            let phase: GestureEvent.Phase, reading: GestureReading
            switch binding.gesture {
            case .drag(let button):
                // The tracker's drag changes only for events of the primary touch or the pointer drag.
                guard let drag = tracker.drag, drag != before.drag else { continue }
                if let button, case .pointer(let pressed) = gesture.source, pressed != button { continue }
                (phase, reading) = (drag.phase, .planar(location: drag.location, translation: drag.translation,
                                                        velocity: drag.velocity))
            case .scroll:
                guard let scroll = tracker.scroll, scroll != before.scroll else { continue }
                (phase, reading) = (scroll.phase, .planar(location: scroll.location, translation: scroll.translation,
                                                          velocity: scroll.velocity))
            case .pinch:
                guard let magnify = tracker.magnify, magnify != before.magnify else { continue }
                (phase, reading) = (magnify.phase, .magnification(magnify.magnification, velocity: magnify.velocity))
            case .touches:
                driveTouch(&device.activities[index], gesture: gesture, engine: engine, into: &output)
                continue
            case .rotate(let unit):
                guard let rotation = tracker.rotation, rotation != before.rotation else { continue }
                (phase, reading) = (rotation.phase, .angle(unit.fromRadians(rotation.rotation),
                                                           velocity: unit.fromRadians(rotation.velocity)))
            case .pointer:
                continue  // pointer motion only (above)
            case .swipe(let fingers):
                guard let swipe = tracker.swipe, swipe != before.swipe else { continue }
                if swipe.fingerCount == fingers {
                    (phase, reading) = (swipe.phase, .planar(location: swipe.location, translation: swipe.translation,
                                                             velocity: swipe.velocity))
                } else if device.activities[index].isActive, let last = before.swipe, last.fingerCount == fingers {
                    // Another finger landed: this swipe is cancelled where it was, and released without velocity.
                    (phase, reading) = (.cancelled, .planar(location: last.location, translation: last.translation,
                                                            velocity: .zero))
                } else {
                    continue
                }
            }
            drive(&device.activities[index], slot: 0, phase: phase, reading: reading, time: gesture.time, engine: engine,
                  into: &output)
        }
    }

    /// A reading as the channel's input (``GestureReading/channelValue(for:origin:)``) and the target it follows
    /// (rubber-banded past the bounds); `nil` for a non-finite reading (a device with a degenerate axis), which never
    /// reaches the engine. Beyond the channel value range (a large scale or mapping, a relative device pushed far) the
    /// input is held at its edge, and that is recorded.
    private func admitted(_ reading: GestureReading, for binding: GestureBinding, origin: [Double], channel name: String)
        -> (input: (value: [Double], velocity: [Double]), following: [Double])? {
        var input = reading.channelValue(for: binding, origin: origin)
        guard input.value.allSatisfy(\.isFinite), input.velocity.allSatisfy(\.isFinite) else { return nil }
        let limited = ChannelValue.clamped(input.value)
        if limited.clamped {
            input.value = limited.value
            record("\(binding.gesture.name) → \(name): the value left \(ChannelValue.acceptedRange) and is held at the edge; lower the binding's scale or the mapping's")
        }
        return (input, binding.bounds?.rubberBanded(input.value, by: binding.rubberBand) ?? input.value)
    }

    /// Retargets `name` to the input's `target` with the binding's per-frame animation, or sets it without one: under
    /// reduce motion, with `animation: none`, or where the value `jumps` (an absolute gesture's start).
    private func follow(_ name: String, to target: [Double], with binding: GestureBinding, at time: UInt64,
                        engine: any ChannelEngine, jumps: Bool) throws(ChannelEngineError) -> [EngineEvent] {
        if let animation = binding.animation, !engine.reduceMotion, !jumps {
            return try engine.animate(name, to: target, with: animation, completion: nil, at: time)
        }
        return try engine.set(name, to: target, at: time)
    }

    /// A pointer binding: the channel follows the pointer's location (× scale, rubber-banded past the bounds) with the
    /// binding's animation, or set without one; there is no gesture to begin, end or release.
    private func drivePointer(_ activity: BindingActivity, gesture: GestureEvent, engine: any ChannelEngine,
                              into output: inout PipelineOutput) {
        let binding = bindings[activity.binding]
        guard let name = activity.channels.first else { return }
        let reading = GestureReading.planar(location: gesture.location, translation: .zero, velocity: gesture.velocity)
        guard let (input, target) = admitted(reading, for: binding, origin: binding.initialValue, channel: name) else { return }
        let at = engineTime(of: gesture.time)
        do {
            output.engineEvents += engine.advance(to: at)
            output.engineEvents += try follow(name, to: target, with: binding, at: at, engine: engine, jumps: false)
        } catch {
            record("pointer → \(name): \(error.message)")
            return
        }
        output.bindingEvents.append(BindingEvent(phase: .changed, channel: name, time: gesture.time, input: input.value,
                                                 inputVelocity: input.velocity, target: target))
    }

    /// A touches binding: each touch keeps the channel it took when it landed.
    private func driveTouch(_ activity: inout BindingActivity, gesture: GestureEvent, engine: any ChannelEngine,
                            into output: inout PipelineOutput) {
        var slot = activity.touches.firstIndex { $0?.source == gesture.source }
        if slot == nil, gesture.phase == .began || gesture.phase == .changed {
            slot = activity.touches.firstIndex { $0 == nil }
            if let slot { activity.touches[slot] = (gesture.source, gesture.location) }
        }
        guard let slot, let start = activity.touches[slot]?.start else { return }
        let translation = CGSize(width: gesture.location.x - start.x, height: gesture.location.y - start.y)
        let reading = GestureReading.planar(location: gesture.location, translation: translation, velocity: gesture.velocity)
        drive(&activity, slot: slot, phase: gesture.phase, reading: reading, time: gesture.time, engine: engine, into: &output)
        if gesture.phase == .ended || gesture.phase == .cancelled { activity.touches[slot] = nil }
    }

    /// Moves channel `slot` of `activity` for one gesture step, at the event's time.
    ///
    /// Began: the origin is the channel's presentation value (a moving channel is caught where it
    /// is); an absolute gesture's channel jumps to the contact (a new touch is where it lands, with
    /// nothing in between to animate). Changed: target = the input, rubber-banded past the bounds,
    /// animated with `binding.animation` — or set without animation under reduce motion or with
    /// `animation: none`. Ended: the
    /// release target from the input's velocity; cancelled: the same with zero velocity; either is
    /// animated with the release animation (the engine applies reduce motion to it).
    private func drive(_ activity: inout BindingActivity, slot: Int, phase: GestureEvent.Phase, reading: GestureReading,
                       time: UInt64, engine: any ChannelEngine, into output: inout PipelineOutput) {
        let binding = bindings[activity.binding]
        if binding.zoomDismissal {
            driveZoomDismissal(&activity, phase: phase, reading: reading, time: time, engine: engine, into: &output)
            return
        }
        let name = activity.channels[slot]
        let origin: [Double]
        var starts = false
        switch phase {
        case .began, .changed:
            // A `changed` without its `began` (attached mid-gesture) starts the gesture where the channel is.
            if phase == .began || activity.origins[slot] == nil {
                let engineTime = engineTime(of: time)
                output.engineEvents += engine.advance(to: engineTime)
                activity.origins[slot] = presentation(of: name, dimension: binding.dimension, in: engine)
                starts = true
            }
            origin = activity.origins[slot] ?? binding.initialValue
        case .ended, .cancelled:
            guard let started = activity.origins[slot] else { return }
            origin = started
            activity.origins[slot] = nil
        }
        guard let (input, following) = admitted(reading, for: binding, origin: origin, channel: name) else { return }
        let at = engineTime(of: time)
        let target: [Double]
        do {
            switch phase {
            case .began, .changed:
                target = following
                output.engineEvents += try follow(name, to: target, with: binding, at: at, engine: engine,
                                                  jumps: starts && binding.follow == .absolute)
            case .ended, .cancelled:
                let velocity = phase == .ended ? input.velocity : input.velocity.map { _ in 0 }
                let plan = binding.release.target.plan(current: following, origin: origin, velocity: velocity,
                                                       bounds: binding.bounds, decelerationRate: binding.release.decelerationRate)
                target = ChannelValue.clamped(plan.target).value
                let k = binding.release.decelerationRate.decayConstant
                if plan.coasts, k > 0, !engine.reduceMotion {
                    // Momentum: the fling itself, from the release velocity (reduce motion: the release animation).
                    let momentum = MomentumAnimation(decayConstant: k, naturalTravel: plan.naturalTravel)
                    output.engineEvents += try engine.animate(name, to: target, using: Animation(momentum), at: at)
                } else {
                    output.engineEvents += try engine.animate(name, to: target, with: binding.release.animation, completion: nil,
                                                              at: at)
                }
            }
        } catch {
            // The channel was removed or redefined by a client (or the animation cannot be built):
            // the binding skips this step rather than stopping the pipeline, and says so.
            record("\(binding.gesture.name) → \(name): \(error.message)")
            return
        }
        output.bindingEvents.append(BindingEvent(phase: phase, channel: name, time: time, input: input.value,
                                                 inputVelocity: input.velocity, target: target))
    }

    /// A zoom-dismissal binding's step: the drag's translation and velocity (× scale) drive the zoom element's
    /// interactive dismissal — `drag` while the finger moves, `release` when it lifts (zero velocity when cancelled).
    /// A zoom that is not presented (or not there) refuses, and the binding records why and skips the step.
    private func driveZoomDismissal(_ activity: inout BindingActivity, phase: GestureEvent.Phase, reading: GestureReading,
                                    time: UInt64, engine: any ChannelEngine, into output: inout PipelineOutput) {
        let binding = bindings[activity.binding]
        switch phase {
        case .began, .changed:
            if activity.origins[0] == nil { activity.origins[0] = [0, 0] }
        case .ended, .cancelled:
            guard activity.origins[0] != nil else { return }
            activity.origins[0] = nil
        }
        let input = reading.channelValue(for: binding, origin: [0, 0])
        guard input.value.count == 2, input.value.allSatisfy(\.isFinite), input.velocity.allSatisfy(\.isFinite) else { return }
        let request: ZoomRequest
        switch phase {
        case .began, .changed: request = ZoomRequest(action: .drag, translation: input.value)
        case .ended: request = ZoomRequest(action: .release, translation: input.value, velocity: input.velocity)
        case .cancelled: request = ZoomRequest(action: .release, translation: input.value, velocity: [0, 0])
        }
        do {
            output.engineEvents += try engine.element(binding.channel, .zoom(request, animation: nil), owner: .configuration,
                                                      at: engineTime(of: time)).events
        } catch {
            record("zoom dismissal → \(binding.channel): \(error.message)")
            return
        }
        output.bindingEvents.append(BindingEvent(phase: phase, channel: binding.channel, time: time, input: input.value,
                                                 inputVelocity: input.velocity, target: input.value))
    }

    /// The channel's presentation value at the engine's current time (zeros if a client removed it).
    private func presentation(of name: String, dimension: Int, in engine: any ChannelEngine) -> [Double] {
        let value = engine.presentationValue(of: name) ?? []
        return (0..<dimension).map { $0 < value.count ? value[$0] : 0 }
    }
}
