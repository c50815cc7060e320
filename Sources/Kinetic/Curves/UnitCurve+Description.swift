// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

extension UnitCurve: CustomStringConvertible {
    /// The curve's SwiftUI spelling: `easeInOut`, `circularEaseIn`, or
    /// `bezier(startControlPoint: (0.2, 0.0), endControlPoint: (0.8, 1.0))` for other Béziers.
    public var description: String {
        switch storage {
        case .linear: return "linear"
        case .circularEaseIn: return "circularEaseIn"
        case .circularEaseOut: return "circularEaseOut"
        case .circularEaseInOut: return "circularEaseInOut"
        case let .bezier(start, end):
            if self == .easeIn { return "easeIn" }
            if self == .easeOut { return "easeOut" }
            if self == .easeInOut { return "easeInOut" }
            return "bezier(startControlPoint: (\(start.x), \(start.y)), endControlPoint: (\(end.x), \(end.y)))"
        }
    }
}
