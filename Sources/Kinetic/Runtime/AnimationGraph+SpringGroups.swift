import Foundation

extension AnimationGraph {
    /// The group for `key`, created when there is none.
    func springGroup(for key: SpringLaneKey) -> SpringLaneGroup {
        // Changes made together (one frame's re-targets) join the same group one after another.
        if let group = lastSpringGroup, group.key == key { return group }
        if let group = indexedSpringGroup(for: key) {
            lastSpringGroup = group
            return group
        }
        let group = SpringLaneGroup(key: key)
        springGroups.append(group)
        if springGroupIndexIsCurrent { springGroupIndex[key] = group }
        lastSpringGroup = group
        return group
    }

    /// The group for `key` when a lane has just left `emptied`: when `emptied` is now empty, no group
    /// has `key` yet and the spring is the same, `emptied` itself is re-keyed and reset instead of a
    /// new group being made. A channel re-targeted at every input frame (one lane, a new clock each
    /// time) then keeps its group, its arrays and its cached Mⁿ rather than building and dropping a
    /// group per frame. The reset group is in exactly the state a new one would be.
    func springGroup(for key: SpringLaneKey, reusing emptied: SpringLaneGroup) -> SpringLaneGroup {
        guard emptied.count == 0, emptied.key.animation == key.animation, emptied.key.dimension == key.dimension
        else { return springGroup(for: key) }
        if springGroups.count == 1, springGroups[0] === emptied {
            // The only group: nothing else can hold `key`, and no index is needed to know it.
            emptied.reset(key: key)
            springGroupIndexIsCurrent = false
            lastSpringGroup = emptied
            return emptied
        }
        if let group = lastSpringGroup, group.key == key, group !== emptied { return group }
        guard indexedSpringGroup(for: key) == nil else { return springGroup(for: key) }
        if springGroupIndex[emptied.key] === emptied { springGroupIndex[emptied.key] = nil }
        emptied.reset(key: key)
        springGroupIndex[key] = emptied
        lastSpringGroup = emptied
        return emptied
    }

    /// The group whose current key is `key`, from the index (rebuilt first when stale).
    private func indexedSpringGroup(for key: SpringLaneKey) -> SpringLaneGroup? {
        if !springGroupIndexIsCurrent {
            springGroupIndex.removeAll(keepingCapacity: true)
            for group in springGroups where springGroupIndex[group.key] == nil { springGroupIndex[group.key] = group }
            springGroupIndexIsCurrent = true
        }
        return springGroupIndex[key]
    }

    /// Steps every group to the current time and drops empty groups; their clocks, hence keys, moved,
    /// so the index goes stale.
    func stepSpringGroups() {
        guard !springGroups.isEmpty else { return }
        for group in springGroups where group.count > 0 { group.step(to: time) }
        springGroups.removeAll { $0.count == 0 }
        springGroupIndexIsCurrent = false
        lastSpringGroup = nil
    }
}
