// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

extension Transaction {
    /// The transaction of the innermost ``withTransaction(_:_:)`` running on this task (or thread,
    /// outside tasks), `nil` outside any.
    ///
    /// This task-local, with the lane spring derived from it (``laneRetargetSpring()``), is the only global state in
    /// the engine.
    /// A task-local is safe under strict concurrency: each task (and, for synchronous code outside a task,
    /// each thread) sees its own value, so `withTransaction` on one thread never leaks into another.
    @TaskLocal static var current: Transaction?

    /// Runs `body` with `transaction` current, and its ``laneSpring`` in this thread's lane-spring slot. Every place
    /// that makes a transaction current goes through here.
    static func withCurrent<Result>(_ transaction: Transaction?, _ body: () throws -> Result) rethrows -> Result {
        try $current.withValue(transaction) {
            try LaneSpringSlot.with(transaction?.laneSpring, body)
        }
    }

    /// The current transaction's fluid spring when a change under it needs nothing but that spring: its
    /// animation is a ``FluidSpringAnimation`` and it carries no completion, no frame interval and no reason
    /// (``laneSpring``); `nil` otherwise, and in a task that inherited ``current`` from another thread (its
    /// changes take the generic path, which reads ``current`` itself, with the same result).
    @usableFromInline
    static func laneRetargetSpring() -> FluidSpringAnimation? { LaneSpringSlot.current }

    /// The fluid spring a change under this transaction would run, when the transaction asks for nothing
    /// else an attribute's change reads (see ``laneRetargetSpring()``).
    var laneSpring: FluidSpringAnimation? {
        guard storedCompletions.isEmpty, quantizedFrameInterval == 0, storedAnimationReason == nil else { return nil }
        return storedAnimation?.base as? FluidSpringAnimation
    }
}

/// A thread-local copy of the current transaction's lane spring (``Transaction/laneRetargetSpring()``), which every
/// re-target of a grouped spring reads.
///
/// Not a second `@TaskLocal`: reading one goes through the concurrency runtime's generic lookup and copy, about a
/// quarter of a `Double` re-target (`perf record` of `RuntimeBenchmark --runs 1 --type Double`). The
/// transaction is made current only by the synchronous ``Transaction/withCurrent(_:_:)``, and no other job runs on
/// a thread while synchronous code does, so a thread's slot always matches the transaction current on it. A task
/// started inside `withTransaction` inherits ``Transaction/current`` but not the slot: its changes take the
/// generic path.
enum LaneSpringSlot {
    /// The POSIX thread-specific key; created once, never deleted. `nil` when the process has none left
    /// (`PTHREAD_KEYS_MAX`): then no thread has a slot, and every change takes the generic path.
    private static let key: pthread_key_t? = {
        var key = pthread_key_t()
        return pthread_key_create(&key, nil) == 0 ? key : nil
    }()

    /// The spring in this thread's slot.
    static var current: FluidSpringAnimation? {
        guard let key else { return nil }
        return pthread_getspecific(key)?.assumingMemoryBound(to: FluidSpringAnimation.self).pointee
    }

    /// Runs `body` with `spring` in this thread's slot, then puts back what was there.
    static func with<Result>(_ spring: FluidSpringAnimation?, _ body: () throws -> Result) rethrows -> Result {
        guard let key else { return try body() }
        let previous = pthread_getspecific(key)
        defer { pthread_setspecific(key, previous) }
        guard let spring else {
            pthread_setspecific(key, nil)
            return try body()
        }
        // The slot points at this frame's copy, which lives as long as `body` runs.
        return try withUnsafePointer(to: spring) { stored in
            pthread_setspecific(key, stored)
            return try body()
        }
    }
}
