// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// An attribute whose fluid spring is stepped by a ``SpringLaneGroup``.
@usableFromInline
protocol SpringLaneOwner: AnyObject {
    /// The lane's index in its group.
    var laneIndex: Int { get set }
    /// The group holding the lane (set by ``SpringLaneGroup/append(owner:record:target:tolerance:)``).
    var laneGroup: SpringLaneGroup? { get set }
    /// The spring came to rest (or stopped being finite): the animation is over.
    func springLaneFinished()
    /// The spring became logically complete (its response has elapsed since t₀).
    func springLaneLogicallyCompleted()
    /// The group is going away with its graph: take the spring state back and drop the group.
    func detachFromSpringLane()
}
