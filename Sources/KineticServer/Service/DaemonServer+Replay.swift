// SPDX-License-Identifier: Apache-2.0
import KineticInput
import NIOCore
import KineticBindings
import KineticProtocol
import KineticServerCore
import KineticTime

extension DaemonServer {
    /// What a live replay was started with, so that a test or a tool can reproduce it offline.
    public struct ReplayStart: Sendable {
        /// Added to the recording's timestamps to get CLOCK_MONOTONIC ns (first pass).
        public var offset: Int64
        /// The engine's graph-time epoch, when it is a ``GraphChannelEngine``.
        public var epoch: UInt64?
    }

    /// Makes the ``router`` for `bindings`, which defines their channels as the configuration's; live devices
    /// (`LiveInput`) are attached to it.
    public func routeInput(bindings: [GestureBinding], mappings: [DeviceMapping] = []) async throws {
        let server = self
        try await core.eventLoop.submit { () -> Result<Void, ConfigurationError> in
            Result { () throws(ConfigurationError) in _ = try server.reloadRouting(bindings: bindings, mappings: mappings, devices: []) }
        }.get().get()
    }

    /// Makes the ``router`` for `bindings` on the event loop (the caller is on it), or, when there is one (a
    /// configuration reload), swaps its bindings and attaches `devices` to the new ones
    /// (``InputRouter/reload(bindings:mappings:devices:at:)``).
    func reloadRouting(bindings: [GestureBinding], mappings: [DeviceMapping],
                       devices: [(path: String, description: DeviceDescription, calibration: [Double]?)])
        throws(ConfigurationError) -> [String: GesturePipeline.DeviceHandle?] {
        guard let current = router.value else {
            router.value = try InputRouter(bindings: bindings, mappings: mappings, core: core.value, at: MonotonicClock.now())
            return [:]
        }
        return try current.reload(bindings: bindings, mappings: mappings, devices: devices, at: MonotonicClock.now())
    }

    /// Replays recordings in real time through `bindings` (`kineticd --replay FILE [--loop]`) with the
    /// ``ReplayDriver`` that `kineticctl replay` uses on a virtual clock.
    ///
    /// Each event is applied at its own timestamp, shifted so the first one happens `delay` seconds
    /// from now: a task wakes the loop at each event's time, and every tick first applies the events
    /// due by its time, so input and ticks interleave exactly as in ``OfflineReplay`` for the same tick
    /// times. Without `loop` the daemon keeps serving after the last event; with it the recording
    /// starts again one second after it ended.
    @discardableResult
    public func startReplay(_ schedule: ReplaySchedule, bindings: [GestureBinding], mappings: [DeviceMapping] = [], loop: Bool,
                            delay: Double = 0.25) async throws -> ReplayStart {
        let core = self.core
        return try await core.eventLoop.submit {
            let driver = try ReplayDriver(schedule: schedule, bindings: bindings, mappings: mappings, core: core.value,
                                          at: MonotonicClock.now())
            driver.applyBeforeTicks()
            let bound = NIOLoopBound(driver, eventLoop: core.eventLoop)
            let offset = Self.startPass(bound, core: core, delay: delay, loop: loop)
            return ReplayStart(offset: offset, epoch: (core.value.engine as? GraphChannelEngine)?.epoch)
        }.get()
    }

    /// Starts a pass `delay` seconds from now, with a wake-up at each distinct event time (in case the clock is
    /// idle) and, with `loop`, the next pass once every channel has come to rest, at least one second after the last
    /// event (a fling still coasting is not cut short: the loop never jumps back mid-motion); returns the pass's
    /// offset.
    private static func startPass(_ bound: NIOLoopBound<ReplayDriver>, core: NIOLoopBound<ServerCore>, delay: Double,
                                  loop: Bool) -> Int64 {
        let driver = bound.value
        // Recording times are at most Nanoseconds.maximumEventSeconds (4.3·10¹⁸ ns): no overflow for any sane delay.
        let offset = Int64(clamping: MonotonicClock.now()) &+ Nanoseconds.signed(seconds: delay) &- driver.schedule.startNanoseconds
        driver.startPass(offset: offset)
        // Tools (Benchmarks/latency.py) map recording timestamps to CLOCK_MONOTONIC with this.
        core.value.statusExtras["replay_offset_ns"] = .number(Double(offset))
        let eventLoop = bound.eventLoop
        let times = driver.eventTimes
        for due in times.dropLast() {
            eventLoop.scheduleTask(deadline: .uptimeNanoseconds(due)) { bound.value.drain(upTo: due) }
        }
        eventLoop.scheduleTask(deadline: .uptimeNanoseconds(driver.endTime)) { bound.value.endPass() }
        if loop { restartWhenSettled(bound, core: core, at: driver.endTime + 1_000_000_000, giveUpAt: driver.endTime + 30_000_000_000) }
        return offset
    }

    /// The next pass at `time`, or as soon after it as the channels rest (checked every 50 ms), at `giveUpAt` at the
    /// latest (a channel that never settles: an effect that repeats without end).
    private static func restartWhenSettled(_ bound: NIOLoopBound<ReplayDriver>, core: NIOLoopBound<ServerCore>,
                                           at time: UInt64, giveUpAt: UInt64) {
        bound.eventLoop.scheduleTask(deadline: .uptimeNanoseconds(time)) {
            if core.value.engine.isSettled || time >= giveUpAt {
                _ = startPass(bound, core: core, delay: 0, loop: true)
            } else {
                restartWhenSettled(bound, core: core, at: time + 50_000_000, giveUpAt: giveUpAt)
            }
        }
    }
}
