// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// A function from unit progress to unit progress, such as the easing of a timing curve.
///
/// Mirrors SwiftUI's `UnitCurve` (iOS 17; docs/ANIMATION.md §3). A curve maps input progress `p` (usually in
/// 0…1) to output progress with ``value(at:)``; ``velocity(at:)`` is its derivative, in output units
/// per input unit. Kinetic's timing-curve animations and linear keyframes evaluate a curve at
/// `elapsed / duration`.
///
/// ```swift
/// let curve = UnitCurve.easeInOut
/// curve.value(at: 0.25)      // 0.129162
/// curve.velocity(at: 0.5)    // 1.724138
/// curve.inverse              // bezier (0, 0.42)-(1, 0.58)
/// ```
public struct UnitCurve: Hashable, Sendable {
    /// The shape of the curve. Bezier curves keep their control points as given; the
    /// clamping rules of §3.2 apply when the curve is evaluated.
    package enum Storage: Hashable, Sendable {
        case linear
        case circularEaseIn
        case circularEaseOut
        case circularEaseInOut
        case bezier(startControlPoint: UnitPoint, endControlPoint: UnitPoint)
    }

    /// The shape of the curve.
    package var storage: Storage

    /// A curve of the given shape.
    package init(storage: Storage) { self.storage = storage }

    /// A cubic Bézier curve from (0, 0) to (1, 1) with the given control points.
    ///
    /// When the curve is evaluated, the control points' x coordinates are clamped to 0…1 (so that
    /// the curve is a function of progress); their y coordinates are not, so a curve may overshoot
    /// (docs/ANIMATION.md §3.2–3.3). The curve is solved for x to within 2⁻²⁰ (`CubicSolver`).
    public static func bezier(startControlPoint: UnitPoint, endControlPoint: UnitPoint) -> UnitCurve {
        UnitCurve(storage: .bezier(startControlPoint: startControlPoint, endControlPoint: endControlPoint))
    }

    /// The identity: `value(at: p) == p` (not clamped), velocity 1.
    public static let linear = UnitCurve(storage: .linear)

    /// Starts slowly and speeds up: bezier (0.42, 0)-(1, 1).
    public static let easeIn = UnitCurve.bezier(
        startControlPoint: UnitPoint(x: 0.42, y: 0), endControlPoint: UnitPoint(x: 1, y: 1))

    /// Starts quickly and slows down: bezier (0, 0)-(0.58, 1).
    public static let easeOut = UnitCurve.bezier(
        startControlPoint: UnitPoint(x: 0, y: 0), endControlPoint: UnitPoint(x: 0.58, y: 1))

    /// Starts and ends slowly: bezier (0.42, 0)-(0.58, 1).
    public static let easeInOut = UnitCurve.bezier(
        startControlPoint: UnitPoint(x: 0.42, y: 0), endControlPoint: UnitPoint(x: 0.58, y: 1))

    /// The former name of ``easeInOut``.
    @available(*, deprecated, renamed: "easeInOut")
    public static let easeInEaseOut = UnitCurve.easeInOut

    /// A quarter circle that starts slowly: `1 − √(1 − p²)`.
    public static let circularEaseIn = UnitCurve(storage: .circularEaseIn)

    /// A quarter circle that ends slowly: `√(1 − (1 − p)²)`.
    public static let circularEaseOut = UnitCurve(storage: .circularEaseOut)

    /// Two quarter circles, slow at both ends: ``circularEaseIn`` on the first half and
    /// ``circularEaseOut`` on the second, each scaled by ½.
    public static let circularEaseInOut = UnitCurve(storage: .circularEaseInOut)
}
