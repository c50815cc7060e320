import Foundation

/// Converts an attribute's animatable data to and from lane components, when its type allows it.
struct SpringLaneCodec<V: VectorArithmetic> {
    let dimension: (V) -> Int
    let write: (V, UnsafeMutablePointer<Double>, Int) -> Void
    let read: (UnsafePointer<Double>, Int) -> V

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
            read: { unsafeBitCast(T(lane: $0, dimension: $1), to: V.self) })
    }
}
