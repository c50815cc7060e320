// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// An attribute as its graph steps it, whatever its value type.
protocol AttributeNode: AnyObject {
    /// Index in the graph's active list, or −1 when not in it.
    var activeIndex: Int { get set }
    /// When only velocity tracking runs on the attribute: the graph time after which it ends (nothing
    /// visible changes before). `nil` when anything else runs.
    var trackingExpiry: TimeInterval? { get }
    /// Evaluates the attribute's animations at graph time `time`; `false` when it no longer needs frames.
    func update(at time: TimeInterval) -> Bool
}

extension AttributeNode {
    /// Nodes that animate visibly need every frame.
    var trackingExpiry: TimeInterval? { nil }
}
