import Foundation

/// What a fluid spring's state shares with every spring it can be stepped with: the animation's
/// parameters, the dimension, and the whole clock (begin time, sub-step clock tₛ, start time t₀,
/// blend bookkeeping, logical-completion flag — see ``FluidSpringState``). Springs with equal keys
/// take the same number of sub-steps at every frame, so one folded recurrence advances them all.
struct SpringLaneKey: Hashable {
    var animation: FluidSpringAnimation
    var dimension: Int
    /// t_b, graph seconds: elapsed times are measured from it.
    var beginTime: TimeInterval
    /// tₛ, seconds since t_b.
    var clock: Double
    /// t₀, seconds since t_b.
    var startTime: Double
    var blendStart: Double
    var blendInterval: Double
    var isLogicallyComplete: Bool
}

/// An attribute whose fluid spring is stepped by a ``SpringLaneGroup``.
protocol SpringLaneOwner: AnyObject {
    /// The lane's index in its group.
    var laneIndex: Int { get set }
    /// The spring came to rest (or stopped being finite): the animation is over.
    func springLaneFinished()
    /// The spring became logically complete (its response has elapsed since t₀).
    func springLaneLogicallyCompleted()
}

/// Fluid springs that share a ``SpringLaneKey``, stepped together. (issue 3, item 6.)
///
/// The 300 Hz sub-step is linear in (x, v, a, D) (``FluidSpringStepper/Recurrence``), and invariant
/// under shifting x and D together, so with u = x − D each component follows
///
///     (u, v, a) ← Mⁿ·(u, v, a)
///
/// where M is the sub-step's 3×3 matrix (the first three columns of the recurrence) and n the
/// frame's sub-step count, computed once for the group from the shared clock exactly as
/// ``FluidSpringAnimation`` does. Mⁿ is cached per n. Components are stored structure-of-arrays
/// (`[Double]` of lane × dimension), so the step is a straight vectorisable loop; the stop rule and
/// the finiteness guard are then checked per lane. The result equals sub-stepping up to rounding
/// (≪ 1e-9 value units for values up to 10⁶; tested).
///
/// Groups never hold a spring whose response is still blending: the response then varies per
/// sub-step, so such springs are sub-stepped by the animation itself.
final class SpringLaneGroup {
    private(set) var key: SpringLaneKey
    let dimension: Int
    private let stepper: FluidSpringStepper
    private var powers: [FluidSpringStepper.Recurrence] = [.identity]

    /// u = x − D, v and a, lane-major: component j of lane i at i·dimension + j.
    var offsets: [Double] = []
    var velocities: [Double] = []
    var forces: [Double] = []
    /// D (the interval), lane-major.
    var targets: [Double] = []
    /// |0.01·D|² per lane, as the stop rule computes it.
    var tolerances: [Double] = []
    var owners: [any SpringLaneOwner] = []

    var count: Int { owners.count }

    init(key: SpringLaneKey) {
        self.key = key
        self.dimension = key.dimension
        self.stepper = FluidSpringStepper(response: key.animation.response,
                                          dampingFraction: key.animation.dampingFraction)
    }

    /// Adds a lane; returns its index.
    func append(owner: any SpringLaneOwner, offset: UnsafePointer<Double>, velocity: UnsafePointer<Double>,
                force: UnsafePointer<Double>, target: UnsafePointer<Double>, tolerance: Double) -> Int {
        for j in 0..<dimension {
            offsets.append(offset[j])
            velocities.append(velocity[j])
            forces.append(force[j])
            targets.append(target[j])
        }
        tolerances.append(tolerance)
        owners.append(owner)
        owner.laneIndex = owners.count - 1
        return owners.count - 1
    }

