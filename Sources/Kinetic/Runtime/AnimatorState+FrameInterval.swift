// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

extension AnimatorState {
    /// Takes the frame interval and reason of a change's transaction (docs/ANIMATION.md §5.2): q = the
    /// transaction's quantised interval for a new animation, min(q_old, q_new) when the change merges
    /// into or combines with this one (a transaction without a frame interval has q_new = 0); the
    /// reason is the transaction's when q < 1/60 s, otherwise `nil`.
    func adoptFrameInterval(of transaction: Transaction, merging: Bool) {
        let quantum = transaction.quantizedFrameInterval
        frameInterval = merging ? min(frameInterval, quantum) : quantum
        reason = frameInterval < 1.0 / 60 ? transaction.animationReason : nil
    }

    /// Whether an update at graph time `time` re-shows the previous value P without calling the
    /// animation: q > 0 and T ≤ nextTime − q/2 (docs/ANIMATION.md §5.2).
    func isHeld(at time: TimeInterval) -> Bool {
        frameInterval > 0 && time <= nextTime - frameInterval / 2
    }
}
