// SPDX-License-Identifier: Apache-2.0
import KineticBindings

/// What feeding the pipeline produced: the bindings' steps, and the engine's completion events
/// that became due while the graph advanced to the input's time (clients' animations finishing),
/// which the caller must deliver like any other engine events.
public struct PipelineOutput: Equatable, Sendable {
    /// What the bindings did, in order.
    public var bindingEvents: [BindingEvent] = []
    /// Engine events (completions) that came due while the engine advanced to the input's times.
    public var engineEvents: [EngineEvent] = []

    public init(bindingEvents: [BindingEvent] = [], engineEvents: [EngineEvent] = []) {
        self.bindingEvents = bindingEvents
        self.engineEvents = engineEvents
    }

    /// Appends `other`'s events after these.
    public mutating func append(_ other: PipelineOutput) {
        bindingEvents += other.bindingEvents
        engineEvents += other.engineEvents
    }
}
