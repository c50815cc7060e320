// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

extension Spring {
    /// A smooth spring with no bounce: `Spring(duration: 0.5, bounce: 0)` (docs/ANIMATION.md §1.4).
    public static var smooth: Spring { Spring() }

    /// A smooth spring: `Spring(duration: duration, bounce: extraBounce)` (docs/ANIMATION.md §1.4).
    ///
    /// - Parameters:
    ///   - duration: The perceptual duration, in seconds. Default 0.5.
    ///   - extraBounce: Bounce added to the preset's 0. Default 0.
    public static func smooth(duration: TimeInterval = 0.5, extraBounce: Double = 0.0) -> Spring {
        Spring(duration: duration, bounce: extraBounce)
    }

    /// A spring with a small bounce: `Spring(duration: 0.5, bounce: 0.15)` (docs/ANIMATION.md §1.4).
    public static var snappy: Spring { snappy() }

    /// A snappy spring: `Spring(duration: duration, bounce: 0.15 + extraBounce)` (docs/ANIMATION.md §1.4).
    ///
    /// - Parameters:
    ///   - duration: The perceptual duration, in seconds. Default 0.5.
    ///   - extraBounce: Bounce added to the preset's 0.15. Default 0.
    public static func snappy(duration: TimeInterval = 0.5, extraBounce: Double = 0.0) -> Spring {
        Spring(duration: duration, bounce: 0.15 + extraBounce)
    }

    /// A spring with a visible bounce: `Spring(duration: 0.5, bounce: 0.3)` (docs/ANIMATION.md §1.4).
    public static var bouncy: Spring { bouncy() }

    /// A bouncy spring: `Spring(duration: duration, bounce: 0.3 + extraBounce)` (docs/ANIMATION.md §1.4).
    ///
    /// - Parameters:
    ///   - duration: The perceptual duration, in seconds. Default 0.5.
    ///   - extraBounce: Bounce added to the preset's 0.3. Default 0.
    public static func bouncy(duration: TimeInterval = 0.5, extraBounce: Double = 0.0) -> Spring {
        Spring(duration: duration, bounce: 0.3 + extraBounce)
    }
}
