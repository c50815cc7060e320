import KineticInput
import NIOCore

/// Deterministic replay: recordings in, frames out, on a virtual clock as fast as the machine goes
/// (`kineticctl replay`). The pipeline is the daemon's own — bindings, `GraphChannelEngine`,
/// `ServerCore`, the frame encoder — only the clock is virtual, so the output is bit-identical on
/// every run and matches what a subscriber of the live daemon receives for the same tick times.
///
/// Why two replays: this one is the daemon seen from a socket — ``ServerCore`` and its clock rules
/// (the clock suspends when everything settles and restarts on the next input, one period after
/// the last tick or at once, so its grid's phase moves after an idle spell; `seq` counts the core's
/// ticks; several recordings at once; `tickTimes` reproduces a live run) — and its output is the
/// reference the live daemon's frames are compared with bit for bit (`ReplayEndToEndTests`).
/// ``GestureReplay`` runs the bindings without the core on one fixed grid from the first event
/// and also returns each tick's ``BindingEvent``s (the input samples). Driving this one with that
/// loop would change the tick times after idle spells, so both stay. Use this one for what a
/// client would receive (`kineticctl replay`, end-to-end tests); use ``GestureReplay`` for the
/// motion against its input (`kineticctl plot`, binding tests, `make bench-replay`).
public enum OfflineReplay {
    /// The CLOCK_MONOTONIC-like time (ns) at which the replay's first event happens by default.
    public static let defaultEpoch: UInt64 = 1_000_000_000

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
                           settleLimit: Double = 10) throws -> [String] {
        try collect(schedule: schedule, configuration: configuration, patterns: patterns, epoch: epoch, offset: offset,
                    tickTimes: tickTimes, settleLimit: settleLimit).frames.map { frame in
            String(decoding: frame.readableBytesView.dropLast(), as: UTF8.self)
        }
    }

    /// The same frames as ``run(schedule:configuration:patterns:epoch:offset:tickTimes:settleLimit:)``
    /// as one block of JSON Lines text (each frame followed by its newline), ready to be written out
    /// in one go: what `kineticctl replay` prints.
    public static func jsonLines(schedule: ReplaySchedule, configuration: DaemonConfiguration, patterns: [String] = ["*"],
                                 epoch: UInt64 = defaultEpoch, offset: Int64? = nil, tickTimes: [UInt64]? = nil,
                                 settleLimit: Double = 10) throws -> [UInt8] {
        let frames = try collect(schedule: schedule, configuration: configuration, patterns: patterns, epoch: epoch,
                                 offset: offset, tickTimes: tickTimes, settleLimit: settleLimit).frames
        var bytes: [UInt8] = []
        bytes.reserveCapacity(frames.reduce(0) { $0 + $1.readableBytes })
        for frame in frames { bytes.append(contentsOf: frame.readableBytesView) }
        return bytes
    }

    private static func collect(schedule: ReplaySchedule, configuration: DaemonConfiguration, patterns: [String],
                                epoch: UInt64, offset: Int64?, tickTimes: [UInt64]?,
                                settleLimit: Double) throws -> FrameCollector {
        let clock = VirtualTickSource(rateHz: configuration.rateHz, startTime: epoch)
        let engine = GraphChannelEngine(epoch: epoch)
        engine.reduceMotion = configuration.reduceMotion
        let core = ServerCore(engine: engine,
                              configuration: ServerConfiguration(tickHz: configuration.rateHz,
                                                                 authorization: AuthorizationPolicy(daemonUID: 0)),
                              now: { clock.now() }, wake: { if tickTimes == nil { clock.resume() } })
        // The core's closures hold the clock, and the clock holds its handler: the handler must hold neither, or all
        // three outlive the replay (LeakSanitizer found it through the recording fuzz target).
        clock.onTick { [weak core, unowned clock] tick in
            if core?.tick(tick) != true { clock.suspend() }
        }
        let collector = FrameCollector()
        let client = core.connect(peer: PeerCredentials(pid: 0, uid: 0, gid: 0), sink: collector)!
        core.receive(ClientMessage.subscribe(Subscription(patterns: patterns)).encoded(.jsonLines), from: client)

        let binder = GestureBinder(bindings: configuration.bindings)
        // Recording times are at most EventTime.maximumSeconds (4.3·10¹⁸ ns), so for any epoch up to that the
        // difference cannot overflow; beyond it (an API caller's epoch) it wraps instead of trapping.
        binder.timeOffset = offset ?? (Int64(clamping: epoch) &- schedule.startNanoseconds)
        var failure: ConfigurationError?
        core.applyInput { engine in
            do throws(ConfigurationError) { try binder.defineChannels(in: engine, at: epoch) } catch { failure = error }
            return InputOutcome()
        }
        if let failure { throw failure }
        let devices = schedule.recordings.enumerated().map { index, recording in
            binder.attach(recording.device, path: "recording:\(index)")
        }

        var pendingTicks = tickTimes?[...]
        func tick(before time: UInt64) {
            if pendingTicks != nil {
                while let next = pendingTicks?.first, next < time {
                    pendingTicks = pendingTicks?.dropFirst()
                    _ = core.tick(Tick(time: next))
                }
            } else if time > 0 {
                clock.advance(to: time - 1)
            }
        }
        for item in schedule.items {
            guard let device = devices[item.recording] else { continue }
            let time = UInt64(max(0, item.event.time.nanoseconds &+ binder.timeOffset))
            tick(before: time)
            core.applyInput { engine in binder.process(item.event, from: device, engine: engine) }
        }
        if pendingTicks != nil {
            tick(before: .max)
        } else {
            let end = UInt64(max(0, schedule.endNanoseconds &+ binder.timeOffset))
            let limit = Nanoseconds.sum(end, Nanoseconds.unsigned(seconds: settleLimit))
            var time = max(clock.now(), end)
            while clock.isRunning, time < limit {
                time = min(limit, time + 1_000_000_000)
                clock.advance(to: time)
            }
        }
        return collector
    }
}
