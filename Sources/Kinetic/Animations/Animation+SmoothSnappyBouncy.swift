// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

extension Animation {
    /// A smooth spring with no bounce: `spring(duration: 0.5, bounce: 0)`. (docs/ANIMATION.md §2.1.)
    public static var smooth: Animation { smooth() }

    /// A smooth spring: `spring(duration: duration, bounce: extraBounce)` (duration in seconds).
    public static func smooth(duration: TimeInterval = 0.5, extraBounce: Double = 0) -> Animation {
        spring(duration: duration, bounce: extraBounce)
    }

    /// A snappy spring with a small bounce: `spring(duration: 0.5, bounce: 0.15)`. (docs/ANIMATION.md §2.1.)
    public static var snappy: Animation { snappy() }

    /// A snappy spring: `spring(duration: duration, bounce: 0.15 + extraBounce)` (duration in seconds).
    public static func snappy(duration: TimeInterval = 0.5, extraBounce: Double = 0) -> Animation {
        spring(duration: duration, bounce: 0.15 + extraBounce)
    }

    /// A bouncy spring: `spring(duration: 0.5, bounce: 0.3)`. (docs/ANIMATION.md §2.1.)
    public static var bouncy: Animation { bouncy() }

    /// A bouncy spring: `spring(duration: duration, bounce: 0.3 + extraBounce)` (duration in seconds).
    public static func bouncy(duration: TimeInterval = 0.5, extraBounce: Double = 0) -> Animation {
        spring(duration: duration, bounce: 0.3 + extraBounce)
    }
}
