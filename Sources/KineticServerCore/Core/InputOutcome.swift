// SPDX-License-Identifier: Apache-2.0
import KineticBindings
import KineticProtocol

/// What applying input to the engine produced (``ServerCore/applyInput(_:)``): notifications for
/// every client (`gesture.began`, `device.removed`, …) and the engine events that came due while the
/// input advanced the engine to its own timestamp — another client's animation completing — which
/// go to the client that asked for them, exactly as those of a command's engine call do.
public struct InputOutcome: Equatable, Sendable {
    /// Broadcast to every client, in order.
    public var events: [Event]
    /// Delivered to the client whose completion token each one carries.
    public var engineEvents: [EngineEvent]
    /// Whether the input may have changed a channel, so that a frame must follow: input that changes none (a
    /// hovering pointer no binding follows) neither wakes the clock nor sends a frame.
    public var changesChannels: Bool

    /// An outcome with the given events (none by default), that may have changed channels unless said otherwise.
    public init(events: [Event] = [], engineEvents: [EngineEvent] = [], changesChannels: Bool = true) {
        self.events = events
        self.engineEvents = engineEvents
        self.changesChannels = changesChannels
    }

    /// What the bindings' `output` means to clients: `gesture.began` when a gesture starts driving a channel,
    /// `gesture.ended` (with `cancelled`) when it lets go, and the engine events, passed on.
    public init(_ output: PipelineOutput) {
        let events: [Event] = output.bindingEvents.compactMap { event in
            switch event.phase {
            case .began:
                return Event(name: Event.gestureBegan, fields: ["channel": .string(event.channel)])
            case .ended, .cancelled:
                return Event(name: Event.gestureEnded, fields: ["channel": .string(event.channel),
                                                            "cancelled": .bool(event.phase == .cancelled)])
            case .changed:
                return nil
            }
        }
        self.init(events: events, engineEvents: output.engineEvents,
                  changesChannels: !output.bindingEvents.isEmpty || !output.engineEvents.isEmpty)
    }

    /// Both outcomes, `lhs`'s events first.
    public static func + (lhs: InputOutcome, rhs: InputOutcome) -> InputOutcome {
        InputOutcome(events: lhs.events + rhs.events, engineEvents: lhs.engineEvents + rhs.engineEvents,
                     changesChannels: lhs.changesChannels || rhs.changesChannels)
    }
}

extension ServerCore {
    /// Makes the engine's configuration channels those of `pipeline`'s bindings at `time`
    /// (``GesturePipeline/defineChannels(in:at:)``), as input: a frame follows, and the events of the channels it
    /// removes reach their clients. A refusal changes nothing.
    public func defineChannels(of pipeline: GesturePipeline, at time: UInt64) throws(ConfigurationError) {
        var failure: ConfigurationError?
        applyInput { engine in
            do throws(ConfigurationError) {
                return InputOutcome(engineEvents: try pipeline.defineChannels(in: engine, at: time))
            } catch {
                failure = error
                return InputOutcome()
            }
        }
        if let failure { throw failure }
    }
}
