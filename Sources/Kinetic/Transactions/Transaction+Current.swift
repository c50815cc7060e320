import Foundation

extension Transaction {
    /// The transaction of the innermost ``withTransaction(_:_:)`` running on this task (or thread,
    /// outside tasks), `nil` outside any.
    ///
    /// This task-local is the only global state in the engine. A task-local is safe under strict
    /// concurrency: each task (and, for synchronous code outside a task, each thread) sees its own
    /// value, so `withTransaction` on one thread never leaks into another.
    @TaskLocal static var current: Transaction?
}
