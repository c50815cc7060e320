// SPDX-License-Identifier: Apache-2.0
/// Android's `LeastSquaresVelocityTrackerStrategy`, unweighted (docs/INPUT.md §5.1).
enum LeastSquaresEstimator {
    /// Fits x(τ) = b₀ + b₁τ (+ b₂τ²) with τᵢ = tᵢ − tₙ by least squares and returns b₁, the slope at the newest
    /// sample. The degree drops to count − 1 with fewer samples; 0 with fewer than 2 samples or a singular system.
    ///
    /// Degree 2 uses the closed form of §5.1:
    /// v = (Sxy·Sx2x2 − Sx2y·Sxx2) / (Sxx·Sx2x2 − Sxx2²); degree 1 is the ordinary regression slope Sxy/Sxx.
    static func velocity(of samples: ArraySlice<VelocitySample>, degree: Int) -> Double {
        guard let newest = samples.last, samples.count >= 2 else { return 0 }
        let n = Double(samples.count)
        var st = 0.0, st2 = 0.0, st3 = 0.0, st4 = 0.0, sx = 0.0, stx = 0.0, st2x = 0.0
        for sample in samples {
            let t = sample.time - newest.time
            let x = sample.position
            st += t; st2 += t * t; st3 += t * t * t; st4 += t * t * t * t
            sx += x; stx += t * x; st2x += t * t * x
        }
        let sxx = st2 - st * st / n
        let sxy = stx - st * sx / n
        let effectiveDegree = min(max(degree, 1), samples.count - 1)
        if effectiveDegree == 1 {
            return sxx != 0 ? sxy / sxx : 0
        }
        let sxx2 = st3 - st * st2 / n
        let sx2y = st2x - st2 * sx / n
        let sx2x2 = st4 - st2 * st2 / n
        let denominator = sxx * sx2x2 - sxx2 * sxx2
        return denominator != 0 ? (sxy * sx2x2 - sx2y * sxx2) / denominator : 0
    }
}
