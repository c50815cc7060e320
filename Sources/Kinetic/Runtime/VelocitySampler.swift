// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// Estimates a velocity from the last three timestamped samples of a value, as SwiftUI's
/// velocity tracking does. (docs/ANIMATION.md §5.5.)
///
/// With samples s₁, s₂, s₃ (oldest first) and vᵢⱼ = (sⱼ − sᵢ)/(tⱼ − tᵢ):
/// * fewer than two samples: zero;
/// * two samples: v₁₂;
/// * three samples: 0.25·v₂₃ + 0.75·v₁₂ (the older pair weighs more, damping jitter).
///
/// A sample closer than `ulpOfOne` seconds after the newest replaces it; a sample earlier than
/// the newest is ignored.
///
/// ```swift
/// var sampler = VelocitySampler<Double>()
/// sampler.addSample(1, time: 1)
/// sampler.addSample(2, time: 2)
/// sampler.addSample(4, time: 3)
/// sampler.velocity   // 1.25 units per second
/// ```
public struct VelocitySampler<Value: VectorArithmetic> {
    private var samples: [(value: Value, time: TimeInterval)] = []

    /// An empty sampler.
    public init() {}

    /// Whether no sample has been recorded.
    public var isEmpty: Bool { samples.isEmpty }

    /// The number of samples kept (at most 3).
    public var count: Int { samples.count }

    /// The time of the newest sample, seconds, or `nil` when empty.
    public var lastSampleTime: TimeInterval? { samples.last?.time }

    /// Records `value` at `time` (seconds). Non-finite times are ignored.
    public mutating func addSample(_ value: Value, time: TimeInterval) {
        guard time.isFinite else { return }
        if let last = samples.last {
            if time < last.time { return }
            if time - last.time < .ulpOfOne {
                samples[samples.count - 1] = (value, time)
                return
            }
        }
        if samples.count == 3 { samples.removeFirst() }
        samples.append((value, time))
    }

    /// The estimated velocity, value units per second (zero with fewer than two samples).
    public var velocity: Value {
        switch samples.count {
        case 2:
            return Self.velocity(from: samples[0], to: samples[1])
        case 3:
            let older = Self.velocity(from: samples[0], to: samples[1])
            let newer = Self.velocity(from: samples[1], to: samples[2])
            return newer.interpolated(towards: older, amount: 0.75)
        default:
            return .zero
        }
    }

    private static func velocity(from a: (value: Value, time: TimeInterval),
                                 to b: (value: Value, time: TimeInterval)) -> Value {
        (b.value - a.value).scaled(by: 1 / (b.time - a.time))
    }
}

extension VelocitySampler: Sendable where Value: Sendable {}
