// A simulated compositor against kineticd's real clock: the daemon (DaemonServer: the SwiftNIO
// loop, the Dispatch timer, the engine) runs in-process on a private socket with one channel animating; a client
// plays a compositor with a vblank grid at 60 or 144 Hz. Without a frame clock the daemon ticks at the display rate
// on its own phase; with one (`frame_clock`), ticks are timed for vblank − lead and frames carry their vblank.
//
// Measured (CLOCK_MONOTONIC):
// - timer phase error after lock: the daemon's clock (DispatchTickSource, locked to the grid) on its own, each tick's
//   measured time − its planned time (vblank − lead);
// - frame lateness after lock, on the client: arrival − (vblank − lead), the timer's error plus the tick's work and
//   socket delivery;
// - age at presentation: at each vblank the compositor shows the newest frame it has; age = vblank − the time that
//   frame's values are for. Unlocked, values are for the tick that made them; locked, for the vblank itself.
//
// Usage: FrameClockBench [--seconds S] [--lead-ms L]
import Glibc
import Foundation
import KineticProtocol
import KineticServer
import KineticServerCore
import KineticTime

func percentile(_ values: [Double], _ p: Double) -> Double {
    guard !values.isEmpty else { return .nan }
    let sorted = values.sorted()
    return sorted[min(sorted.count - 1, Int((Double(sorted.count - 1) * p).rounded()))]
}

struct Arrival {
    var received: UInt64
    var valuesTime: UInt64
}

/// Collects frames for `seconds`, then works out the ages at each vblank of `grid` in that window.
func measure(client: KineticClient, seconds: Double, grid: FrameGrid) throws -> (arrivals: [Arrival], ages: [Double]) {
    var arrivals: [Arrival] = []
    let end = MonotonicClock.now() + UInt64(seconds * 1e9)
    while MonotonicClock.now() < end {
        guard let message = try client.next(timeout: 0.05) else { continue }
        if case .frame(let frame) = message {
            arrivals.append(Arrival(received: MonotonicClock.now(), valuesTime: frame.timeNanoseconds))
        }
    }
    guard let first = arrivals.first, let last = arrivals.last else { return ([], []) }
    var ages: [Double] = []
    var vblank = grid.vblank(after: first.received)
    var newest = 0
    while vblank < last.received {
        while newest + 1 < arrivals.count, arrivals[newest + 1].received <= vblank { newest += 1 }
        ages.append(Double(Int64(bitPattern: vblank &- arrivals[newest].valuesTime)) / 1e6)
        vblank += grid.refresh
    }
    return (arrivals, ages)
}

var seconds = 5.0
var leadMilliseconds = 2.0
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    switch argument {
    case "--seconds": seconds = Double(arguments.popFirst() ?? "") ?? seconds
    case "--lead-ms": leadMilliseconds = Double(arguments.popFirst() ?? "") ?? leadMilliseconds
    default: print("usage: FrameClockBench [--seconds S] [--lead-ms L]"); exit(64)
    }
}
let lead = UInt64(leadMilliseconds * 1e6)

/// The daemon's clock alone, locked to `grid` for `seconds`: each tick's measured time minus its planned time (ms).
func timerPhaseErrors(hz: Double, grid: FrameGrid, seconds: Double) -> [Double] {
    final class Ticks: @unchecked Sendable {
        var times: [UInt64] = []
        let lock = NSLock()
    }
    let ticks = Ticks()
    let clock = DispatchTickSource(rateHz: hz) { tick in
        ticks.lock.lock()
        ticks.times.append(tick.time)
        ticks.lock.unlock()
    }
    clock.lock(to: grid)
    clock.resume()
    usleep(UInt32(seconds * 1e6))
    clock.cancel()
    ticks.lock.lock()
    defer { ticks.lock.unlock() }
    return ticks.times.map { time in
        // The planned tick nearest to the measured one.
        let offset = Double(Int64(bitPattern: time &+ grid.lead &- grid.vblank)) / Double(grid.refresh)
        let planned = Int64(bitPattern: grid.vblank) + Int64(offset.rounded()) * Int64(grid.refresh) - Int64(grid.lead)
        return Double(Int64(bitPattern: time) - planned) / 1e6
    }
}

print("| display | frames | timer phase error p50 / p99 (ms), locked | frame lateness p50 / p99 (ms), locked | frames after their vblank, locked | age p50 / p99 (ms), unlocked | age p50 / p99 (ms), locked |")
print("|---|---|---|---|---|---|---|")
for hz in [60.0, 144.0] {
    let directory = FileManager.default.temporaryDirectory.appendingPathComponent("kinetic-frameclock-\(getpid())-\(Int(hz))").path
    try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: directory) }
    let server = try await DaemonServer.start(
        makeEngine: { GraphChannelEngine(epoch: MonotonicClock.now()) },
        configuration: ServerConfiguration(tickHz: hz, authorization: AuthorizationPolicy(daemonUID: getuid())),
        transport: TransportConfiguration(socketGroup: nil), listen: .path(directory + "/kineticd.sock"))
    let client = try KineticClient(path: directory + "/kineticd.sock", encoding: .binary)
    try client.send(.hello(Hello(major: ProtocolVersion.major, client: "frame-clock bench")))
    _ = try client.command(.define(channel: "x", dimension: 2, initial: [0, 0]), id: 1)
    _ = try client.command(.animate(channel: "x", to: [1e6, 1e6], animation: ".linear(duration: 3600)", completion: nil), id: 2)
    try client.send(.subscribe(Subscription(patterns: ["x"])))
    // The compositor's display: vblanks every 1/hz s from a phase of its own.
    let refresh = UInt64((1e9 / hz).rounded())
    let grid = FrameGrid(refresh: refresh, vblank: MonotonicClock.now() + 3_456_789, lead: lead)
    let unlocked = try measure(client: client, seconds: seconds, grid: grid)
    _ = try client.command(.frameClock(refreshNanoseconds: refresh, lastVblankNanoseconds: grid.vblank, leadNanoseconds: lead), id: 3)
    _ = try measure(client: client, seconds: 0.5, grid: grid)  // settle onto the grid
    let locked = try measure(client: client, seconds: seconds, grid: grid)
    let lateness = locked.arrivals.map { Double(Int64(bitPattern: $0.received &- ($0.valuesTime &- lead))) / 1e6 }
    let missed = locked.arrivals.filter { $0.received > $0.valuesTime }.count
    await server.stop()
    let timer = timerPhaseErrors(hz: hz, grid: grid, seconds: seconds)
    print(String(format: "| %.0f Hz, lead %.1f ms | %d + %d | %.3f / %.3f (%d ticks) | %.3f / %.3f | %d of %d | %.2f / %.2f | %.2f / %.2f |",
                 hz, leadMilliseconds, unlocked.arrivals.count, locked.arrivals.count,
                 percentile(timer, 0.5), percentile(timer, 0.99), timer.count,
                 percentile(lateness, 0.5), percentile(lateness, 0.99), missed, locked.arrivals.count,
                 percentile(unlocked.ages, 0.5), percentile(unlocked.ages, 0.99),
                 percentile(locked.ages, 0.5), percentile(locked.ages, 0.99)))
}
