// SPDX-License-Identifier: Apache-2.0
import Glibc

/// A linear axis: a data range mapped onto pixels, with "nice" tick values (1, 2 or 5 × 10ⁿ apart).
struct PlotAxis {
    let lower: Double
    let upper: Double
    let ticks: [Double]

    /// An axis covering `values` with about `targetTicks` ticks; a flat or empty range is widened
    /// so the plot still has an extent.
    init(covering values: [Double], targetTicks: Int = 5) {
        let finite = values.filter(\.isFinite)
        var low = finite.min() ?? 0
        var high = finite.max() ?? 1
        if high - low < 1e-9 * max(1, abs(low), abs(high)) {
            let pad = max(1, abs(low) * 0.1)
            low -= pad
            high += pad
        }
        let step = Self.niceStep((high - low) / Double(max(1, targetTicks)))
        lower = (low / step).rounded(.down) * step
        upper = (high / step).rounded(.up) * step
        var ticks: [Double] = []
        var k = 0
        while lower + Double(k) * step <= upper + step * 1e-9, k <= 100 {
            ticks.append(lower + Double(k) * step)
            k += 1
        }
        self.ticks = ticks
    }

    /// 1, 2 or 5 × 10ⁿ, the smallest not below `raw`.
    static func niceStep(_ raw: Double) -> Double {
        guard raw > 0, raw.isFinite else { return 1 }
        let magnitude = pow(10, floor(log10(raw)))
        for factor in [1.0, 2, 5, 10] where factor * magnitude >= raw * (1 - 1e-12) { return factor * magnitude }
        return 10 * magnitude
    }

    /// The position of `value` on a pixel span from `start` (at `lower`) to `end` (at `upper`).
    func position(_ value: Double, from start: Double, to end: Double) -> Double {
        start + (value - lower) / (upper - lower) * (end - start)
    }
}
