import Foundation

/// Fluid springs that share a ``SpringLaneKey``, stepped together. (issue 3, item 6.)
///
/// The 300 Hz sub-step is linear in (x, v, a, D) (``FluidSpringStepper/Recurrence``), and invariant
/// under shifting x and D together, so with u = x − D each component follows
///
///     (u, v, a) ← Mⁿ·(u, v, a)
///
/// where M is the sub-step's 3×3 matrix (the first three columns of the recurrence) and n the
/// frame's sub-step count, computed once for the group from the shared clock exactly as
/// ``FluidSpringAnimation`` does. Mⁿ is cached per n. After any sub-step the force is a fixed
/// combination of the new offset and velocity, a = (−k·u − c·v)/(1 − c·h/2) (from v = v½ + a·h/2 and
/// a = −c·v½ − k·u); when that is well conditioned the force is not stored at all after the first
/// sub-step since a merge, and the map shrinks to 2×2 on (u, v). States are stored per lane as
/// [u₁…u_d, v₁…v_d] (two-dimensional lanes are stepped as SIMD2 pairs), forces apart; the stop rule
/// runs only for lanes that a cheap screen flags. The result equals
/// sub-stepping up to rounding (≪ 1e-9 value units for values up to 10⁶; tested).
///
/// Groups never hold a spring whose response is still blending: the response then varies per
/// sub-step, so such springs are sub-stepped by the animation itself.
final class SpringLaneGroup {
    private(set) var key: SpringLaneKey
    let dimension: Int
    private let stepper: FluidSpringStepper
    private var powers: [FluidSpringStepper.Recurrence] = [.identity]
    /// Whether a = α·u + β·v is well conditioned (|1 − c·h/2| ≥ 0.5) and so may replace stored forces.
    private let derivesForce: Bool
    private let alpha: Double, beta: Double

