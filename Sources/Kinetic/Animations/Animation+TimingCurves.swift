// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

extension Animation {
    /// Constant speed over 0.35 s: bezier (0, 0)-(1, 1). (docs/ANIMATION.md §2.1.)
    public static var linear: Animation { linear(duration: 0.35) }

    /// Constant speed over `duration` seconds.
    public static func linear(duration: TimeInterval) -> Animation {
        timingCurve(0, 0, 1, 1, duration: duration)
    }

    /// Starts slowly, over 0.35 s: bezier (0.42, 0)-(1, 1). (docs/ANIMATION.md §2.1.)
    public static var easeIn: Animation { easeIn(duration: 0.35) }

    /// Starts slowly, over `duration` seconds: bezier (0.42, 0)-(1, 1).
    public static func easeIn(duration: TimeInterval) -> Animation {
        timingCurve(0.42, 0, 1, 1, duration: duration)
    }

    /// Ends slowly, over 0.35 s: bezier (0, 0)-(0.58, 1). (docs/ANIMATION.md §2.1.)
    public static var easeOut: Animation { easeOut(duration: 0.35) }

    /// Ends slowly, over `duration` seconds: bezier (0, 0)-(0.58, 1).
    public static func easeOut(duration: TimeInterval) -> Animation {
        timingCurve(0, 0, 0.58, 1, duration: duration)
    }

    /// Starts and ends slowly, over 0.35 s: bezier (0.42, 0)-(0.58, 1). (docs/ANIMATION.md §2.1.)
    public static var easeInOut: Animation { easeInOut(duration: 0.35) }

    /// Starts and ends slowly, over `duration` seconds: bezier (0.42, 0)-(0.58, 1).
    public static func easeInOut(duration: TimeInterval) -> Animation {
        timingCurve(0.42, 0, 0.58, 1, duration: duration)
    }

    /// A cubic Bézier timing curve with control points (p1x, p1y) and (p2x, p2y), over `duration`
    /// seconds (default 0.35). The points are used as given — no clamping — so y may overshoot.
    /// (docs/ANIMATION.md §2.1, §2.5.)
    public static func timingCurve(_ p1x: Double, _ p1y: Double, _ p2x: Double, _ p2y: Double,
                                   duration: TimeInterval = 0.35) -> Animation {
        Animation(BezierAnimation(startControlPoint: UnitPoint(x: p1x, y: p1y),
                                  endControlPoint: UnitPoint(x: p2x, y: p2y), duration: duration))
    }

    /// `curve` played over `duration` seconds (``UnitCurveAnimation``); unlike the bezier form it
    /// reports velocity. (docs/ANIMATION.md §2.1, §2.6.)
    public static func timingCurve(_ curve: UnitCurve, duration: TimeInterval) -> Animation {
        Animation(UnitCurveAnimation(curve: curve, duration: duration))
    }
}
