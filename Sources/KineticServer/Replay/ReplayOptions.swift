import KineticInput

/// How an offline replay runs.
public struct ReplayOptions: Equatable, Sendable {
    /// Virtual ticks per second (the daemon's display rate; issue 6 §2 accepts 30…480).
    public var rateHz: Double
    /// The bindings that turn the recording's gestures into channel motion.
    public var bindings: [GestureBinding]
    /// Reduce motion (see ``GesturePipeline/reduceMotion``).
    public var reduceMotion: Bool
    /// The longest the replay runs past the recording's last event, seconds, in case something never
    /// settles (a `.repeatForever` release animation).
    public var maximumSettleDuration: Double
    /// Frame-processor tuning (velocity estimator, mouse resolution).
    public var frameConfiguration: FrameProcessor.Configuration

    /// Options with the daemon's defaults: 120 Hz, the embedded default configuration's bindings.
    public init(rateHz: Double = 120, bindings: [GestureBinding] = ReplayOptions.defaultBindings, reduceMotion: Bool = false,
                maximumSettleDuration: Double = 60, frameConfiguration: FrameProcessor.Configuration = .init()) {
        self.rateHz = rateHz
        self.bindings = bindings
        self.reduceMotion = reduceMotion
        self.maximumSettleDuration = maximumSettleDuration
        self.frameConfiguration = frameConfiguration
    }

    /// The accepted tick rates, Hz (issue 6 §2; ``TickRate/range``).
    public static let rateRange: ClosedRange<Double> = TickRate.range

    /// The bindings of the daemon's embedded default configuration.
    public static var defaultBindings: [GestureBinding] { DaemonConfiguration.embeddedDefault.bindings.map(GestureBinding.init) }

    /// Options for a daemon configuration: its rate, bindings and reduce-motion switch.
    public init(_ configuration: DaemonConfiguration) {
        self.init(rateHz: configuration.rateHz, bindings: configuration.bindings.map(GestureBinding.init),
                  reduceMotion: configuration.reduceMotion)
    }
}
