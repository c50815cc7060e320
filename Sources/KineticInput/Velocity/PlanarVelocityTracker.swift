/// A history of (time, x, y) samples of one touch or pointer and the selected estimator, evaluated per axis.
///
/// Insertion follows SwiftUI's sampler rules (swiftui-animation.md §5.5): a sample earlier than the newest is
/// rejected, and one within `Double.ulpOfOne` seconds of it replaces it. Only the newest ``capacity`` samples are kept.
public struct PlanarVelocityTracker: Hashable, Sendable {
    /// The estimator.
    public var estimation: VelocityEstimation
    /// x samples in time order (mm).
    public private(set) var xSamples: [VelocitySample] = []
    /// y samples in time order (mm).
    public private(set) var ySamples: [VelocitySample] = []
    /// How many samples are kept: Android's `HISTORY_SIZE` (20), which covers every estimator here.
    public static let capacity = 20

    /// Creates an empty tracker.
    public init(estimation: VelocityEstimation = .default) {
        self.estimation = estimation
    }

    /// Adds a position (mm) at `time` (seconds).
    public mutating func add(time: Double, x: Double, y: Double) {
        if let newest = xSamples.last {
            if time < newest.time { return }
            if time - newest.time < Double.ulpOfOne {
                xSamples.removeLast()
                ySamples.removeLast()
            }
        }
        xSamples.append(VelocitySample(time: time, position: x))
        ySamples.append(VelocitySample(time: time, position: y))
        if xSamples.count > Self.capacity {
            xSamples.removeFirst(xSamples.count - Self.capacity)
            ySamples.removeFirst(ySamples.count - Self.capacity)
        }
    }

    /// Forgets every sample (after a gap in the input, e.g. SYN_DROPPED).
    public mutating func reset() {
        xSamples.removeAll()
        ySamples.removeAll()
    }

    /// The velocity (mm/s on each axis) at `time` (seconds).
    public func velocity(at time: Double) -> (x: Double, y: Double) {
        (estimation.velocity(of: xSamples, at: time), estimation.velocity(of: ySamples, at: time))
    }
}
