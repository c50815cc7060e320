// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// Fluid springs that share a ``SpringLaneKey``, stepped together.
///
/// The 300 Hz sub-step is linear in (x, v, a, D) (``FluidSpringStepper/Recurrence``), and invariant
/// under shifting x and D together, so with u = x − D each component follows
///
///     (u, v, a) ← Mⁿ·(u, v, a)
///
/// where M is the sub-step's 3×3 matrix (the first three columns of the recurrence) and n the
/// frame's sub-step count, computed once for the group from the shared clock exactly as
/// ``FluidSpringAnimation`` does. Mⁿ is cached per n.
///
/// Every lane of a group follows the same maps, so the group stores each lane's *base* state
/// (u₀, v₀, a₀) and one composed map P = Mⁿᵏ⋯Mⁿ¹ since the base: the lane's current state is
/// P·(u₀, v₀, a₀), computed when read. A frame composes P once (a 3×3 product) and evaluates only
/// the velocity row for every lane, for the stop rule; no lane state is written back, which halves
/// the memory traffic of a frame. Joining a group that has already stepped first folds P into every
/// base (``rebase()``). After any sub-step the force is a fixed combination of the offset and
/// velocity, a = (−k·u − c·v)/(1 − c·h/2) (from v = v½ + a·h/2 and a = −c·v½ − k·u); when the base
/// is such a state and that is well conditioned, a₀ is not stored and P's force column is folded
/// into its first two. Bases are stored per lane as [u₁…u_d, v₁…v_d] (two-dimensional lanes are
/// read as SIMD2 pairs), forces apart; the full stop rule runs only for lanes that a cheap screen
/// of |v|² flags. The result equals sub-stepping up to rounding (≪ 1e-9 value units for values up
/// to 10⁶; tested).
///
/// Groups never hold a spring whose response is still blending: the response then varies per
/// sub-step, so such springs are sub-stepped by the animation itself.
///
/// **Speed across the module boundary.** Attributes read their lane from code inlined into
/// the caller's module (``AnimatableAttribute/presentationValue``), so the lane reads are `@inlinable`
/// and the storage they touch is `@usableFromInline`. The group's storage opts out of dynamic
/// exclusivity checks (`@exclusivity(unchecked)`): a graph and its groups are single-threaded by
/// contract, and no access here overlaps another access to the same property (every buffer is taken
/// once per loop, and no callback runs while one is held).
@usableFromInline
final class SpringLaneGroup {
    @exclusivity(unchecked) private(set) var key: SpringLaneKey
    /// Components per lane (the key's dimension; a group keeps it for life).
    @usableFromInline let dimension: Int
    /// The graph that owns the group, unretained: the graph owns its groups and, when it goes, hands every
    /// lane back to its attribute, so nothing reaches a group through a lane after its graph is gone. Used
    /// through ``withGraph(_:)`` (a graph's reference count lives in a side table, because attributes refer
    /// to it weakly, so retaining it on every re-target would cost more than the re-target).
    @usableFromInline let graphReference: Unmanaged<AnimationGraph>
    private let stepper: FluidSpringStepper
    @exclusivity(unchecked) private var powers: [FluidSpringStepper.Recurrence] = [.identity]
    /// Whether a = α·u + β·v is well conditioned (|1 − c·h/2| ≥ 0.5) and so may replace stored forces.
    private let derivesForce: Bool
    private let alpha: Double, beta: Double

    /// Lane bases [u₀ (d), v₀ (d)], u = x − D.
    @usableFromInline @exclusivity(unchecked) var states = LaneColumn()
    /// a₀ per lane (d components); unused while ``baseForceIsDerived``.
    @usableFromInline @exclusivity(unchecked) var forces = LaneColumn()
    /// D (the interval) per lane, d components each.
    @exclusivity(unchecked) var targets = LaneColumn()
    /// |0.01·D|² per lane, as the stop rule computes it.
    @exclusivity(unchecked) var tolerances = LaneColumn()
    /// Lanes the columns have room for.
    @exclusivity(unchecked) private var laneCapacity = 0
    /// Each lane's attribute; `nil` marks a lane that has left since the last step (a hole).
    @exclusivity(unchecked) private(set) var owners: [(any SpringLaneOwner)?] = []

