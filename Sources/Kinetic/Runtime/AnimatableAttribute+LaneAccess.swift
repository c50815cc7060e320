// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// The grouped path's public reads and re-targets, inlined into the caller's module.
///
/// Each works on the lane's `Double` components through ``LaneLayout`` — the value's own bytes for the
/// fixed-size types, the components array for `AnimatableVector` — with exactly the arithmetic of the
/// generic path (``genericPresentationValue``, ``change(to:)`` → ``retargetSpringLane(by:animation:completions:)``),
/// which remains the path for everything else.
extension AnimatableAttribute {
    /// The lane's offset (`component` 0) or velocity (1) as animatable data, added component-wise to the model's
    /// (``modelData``) when `addingModel` (the presentation is model + offset).
    ///
    /// Specialised for `Data`, the branches below fold to one: a fixed-size type of one, two or four
    /// components is built from a `Double` or a SIMD vector of the same size (no round trip through memory),
    /// a vector is written into the previous read's array when nobody holds that any more (else into a new one),
    /// other sizes go through the value's bytes.
    @inlinable @inline(__always)
    func laneData(_ reference: Unmanaged<SpringLaneGroup>, component: Int, addingModel: Bool) -> Data {
        let lane = laneIndex
        @inline(__always) func value(_ j: Int) -> Double {
            reference._withUnsafeGuaranteedRef { component == 0 ? $0.offset(lane, j) : $0.velocity(lane, j) }
        }
        if Data.self == AnimatableVector.self {
            return reference._withUnsafeGuaranteedRef { group in
                // The model's components are read in place (an access to the stored property, not a copy of the
                // vector, which would retain and release its array).
                withUnsafeMutablePointer(to: &modelData) { model in
                    let model = UnsafeMutableRawPointer(model).assumingMemoryBound(to: AnimatableVector.self)
                    let modelCount = addingModel ? model.pointee.components.count : 0
                    let count = Swift.max(modelCount, group.dimension)
                    // The previous read's array, written in place when nobody else holds it (``laneReadBuffer``;
                    // otherwise the write copies it first). Written through the stored property, not moved out
                    // and back, which would retain and release the empty array put in its place.
                    if laneReadBuffer.count != count { laneReadBuffer = [Double](repeating: 0, count: count) }
                    laneReadBuffer.withUnsafeMutableBufferPointer { buffer in
                        let destination = buffer.baseAddress!
                        if addingModel {
                            model.pointee.components.withUnsafeBufferPointer { model in
                                for j in 0..<count { destination[j] = j < modelCount ? model[j] : 0 }
                            }
                        } else {
                            for j in group.dimension..<count { destination[j] = 0 }
                        }
                        group.readLane(lane, component: component, into: destination, adding: addingModel)
                    }
                    return unsafeBitCast(AnimatableVector(laneReadBuffer), to: Data.self)
                }
            }
        }
        let base: Data? = addingModel ? modelData : nil
        switch MemoryLayout<Data>.size {
        case 8:
            let offset = value(0)
            guard let base else { return unsafeBitCast(offset, to: Data.self) }
            return unsafeBitCast(unsafeBitCast(base, to: Double.self) + offset, to: Data.self)
        case 16:
            let offset = SIMD2(value(0), value(1))
            guard let base else { return unsafeBitCast(offset, to: Data.self) }
            return unsafeBitCast(unsafeBitCast(base, to: SIMD2<Double>.self) + offset, to: Data.self)
        case 32:
            let offset = SIMD4(value(0), value(1), value(2), value(3))
            guard let base else { return unsafeBitCast(offset, to: Data.self) }
            return unsafeBitCast(unsafeBitCast(base, to: SIMD4<Double>.self) + offset, to: Data.self)
        default:
            var data = base ?? modelData
            withUnsafeMutableBytes(of: &data) { bytes in
                for j in 0..<MemoryLayout<Data>.size / 8 {
                    let sum = base == nil ? value(j) : bytes.load(fromByteOffset: 8 * j, as: Double.self) + value(j)
                    bytes.storeBytes(of: sum, toByteOffset: 8 * j, as: Double.self)
                }
            }
            return data
        }
    }

