// SPDX-License-Identifier: Apache-2.0
import NIOConcurrencyHelpers
import NIOCore
import KineticServerCore

/// Carries ticks from the clock's queue to the core's event loop, one hop per tick at most.
///
/// If the loop has not yet taken the previous tick when the next arrives, the pending tick is
/// replaced by the newer one and counted as missed, so a busy loop never accumulates a queue of
/// stale ticks (docs/DAEMON.md §1.3).
final class TickRelay: Sendable {
    private let core: NIOLoopBound<ServerCore>
    private let pending = NIOLockedValueBox<Tick?>(nil)

    init(core: NIOLoopBound<ServerCore>) {
        self.core = core
    }

    /// Called on the clock's queue.
    func deliver(_ tick: Tick) {
        let schedule = pending.withLockedValue { slot -> Bool in
            if var waiting = slot {
                waiting.time = tick.time
                waiting.missed += tick.missed + 1
                slot = waiting
                return false
            }
            slot = tick
            return true
        }
        guard schedule else { return }
        core.eventLoop.execute { [self] in
            guard let tick = pending.withLockedValue({ slot -> Tick? in
                defer { slot = nil }
                return slot
            }) else { return }
            core.value.tick(tick)  // which suspends the clock once everything has settled
        }
    }
}
