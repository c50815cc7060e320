// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

extension AnimationGraph {
    /// The group for `key`, created when there is none.
    @usableFromInline
    func springGroup(for key: SpringLaneKey) -> SpringLaneGroup {
        existingSpringGroup(for: key) ?? makeSpringGroup(for: key)
    }

    /// The group for `key` when a lane has just left `emptied`: an existing group for `key` if there
    /// is one; otherwise, when `emptied` is now empty and has the same spring, `emptied` itself,
    /// re-keyed and reset, instead of a new group. A channel re-targeted at every input frame (one
    /// lane, a new clock each time) then keeps its group, its arrays and its cached Mⁿ rather than
    /// building and dropping a group per frame. The reused group is in the state a new one would be
    /// and, like a new one, moves to the end of ``springGroups`` (groups step, and their lanes'
    /// completions fire, in that order).
    func springGroup(for key: SpringLaneKey, reusing emptied: SpringLaneGroup) -> SpringLaneGroup {
        // When `emptied` is the only group nothing else can hold `key`: no index needed to know it.
        let isOnlyGroup = springGroups.count == 1 && springGroups[0] === emptied
        if !isOnlyGroup, let group = existingSpringGroup(for: key) { return group }
        guard emptied.count == 0, emptied.key.animation == key.animation, emptied.key.dimension == key.dimension
        else { return makeSpringGroup(for: key) }
        if springGroupIndexIsCurrent, springGroupIndex[emptied.key] === emptied { springGroupIndex[emptied.key] = nil }
        emptied.reset(key: key)
        if springGroupIndexIsCurrent { springGroupIndex[key] = emptied }
        if springGroups.last !== emptied, let index = springGroups.firstIndex(where: { $0 === emptied }) {
            springGroups.append(springGroups.remove(at: index))
        }
        lastSpringGroup = emptied
        return emptied
    }

    /// The group whose current key is `key`: the last one used (changes made together, one frame's
    /// re-targets, join the same group one after another), else from the index (rebuilt when stale).
    private func existingSpringGroup(for key: SpringLaneKey) -> SpringLaneGroup? {
        if let group = lastSpringGroup, group.key == key { return group }
        if !springGroupIndexIsCurrent {
            springGroupIndex.removeAll(keepingCapacity: true)
            for group in springGroups where springGroupIndex[group.key] == nil { springGroupIndex[group.key] = group }
            springGroupIndexIsCurrent = true
        }
        guard let group = springGroupIndex[key] else { return nil }
        lastSpringGroup = group
        return group
    }

    private func makeSpringGroup(for key: SpringLaneKey) -> SpringLaneGroup {
        let group: SpringLaneGroup
        if let index = spareSpringGroups.firstIndex(where: {
            $0.key.animation == key.animation && $0.dimension == key.dimension
        }) {
            group = spareSpringGroups.remove(at: index)
            group.reset(key: key)
        } else {
            group = SpringLaneGroup(key: key, graph: self)
        }
        springGroups.append(group)
        if springGroupIndexIsCurrent { springGroupIndex[key] = group }
        lastSpringGroup = group
        return group
    }

    /// Steps every group to the current time and drops empty groups; their clocks, hence keys, moved,
    /// so the index goes stale.
    ///
    /// A few emptied groups are kept as spares (``spareSpringGroups``): when every lane of a group is
    /// re-targeted in one frame, the first re-target makes the next group while the old one still has
    /// lanes, so each frame would otherwise grow a new group's arrays from nothing and drop the old one's.
    func stepSpringGroups() {
        springGroupGeneration &+= 1
        guard !springGroups.isEmpty else { return }
        for group in springGroups where group.count > 0 { group.step(to: time) }
        springGroups.removeAll { group in
            guard group.count == 0 else { return false }
            if spareSpringGroups.count < Self.spareSpringGroupLimit { spareSpringGroups.append(group) }
            return true
        }
        springGroupIndexIsCurrent = false
        lastSpringGroup = nil
    }
}
