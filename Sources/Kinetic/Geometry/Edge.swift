// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// An edge of a rectangle, as SwiftUI's `Edge`: the sides a `.move(edge:)` or `.push(from:)` transition moves from
/// and to. Leading and trailing are the left and right edges (left-to-right layout).
@frozen
public enum Edge: Int8, CaseIterable, Hashable, Sendable {
    /// The top edge.
    case top
    /// The leading (left) edge.
    case leading
    /// The bottom edge.
    case bottom
    /// The trailing (right) edge.
    case trailing

    /// The edge across from this one.
    public var opposite: Edge {
        switch self {
        case .top: .bottom
        case .leading: .trailing
        case .bottom: .top
        case .trailing: .leading
        }
    }

    /// The offset, in multiples of the element's width and height, that puts an element just past this edge
    /// of its own frame: leading (−1, 0), trailing (1, 0), top (0, −1), bottom (0, 1).
    public var unitOffset: CGSize {
        switch self {
        case .top: CGSize(width: 0, height: -1)
        case .leading: CGSize(width: -1, height: 0)
        case .bottom: CGSize(width: 0, height: 1)
        case .trailing: CGSize(width: 1, height: 0)
        }
    }
}
