import Foundation

extension AnimationGraph {
    /// The group for `key`, created when there is none.
    func springGroup(for key: SpringLaneKey) -> SpringLaneGroup {
        // Changes made together (one frame's re-targets) join the same group one after another.
        if let group = lastSpringGroup, group.key == key { return group }
        if let group = springGroupIndex[key] {
            lastSpringGroup = group
            return group
        }
        let group = SpringLaneGroup(key: key)
        springGroups.append(group)
        springGroupIndex[key] = group
        lastSpringGroup = group
        return group
    }

    /// Steps every group to the current time, drops empty groups and re-indexes the rest (their
    /// clocks, hence keys, moved).
    func stepSpringGroups() {
        guard !springGroups.isEmpty else { return }
        for group in springGroups where group.count > 0 { group.step(to: time) }
        springGroups.removeAll { $0.count == 0 }
        springGroupIndex.removeAll(keepingCapacity: true)
        for group in springGroups where springGroupIndex[group.key] == nil { springGroupIndex[group.key] = group }
        lastSpringGroup = nil
    }
}
