import Dispatch
import FoundationEssentials
import NIOConcurrencyHelpers
import NIOCore
import NIOPosix
import Testing
@testable import KineticBindings
@testable import KineticServerCore
@testable import KineticProtocol
@testable import KineticServer
@testable import KineticTestSupport
import KineticTime

@Suite("Clocks", .serialized)
struct TickSourceTests {
    @Test("the virtual clock ticks on the period grid from resume, only while running")
    func virtualGrid() {
        let clock = VirtualTickSource(rateHz: 120, startTime: 1_000)
        var ticks: [UInt64] = []
        clock.onTick { ticks.append($0.time) }
        clock.advance(to: 1_000_000_000)
        #expect(ticks.isEmpty, "suspended at creation: no ticks")
        clock.resume()
        clock.advance(to: 1_000_000_000 + 3 * 8_333_333)
        #expect(ticks == [1_000_000_000, 1_008_333_333, 1_016_666_666, 1_024_999_999])
        clock.suspend()
        clock.advance(to: 2_000_000_000)
        #expect(ticks.count == 4)
        clock.resume()
        clock.advance(to: 2_000_000_000)
        #expect(ticks.last == 2_000_000_000, "a resume long after the last tick ticks at once")
        clock.resume()
        clock.suspend()
        clock.resume()
        clock.advance(to: 2_000_000_001)
        #expect(ticks.count == 5, "two ticks never share a time")
    }

    @Test("the period is 10⁹/rate ns", arguments: [(30.0, UInt64(33_333_333)), (120, 8_333_333), (240, 4_166_667), (480, 2_083_333)])
    func period(rate: Double, nanoseconds: UInt64) {
        #expect(VirtualTickSource(rateHz: rate).periodNanoseconds == nanoseconds)
    }

    @Test("rates outside 30…480 Hz are rejected", arguments: [29.9, 481, .nan, .infinity, 0])
    func rates(rate: Double) {
        #expect(throws: ConfigurationError.self) { try TickRate.validate(rate, field: "--rate") }
    }

    @Test("the Dispatch clock stamps CLOCK_MONOTONIC, and delivers nothing while suspended")
    func dispatchClock() async throws {
        let ticks = NIOLockedValueBox<[Tick]>([])
        let clock = DispatchTickSource(rateHz: 240) { tick in ticks.withLockedValue { $0.append(tick) } }
        // Bounded waits for conditions: a loaded machine delays ticks, it does not change what arrives.
        func eventually(_ condition: () -> Bool) async throws {
            for _ in 0..<6000 where !condition() { try await Task.sleep(for: .milliseconds(5)) }
        }
        // Absence can only be shown by waiting: a timer running at 240 Hz would deliver ~24 ticks in 100 ms;
        // load only makes fewer arrive, so these waits cannot fail for a correct clock.
        try await Task.sleep(for: .milliseconds(100))
        clock.waitForQueuedTicks()
        #expect(ticks.withLockedValue { $0.isEmpty }, "created suspended")
        let before = MonotonicClock.now()
        clock.resume()
        try await eventually { ticks.withLockedValue { $0.count } >= 5 }
        clock.suspend()
        clock.waitForQueuedTicks()
        let after = MonotonicClock.now()
        let running = ticks.withLockedValue { $0 }
        #expect(running.count >= 5)
        #expect(running.allSatisfy { $0.time >= before && $0.time <= after })
        #expect(zip(running, running.dropFirst()).allSatisfy { $0.time < $1.time })
        try await Task.sleep(for: .milliseconds(100))
        clock.waitForQueuedTicks()
        #expect(ticks.withLockedValue { $0.count } == running.count, "no ticks while suspended")
        clock.resume()
        try await eventually { ticks.withLockedValue { $0.count } > running.count }
        #expect(ticks.withLockedValue { $0.count } > running.count)
        clock.cancel()
    }

    @Test("the relay coalesces ticks the loop has not taken yet, counting them as missed")
    func relayCoalesces() async throws {
        let group = MultiThreadedEventLoopGroup(numberOfThreads: 1)
        let loop = group.next()
        let core = try await loop.submit {
            NIOLoopBound(ServerCore(engine: LinearChannelEngine(), configuration: ServerConfiguration(authorization: AuthorizationPolicy(daemonUID: 0)),
                                    clock: ManualTickSource()), eventLoop: loop)
        }.get()
        let relay = TickRelay(core: core)
        // Block the loop, deliver three ticks, then let it run: one tick with two missed.
        let gate = DispatchSemaphore(value: 0)
        loop.execute { gate.wait() }
        relay.deliver(Tick(time: 10))
        relay.deliver(Tick(time: 20))
        relay.deliver(Tick(time: 30))
        gate.signal()
        let (count, missed) = try await loop.submit { (core.value.tickCount, core.value.missedTicks) }.get()
        #expect(count == 1 && missed == 2)
        try await group.shutdownGracefully()
    }
}
