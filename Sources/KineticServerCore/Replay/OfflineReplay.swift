// SPDX-License-Identifier: Apache-2.0
import KineticInput
import NIOCore
import KineticProtocol
import KineticBindings
import KineticTime

/// Deterministic replay: recordings in, frames out, on a virtual clock as fast as the machine goes
/// (`kineticctl replay`, `kineticctl plot`, `make bench-replay`). The composition is the daemon's own — the
/// ``ReplayDriver`` feeding the bindings, `GraphChannelEngine`, ``ServerCore`` with a subscriber, the frame
/// encoder — only the clock is virtual, so the output is bit-identical on every run and matches what a subscriber
/// of `kineticd --replay` receives for the same tick times (`ReplayEndToEndTests`).
///
/// The clock follows the daemon's rules: it ticks at the configuration's rate from the first event while anything
/// moves, stops when everything has settled, and restarts on the next input one period after the last tick or at
/// once, so its grid's phase moves after an idle spell; `seq` counts the core's ticks.
public enum OfflineReplay {
    /// The CLOCK_MONOTONIC-like time (ns) at which the replay's first event happens by default.
    public static let defaultEpoch: UInt64 = 1_000_000_000

    /// What one replay produced.
    public struct Output {
        /// Every frame and control message the subscriber received, as sent.
        public var collector: FrameCollector
        /// With `bindingEvents: true`, the binding events of every input frame, in order, with their recordings'
        /// timestamps (what `plot` overlays); otherwise empty.
        public var bindingEvents: [BindingEvent]
        /// Added to the recordings' timestamps to get the frames' `time_ns`.
        public var offset: Int64
        /// The subscriber's encoding.
        public var encoding: WireEncoding
        /// With `motion: true`, what a second subscriber of the same patterns, with motion descriptors, received.
        public var motion: FrameCollector?

        /// The frames the subscriber received and their layout. The bindings define every channel before the first
        /// frame and nothing defines one later, so one layout describes them all.
        public func received() -> (frames: [ReceivedFrame], layout: Schema?) {
            var bytes: [UInt8] = []
            for buffer in collector.messages + collector.frames { bytes.append(contentsOf: buffer.readableBytesView) }
            // The core encoded these itself, so they decode.
            return (try? ServerMessageDecoder.frames(in: bytes, encoding: encoding)) ?? ([], nil)
        }
    }

    /// Replays `schedule` and returns the frames a JSON Lines subscriber of `patterns` receives, one
    /// JSON line each (without the newline).
    ///
    /// - Parameters:
    ///   - epoch: graph time 0 of the engine (CLOCK_MONOTONIC ns).
    ///   - offset: added to input timestamps; default: the first event happens at `epoch`.
    ///   - tickTimes: tick at exactly these times (to reproduce a live run); default: a clock at
    ///     `configuration.rateHz` that starts at `epoch`, runs while anything moves and stops when idle.
    ///   - settleLimit: seconds after the last event after which the replay stops even if not settled.
    public static func run(schedule: ReplaySchedule, configuration: DaemonConfiguration, patterns: [String] = ["*"],
                           epoch: UInt64 = defaultEpoch, offset: Int64? = nil, tickTimes: [UInt64]? = nil,
                           settleLimit: Double = 10) throws(ConfigurationError) -> [String] {
        try replay(schedule: schedule, configuration: configuration, patterns: patterns, epoch: epoch, offset: offset,
                   tickTimes: tickTimes, settleLimit: settleLimit).collector.frames.map { frame in
            String(decoding: frame.readableBytesView.dropLast(), as: UTF8.self)
        }
    }

    /// The same frames as ``run(schedule:configuration:patterns:epoch:offset:tickTimes:settleLimit:)``
    /// as one block of JSON Lines text (each frame followed by its newline), ready to be written out
    /// in one go: what `kineticctl replay` prints.
    ///
    /// With `motion`, the `motion` messages of a second subscriber that asked for motion descriptors are printed
    /// among the frames, each before the frame of its `seq`: a client can check its evaluation against the frames.
    public static func jsonLines(schedule: ReplaySchedule, configuration: DaemonConfiguration, patterns: [String] = ["*"],
                                 epoch: UInt64 = defaultEpoch, offset: Int64? = nil, tickTimes: [UInt64]? = nil,
                                 settleLimit: Double = 10, motion: Bool = false) throws(ConfigurationError) -> [UInt8] {
        let output = try replay(schedule: schedule, configuration: configuration, patterns: patterns, epoch: epoch,
                                offset: offset, tickTimes: tickTimes, settleLimit: settleLimit, motion: motion)
        let frames = output.collector.frames
        // Each message's seq, read as a client reads it.
        func seq(_ buffer: ByteBuffer) -> UInt64? {
            var decoder = ServerMessageDecoder(encoding: .jsonLines)
            decoder.feed(buffer.readableBytesView)
            switch try? decoder.next() {
            case .frame(let frame)?: return frame.seq
            case .message(.motion, let object)?: return object["seq"]?.numberValue.map { UInt64($0) }
            default: return nil
            }
        }
        var motions = (output.motion?.messages ?? []).compactMap { message in seq(message).map { ($0, message) } }[...]
        var bytes: [UInt8] = []
        bytes.reserveCapacity(frames.reduce(0) { $0 + $1.readableBytes })
        for frame in frames {
            if let frameSeq = seq(frame) {
                while let (motionSeq, message) = motions.first, motionSeq <= frameSeq {
                    bytes.append(contentsOf: message.readableBytesView)
                    motions = motions.dropFirst()
                }
            }
            bytes.append(contentsOf: frame.readableBytesView)
        }
        for (_, message) in motions { bytes.append(contentsOf: message.readableBytesView) }
        return bytes
    }

