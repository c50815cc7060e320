// SPDX-License-Identifier: Apache-2.0
/// Input stamped with times on the core's clock and applied at them: before each tick, the core has every input due
/// by the tick's time applied (``ServerCore/timedInput``). A replay is one (``ReplayDriver``): however late a
/// timer fires, an event stamped at or before a tick is applied before that tick.
public protocol TimedInput: AnyObject {
    /// Applies every input due at or before `time` (ns on the core's clock), in order.
    func drain(upTo time: UInt64)
}
