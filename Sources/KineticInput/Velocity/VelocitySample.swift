// SPDX-License-Identifier: Apache-2.0
/// One position sample of one axis: time in seconds on the device clock, position in any unit (mm here).
public struct VelocitySample: Hashable, Sendable {
    /// Seconds.
    public var time: Double
    /// Position (mm for touches and pointers).
    public var position: Double

    public init(time: Double, position: Double) {
        self.time = time
        self.position = position
    }
}