    /// P, the map from the bases to the current states (first three columns).
    @exclusivity(unchecked) private var transition = FluidSpringStepper.Recurrence.identity
    /// Whether P is the identity (no sub-step since the bases were written).
    @usableFromInline @exclusivity(unchecked) var isAtBase = true
    /// Whether a₀ = α·u₀ + β·v₀ (then `forces` is unused).
    @usableFromInline @exclusivity(unchecked) var baseForceIsDerived = false
    /// Rows of P over (u₀, v₀, a₀), with the force column folded in while ``baseForceIsDerived``.
    @usableFromInline @exclusivity(unchecked)
    var rows: (u: SIMD3<Double>, v: SIMD3<Double>, a: SIMD3<Double>) = ([1, 0, 0], [0, 1, 0], [0, 0, 1])

    /// Where ``retarget(lane:by:spring:)`` last moved a lane: the group of the new key for `spring` while the
    /// graph's ``AnimationGraph/springGroupGeneration`` is `generation` (no key has changed since, so the lanes
    /// re-targeted after it in the same frame go to the same group without building and comparing the key).
    @exclusivity(unchecked) var retargetDestination: (generation: Int, spring: FluidSpringAnimation,
                                                      group: Unmanaged<SpringLaneGroup>)?

    /// The lanes in the group (holes not counted).
    @exclusivity(unchecked) private(set) var count = 0

    /// Runs `body` with the graph, without retaining it.
    @inlinable @inline(__always)
    func withGraph<Result>(_ body: (AnimationGraph) -> Result) -> Result {
        graphReference._withUnsafeGuaranteedRef(body)
    }

    init(key: SpringLaneKey, graph: AnimationGraph) {
        self.key = key
        self.dimension = key.dimension
        self.graphReference = Unmanaged.passUnretained(graph)
        self.stepper = FluidSpringStepper(response: key.animation.response,
                                          dampingFraction: key.animation.dampingFraction)
        let halfStepDamping = 1 - stepper.damping * FluidSpringStepper.halfStepInterval
        let derivesForce = abs(halfStepDamping) >= 0.5
        self.derivesForce = derivesForce
        self.alpha = -stepper.stiffness / halfStepDamping
        self.beta = -stepper.damping / halfStepDamping
        restartAtBase()
    }

    deinit {
        states.deallocate()
        forces.deallocate()
        targets.deallocate()
        tolerances.deallocate()
    }

    /// Makes an empty group the group of `key`, in the state `init(key:)` gives, keeping the arrays'
    /// capacity and the cached powers of M (valid because `key` has the same spring: callers check
    /// `key.animation` and `key.dimension` equal the current key's).
    func reset(key: SpringLaneKey) {
        precondition(count == 0 && key.animation == self.key.animation && key.dimension == dimension)
        owners.removeAll(keepingCapacity: true)
        self.key = key
        withGraph { $0.springGroupGeneration &+= 1 }
        restartAtBase()
    }

    /// P ← identity: the bases are the current states (a new group, a reset one, or after ``rebase()``).
    private func restartAtBase() {
        transition = .identity
        isAtBase = true
        baseForceIsDerived = forceIsDerived
        updateRows()
    }

    /// Whether the lanes' current force is the derived α·u + β·v: they have taken a sub-step since the
    /// last merge (the sub-step clock is past the start time) and the derivation is well conditioned.
    private var forceIsDerived: Bool { derivesForce && key.clock > key.startTime }

    private func updateRows() {
        func row(_ r: SIMD4<Double>) -> SIMD3<Double> {
            baseForceIsDerived ? SIMD3(r[0] + r[2] * alpha, r[1] + r[2] * beta, 0) : SIMD3(r[0], r[1], r[2])
        }
        rows = (row(transition.x), row(transition.v), row(transition.a))
    }

    /// Component j of row `r` of P applied to lane `lane`'s base.
    @inlinable @inline(__always)
    func evaluate(_ r: SIMD3<Double>, _ lane: Int, _ j: Int) -> Double {
        let d = dimension
        let u = states[2 * lane * d + j], v = states[(2 * lane + 1) * d + j]
        if baseForceIsDerived { return r[0] * u + r[1] * v }
        return r[0] * u + r[1] * v + r[2] * forces[lane * d + j]
    }

