/// UIScrollView's rubber-banding: past a bound, an overshoot x is shown as
/// f(x) = (1 − 1/(x·c/d + 1))·d, where d is the extent of the bounds and c the constant (0.55).
/// f(0) = 0, f′(0) = c, and f(x) < d for every x: the overshoot never exceeds the extent.
public enum RubberBand {
    /// The displayed overshoot for an overshoot `x` ≥ 0 with extent `d` and constant `c`.
    public static func offset(_ x: Double, extent d: Double, constant c: Double) -> Double {
        guard d > 0, x > 0 else { return 0 }
        return (1 - 1 / (x * c / d + 1)) * d
    }

    /// `value` with every component outside [lower, upper] rubber-banded back towards the bound.
    public static func apply(_ value: [Double], lower: [Double], upper: [Double], constant c: Double) -> [Double] {
        value.indices.map { i in
            guard i < lower.count, i < upper.count else { return value[i] }
            let extent = upper[i] - lower[i]
            if value[i] < lower[i] { return lower[i] - offset(lower[i] - value[i], extent: extent, constant: c) }
            if value[i] > upper[i] { return upper[i] + offset(value[i] - upper[i], extent: extent, constant: c) }
            return value[i]
        }
    }

    /// `value` clamped into [lower, upper] componentwise.
    public static func clamp(_ value: [Double], lower: [Double], upper: [Double]) -> [Double] {
        value.indices.map { i in
            guard i < lower.count, i < upper.count else { return value[i] }
            return min(max(value[i], lower[i]), upper[i])
        }
    }
}
