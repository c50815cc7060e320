// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

extension Animation {
    /// The spring for following a gesture: `interactiveSpring(duration: 0.15, extraBounce: 0,
    /// blendDuration: 0.25)`, i.e. response 0.15 s, damping fraction **0.85** (not the response
    /// family's 0.86), blend 0.25 s. (docs/ANIMATION.md §2.1.)
    public static var interactiveSpring: Animation { interactiveSpring() }

    /// A persistent spring for interactive use, by response (seconds) and damping fraction; the
    /// 0.25-s `blendDuration` smooths response changes while it is re-targeted every gesture frame.
    /// Parameters are used as given. (docs/ANIMATION.md §2.1.)
    ///
    /// A disfavored overload: `.interactiveSpring()` binds to
    /// ``interactiveSpring(duration:extraBounce:blendDuration:)``.
    @_disfavoredOverload
    public static func interactiveSpring(response: Double = 0.15, dampingFraction: Double = 0.86,
                                         blendDuration: TimeInterval = 0.25) -> Animation {
        spring(response: response, dampingFraction: dampingFraction, blendDuration: blendDuration)
    }

    /// A persistent spring for interactive use: `spring(duration: duration, bounce: 0.15 + extraBounce,
    /// blendDuration: blendDuration)` (seconds). (docs/ANIMATION.md §2.1.)
    public static func interactiveSpring(duration: TimeInterval = 0.15, extraBounce: Double = 0,
                                         blendDuration: TimeInterval = 0.25) -> Animation {
        spring(duration: duration, bounce: 0.15 + extraBounce, blendDuration: blendDuration)
    }
}
