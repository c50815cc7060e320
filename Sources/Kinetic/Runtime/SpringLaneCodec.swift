import Foundation

/// How code inlined into a caller's module reads and writes a lane type's components without the
/// codec's closures (``AnimatableAttribute/laneData(_:component:adding:)``).
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
struct SpringLaneCodec<V: VectorArithmetic> {
    let dimension: (V) -> Int
    let write: (V, UnsafeMutablePointer<Double>, Int) -> Void
    let read: (UnsafePointer<Double>, Int) -> V
    let layout: LaneLayout

    /// The codec for `V`, or `nil` when `V` cannot use lanes (Float, nested run-time-dimension pairs,
    /// types outside the engine).
    static func make() -> SpringLaneCodec? {
        guard let type = V.self as? any SpringLaneVector.Type else { return nil }
        return make(for: type)
    }

    private static func make<T: SpringLaneVector>(for type: T.Type) -> SpringLaneCodec? {
        guard T.self == V.self, T.fixedLaneDimension != nil || T.self == AnimatableVector.self else { return nil }
        // V is T (checked above); the casts only restate it for the type checker.
        return SpringLaneCodec(
            dimension: { unsafeBitCast($0, to: T.self).laneDimension },
            write: { unsafeBitCast($0, to: T.self).writeLane(to: $1, dimension: $2) },
            read: { unsafeBitCast(T(lane: $0, dimension: $1), to: V.self) },
            layout: layout(of: type))
    }

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
