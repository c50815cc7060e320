// SPDX-License-Identifier: Apache-2.0
import KineticInput
import NIOCore
import KineticProtocol
import KineticBindings

// Input and events to every client: what the input router and the daemon's lifecycle call.
extension ServerCore {
    /// Sends `event` to every connected client (device and gesture notifications).
    public func broadcast(_ event: Event) {
        for session in sessions {
            if !session.rejected, session.decoder.encoding != nil { session.send(.event(event)) }
        }
    }

    /// Runs `body` with the engine (input bindings changing channels), then schedules a frame if it may have changed
    /// a channel (``InputOutcome/changesChannels``), delivers the engine events it returns to their clients
    /// (completions that came due while the input advanced the engine: they happened before the input) and sends its
    /// events to every client.
    public func applyInput(_ body: (any ChannelEngine) -> InputOutcome) {
        let outcome = body(engine)
        if outcome.changesChannels { requestFrame() }
        deliver(outcome.engineEvents)
        for event in outcome.events { broadcast(event) }
    }

    func requestFrame() {
        needsFrame = true
        clock.resume()
    }

    /// Tells every client the server is stopping (a `shutdown` event), then closes them all.
    public func shutdown() {
        shuttingDown = true
        for session in sessions {
            if session.decoder.encoding != nil, !session.rejected { session.send(.event(Event(name: Event.shutdown))) }
            close(session)
        }
    }
}
