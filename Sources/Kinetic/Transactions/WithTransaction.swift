// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// Runs `body` with `transaction` merged over the current one (iOS 17 semantics: the keys
/// `transaction` sets override the outer transaction's, the others are inherited) and returns its
/// result. Attribute changes in `body` use the merged transaction. (docs/ANIMATION.md §6.2.)
///
/// Completion callbacks the transaction carries that no animation counted run right after `body`.
public func withTransaction<Result>(_ transaction: Transaction, _ body: () throws -> Result) rethrows -> Result {
    let merged = (Transaction.current ?? Transaction()).merging(transaction)
    let completions = merged.animationCompletions
    for completion in completions { completion.openScope() }
    defer { for completion in completions { completion.closeScope() } }
    return try Transaction.withCurrent(merged, body)
}

/// Runs `body` in a transaction that sets only the key at `keyPath` to `value`, merged over the
/// current transaction. (docs/ANIMATION.md §6.2.)
///
/// ```swift
/// withTransaction(\.tracksVelocity, true) { offset.value = fingerPosition }
/// ```
public func withTransaction<Result, Value>(
    _ keyPath: WritableKeyPath<Transaction, Value>, _ value: Value, _ body: () throws -> Result
) rethrows -> Result {
    var transaction = Transaction()
    transaction[keyPath: keyPath] = value
    return try withTransaction(transaction, body)
}

/// Runs `body` in a transaction whose animation is `animation` (`nil` turns animation off inside
/// an animated transaction). Equivalent to `withTransaction(Transaction(animation: animation), body)`.
/// (docs/ANIMATION.md §6.2.)
public func withAnimation<Result>(_ animation: Animation? = .default, _ body: () throws -> Result) rethrows -> Result {
    try withTransaction(Transaction(animation: animation), body)
}

/// Runs `body` animated with `animation`, and calls `completion` exactly once when the animations
/// it started meet `completionCriteria` (right after `body` if it started none). (docs/ANIMATION.md §6.2, §6.4.)
public func withAnimation<Result>(
    _ animation: Animation? = .default,
    completionCriteria: AnimationCompletionCriteria = .logicallyComplete,
    _ body: () throws -> Result,
    completion: @escaping () -> Void
) rethrows -> Result {
    var transaction = Transaction(animation: animation)
    transaction.addAnimationCompletion(criteria: completionCriteria, completion)
    return try withTransaction(transaction, body)
}
