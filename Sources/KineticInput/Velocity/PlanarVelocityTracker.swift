// SPDX-License-Identifier: Apache-2.0
/// A history of (time, x, y) samples of one touch or pointer and the selected estimator, evaluated per axis.
///
/// Insertion follows SwiftUI's sampler rules (docs/ANIMATION.md §5.5): a sample earlier than the newest is
/// rejected, and one within `Double.ulpOfOne` seconds of it replaces it. Only the newest ``capacity`` samples are kept.
public struct PlanarVelocityTracker: Hashable, Sendable {
    /// The estimator.
    public var estimation: VelocityEstimation
    /// x samples in time order (mm).
    public private(set) var xSamples: [VelocitySample] = []
    /// y samples in time order (mm).
    public private(set) var ySamples: [VelocitySample] = []
    /// The time of the first sample since the last reset: samples are stored relative to it, so the estimate does
    /// not depend on the clock's origin (evemu starts at 0.000001 s, libinput record at 0) or lose precision on
    /// absolute (epoch) timestamps.
    public private(set) var origin: UInt64?
    /// How many samples are kept: Android's `HISTORY_SIZE` (20), which covers every estimator here.
    public static let capacity = 20

    public init(estimation: VelocityEstimation = .default) {
        self.estimation = estimation
    }

    /// Adds a position (mm) at `eventTime`.
    public mutating func add(time eventTime: UInt64, x: Double, y: Double) {
        let origin = self.origin ?? eventTime
        self.origin = origin
        let time = seconds(eventTime, since: origin)
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
        origin = nil
    }

    /// The velocity (mm/s on each axis) at `eventTime`; zero without samples.
    public func velocity(at eventTime: UInt64) -> (x: Double, y: Double) {
        guard let origin else { return (0, 0) }
        let time = seconds(eventTime, since: origin)
        return (estimation.velocity(of: xSamples, at: time), estimation.velocity(of: ySamples, at: time))
    }

    private func seconds(_ time: UInt64, since origin: UInt64) -> Double {
        Double(Int64(time) &- Int64(origin)) / 1e9
    }
}
