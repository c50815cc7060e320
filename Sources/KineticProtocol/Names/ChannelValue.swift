// SPDX-License-Identifier: Apache-2.0
/// The values a channel may be given from outside: by a client (`to`, `initial`) or by the configuration
/// (snap points, bounds).
///
/// Every component must be finite and at most 10¹² in magnitude. Channels carry positions, sizes, angles and
/// scales in millimetres, pixels or device units, so the bound leaves room for any of them, while keeping what
/// the engine derives from them finite: a spring's velocity is about its displacement times its angular
/// frequency (under 10³ rad/s for any animation the expressions accept with a speed of 1), and the sum of
/// squares over 64 components stays far below `Double.greatestFiniteMagnitude`.
public enum ChannelValue {
    /// The largest magnitude accepted for a component.
    public static let maximumMagnitude = 1e12

    /// What is accepted, as error messages say it.
    public static let acceptedRange = "finite numbers from -1e12 to 1e12"

    /// Whether `component` is accepted.
    public static func accepts(_ component: Double) -> Bool {
        component.isFinite && abs(component) <= maximumMagnitude
    }

    /// The first rejected component of `components`, for an error message.
    public static func firstRejected(in components: [Double]) -> (index: Int, value: Double)? {
        components.firstIndex { !accepts($0) }.map { ($0, components[$0]) }
    }

    /// `components` with each component limited to ±``maximumMagnitude``, and whether any was changed. A binding's
    /// output goes through it: a device, a mapping and a scale can together exceed the range, and a relative device
    /// can accumulate without end, so the range is kept where the value is made rather than refused at load.
    public static func clamped(_ components: [Double]) -> (value: [Double], clamped: Bool) {
        guard components.contains(where: { abs($0) > maximumMagnitude }) else { return (components, false) }
        return (components.map { min(max($0, -maximumMagnitude), maximumMagnitude) }, true)
    }
}
