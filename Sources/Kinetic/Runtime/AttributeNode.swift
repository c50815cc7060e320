import Foundation

/// An attribute as its graph steps it, whatever its value type.
protocol AttributeNode: AnyObject {
    /// Index in the graph's active list, or −1 when not in it.
    var activeIndex: Int { get set }
    /// Evaluates the attribute's animations at graph time `time`; `false` when it no longer needs frames.
    func update(at time: TimeInterval) -> Bool
}
