// SPDX-License-Identifier: Apache-2.0
/// The box a bound channel must come to rest in: per component, `lower[i] … upper[i]` in channel
/// units. Components beyond either array are unbounded.
public struct ChannelBounds: Equatable, Sendable {
    /// The smallest value of each component.
    public var lower: [Double]
    /// The largest value of each component.
    public var upper: [Double]

    /// Bounds from per-component limits; a lower limit above its upper limit is swapped.
    public init(lower: [Double], upper: [Double]) {
        let count = min(lower.count, upper.count)
        self.lower = (0..<count).map { min(lower[$0], upper[$0]) }
        self.upper = (0..<count).map { max(lower[$0], upper[$0]) }
    }

    /// Whether every component of `point` lies within the bounds (edges included).
    public func contains(_ point: [Double]) -> Bool {
        for i in lower.indices where i < point.count {
            guard point[i] >= lower[i], point[i] <= upper[i] else { return false }
        }
        return true
    }

    /// `point` with each component clamped into its bounds.
    public func clamped(_ point: [Double]) -> [Double] {
        var result = point
        for i in lower.indices where i < result.count { result[i] = min(max(result[i], lower[i]), upper[i]) }
        return result
    }

    /// `point` with each component rubber-banded past its bounds by `band` (see ``RubberBand``).
    public func rubberBanded(_ point: [Double], by band: RubberBand) -> [Double] {
        var result = point
        for i in lower.indices where i < result.count {
            result[i] = band.apply(result[i], lower: lower[i], upper: upper[i])
        }
        return result
    }
}
