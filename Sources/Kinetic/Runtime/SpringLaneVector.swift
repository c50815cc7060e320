// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// Animatable data the grouped spring path can store as plain `Double` components.
///
/// The components are listed in the order of the type's own arithmetic, so that component-wise
/// operations on them are exactly the type's operations and sums of squares match
/// `magnitudeSquared` (in that order) for flat types.
protocol SpringLaneVector: VectorArithmetic {
    /// The number of components of every value of the type, or `nil` when it varies per value.
    static var fixedLaneDimension: Int? { get }
    /// The number of components of this value.
    var laneDimension: Int { get }
    /// Writes exactly `dimension` components at `base` (zeros past the value's own components).
    func writeLane(to base: UnsafeMutablePointer<Double>, dimension: Int)
    /// The value made of the `dimension` components at `base`.
    init(lane base: UnsafePointer<Double>, dimension: Int)
}

extension Double: SpringLaneVector {
    static var fixedLaneDimension: Int? { 1 }
    var laneDimension: Int { 1 }
    func writeLane(to base: UnsafeMutablePointer<Double>, dimension: Int) { base[0] = self }
    init(lane base: UnsafePointer<Double>, dimension: Int) { self = base[0] }
}

#if FoundationGeometry  // otherwise CGFloat is Double
extension CGFloat: SpringLaneVector {
    // CGFloat is Double-backed on 64-bit platforms; elsewhere it is not eligible.
    static var fixedLaneDimension: Int? { MemoryLayout<CGFloat>.size == 8 ? 1 : nil }
    var laneDimension: Int { 1 }
    func writeLane(to base: UnsafeMutablePointer<Double>, dimension: Int) { base[0] = Double(self) }
    init(lane base: UnsafePointer<Double>, dimension: Int) { self = CGFloat(base[0]) }
}
#endif

extension AnimatablePair: SpringLaneVector where First: SpringLaneVector, Second: SpringLaneVector {
    static var fixedLaneDimension: Int? {
        guard let first = First.fixedLaneDimension, let second = Second.fixedLaneDimension else { return nil }
        return first + second
    }

    var laneDimension: Int { first.laneDimension + second.laneDimension }

    func writeLane(to base: UnsafeMutablePointer<Double>, dimension: Int) {
        let split = First.fixedLaneDimension ?? first.laneDimension
        first.writeLane(to: base, dimension: split)
        second.writeLane(to: base + split, dimension: dimension - split)
    }

    init(lane base: UnsafePointer<Double>, dimension: Int) {
        let split = First.fixedLaneDimension ?? 0
        self.init(First(lane: base, dimension: split), Second(lane: base + split, dimension: dimension - split))
    }
}

extension AnimatableVector: SpringLaneVector {
    static var fixedLaneDimension: Int? { nil }
    var laneDimension: Int { components.count }

    func writeLane(to base: UnsafeMutablePointer<Double>, dimension: Int) {
        for index in 0..<dimension { base[index] = index < components.count ? components[index] : 0 }
    }

    init(lane base: UnsafePointer<Double>, dimension: Int) {
        self.init(Array(UnsafeBufferPointer(start: base, count: dimension)))
    }
}
