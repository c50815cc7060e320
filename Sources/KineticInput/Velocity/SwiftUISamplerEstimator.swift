// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// SwiftUI's `VelocitySampler` (docs/ANIMATION.md §5.5), on one axis.
enum SwiftUISamplerEstimator {
    /// The per-millisecond decay SwiftUI applies after the last sample (`VelocityTrackingAnimation`).
    static let decayPerMillisecond = 0.998

    /// 0 with fewer than 2 samples; (x₂ − x₁)/Δt with 2; 0.25·v(s₂→s₃) + 0.75·v(s₁→s₂) with the newest 3;
    /// multiplied by 0.998^(1000·(time − t_last)) when `time` is after the newest sample.
    static func velocity(of samples: [VelocitySample], at time: Double) -> Double {
        let recent = samples.suffix(3)
        guard recent.count >= 2 else { return 0 }
        let s = Array(recent)
        let slope = { (a: VelocitySample, b: VelocitySample) -> Double in
            let dt = b.time - a.time
            return dt > 0 ? (b.position - a.position) / dt : 0
        }
        let raw: Double
        if s.count == 2 {
            raw = slope(s[0], s[1])
        } else {
            // mix(v32, v21, 0.75): the older segment weighs three times the newer one.
            raw = 0.25 * slope(s[1], s[2]) + 0.75 * slope(s[0], s[1])
        }
        let elapsed = max(0, time - s[s.count - 1].time)
        return raw * pow(decayPerMillisecond, 1000 * elapsed)
    }
}
