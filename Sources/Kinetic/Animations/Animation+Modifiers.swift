// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

extension Animation {
    /// This animation, started `delay` seconds late (``DelayAnimation``). (docs/ANIMATION.md §2.7.)
    public func delay(_ delay: TimeInterval) -> Animation {
        Animation(DelayAnimation(base: self, delay: delay))
    }

    /// This animation, played `speed` times as fast (``SpeedAnimation``); durations scale by
    /// 1/speed. (docs/ANIMATION.md §2.7.)
    public func speed(_ speed: Double) -> Animation {
        Animation(SpeedAnimation(base: self, speed: speed))
    }

    /// This animation, played `repeatCount` times (``RepeatAnimation``); with `autoreverses`, every
    /// other iteration plays backwards, and those iterations count. (docs/ANIMATION.md §2.7.)
    public func repeatCount(_ repeatCount: Int, autoreverses: Bool = true) -> Animation {
        Animation(RepeatAnimation(base: self, repeatCount: repeatCount, autoreverses: autoreverses))
    }

    /// This animation, repeated until it is replaced (``RepeatAnimation``). (docs/ANIMATION.md §2.7.)
    public func repeatForever(autoreverses: Bool = true) -> Animation {
        Animation(RepeatAnimation(base: self, repeatCount: nil, autoreverses: autoreverses))
    }

    /// This animation, reporting logical completion `duration` seconds in unless it already has
    /// (``LogicalCompletionAnimation``). (docs/ANIMATION.md §2.7.)
    public func logicallyComplete(after duration: TimeInterval) -> Animation {
        Animation(LogicalCompletionAnimation(base: self, duration: duration))
    }
}
