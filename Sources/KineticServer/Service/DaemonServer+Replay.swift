import KineticInput
import NIOCore

extension DaemonServer {
    /// What a live replay was started with, so that a test or a tool can reproduce it offline.
    public struct ReplayStart: Sendable {
        /// Added to the recording's timestamps to get CLOCK_MONOTONIC ns (first pass).
        public var offset: Int64
        /// The engine's graph-time epoch, when it is a ``GraphChannelEngine``.
        public var epoch: UInt64?
    }

    /// Makes the configuration's channels those of `bindings` (live devices are attached by the devices
    /// layer): at start-up it defines them; at a reload it also removes the ones no binding names any more.
    public func defineBoundChannels(_ bindings: [BindingConfiguration]) async throws {
        let server = self
        try await core.eventLoop.submit { () -> Result<Void, ConfigurationError> in
            Result { () throws(ConfigurationError) in try server.defineBoundChannelsOnLoop(bindings) }
        }.get().get()
    }

    /// ``defineBoundChannels(_:)`` on the event loop (the caller is on it).
    func defineBoundChannelsOnLoop(_ bindings: [BindingConfiguration]) throws(ConfigurationError) {
        var failure: ConfigurationError?
        core.value.applyInput { engine in
            do throws(ConfigurationError) {
                return InputOutcome(engineEvents: try GestureBinder(bindings: bindings).defineChannels(in: engine, at: MonotonicClock.now()))
            } catch {
                failure = error
                return InputOutcome()
            }
        }
        if let failure { throw failure }
    }

    /// Replays recordings in real time through `bindings` (`kineticd --replay FILE [--loop]`).
    ///
    /// Each event is applied at its own timestamp, shifted so the first one happens `delay` seconds
    /// from now: a task wakes the loop at each event's time, and every tick first applies the events
    /// due by its time, so input and ticks interleave exactly as in ``OfflineReplay`` for the same tick
    /// times. Without `loop` the daemon keeps serving after the last event; with it the recording
    /// starts again one second after it ended.
    @discardableResult
    public func startReplay(_ schedule: ReplaySchedule, bindings: [BindingConfiguration], loop: Bool,
                            delay: Double = 0.25) async throws -> ReplayStart {
        let core = self.core
        return try await core.eventLoop.submit {
            let binder = GestureBinder(bindings: bindings)
            var failure: ConfigurationError?
            core.value.applyInput { engine in
                do throws(ConfigurationError) { try binder.defineChannels(in: engine, at: MonotonicClock.now()) } catch { failure = error }
                return InputOutcome()
            }
            if let failure { throw failure }
            let queue = ReplayQueue(schedule: schedule, binder: binder, core: core.value, loop: loop)
            let bound = NIOLoopBound(queue, eventLoop: core.eventLoop)
            core.value.beforeTick = { time in bound.value.drain(upTo: time) }
            let offset = queue.startPass(delay: delay, bound: bound)
            return ReplayStart(offset: offset, epoch: (core.value.engine as? GraphChannelEngine)?.epoch)
        }.get()
    }
}

/// The pending input of a live replay, drained in time order on the event loop.
final class ReplayQueue {
    private let schedule: ReplaySchedule
    private let binder: GestureBinder
    private let core: ServerCore
    private let loop: Bool
    private var devices: [GestureBinder.DeviceID?]
    private var next = 0

    init(schedule: ReplaySchedule, binder: GestureBinder, core: ServerCore, loop: Bool) {
        self.schedule = schedule
        self.binder = binder
        self.core = core
        self.loop = loop
        self.devices = schedule.recordings.enumerated().map { index, recording in
            binder.attach(recording.device, path: "recording:\(index)")
        }
    }

    private func time(of index: Int) -> UInt64 {
        UInt64(max(0, schedule.items[index].event.time.nanoseconds &+ binder.timeOffset))
    }

    /// Applies every event due at or before `time`.
    func drain(upTo time: UInt64) {
        while next < schedule.items.count, self.time(of: next) <= time {
            let item = schedule.items[next]
            next += 1
            guard let device = devices[item.recording] else { continue }
            core.applyInput { engine in binder.process(item.event, from: device, engine: engine) }
        }
    }

    /// Starts a pass `delay` seconds from now; returns its offset.
    func startPass(delay: Double, bound: NIOLoopBound<ReplayQueue>) -> Int64 {
        next = 0
        // Recording times are at most EventTime.maximumSeconds (4.3·10¹⁸ ns): no overflow for any sane delay.
        let offset = Int64(clamping: MonotonicClock.now()) &+ Nanoseconds.signed(seconds: delay) &- schedule.startNanoseconds
        binder.timeOffset = offset
        // Tools (Benchmarks/latency.py) map recording timestamps to CLOCK_MONOTONIC with this.
        core.statusExtras["replay_offset_ns"] = .number(Double(offset))
        let eventLoop = bound.eventLoop
        var index = 0
        while index < schedule.items.count {
            // One wake-up per distinct timestamp (an evdev frame), in case the clock is idle.
            let due = time(of: index)
            eventLoop.scheduleTask(deadline: .uptimeNanoseconds(due)) { bound.value.drain(upTo: due) }
            while index < schedule.items.count, time(of: index) == due { index += 1 }
        }
        if loop {
            let restart = UInt64(max(0, schedule.endNanoseconds &+ offset)) + 1_000_000_000
            eventLoop.scheduleTask(deadline: .uptimeNanoseconds(restart)) {
                let queue = bound.value
                queue.drain(upTo: .max)
                // Fresh devices: a pass must not inherit the previous pass's touch state.
                queue.devices = queue.schedule.recordings.enumerated().map { index, recording in
                    queue.binder.attach(recording.device, path: "recording:\(index)")
                }
                _ = queue.startPass(delay: 0, bound: bound)
            }
        }
        return offset
    }
}
