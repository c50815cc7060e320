// SPDX-License-Identifier: Apache-2.0
import KineticBindings
import KineticInput
import KineticProtocol

/// The one way input reaches the engine, for live devices and for replays alike: it owns the bindings'
/// ``GesturePipeline``, makes the configuration's channels those of its bindings, attaches devices, applies each
/// batch of their events in one ``ServerCore/applyInput(_:)`` (events in order, each at its own time), detaches them
/// (a gesture left open is cancelled, as on unplug) and swaps the bindings at a reload.
///
/// `LiveInput` only reads file descriptors and hands each batch to the router on the core's event loop; the
/// ``ReplayDriver`` hands it a recording's events. Used from the core's thread only.
public final class InputRouter {
    /// The bindings at work (their clock offset maps a recording's timestamps onto the engine's).
    public private(set) var pipeline: GesturePipeline
    /// Receives the binding events of every batch applied (what `plot` overlays as input samples).
    public var onBindingEvents: (([BindingEvent]) -> Void)?
    private unowned let core: ServerCore

    /// A router for `bindings`, whose channels become the configuration's in `core`'s engine at `time`. Fails when
    /// the bindings disagree on a channel or a client holds one of their names; then nothing changed.
    public init(bindings: [GestureBinding], mappings: [DeviceMapping] = [], core: ServerCore,
                at time: UInt64) throws(ConfigurationError) {
        let pipeline = GesturePipeline(bindings: bindings, mappings: mappings)
        try core.defineChannels(of: pipeline, at: time)
        self.pipeline = pipeline
        self.core = core
    }

    /// Attaches a device; `nil` when no binding matches it. With `announce`, clients get `device.added`.
    public func attach(_ description: DeviceDescription, path: String, udevCalibration: [Double]? = nil,
                       announce: Bool = false) -> GesturePipeline.DeviceHandle? {
        let handle = pipeline.attach(description, path: path, udevCalibration: udevCalibration)
        if handle != nil, announce {
            core.broadcast(Event(name: Event.deviceAdded, fields: ["path": .string(path), "name": .string(description.name),
                                                                "class": .string(description.deviceClass.rawValue)]))
        }
        return handle
    }

    /// Applies `events` of `device`, in order, each at its own time, in one step of the core.
    public func apply(_ events: some Sequence<InputEvent>, from device: GesturePipeline.DeviceHandle) {
        let pipeline = self.pipeline
        core.applyInput { engine in
            var output = PipelineOutput()
            for event in events { output.append(pipeline.process(event, from: device, engine: engine)) }
            if let observer = onBindingEvents, !output.bindingEvents.isEmpty { observer(output.bindingEvents) }
            return InputOutcome(output)
        }
    }

    /// Detaches `device` at `time`: a gesture it leaves open is cancelled and its channel released. With
    /// `announcing` a path, clients get `device.removed`; without, a detach that ends no gesture changes nothing
    /// (not even a frame).
    public func detach(_ device: GesturePipeline.DeviceHandle, at time: UInt64, announcing path: String? = nil) {
        let output = pipeline.detach(device, at: time, engine: core.engine)
        guard path != nil || !output.bindingEvents.isEmpty || !output.engineEvents.isEmpty else { return }
        if let observer = onBindingEvents, !output.bindingEvents.isEmpty { observer(output.bindingEvents) }
        core.applyInput { _ in InputOutcome(output) + InputOutcome(events: path.map { [Event.deviceRemoved(path: $0)] } ?? []) }
    }

    /// Swaps the bindings (a configuration reload) between two ticks: the new bindings' channels become the
    /// configuration's (a refusal changes nothing), every gesture in progress is released, and each of `devices` is
    /// attached to the new bindings — its handle, or `nil` when no binding matches it any more.
    public func reload(bindings: [GestureBinding], mappings: [DeviceMapping] = [],
                       devices: [(path: String, description: DeviceDescription, calibration: [Double]?)],
                       at time: UInt64) throws(ConfigurationError) -> [String: GesturePipeline.DeviceHandle?] {
        let replacement = GesturePipeline(bindings: bindings, mappings: mappings)
        var failure: ConfigurationError?
        let old = pipeline
        core.applyInput { engine in
            let removed: [EngineEvent]
            do throws(ConfigurationError) {
                removed = try replacement.defineChannels(in: engine, at: time)
            } catch {
                failure = error
                return InputOutcome()
            }
            return InputOutcome(old.detachAll(at: time, engine: engine))
                + InputOutcome(engineEvents: removed)
        }
        if let failure { throw failure }
        pipeline = replacement
        var handles: [String: GesturePipeline.DeviceHandle?] = [:]
        for device in devices {
            handles[device.path] = pipeline.attach(device.description, path: device.path, udevCalibration: device.calibration)
        }
        return handles
    }

    /// What a binding could not do since the last call (a value held at the channel range, a channel a client removed).
    public func takeProblems() -> [String] { pipeline.takeProblems() }
}