    /// Writes `new − old` component-wise into `change` (`dimension` components, zeros past a vector's own),
    /// or returns `false` when the generic path must handle the change: a component not finite, a squared
    /// magnitude that overflows, no change at all, or a vector longer than the lane.
    @inlinable @inline(__always)
    func writeLaneChange(from old: Data, to new: Data, into change: UnsafeMutablePointer<Double>, dimension: Int) -> Bool {
        if Data.self == AnimatableVector.self {
            let old = unsafeBitCast(old, to: AnimatableVector.self), new = unsafeBitCast(new, to: AnimatableVector.self)
            guard old.components.count <= dimension, new.components.count <= dimension else { return false }
            for j in 0..<dimension { change[j] = new[j] - old[j] }
        } else {
            withUnsafeBytes(of: old) { oldBytes in
                withUnsafeBytes(of: new) { newBytes in
                    for j in 0..<dimension {
                        change[j] = newBytes.load(fromByteOffset: 8 * j, as: Double.self)
                            - oldBytes.load(fromByteOffset: 8 * j, as: Double.self)
                    }
                }
            }
        }
        var magnitudeSquared = 0.0, isChange = false
        for j in 0..<dimension {
            magnitudeSquared += change[j] * change[j]
            isChange = isChange || change[j] != 0
        }
        return isChange && magnitudeSquared.isFinite
    }

    /// A change to `newValue` under a transaction that carries only `spring`, applied to the lane directly
    /// when ``laneRetargetReady``; `false`, with nothing changed, when the generic path must apply it.
    @inlinable
    func retargetLane(to newValue: Value, spring: FluidSpringAnimation) -> Bool {
        // ``laneRetargetReady``, which the caller checked, already says the layout is readable inline.
        guard let reference = laneGroupReference else { return false }
        return reference._withUnsafeGuaranteedRef { group in
            guard group.canRetarget(with: spring) else { return false }
            let newData = newValue.animatableData
            let dimension = group.dimension
            return withUnsafeTemporaryAllocation(of: Double.self, capacity: dimension) { buffer in
                let change = buffer.baseAddress!
                guard writeLaneChange(from: modelData, to: newData, into: change, dimension: dimension) else { return false }
                model = newValue
                modelData = newData
                // The lane may move to another group: nothing below uses `group` after this.
                let graph = group.graphReference
                group.retarget(lane: laneIndex, by: change, spring: spring)
                graph._withUnsafeGuaranteedRef { $0.runDueCompletions() }
                return true
            }
        }
    }

    /// A change to `newValue` of an idle attribute (``laneStartReady``) under a transaction that carries only
    /// `spring`: the spring starts on a lane directly, as a re-target moves one; `false`, with nothing changed, when
    /// the generic path must apply the change.
    ///
    /// From rest, the generic path evaluates the new spring at elapsed 0, which changes nothing — no sub-step is
    /// due (the clock is not before 0), the state stays all zeros, the spring is not logically complete (0 < r) and
    /// not finished (all of the interval I remains, more than 1 % of it) — and then moves it onto a lane with offset
    /// 0 − I, velocity and force 0, target I and tolerance |0.01·I|². This writes that lane from I = new − old,
    /// computed with the value type's own arithmetic as the generic path computes it, and leaves to the generic path
    /// every case where one of those facts does not hold (a response that is not positive, an interval that is
    /// zero, not finite or too small for the 1 % test).
    @inlinable
    func startLane(to newValue: Value, spring: FluidSpringAnimation) -> Bool {
        let newData = newValue.animatableData
        let delta = newData - modelData
        let remainingSquared = delta.magnitudeSquared
        let toleranceSquared = delta.scaled(by: FluidSpringStepper.targetTolerance).magnitudeSquared
        guard spring.response > 0, remainingSquared.isFinite, toleranceSquared > 0, toleranceSquared < remainingSquared
        else { return false }
        let dimension = Data.self == AnimatableVector.self
            ? unsafeBitCast(delta, to: AnimatableVector.self).components.count
            : MemoryLayout<Data>.size / 8
        return withUnsafeTemporaryAllocation(of: Double.self, capacity: 4 * dimension) { buffer in
            let x = buffer.baseAddress!, target = x + 3 * dimension
            if Data.self == AnimatableVector.self {
                unsafeBitCast(delta, to: AnimatableVector.self).components.withUnsafeBufferPointer { components in
                    for j in 0..<dimension { target[j] = components[j] }
                }
            } else {
                withUnsafeBytes(of: delta) { bytes in
                    for j in 0..<dimension { target[j] = bytes.load(fromByteOffset: 8 * j, as: Double.self) }
                }
            }
            for j in 0..<dimension {
                x[j] = 0 - target[j]
                x[dimension + j] = 0
                x[2 * dimension + j] = 0
            }
            model = newValue
            modelData = newData
            startLane(by: delta, record: x, target: target, dimension: dimension, tolerance: toleranceSquared,
                      spring: spring)
            return true
        }
    }

    /// Recomputes ``laneRetargetReady`` after anything it depends on changed: a change (completions, forks,
    /// reason), an override or transform, the logical-completion listeners firing.
    func refreshLaneRetargetReady() {
        laneRetargetReady = laneLayout != .none && animationOverride == nil
            && transactionTransform == nil && forks.isEmpty
            && (animator.map { $0.logicalListeners.isEmpty && $0.reason == nil } ?? false)
    }
}
