// SPDX-License-Identifier: Apache-2.0
/// Which velocity estimator a tracker uses. All of them work on one axis at a time, on samples in time order,
/// and return units per second (mm/s for gestures); the planar tracker runs them on x and y separately.
/// (docs/INPUT.md §5; the worked example of §5.6 is the test.)
public enum VelocityEstimation: Hashable, Sendable {
    /// SwiftUI's 3-sample `VelocitySampler` (docs/ANIMATION.md §5.5): 0 with fewer than 2 samples, the slope with 2,
    /// 0.25·v(s₂→s₃) + 0.75·v(s₁→s₂) with 3 (s₃ newest), then decayed by 0.998^(1000·(t − t_last)) at time t.
    case swiftUISampler
    /// Android's least-squares fit of the given polynomial degree (LSQ2 by default) over the samples within `horizon`
    /// seconds of the newest, at most `maxSamples`, evaluated at the newest sample (docs/INPUT.md §5.1).
    /// History before a gap longer than `stoppedAfter` is ignored, and the estimate is 0 when the newest sample is
    /// more than `stoppedAfter` seconds older than the evaluation time ("pointer stopped", 40 ms).
    case leastSquares(degree: Int = 2, horizon: Double = 0.1, maxSamples: Int = 20, stoppedAfter: Double = 0.04)
    /// Android's impulse estimator (work–energy, docs/INPUT.md §5.1) over the same window and stop rules.
    case impulse(horizon: Double = 0.1, maxSamples: Int = 20, stoppedAfter: Double = 0.04)

    /// The project's default: impulse with Android's window and stop rules, as docs/INPUT.md §5.6 recommends.
    /// It tracks the final speed of a fling (−1500 mm/s on the example, where LSQ2 extrapolates to −1873) and does
    /// not overshoot a decelerating release the way LSQ2 does.
    public static let `default` = VelocityEstimation.impulse()

    /// The velocity in units per second at `time` (seconds), from `samples` in increasing time order.
    public func velocity(of samples: [VelocitySample], at time: Double) -> Double {
        switch self {
        case .swiftUISampler:
            return SwiftUISamplerEstimator.velocity(of: samples, at: time)
        case let .leastSquares(degree, horizon, maxSamples, stoppedAfter):
            let window = Self.window(samples, at: time, horizon: horizon, maxSamples: maxSamples, stoppedAfter: stoppedAfter)
            return LeastSquaresEstimator.velocity(of: window, degree: degree)
        case let .impulse(horizon, maxSamples, stoppedAfter):
            let window = Self.window(samples, at: time, horizon: horizon, maxSamples: maxSamples, stoppedAfter: stoppedAfter)
            return ImpulseEstimator.velocity(of: window)
        }
    }

    /// The newest run of samples Android would use: within `horizon` of the newest, at most `maxSamples`, with no gap
    /// over `stoppedAfter`; empty when the newest sample is more than `stoppedAfter` older than `time`.
    static func window(_ samples: [VelocitySample], at time: Double, horizon: Double, maxSamples: Int,
                       stoppedAfter: Double) -> ArraySlice<VelocitySample> {
        guard let newest = samples.last, time - newest.time <= stoppedAfter else { return [] }
        var start = samples.endIndex - 1
        while start > samples.startIndex {
            let previous = samples[start - 1]
            guard newest.time - previous.time <= horizon,
                  samples[start].time - previous.time <= stoppedAfter,
                  samples.endIndex - (start - 1) <= maxSamples else { break }
            start -= 1
        }
        return samples[start...]
    }
}
