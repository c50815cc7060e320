// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// A vector of `Double` components whose dimension is known only at run time.
///
/// The daemon's channels use it: a channel's dimension comes from its configuration or from a
/// client's `define` command. Arithmetic pads the shorter operand with zeros, so ``zero`` (the
/// empty vector) is a true identity for every dimension, and two vectors are equal when they
/// agree after padding (`[] == [0, 0]`). SwiftUI's internal `AnimatableArray` instead truncates to
/// the shorter operand, which would make `zero + v == zero`; Kinetic deliberately does not.
public struct AnimatableVector: VectorArithmetic, Sendable, Hashable, Animatable {
    /// The components, in order.
    public var components: [Double]

    @inlinable
    public init(_ components: [Double]) { self.components = components }

    /// A vector of `dimension` zeros.
    @inlinable
    public init(dimension: Int) { self.components = Array(repeating: 0, count: max(0, dimension)) }

    /// The number of components.
    @inlinable
    public var dimension: Int { components.count }

    /// The empty vector, the identity for every dimension.
    @inlinable
    public static var zero: Self { Self([]) }

    @inlinable
    public static func + (lhs: Self, rhs: Self) -> Self {
        var result = lhs
        result += rhs
        return result
    }

    @inlinable
    public static func += (lhs: inout Self, rhs: Self) {
        if lhs.components.count < rhs.components.count {
            lhs.components.append(contentsOf: repeatElement(0, count: rhs.components.count - lhs.components.count))
        }
        for i in rhs.components.indices { lhs.components[i] += rhs.components[i] }
    }

    @inlinable
    public static func - (lhs: Self, rhs: Self) -> Self {
        var result = lhs
        result -= rhs
        return result
    }

    @inlinable
    public static func -= (lhs: inout Self, rhs: Self) {
        if lhs.components.count < rhs.components.count {
            lhs.components.append(contentsOf: repeatElement(0, count: rhs.components.count - lhs.components.count))
        }
        for i in rhs.components.indices { lhs.components[i] -= rhs.components[i] }
    }

    /// Scales every component by `rhs`.
    @inlinable
    public mutating func scale(by rhs: Double) {
        for i in components.indices { components[i] *= rhs }
    }

    /// The sum of the squares of the components.
    @inlinable
    public var magnitudeSquared: Double { components.reduce(0) { $0 + $1 * $1 } }

    /// Component `index`, or 0 past the end.
    @inlinable
    public subscript(index: Int) -> Double {
        get { index < components.count ? components[index] : 0 }
        set {
            if index >= components.count {
                components.append(contentsOf: repeatElement(0, count: index + 1 - components.count))
            }
            components[index] = newValue
        }
    }

    /// Equal when the components agree after padding the shorter vector with zeros.
    public static func == (lhs: Self, rhs: Self) -> Bool {
        let n = max(lhs.components.count, rhs.components.count)
        for i in 0..<n where lhs[i] != rhs[i] { return false }
        return true
    }

    /// Hashes the components without trailing zeros, consistent with `==`.
    public func hash(into hasher: inout Hasher) {
        var end = components.count
        while end > 0, components[end - 1] == 0 { end -= 1 }
        for i in 0..<end { hasher.combine(components[i]) }
    }
}

extension AnimatableVector: ExpressibleByArrayLiteral {
    /// Creates a vector from a list of components: `[120, 40]`.
    public init(arrayLiteral elements: Double...) { self.init(elements) }
}

extension AnimatableVector: CustomStringConvertible {
    /// The components as an array literal, e.g. `[120.0, 40.0]`.
    public var description: String { "\(components)" }
}