    /// Runs the replay with a subscriber of `patterns` in `encoding`, keeping what it received and, with
    /// `bindingEvents`, what the bindings did (the other parameters are those of
    /// ``run(schedule:configuration:patterns:epoch:offset:tickTimes:settleLimit:)``). The configuration's rate is
    /// checked (``TickRate``).
    public static func replay(schedule: ReplaySchedule, configuration: DaemonConfiguration, patterns: [String] = ["*"],
                              encoding: WireEncoding = .jsonLines, epoch: UInt64 = defaultEpoch, offset: Int64? = nil,
                              tickTimes: [UInt64]? = nil, settleLimit: Double = 10,
                              bindingEvents keepBindingEvents: Bool = false,
                              motion: Bool = false) throws(ConfigurationError) -> Output {
        let rate = try TickRate.validate(configuration.rateHz, field: "rate_hz")
        let clock = VirtualTickSource(rateHz: rate, startTime: epoch)
        let engine = GraphChannelEngine(epoch: epoch)
        engine.reduceMotion = configuration.reduceMotion
        let core = ServerCore(engine: engine,
                              configuration: ServerConfiguration(tickHz: rate,
                                                                 authorization: AuthorizationPolicy(daemonUID: 0)),
                              clock: clock)
        // The core holds the clock, and the clock holds its handler: the handler must not hold the core, or both
        // outlive the replay (LeakSanitizer found it through the recording fuzz target). With `tickTimes` the ticks
        // are the caller's and the clock never advances.
        clock.onTick { [weak core] tick in _ = core?.tick(tick) }
        let collector = FrameCollector()
        let client = core.connect(peer: PeerCredentials(pid: 0, uid: 0, gid: 0), sink: collector)!
        let subscribe: [ClientMessage] = encoding == .binary
            ? [.hello(Hello(major: ProtocolVersion.major)), .subscribe(Subscription(patterns: patterns))]
            : [.subscribe(Subscription(patterns: patterns))]
        for message in subscribe { core.receive(message.encoded(encoding), from: client) }
        var motionCollector: FrameCollector?
        if motion {
            let collector = FrameCollector()
            let motionClient = core.connect(peer: PeerCredentials(pid: 0, uid: 0, gid: 0), sink: collector)!
            let subscription = Subscription(patterns: patterns, motion: true)
            let messages: [ClientMessage] = encoding == .binary
                ? [.hello(Hello(major: ProtocolVersion.major)), .subscribe(subscription)] : [.subscribe(subscription)]
            for message in messages { core.receive(message.encoded(encoding), from: motionClient) }
            motionCollector = collector
        }

        let driver = try ReplayDriver(schedule: schedule, bindings: configuration.bindings, mappings: configuration.mappings,
                                      core: core, at: epoch)
        var bindingEvents: [BindingEvent] = []
        if keepBindingEvents { driver.onBindingEvents = { bindingEvents += $0 } }
        let passOffset = offset ?? (Int64(clamping: epoch) &- schedule.startNanoseconds)
        driver.startPass(offset: passOffset)
        driver.applyBeforeTicks()

        var pendingTicks = tickTimes?[...]
        func tick(before time: UInt64) {
            if pendingTicks != nil {
                while let next = pendingTicks?.first, next < time {
                    pendingTicks = pendingTicks?.dropFirst()
                    _ = core.tick(Tick(time: next))
                }
            } else if time > 0 {
                clock.advance(to: time - 1)
                clock.move(to: time)
            }
        }
        // Event by event, the clock first: every tick before an event's time, then the event (an evdev frame's
        // events share a time, and a clock woken by the first of them ticks before the next one is applied).
        while let time = driver.nextEventTime {
            tick(before: time)
            driver.applyNext()
        }
        driver.endPass()
        if pendingTicks != nil {
            tick(before: .max)
        } else {
            let limit = Nanoseconds.sum(driver.endTime, Nanoseconds.unsigned(seconds: settleLimit))
            var time = max(clock.now(), driver.endTime)
            while clock.isRunning, time < limit {
                time = min(limit, time + 1_000_000_000)
                clock.advance(to: time)
            }
        }
        return Output(collector: collector, bindingEvents: bindingEvents, offset: passOffset, encoding: encoding,
                      motion: motionCollector)
    }
}