    /// Removes lane `index`, moving the last lane into its place.
    func remove(at index: Int) {
        let last = owners.count - 1
        if index != last {
            let from = last * dimension, to = index * dimension
            for j in 0..<dimension {
                offsets[to + j] = offsets[from + j]
                velocities[to + j] = velocities[from + j]
                forces[to + j] = forces[from + j]
                targets[to + j] = targets[from + j]
            }
            tolerances[index] = tolerances[last]
            owners[index] = owners[last]
            owners[index].laneIndex = index
        }
        offsets.removeLast(dimension)
        velocities.removeLast(dimension)
        forces.removeLast(dimension)
        targets.removeLast(dimension)
        tolerances.removeLast()
        owners.removeLast()
    }

    /// Mⁿ (x-space recurrence; its first three columns act on (u, v, a)).
    private func power(_ n: Int) -> FluidSpringStepper.Recurrence {
        if n < 16 {
            while powers.count <= n { powers.append(powers[powers.count - 1].followed(by: stepper.recurrence)) }
            return powers[n]
        }
        return stepper.recurrence.repeated(n)
    }

    /// Advances every lane to graph time `time`, following ``FluidSpringAnimation/animate(value:time:context:)``
    /// steps 3–6 with the group's clock. Lanes that finish are removed and their owners told.
    func step(to time: TimeInterval) {
        let elapsed = time - key.beginTime
        let response = key.animation.response
        var becameLogicallyComplete = false
        if elapsed - key.startTime >= response, !key.isLogicallyComplete {
            key.isLogicallyComplete = true
            becameLogicallyComplete = true
        }
        var clock = FluidSpringStepper.catchUp(time: key.clock, now: elapsed)
        let n = FluidSpringStepper.advance(time: &clock, to: elapsed)
        key.clock = clock
        if n > 0 { apply(power(n)) }
        if becameLogicallyComplete {
            for owner in owners { owner.springLaneLogicallyCompleted() }
        }
        removeFinishedLanes()
    }

    private func apply(_ m: FluidSpringStepper.Recurrence) {
        let (m00, m01, m02) = (m.x[0], m.x[1], m.x[2])
        let (m10, m11, m12) = (m.v[0], m.v[1], m.v[2])
        let (m20, m21, m22) = (m.a[0], m.a[1], m.a[2])
        let total = offsets.count
        offsets.withUnsafeMutableBufferPointer { u in
            velocities.withUnsafeMutableBufferPointer { v in
                forces.withUnsafeMutableBufferPointer { a in
                    for i in 0..<total {
                        let ui = u[i], vi = v[i], ai = a[i]
                        u[i] = m00 * ui + m01 * vi + m02 * ai
                        v[i] = m10 * ui + m11 * vi + m12 * ai
                        a[i] = m20 * ui + m21 * vi + m22 * ai
                    }
                }
            }
        }
    }

    /// The stop rule (spec §2.3 step 6) and the finiteness guard, per lane.
    private func removeFinishedLanes() {
        var finished: [Int] = []
        let d = dimension
        offsets.withUnsafeBufferPointer { u in
            velocities.withUnsafeBufferPointer { v in
                forces.withUnsafeBufferPointer { a in
                    for lane in 0..<owners.count {
                        let base = lane * d
                        var velocitySquared = 0.0, forceSquared = 0.0
                        for j in 0..<d {
                            velocitySquared += v[base + j] * v[base + j]
                            forceSquared += a[base + j] * a[base + j]
                        }
                        let magnitude = max(velocitySquared, forceSquared)
                        if magnitude > FluidSpringStepper.restThresholdSquared, magnitude.isFinite { continue }
                        var remainingSquared = 0.0
                        for j in 0..<d { remainingSquared += u[base + j] * u[base + j] }
                        if !magnitude.isFinite || !remainingSquared.isFinite
                            || FluidSpringStepper.isFinished(
                                velocitySquared: velocitySquared, forceSquared: forceSquared,
                                toleranceSquared: tolerances[lane], remainingSquared: remainingSquared) {
                            finished.append(lane)
                        }
                    }
                }
            }
        }
        // Highest index first, so that swap-removal never moves a lane still to be removed.
        for lane in finished.reversed() {
            let owner = owners[lane]
            remove(at: lane)
            owner.springLaneFinished()
        }
    }

}