    /// Component j of the offset u, velocity v, force a or target D of lane `lane`.
    @inlinable @inline(__always)
    func offset(_ lane: Int, _ j: Int) -> Double {
        isAtBase ? states[2 * lane * dimension + j] : evaluate(rows.u, lane, j)
    }
    @inlinable @inline(__always)
    func velocity(_ lane: Int, _ j: Int) -> Double {
        isAtBase ? states[(2 * lane + 1) * dimension + j] : evaluate(rows.v, lane, j)
    }
    /// Writes lane `lane`'s offset (`component` 0) or velocity (1), all ``dimension`` components, to `destination`,
    /// or adds them to what is there when `adding`: the read of a vector, whose dimension is known only here, with
    /// P's row chosen once. (Writing, not adding to zeros, keeps a −0 velocity −0, as the generic read gives it.)
    @inlinable @inline(__always)
    func readLane(_ lane: Int, component: Int, into destination: UnsafeMutablePointer<Double>, adding: Bool) {
        let d = dimension
        let u = states.base + 2 * lane * d, v = u + d
        @inline(__always) func store(_ j: Int, _ x: Double) { destination[j] = adding ? destination[j] + x : x }
        if isAtBase {
            let source = component == 0 ? u : v
            for j in 0..<d { store(j, source[j]) }
            return
        }
        let r = component == 0 ? rows.u : rows.v
        if baseForceIsDerived {
            for j in 0..<d { store(j, r[0] * u[j] + r[1] * v[j]) }
        } else {
            let a = forces.base + lane * d
            for j in 0..<d { store(j, r[0] * u[j] + r[1] * v[j] + r[2] * a[j]) }
        }
    }

    func force(_ lane: Int, _ j: Int) -> Double {
        isAtBase && !baseForceIsDerived ? forces[lane * dimension + j] : evaluate(rows.a, lane, j)
    }
    func target(_ lane: Int, _ j: Int) -> Double { targets[lane * dimension + j] }

    /// Calls `body` with the d components of lane `lane`'s offset (`component` 0), velocity (1) or force (2).
    func read<T>(_ lane: Int, component: Int, _ body: (UnsafePointer<Double>) -> T) -> T {
        withUnsafeTemporaryAllocation(of: Double.self, capacity: dimension) { buffer in
            for j in 0..<dimension {
                buffer[j] = component == 0 ? offset(lane, j) : component == 1 ? velocity(lane, j) : force(lane, j)
            }
            return body(UnsafePointer(buffer.baseAddress!))
        }
    }

    /// Copies lane `lane`'s u, v and a into `record` (3d values) and its D into `target` (d values); `d` is
    /// ``dimension``, passed so that a caller that knows it as a constant gets the loops unrolled.
    @inline(__always)
    func copyLane(_ lane: Int, record: UnsafeMutablePointer<Double>, target: UnsafeMutablePointer<Double>, dimension d: Int) {
        for j in 0..<d {
            record[j] = offset(lane, j)
            record[d + j] = velocity(lane, j)
            record[2 * d + j] = force(lane, j)
        }
        for j in 0..<d { target[j] = targets[lane * d + j] }
    }

    /// Adds a lane and tells `owner` its group and index; `record` holds u, v and a (3d values), `target` d
    /// values. `owner` is consumed, so that a lane moved here from another group (``retarget(lane:by:spring:)``,
    /// which takes it out of the old group's `owners`) keeps the one reference it had, without a retain and release.
    ///
    /// The columns never shrink (``remove(at:)`` leaves the last lane's old numbers behind): a group whose
    /// lanes leave and join every frame — channels re-targeted at each input frame — writes into the room
    /// they left. `owners` counts the lanes.
    @usableFromInline
    func append(owner: consuming any SpringLaneOwner, record: UnsafePointer<Double>, target: UnsafePointer<Double>,
                tolerance: Double) {
        append(owner: owner, record: record, target: target, tolerance: tolerance, dimension: dimension)
    }

    /// ``append(owner:record:target:tolerance:)`` with ``dimension`` passed (a constant where the caller knows it).
    @inline(__always)
    func append(owner: consuming any SpringLaneOwner, record: UnsafePointer<Double>, target: UnsafePointer<Double>,
                tolerance: Double, dimension d: Int) {
        if !isAtBase { rebase() }
        let lane = owners.count
        if lane >= laneCapacity {
            let lanes = Swift.max(16, 2 * laneCapacity)
            states.reserve(2 * d * lanes)
            forces.reserve(d * lanes)
            targets.reserve(d * lanes)
            tolerances.reserve(lanes)
            laneCapacity = lanes
        }
        for j in 0..<2 * d { states[2 * d * lane + j] = record[j] }
        for j in 0..<d {
            forces[d * lane + j] = record[2 * d + j]
            targets[d * lane + j] = target[j]
        }
        tolerances[lane] = tolerance
        owner.laneIndex = lane
        owner.laneGroup = self
        owners.append(owner)
        count += 1
    }

