// SPDX-License-Identifier: Apache-2.0
// The geometry types of SwiftUI's API (CGFloat, CGPoint, CGSize, CGRect) for Kinetic and KineticInput.
//
// With the package trait `FoundationGeometry` (on by default, for code that also imports Foundation) they are
// Foundation's own. Without it (kineticd and kineticctl build with --disable-default-traits) they are defined here, so
// that nothing links Foundation and its ICU data: CGFloat is Double, as Foundation's CGFloat is on 64-bit Linux,
// and the three structs have Foundation's stored properties, initialisers and the members Kinetic uses.
//
// It also brings the C library (the math functions, errno, file descriptors) to Kinetic's and KineticInput's users, as
// Foundation did before these modules left it.
#if canImport(Glibc)
@_exported import Glibc
#elseif canImport(Darwin)
@_exported import Darwin
#endif

#if FoundationGeometry
@_exported import struct Foundation.CGFloat
@_exported import struct Foundation.CGPoint
@_exported import struct Foundation.CGRect
@_exported import struct Foundation.CGSize
#else
/// A graphics scalar: `Double`, as Foundation's `CGFloat` is on 64-bit platforms.
public typealias CGFloat = Double

/// A point in a two-dimensional coordinate system.
public struct CGPoint: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The horizontal coordinate.
    public var x: CGFloat
    /// The vertical coordinate.
    public var y: CGFloat

    /// The point at `x`, `y`.
    public init(x: CGFloat, y: CGFloat) {
        self.x = x
        self.y = y
    }

    /// A point at the origin.
    public init() { self.init(x: 0, y: 0) }

    /// The origin.
    public static let zero = CGPoint()

    public var description: String { "(\(x), \(y))" }
}

/// A width and a height.
public struct CGSize: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The horizontal extent (negative for a size that runs leftwards).
    public var width: CGFloat
    /// The vertical extent (negative for a size that runs upwards).
    public var height: CGFloat

    /// A size of `width` by `height`.
    public init(width: CGFloat, height: CGFloat) {
        self.width = width
        self.height = height
    }

    /// A size of zero.
    public init() { self.init(width: 0, height: 0) }

    /// The size of zero.
    public static let zero = CGSize()

    public var description: String { "(\(width), \(height))" }
}

/// A rectangle: an origin and a size.
public struct CGRect: Hashable, Sendable, Codable, CustomStringConvertible {
    /// The corner with the smallest coordinates (for a rectangle of positive size).
    public var origin: CGPoint
    /// The width and the height.
    public var size: CGSize

    /// A rectangle at `origin` of `size`.
    public init(origin: CGPoint, size: CGSize) {
        self.origin = origin
        self.size = size
    }

    /// A rectangle at `x`, `y` of `width` by `height`.
    public init(x: CGFloat, y: CGFloat, width: CGFloat, height: CGFloat) {
        self.init(origin: CGPoint(x: x, y: y), size: CGSize(width: width, height: height))
    }

    /// An empty rectangle at the origin.
    public init() { self.init(origin: .zero, size: .zero) }

    /// The empty rectangle at the origin.
    public static let zero = CGRect()

    /// The width (of the standardised rectangle, as Foundation's: never negative).
    public var width: CGFloat { abs(size.width) }
    /// The height, never negative.
    public var height: CGFloat { abs(size.height) }
    /// The x of the centre.
    public var midX: CGFloat { origin.x + size.width / 2 }
    /// The y of the centre.
    public var midY: CGFloat { origin.y + size.height / 2 }

    public var description: String { "(\(origin), \(size))" }
}
#endif
