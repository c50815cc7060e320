// SPDX-License-Identifier: Apache-2.0
import KineticInput

/// What a binding did with one gesture event: the daemon publishes `gesture.began` and
/// `gesture.ended` from these, and `plot` overlays the input samples they carry.
public struct BindingEvent: Equatable, Sendable {
    /// The gesture's phase.
    public var phase: GestureEvent.Phase
    /// The channel the binding drove.
    public var channel: String
    /// The input event's own timestamp, in nanoseconds on the device's clock (`InputEvent.time`).
    public var time: UInt64
    /// The gesture's value in channel units, before rubber-banding: where the finger is.
    public var input: [Double]
    /// The gesture's velocity in channel units per second.
    public var inputVelocity: [Double]
    /// What the channel was retargeted to: the rubber-banded input while the gesture runs, the
    /// release target when it ends or is cancelled.
    public var target: [Double]

    public init(phase: GestureEvent.Phase, channel: String, time: UInt64, input: [Double], inputVelocity: [Double],
                target: [Double]) {
        self.phase = phase
        self.channel = channel
        self.time = time
        self.input = input
        self.inputVelocity = inputVelocity
        self.target = target
    }
}