    /// Writes every lane's current state as its base and resets P to the identity.
    private func rebase() {
        let d = dimension, lanes = owners.count, rows = self.rows, usesForce = !baseForceIsDerived
        let p = states.base, q = forces.base
        for lane in 0..<lanes {
            let u = p + 2 * lane * d, v = u + d, a = q + lane * d
            for j in 0..<d {
                let base = SIMD3(u[j], v[j], usesForce ? a[j] : 0)
                // The same products and order as `evaluate`, so reads agree before and after.
                func row(_ r: SIMD3<Double>) -> Double {
                    usesForce ? r[0] * base[0] + r[1] * base[1] + r[2] * base[2] : r[0] * base[0] + r[1] * base[1]
                }
                (u[j], v[j], a[j]) = (row(rows.u), row(rows.v), row(rows.a))
            }
        }
        restartAtBase()
    }

    /// Removes lane `index`, leaving a hole that the next ``step(to:)`` fills (``fillHoles()``).
    ///
    /// Lanes leave a group in bulk — a frame's re-targets move every lane of a group to the next one — and
    /// moving the last lane into the place of each (swap-removal) would touch one more attribute per
    /// re-target, one that is not otherwise in cache; when the whole group leaves, there is nothing to fill.
    func remove(at index: Int) {
        _ = takeOwner(at: index)
    }

    /// Removes lane `index` like ``remove(at:)`` and returns its owner, moved out of `owners` (no retain or
    /// release), or `nil` for a hole.
    func takeOwner(at index: Int) -> (any SpringLaneOwner)? {
        guard let owner = owners[index].take() else { return nil }
        count -= 1
        return owner
    }

    /// Fills the holes left by ``remove(at:)``, highest first, each with the last lane, so the lanes end
    /// up where swap-removing them in that order would have put them.
    private func fillHoles() {
        let d = dimension
        var hole = owners.count - 1
        while owners.count > count {
            guard owners[owners.count - 1] != nil else {
                owners.removeLast()
                continue
            }
            let last = owners.count - 1
            hole = min(hole, last)
            while owners[hole] != nil { hole -= 1 }
            (states.base + 2 * hole * d).update(from: states.base + 2 * last * d, count: 2 * d)
            (forces.base + hole * d).update(from: forces.base + last * d, count: d)
            (targets.base + hole * d).update(from: targets.base + last * d, count: d)
            tolerances[hole] = tolerances[last]
            owners.swapAt(hole, last)
            owners.removeLast()
            owners[hole]?.laneIndex = hole
        }
    }

    /// Hands every lane back to its attribute (the graph is going away) and empties the group.
    func detachAll() {
        for owner in owners { owner?.detachFromSpringLane() }
        owners.removeAll()
        count = 0
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
        if count < owners.count { fillHoles() }
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
        var candidates: [Int]?
        if n > 0 {
            // Once a sub-step has made the force derivable, a base without stored forces halves what
            // a frame reads: one write pass for the group's whole life (lanes re-targeted every frame
            // leave before it).
            if !isAtBase, !baseForceIsDerived, forceIsDerived { rebase() }
            transition = transition.followed(by: power(n))
            isAtBase = false
            updateRows()
            candidates = screen()
        }
        if becameLogicallyComplete {
            for owner in owners { owner?.springLaneLogicallyCompleted() }
        }
        removeFinishedLanes(among: candidates)
    }

    /// The lanes that may be at rest or non-finite after this frame's step (the others cannot stop
    /// this frame), ascending.
    ///
    /// A lane can only stop when |v|² ≤ threshold. Per block of lanes, the smallest |v|² and the sum
    /// of the |v|² (non-finite if any velocity is) tell whether any lane in it needs the stop rule; only
    /// then are its lanes' |v|² compared one by one.
    private func screen() -> [Int] {
        let d = dimension, lanes = owners.count
        let usesForce = !baseForceIsDerived
        let threshold = FluidSpringStepper.restThresholdSquared
        let blockSize = 256
        var candidates: [Int] = []
        let p = states.base, q = forces.base
        var start = 0
        while start < lanes {
            let end = min(lanes, start + blockSize)
            let mayStop: Bool
            switch d {
            case 2:
                mayStop = Self.pairsMayStop(p, q, start..<end, rows.v, usesForce: usesForce, threshold: threshold)
            // The dimension as a constant, so that the component loop unrolls (one and four components: the
            // scalar types and `CGRect`).
            case 1: mayStop = Self.blockMayStop(p, q, start..<end, dimension: 1, rows.v, usesForce: usesForce, threshold: threshold)
            case 4: mayStop = Self.blockMayStop(p, q, start..<end, dimension: 4, rows.v, usesForce: usesForce, threshold: threshold)
            default: mayStop = Self.blockMayStop(p, q, start..<end, dimension: d, rows.v, usesForce: usesForce, threshold: threshold)
            }
            if mayStop {
                for lane in start..<end {
                    let speed = Self.speed(p, q, lane, dimension: d, rows.v, usesForce: usesForce)
                    if !(speed > threshold && speed < .infinity) { candidates.append(lane) }
                }
            }
            start = end
        }
        return candidates
    }

