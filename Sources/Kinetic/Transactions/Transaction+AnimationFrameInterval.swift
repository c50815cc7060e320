// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

extension Transaction {
    /// The frame interval, in seconds, at which animations started or merged by this change need to
    /// be re-evaluated; `nil` (the default) or ≤ 0: every frame. (docs/ANIMATION.md §5.2.)
    ///
    /// The interval is quantised to a power-of-two multiple of 1/240 s,
    /// q = 2^⌊log₂(240·f) + 0.01⌋ / 240 (so 1/60 → 4/240, 1/30 → 8/240, 0.05 → 8/240). Between
    /// evaluations the attribute keeps presenting its previous animation value: after an evaluation
    /// at graph time T the next one happens at the first ``AnimationGraph/advance(to:)`` past
    /// nextTime − q/2, where nextTime = (⌊T/q⌋ + 1)·q. A change that merges into a running animation
    /// keeps the smaller of the two quantised intervals (a change without a frame interval counts as
    /// q = 0, i.e. every frame). A value that is not finite is ignored (q = 0).
    public var animationFrameInterval: Double? {
        get { storedAnimationFrameInterval }
        set {
            storedAnimationFrameInterval = newValue
            setKeys.insert(.animationFrameInterval)
        }
    }

    /// An opaque code saying why the change's animations need a high frame rate (SwiftUI passes it
    /// on to the display link); `nil` by default. The runtime keeps it with the running animation
    /// only while that animation's quantised frame interval q (see ``animationFrameInterval``) is
    /// below 1/60 s, q = 0 included. (docs/ANIMATION.md §5.2.)
    public var animationReason: UInt32? {
        get { storedAnimationReason }
        set {
            storedAnimationReason = newValue
            setKeys.insert(.animationReason)
        }
    }

    /// q of ``animationFrameInterval``, seconds: 2^⌊log₂(240·f) + 0.01⌋ / 240 for a finite f > 0,
    /// otherwise 0 (no quantisation). (docs/ANIMATION.md §5.2.)
    var quantizedFrameInterval: TimeInterval {
        Self.quantizedFrameInterval(animationFrameInterval)
    }

    static func quantizedFrameInterval(_ frameInterval: Double?) -> TimeInterval {
        guard let frameInterval, frameInterval > 0, frameInterval.isFinite else { return 0 }
        // The 0.01 absorbs rounding in 240·f, so that f = 1/60 gives exactly 2² (not 2¹).
        let exponent = (log2(240 * frameInterval) + 0.01).rounded(.down)
        let quantum = pow(2, exponent) / 240
        return quantum.isFinite ? quantum : 0
    }
}
