// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

extension UnitCurve {
    /// The curve with input and output swapped (docs/ANIMATION.md §3.5).
    ///
    /// * linear → linear.
    /// * circularEaseIn ↔ circularEaseOut (exact inverses of each other).
    /// * circularEaseInOut → circularEaseInOut, as SwiftUI's reference implementation does. This is
    ///   **not** a functional inverse (that would be `√(y(1 − y))` on the first half); kept for
    ///   compatibility until measured otherwise (docs/ANIMATION.md §9 #9).
    /// * bezier → the control points with x and y swapped: the exact inverse of a monotone curve.
    public var inverse: UnitCurve {
        switch storage {
        case .linear:
            return .linear
        case .circularEaseIn:
            return .circularEaseOut
        case .circularEaseOut:
            return .circularEaseIn
        case .circularEaseInOut:
            return .circularEaseInOut
        case let .bezier(start, end):
            return .bezier(
                startControlPoint: UnitPoint(x: start.y, y: start.x),
                endControlPoint: UnitPoint(x: end.y, y: end.x))
        }
    }
}
