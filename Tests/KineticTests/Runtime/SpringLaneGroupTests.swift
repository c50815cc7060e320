import FoundationEssentials
import Testing
import KineticTestSupport
@testable import Kinetic

/// ``SpringLaneGroup`` on its own, against ``FluidSpringStepper`` sub-stepping each component
///: the composed map, the rebase when a lane joins a group that has already
/// stepped, and swap-removal.
@Suite struct SpringLaneGroupTests {
    /// A lane's owner that records what the group tells it.
    final class Owner: SpringLaneOwner {
        var laneIndex = -1
        var laneGroup: SpringLaneGroup?
        var finished = false
        func springLaneFinished() { finished = true }
        func springLaneLogicallyCompleted() {}
        func detachFromSpringLane() {}
    }

    /// One component sub-stepped the way FluidSpringAnimation does it.
    struct Reference {
        var x: Double, v: Double, a: Double
        let target: Double
    }

    @Test(arguments: [(0.5, 1.0), (0.15, 0.86), (0.3, 0.4), (0.05, 1.6)])
    func lanesJoiningAfterStepsFollowSubStepping(response: Double, dampingFraction: Double) {
        let spring = FluidSpringAnimation(response: response, dampingFraction: dampingFraction, blendDuration: 0)
        let stepper = FluidSpringStepper(response: response, dampingFraction: dampingFraction)
        let key = SpringLaneKey(animation: spring, dimension: 2, beginTime: 0, clock: 0, startTime: 0,
                                blendStart: 0, blendInterval: 0, isLogicallyComplete: false)
        let graph = AnimationGraph()
        let group = SpringLaneGroup(key: key, graph: graph)
        var owners: [Owner] = []
        var references: [[Reference]] = []
        var rng = SplitMix64(seed: 7)
        var clock = 0.0

        /// A lane that joins after a sub-step has taken one itself (it shares the group's clock), so
        /// its force is what a sub-step leaves: from v = v½ + a·h/2 and a = −c·v½ − k·(x − D),
        /// a = (−k·(x − D) − c·v)/(1 − c·h/2). Lanes joining before any step carry any force.
        func join(afterStep: Bool) {
            let owner = Owner()
            let lane = (0..<2).map { _ in
                let x = Double.random(in: -500...500, using: &rng), v = Double.random(in: -900...900, using: &rng)
                let target = Double.random(in: -500...500, using: &rng)
                let h = FluidSpringStepper.stepInterval
                let a = afterStep ? (-stepper.stiffness * (x - target) - stepper.damping * v) / (1 - stepper.damping * h / 2)
                    : Double.random(in: -3000...3000, using: &rng)
                return Reference(x: x, v: v, a: a, target: target)
            }
            let record = [lane[0].x - lane[0].target, lane[1].x - lane[1].target, lane[0].v, lane[1].v,
                          lane[0].a, lane[1].a]
            let target = [lane[0].target, lane[1].target]
            group.append(owner: owner, record: record, target: target,
                         tolerance: pow(0.01 * lane[0].target, 2) + pow(0.01 * lane[1].target, 2))
            owners.append(owner)
            references.append(lane)
        }

        for _ in 0..<7 { join(afterStep: false) }
        for frame in 1...90 {
            let time = Double(frame) / 120
            group.step(to: time)
            let n = FluidSpringStepper.advance(time: &clock, to: time)
            for index in references.indices {
                for j in 0..<2 {
                    var r = references[index][j]
                    for _ in 0..<n { stepper.step(offset: &r.x, velocity: &r.v, force: &r.a, target: r.target) }
                    references[index][j] = r
                }
            }
            for (index, owner) in owners.enumerated() where !owner.finished {
                for j in 0..<2 {
                    let r = references[index][j], lane = owner.laneIndex
                    #expect(abs(group.offset(lane, j) + group.target(lane, j) - r.x) <= 1e-9 * max(1, abs(r.x)))
                    #expect(abs(group.velocity(lane, j) - r.v) <= 1e-9 * max(1, abs(r.v)))
                    #expect(abs(group.force(lane, j) - r.a) <= 1e-9 * max(1, abs(r.a)))
                }
            }
            // Lanes join a group that has stepped (their clocks agree, as the key says), and some leave.
            if frame % 10 == 3 { join(afterStep: true) }
            if frame % 10 == 7, let index = owners.indices.first(where: { !owners[$0].finished }) {
                group.remove(at: owners[index].laneIndex)
                owners[index].finished = true
            }
        }
        #expect(group.count == owners.filter { !$0.finished }.count)
    }
}
