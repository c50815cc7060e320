// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// What a transition does to an element, headless: the numbers SwiftUI's transition modifiers would apply to a
/// view (its opacity, scale, offset, rotation and blur), for a renderer — a compositor, a shell, a client of
/// kineticd — to apply to whatever it draws.
///
/// Transitions compose (``Transition/combined(with:)``): opacities and scales multiply, offsets, rotations and
/// blur radii add, and an anchor is the last one a transition set. ``identity`` changes nothing.
public struct TransitionEffect: Hashable, Sendable {
    /// Multiplies the element's opacity (1: unchanged, 0: invisible).
    public var opacity: Double
    /// Scales the element's width and height about ``scaleAnchor`` (1: unchanged).
    public var scale: CGSize
    /// The point of the element that scaling keeps in place.
    public var scaleAnchor: UnitPoint
    /// Moves the element, in points.
    public var offset: CGSize
    /// Moves the element, in multiples of its own width and height (what ``Transition/move(edge:)``,
    /// ``Transition/slide`` and ``Transition/push(from:)`` use: SwiftUI moves by the view's size, which only the
    /// renderer knows). The move in points is `relativeOffset` × size, plus ``offset``.
    public var relativeOffset: CGSize
    /// Rotates the element about ``rotationAnchor``.
    public var rotation: Angle
    /// The point of the element that rotation keeps in place.
    public var rotationAnchor: UnitPoint
    /// A Gaussian blur's radius, in points (0: sharp).
    public var blurRadius: Double

    /// An effect; every argument defaults to the identity's.
    public init(opacity: Double = 1, scale: CGSize = CGSize(width: 1, height: 1), scaleAnchor: UnitPoint = .center,
                offset: CGSize = .zero, relativeOffset: CGSize = .zero, rotation: Angle = .zero,
                rotationAnchor: UnitPoint = .center, blurRadius: Double = 0) {
        self.opacity = opacity
        self.scale = scale
        self.scaleAnchor = scaleAnchor
        self.offset = offset
        self.relativeOffset = relativeOffset
        self.rotation = rotation
        self.rotationAnchor = rotationAnchor
        self.blurRadius = blurRadius
    }

    /// No change at all.
    public static let identity = TransitionEffect()
}
