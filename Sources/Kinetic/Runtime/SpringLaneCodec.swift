// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// How code inlined into a caller's module reads and writes a lane type's components without the
/// codec (``AnimatableAttribute/laneData(_:component:addingModel:)``).
@usableFromInline
enum LaneLayout: Sendable {
    /// Not readable without the codec: the generic path.
    case none
    /// The value's bytes are its lane components, `Double`s in lane order (checked when the codec is made).
    case bitwise
    /// `AnimatableVector`: its components array, zeros past its end.
    case vector
}

/// Converts an attribute's animatable data to and from lane components, when its type allows it.
///
/// It keeps the type's ``SpringLaneVector`` conformance (an existential metatype, two words) and opens it per
/// call, rather than three closures: every attribute of a lane type stores one, and closures over a generic type
/// each allocated a context, which made a `Double` attribute take 400 bytes of memory (reading 100 000
/// attributes a frame is bound by memory). A running animation keeps it (``AnimatorState/laneCodec``): every use is
/// on an animating attribute, so idle attributes do not carry it.
struct SpringLaneCodec<V: VectorArithmetic> {
    private let type: any SpringLaneVector.Type

    /// How code inlined into callers may read `V`'s lanes (an attribute keeps it): `.none` when `V` cannot use
    /// lanes (Float, nested run-time-dimension pairs, types outside the engine) or only through the codec.
    static var layout: LaneLayout {
        guard let type = V.self as? any SpringLaneVector.Type else { return .none }
        return layout(for: type)
    }

    /// The codec for `V`, for each running animation (``AnimatorState``), or `nil` when `V` cannot use lanes.
    static func codec() -> SpringLaneCodec? {
        guard let type = V.self as? any SpringLaneVector.Type else { return nil }
        return codec(for: type)
    }

    private static func codec<T: SpringLaneVector>(for type: T.Type) -> SpringLaneCodec? {
        guard T.self == V.self, T.fixedLaneDimension != nil || T.self == AnimatableVector.self else { return nil }
        return SpringLaneCodec(type: type)
    }

    private static func layout<T: SpringLaneVector>(for type: T.Type) -> LaneLayout {
        codec(for: type) == nil ? .none : layout(of: type)
    }

    /// The number of components of `value`.
    func dimension(_ value: V) -> Int { type.laneDimension(of: value) }

    /// Writes exactly `dimension` components of `value` at `base`.
    func write(_ value: V, _ base: UnsafeMutablePointer<Double>, _ dimension: Int) {
        type.writeLane(of: value, to: base, dimension: dimension)
    }

    /// The value made of the `dimension` components at `base`.
    func read(_ base: UnsafePointer<Double>, _ dimension: Int) -> V { type.value(lane: base, dimension: dimension) }

    /// `.vector` for `AnimatableVector`; `.bitwise` when a value of `T` is, byte for byte, its lane components
    /// — a trivial type of exactly `dimension` `Double`s, which a value built from the components 1…d shows
    /// in order; `.none` otherwise.
    private static func layout<T: SpringLaneVector>(of type: T.Type) -> LaneLayout {
        if T.self == AnimatableVector.self { return .vector }
        guard let dimension = T.fixedLaneDimension, dimension > 0, _isPOD(T.self),
              MemoryLayout<T>.size == 8 * dimension else { return .none }
        let probe = (0..<dimension).map { Double($0 + 1) }
        let value = probe.withUnsafeBufferPointer { T(lane: $0.baseAddress!, dimension: dimension) }
        let matches = withUnsafeBytes(of: value) { bytes in
            (0..<dimension).allSatisfy { bytes.load(fromByteOffset: 8 * $0, as: Double.self) == probe[$0] }
        }
        return matches ? .bitwise : .none
    }
}

extension SpringLaneVector {
    // The codec's operations on a value of a type `V` that is `Self` (``SpringLaneCodec/codec()`` checks it): the casts
    // only restate that for the type checker.

    static func laneDimension<V>(of value: V) -> Int { unsafeBitCast(value, to: Self.self).laneDimension }

    static func writeLane<V>(of value: V, to base: UnsafeMutablePointer<Double>, dimension: Int) {
        unsafeBitCast(value, to: Self.self).writeLane(to: base, dimension: dimension)
    }

    static func value<V>(lane base: UnsafePointer<Double>, dimension: Int) -> V {
        unsafeBitCast(Self(lane: base, dimension: dimension), to: V.self)
    }
}
