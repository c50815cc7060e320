/// The accepted tick rates (issue 6: 30–480 Hz, default 120 Hz).
public enum TickRate {
    /// 120 Hz.
    public static let `default`: Double = 120
    /// 30–480 Hz.
    public static let range: ClosedRange<Double> = 30...480

    /// Validates a rate given by the user.
    public static func validate(_ hz: Double) throws(ConfigurationError) -> Double {
        guard hz.isFinite, range.contains(hz) else {
            throw ConfigurationError(source: "rate", reason: "the tick rate must be between 30 and 480 Hz, got \(hz)")
        }
        return hz
    }
}
