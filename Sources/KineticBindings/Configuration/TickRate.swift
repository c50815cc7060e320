// SPDX-License-Identifier: Apache-2.0
/// The accepted tick rates (30–480 Hz, default 120 Hz): the one check every way of setting the rate
/// goes through (`rate_hz` in the configuration, `kineticd --rate`, `kineticctl replay --rate` and `plot --rate`,
/// the replay driver).
public enum TickRate {
    /// 120 Hz.
    public static let `default`: Double = 120
    /// 30–480 Hz.
    public static let range: ClosedRange<Double> = 30...480

    /// `hz` when it is an accepted rate; otherwise an error naming `field` (`rate_hz`, `--rate`), the value and the
    /// range.
    public static func validate(_ hz: Double, field: String) throws(ConfigurationError) -> Double {
        guard hz.isFinite, range.contains(hz) else {
            throw ConfigurationError(source: field, reason: "\(field) must be a tick rate of 30 to 480 Hz, got \(hz)")
        }
        return hz
    }
}