    /// Lane states [u (d), v (d)], u = x − D.
    var states: [Double] = []
    /// a per lane (d components); stale while ``forceIsDerived``.
    var forces: [Double] = []
    /// D (the interval) per lane, d components each.
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
        let halfStepDamping = 1 - stepper.damping * FluidSpringStepper.halfStepInterval
        self.derivesForce = abs(halfStepDamping) >= 0.5
        self.alpha = -stepper.stiffness / halfStepDamping
        self.beta = -stepper.damping / halfStepDamping
    }

    /// Whether the lanes' force is the derived α·u + β·v: they have taken a sub-step since the last
    /// merge (the sub-step clock is past the start time) and the derivation is well conditioned.
    var forceIsDerived: Bool { derivesForce && key.clock > key.startTime }

    /// Component j of the offset u, velocity v, force a or target D of lane `lane`.
    func offset(_ lane: Int, _ j: Int) -> Double { states[2 * lane * dimension + j] }
    func velocity(_ lane: Int, _ j: Int) -> Double { states[(2 * lane + 1) * dimension + j] }
    func force(_ lane: Int, _ j: Int) -> Double {
        forceIsDerived ? alpha * offset(lane, j) + beta * velocity(lane, j) : forces[lane * dimension + j]
    }
    func target(_ lane: Int, _ j: Int) -> Double { targets[lane * dimension + j] }

    /// Calls `body` with the d components of lane `lane`'s offset (`component` 0), velocity (1) or force (2).
    func read<T>(_ lane: Int, component: Int, _ body: (UnsafePointer<Double>) -> T) -> T {
        if component < 2 {
            return states.withUnsafeBufferPointer { body($0.baseAddress! + (2 * lane + component) * dimension) }
        }
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: dimension) { buffer in
            for j in 0..<dimension { buffer[j] = force(lane, j) }
            return body(UnsafePointer(buffer.baseAddress!))
        }
    }

    /// Copies lane `lane`'s u, v and a into `record` (3d values) and its D into `target` (d values).
    func copyLane(_ lane: Int, record: UnsafeMutablePointer<Double>, target: UnsafeMutablePointer<Double>) {
        let d = dimension
        states.withUnsafeBufferPointer { record.update(from: $0.baseAddress! + 2 * lane * d, count: 2 * d) }
        if forceIsDerived {
            for j in 0..<d { record[2 * d + j] = alpha * record[j] + beta * record[d + j] }
        } else {
            forces.withUnsafeBufferPointer { (record + 2 * d).update(from: $0.baseAddress! + lane * d, count: d) }
        }
        targets.withUnsafeBufferPointer { target.update(from: $0.baseAddress! + lane * d, count: d) }
    }

    /// Adds a lane; `record` holds u, v and a (3d values), `target` d values.
    func append(owner: any SpringLaneOwner, record: UnsafePointer<Double>, target: UnsafePointer<Double>,
                tolerance: Double) {
        states.append(contentsOf: UnsafeBufferPointer(start: record, count: 2 * dimension))
        forces.append(contentsOf: UnsafeBufferPointer(start: record + 2 * dimension, count: dimension))
        targets.append(contentsOf: UnsafeBufferPointer(start: target, count: dimension))
        tolerances.append(tolerance)
        owners.append(owner)
        owner.laneIndex = owners.count - 1
    }

    /// Removes lane `index`, moving the last lane into its place.
    func remove(at index: Int) {
        let last = owners.count - 1, dimension = self.dimension
        if index != last {
            states.withUnsafeMutableBufferPointer { buffer in
                let base = buffer.baseAddress!
                (base + 2 * index * dimension).update(from: base + 2 * last * dimension, count: 2 * dimension)
            }
            forces.withUnsafeMutableBufferPointer { buffer in
                let base = buffer.baseAddress!
                (base + index * dimension).update(from: base + last * dimension, count: dimension)
            }
            targets.withUnsafeMutableBufferPointer { buffer in
                let base = buffer.baseAddress!
                (base + index * dimension).update(from: base + last * dimension, count: dimension)
            }
            tolerances[index] = tolerances[last]
            owners[index] = owners[last]
            owners[index].laneIndex = index
        }
        states.removeLast(2 * dimension)
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
        let wasDerived = forceIsDerived
        var clock = FluidSpringStepper.catchUp(time: key.clock, now: elapsed)
        let n = FluidSpringStepper.advance(time: &clock, to: elapsed)
        key.clock = clock
        let candidates = n > 0 ? apply(power(n), forceWasDerived: wasDerived) : nil
        if becameLogicallyComplete {
            for owner in owners { owner.springLaneLogicallyCompleted() }
        }
        removeFinishedLanes(among: candidates)
    }

    /// Applies Mⁿ to every lane. For two-dimensional lanes, returns the lanes that may be at rest or
    /// non-finite (the others cannot stop this frame); `nil` means every lane must be checked.
    ///
    /// With a derived force the map is 2×2 on (u, v) (the third column folded into the first two);
    /// after the step the force is derived whenever the derivation is well conditioned, so it is only
    /// stored otherwise.
    private func apply(_ m: FluidSpringStepper.Recurrence, forceWasDerived: Bool) -> [Int]? {
        let (m00, m01, m02) = (m.x[0], m.x[1], m.x[2])
        let (m10, m11, m12) = (m.v[0], m.v[1], m.v[2])
        let (m20, m21, m22) = (m.a[0], m.a[1], m.a[2])
        let (alpha, beta, storesForce) = (self.alpha, self.beta, !derivesForce)
        let (f00, f01) = (m00 + m02 * alpha, m01 + m02 * beta)
        let (f10, f11) = (m10 + m12 * alpha, m11 + m12 * beta)
        let lanes = owners.count, d = dimension
        guard d == 2 else {
            states.withUnsafeMutableBufferPointer { stateBuffer in
                forces.withUnsafeMutableBufferPointer { forceBuffer in
                    let p = stateBuffer.baseAddress!, q = forceBuffer.baseAddress!
                    for lane in 0..<lanes {
                        let u = p + 2 * lane * d, v = u + d, a = q + lane * d
                        for j in 0..<d {
                            let uj = u[j], vj = v[j]
                            let aj = forceWasDerived ? alpha * uj + beta * vj : a[j]
                            u[j] = m00 * uj + m01 * vj + m02 * aj
                            v[j] = m10 * uj + m11 * vj + m12 * aj
                            if storesForce { a[j] = m20 * uj + m21 * vj + m22 * aj }
                        }
                    }
                }
            }
            return nil
        }
        // A lane can only stop when |v|² ≤ threshold. Per block of lanes, the smallest |v|² and the
        // sum of the |v|² (non-finite if any velocity is) tell whether any lane in it needs the stop
        // rule. Lanes go in pairs so that the two |v|² come out of one vertical add (no per-lane
        // horizontal reduction in the loop).
        let threshold = FluidSpringStepper.restThresholdSquared
        let blockSize = 256
        var candidates: [Int] = []
        states.withUnsafeMutableBufferPointer { stateBuffer in
            forces.withUnsafeMutableBufferPointer { forceBuffer in
                stateBuffer.baseAddress!.withMemoryRebound(to: SIMD2<Double>.self, capacity: 2 * lanes) { p in
                    forceBuffer.baseAddress!.withMemoryRebound(to: SIMD2<Double>.self, capacity: lanes) { q in
                        var start = 0
                        while start < lanes {
                            let end = min(lanes, start + blockSize)
                            var screen = SpeedScreen()
                            if forceWasDerived {
                                var s = p + 2 * start
                                let pairsEnd = p + 2 * (start + (end - start) / 2 * 2)
                                while s < pairsEnd {
                                    let u0 = s[0], v0 = s[1], u1 = s[2], v1 = s[3]
                                    let nv0 = f10 * u0 + f11 * v0, nv1 = f10 * u1 + f11 * v1
                                    s[0] = f00 * u0 + f01 * v0
                                    s[1] = nv0
                                    s[2] = f00 * u1 + f01 * v1
                                    s[3] = nv1
                                    screen.add(nv0, nv1)
                                    s += 4
                                }
                                if (end - start) % 2 == 1 {
                                    let u = s[0], v = s[1]
                                    let nv = f10 * u + f11 * v
                                    s[0] = f00 * u + f01 * v
                                    s[1] = nv
                                    screen.add(nv, nv)
                                }
                            } else {
                                var s = p + 2 * start, a = q + start
                                let pairsEnd = p + 2 * (start + (end - start) / 2 * 2)
                                while s < pairsEnd {
                                    let u0 = s[0], v0 = s[1], a0 = a[0], u1 = s[2], v1 = s[3], a1 = a[1]
                                    let nv0 = m10 * u0 + m11 * v0 + m12 * a0, nv1 = m10 * u1 + m11 * v1 + m12 * a1
                                    s[0] = m00 * u0 + m01 * v0 + m02 * a0
                                    s[1] = nv0
                                    s[2] = m00 * u1 + m01 * v1 + m02 * a1
                                    s[3] = nv1
                                    if storesForce {
                                        a[0] = m20 * u0 + m21 * v0 + m22 * a0
                                        a[1] = m20 * u1 + m21 * v1 + m22 * a1
                                    }
                                    screen.add(nv0, nv1)
                                    s += 4
                                    a += 2
                                }
                                if (end - start) % 2 == 1 {
                                    let u = s[0], v = s[1], a0 = a[0]
                                    let nv = m10 * u + m11 * v + m12 * a0
                                    s[0] = m00 * u + m01 * v + m02 * a0
                                    s[1] = nv
                                    if storesForce { a[0] = m20 * u + m21 * v + m22 * a0 }
                                    screen.add(nv, nv)
                                }
                            }
                            if screen.mayStop(threshold: threshold) {
                                for lane in start..<end {
                                    let speed = (p[2 * lane + 1] * p[2 * lane + 1]).sum()
                                    if !(speed > threshold && speed < .infinity) { candidates.append(lane) }
                                }
                            }
                            start = end
                        }
                    }
                }
            }
        }
        return candidates
    }

    /// The stop rule (spec §2.3 step 6) and the finiteness guard for `candidates` (ascending; `nil`:
    /// every lane); finished lanes are removed and their owners told.
    private func removeFinishedLanes(among candidates: [Int]?) {
        if let candidates, candidates.isEmpty { return }
        var finished: [Int] = []
        let d = dimension
        func check(_ lane: Int) {
            var velocitySquared = 0.0, forceSquared = 0.0
            for j in 0..<d {
                let v = velocity(lane, j), a = force(lane, j)
                velocitySquared += v * v
                forceSquared += a * a
            }
            let magnitude = max(velocitySquared, forceSquared)
            if magnitude > FluidSpringStepper.restThresholdSquared, magnitude < .infinity { return }
            var remainingSquared = 0.0
            for j in 0..<d { remainingSquared += offset(lane, j) * offset(lane, j) }
            if !velocitySquared.isFinite || !forceSquared.isFinite || !remainingSquared.isFinite
                || FluidSpringStepper.isFinished(
                    velocitySquared: velocitySquared, forceSquared: forceSquared,
                    toleranceSquared: tolerances[lane], remainingSquared: remainingSquared) {
                finished.append(lane)
            }
        }
        if let candidates {
            for lane in candidates { check(lane) }
        } else {
            for lane in 0..<owners.count { check(lane) }
        }
        // Highest index first, so that swap-removal never moves a lane still to be removed.
        for lane in finished.reversed() {
            let owner = owners[lane]
            remove(at: lane)
            owner.springLaneFinished()
        }
    }
}

/// The smallest |v|² and the sum of |v|² over a block of two-dimensional lanes, fed two lanes at a time.
private struct SpeedScreen {
    var smallest = SIMD2<Double>(repeating: .infinity)
    var total = SIMD2<Double>()

    /// Adds the velocities of two lanes (the same lane twice for an odd one out).
    @inline(__always)
    mutating func add(_ first: SIMD2<Double>, _ second: SIMD2<Double>) {
        let a = first * first, b = second * second
        let speeds = SIMD2(a.x, b.x) + SIMD2(a.y, b.y)
        // A lane select rather than pointwiseMin, whose NaN rules cost a branch per lane (`total` catches NaN).
        smallest.replace(with: speeds, where: speeds .< smallest)
        total += speeds
    }

    /// Whether some lane added may have |v|² ≤ `threshold` or a non-finite velocity (an overflowing
    /// but finite total only costs a needless check).
    func mayStop(threshold: Double) -> Bool {
        !(smallest.min() > threshold) || !(total.x + total.y).isFinite
    }
}