    /// |v|² of lane `lane` (`d` components), its velocity being P's velocity row `row` applied to the base, summed
    /// over the components in the stop rule's order.
    @inline(__always)
    private static func speed(_ states: UnsafeMutablePointer<Double>, _ forces: UnsafeMutablePointer<Double>, _ lane: Int,
                              dimension d: Int, _ row: SIMD3<Double>, usesForce: Bool) -> Double {
        let (c0, c1, c2) = (row[0], row[1], row[2])
        let u = states + 2 * lane * d, v = u + d, a = forces + lane * d
        var sum = 0.0
        for j in 0..<d {
            let w = usesForce ? c0 * u[j] + c1 * v[j] + c2 * a[j] : c0 * u[j] + c1 * v[j]
            sum += w * w
        }
        return sum
    }

    /// ``screen()``'s block test for lanes of `d` components: the smallest |v|² and their sum over the block.
    @inline(__always)
    private static func blockMayStop(_ states: UnsafeMutablePointer<Double>, _ forces: UnsafeMutablePointer<Double>,
                                     _ block: Range<Int>, dimension d: Int, _ row: SIMD3<Double>, usesForce: Bool,
                                     threshold: Double) -> Bool {
        var smallest = Double.infinity, total = 0.0
        for lane in block {
            let speed = speed(states, forces, lane, dimension: d, row, usesForce: usesForce)
            smallest = speed < smallest ? speed : smallest
            total += speed
        }
        return !(smallest > threshold) || !total.isFinite
    }

    /// ``screen()``'s block test for two-dimensional lanes: lanes go in pairs so that the two |v|² come out
    /// of one vertical add (no per-lane horizontal reduction in the loop). `states` and `forces` are the
    /// group's buffers, `row` P's velocity row.
    private static func pairsMayStop(_ states: UnsafeMutablePointer<Double>, _ forces: UnsafeMutablePointer<Double>,
                                     _ block: Range<Int>, _ row: SIMD3<Double>, usesForce: Bool,
                                     threshold: Double) -> Bool {
        let (c0, c1, c2) = (row[0], row[1], row[2])
        return states.withMemoryRebound(to: SIMD2<Double>.self, capacity: 2 * block.upperBound) { p in
            forces.withMemoryRebound(to: SIMD2<Double>.self, capacity: block.upperBound) { q in
                @inline(__always) func velocity(_ lane: Int) -> SIMD2<Double> {
                    usesForce ? c0 * p[2 * lane] + c1 * p[2 * lane + 1] + c2 * q[lane]
                        : c0 * p[2 * lane] + c1 * p[2 * lane + 1]
                }
                var screen = SpeedScreen()
                let pairs = block.count / 2
                var s = p + 2 * block.lowerBound
                let pairsEnd = s + 4 * pairs
                if usesForce {
                    var a = q + block.lowerBound
                    while s < pairsEnd {
                        screen.add(c0 * s[0] + c1 * s[1] + c2 * a[0], c0 * s[2] + c1 * s[3] + c2 * a[1])
                        s += 4
                        a += 2
                    }
                } else {
                    while s < pairsEnd {
                        screen.add(c0 * s[0] + c1 * s[1], c0 * s[2] + c1 * s[3])
                        s += 4
                    }
                }
                let lane = block.lowerBound + 2 * pairs
                if lane < block.upperBound { screen.add(velocity(lane), velocity(lane)) }
                return screen.mayStop(threshold: threshold)
            }
        }
    }

    /// The stop rule (docs/ANIMATION.md §2.3 step 6) and the finiteness guard for `candidates` (ascending; `nil`:
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
        // Highest index first (the order the owners have always been told in).
        for lane in finished.reversed() {
            guard let owner = owners[lane] else { continue }
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
