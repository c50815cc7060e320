import Foundation

extension Transaction {
    /// The transaction of the innermost ``withTransaction(_:_:)`` running on this task (or thread,
    /// outside tasks), `nil` outside any.
    ///
    /// This task-local, with ``currentLaneSpring`` derived from it, is the only global state in the engine.
    /// A task-local is safe under strict concurrency: each task (and, for synchronous code outside a task,
    /// each thread) sees its own value, so `withTransaction` on one thread never leaks into another.
    @TaskLocal static var current: Transaction?

    /// The current transaction's fluid spring when a change under it needs nothing but that spring: its
    /// animation is a ``FluidSpringAnimation`` and it carries no completion, no frame interval and no
    /// reason (``laneSpring``); `nil` otherwise. Set together with ``current`` (``withCurrent(_:_:)``), so that
    /// re-targeting a grouped spring reads a few words instead of copying the whole transaction.
    @TaskLocal static var currentLaneSpring: FluidSpringAnimation?

    /// Runs `body` with `transaction` current (and its ``laneSpring``). Every place that makes a
    /// transaction current goes through here.
    static func withCurrent<Result>(_ transaction: Transaction?, _ body: () throws -> Result) rethrows -> Result {
        try $current.withValue(transaction) {
            try $currentLaneSpring.withValue(transaction?.laneSpring, operation: body)
        }
    }

    /// ``currentLaneSpring``, for the re-target path inlined into callers.
    @usableFromInline
    static func laneRetargetSpring() -> FluidSpringAnimation? { currentLaneSpring }

    /// The fluid spring a change under this transaction would run, when the transaction asks for nothing
    /// else an attribute's change reads (see ``currentLaneSpring``).
    var laneSpring: FluidSpringAnimation? {
        guard storedCompletions.isEmpty, quantizedFrameInterval == 0, storedAnimationReason == nil else { return nil }
        return storedAnimation?.base as? FluidSpringAnimation
    }
}
