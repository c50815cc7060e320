// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// Changes nothing (SwiftUI's `IdentityTransition`, `.identity`).
public struct IdentityTransition: Transition {
    /// The identity transition.
    public init() {}

    /// Nothing.
    public func apply(to effect: inout TransitionEffect, phase: TransitionPhase) {}
}

/// Fades: opacity 0 before appearing and after disappearing (SwiftUI's `OpacityTransition`, `.opacity`).
public struct OpacityTransition: Transition {
    /// The fade.
    public init() {}

    /// Opacity × 0 outside ``TransitionPhase/identity``.
    public func apply(to effect: inout TransitionEffect, phase: TransitionPhase) {
        if !phase.isIdentity { effect.opacity *= 0 }
    }
}

/// Scales by ``scale`` about ``anchor`` before appearing and after disappearing (SwiftUI's `ScaleTransition`,
/// `.scale` and `.scale(_:anchor:)`).
///
/// `.scale` scales from and to 0: SwiftUI's documentation does not give its factor; 0 is Kinetic's choice, after
/// seed 003's table of transitions ("Scale from zero").
public struct ScaleTransition: Transition {
    /// The factor outside ``TransitionPhase/identity``.
    public var scale: Double
    /// The point of the element that stays in place.
    public var anchor: UnitPoint

    /// Scales by `scale` about `anchor`.
    public init(_ scale: Double, anchor: UnitPoint = .center) {
        self.scale = scale
        self.anchor = anchor
    }

    /// Scale × ``scale`` outside ``TransitionPhase/identity``; the anchor in every phase, so that the animation
    /// between phases scales about it.
    public func apply(to effect: inout TransitionEffect, phase: TransitionPhase) {
        effect.scaleAnchor = anchor
        if !phase.isIdentity {
            effect.scale.width *= CGFloat(scale)
            effect.scale.height *= CGFloat(scale)
        }
    }
}

/// Moves the element just past ``edge`` before appearing and after disappearing (SwiftUI's `MoveTransition`,
/// `.move(edge:)`): by its own width or height (``TransitionEffect/relativeOffset``).
public struct MoveTransition: Transition {
    /// The edge it comes in from and goes out to.
    public var edge: Edge

    /// In from and out to `edge`.
    public init(edge: Edge) { self.edge = edge }

    /// ``Edge/unitOffset`` of ``edge`` outside ``TransitionPhase/identity``.
    public func apply(to effect: inout TransitionEffect, phase: TransitionPhase) {
        if !phase.isIdentity { effect.relativeOffset.animatableData += edge.unitOffset.animatableData }
    }
}

/// Moves the element by ``offset`` points before appearing and after disappearing (SwiftUI's `OffsetTransition`,
/// `.offset(_:)`, `.offset(x:y:)`).
public struct OffsetTransition: Transition {
    /// The move, in points.
    public var offset: CGSize

    /// Moves by `offset`.
    public init(_ offset: CGSize) { self.offset = offset }

    /// Offset + ``offset`` outside ``TransitionPhase/identity``.
    public func apply(to effect: inout TransitionEffect, phase: TransitionPhase) {
        if !phase.isIdentity { effect.offset.animatableData += offset.animatableData }
    }
}

/// Comes in from the leading edge and goes out at the trailing edge (SwiftUI's `SlideTransition`, `.slide`).
public struct SlideTransition: Transition {
    /// The slide.
    public init() {}

    /// The leading edge's offset before appearing, the trailing edge's after disappearing.
    public func apply(to effect: inout TransitionEffect, phase: TransitionPhase) {
        switch phase {
        case .willAppear: effect.relativeOffset.animatableData += Edge.leading.unitOffset.animatableData
        case .identity: break
        case .didDisappear: effect.relativeOffset.animatableData += Edge.trailing.unitOffset.animatableData
        }
    }
}

/// Comes in from ``edge`` fading in and goes out at the opposite edge fading out (SwiftUI's `PushTransition`,
/// `.push(from:)`).
public struct PushTransition: Transition {
    /// The edge it comes in from.
    public var edge: Edge

    /// In from `edge`, out to the opposite edge.
    public init(edge: Edge) { self.edge = edge }

    /// ``edge``'s offset and opacity 0 before appearing; the opposite edge's offset and opacity 0 after.
    public func apply(to effect: inout TransitionEffect, phase: TransitionPhase) {
        switch phase {
        case .willAppear: effect.relativeOffset.animatableData += edge.unitOffset.animatableData
        case .identity: return
        case .didDisappear: effect.relativeOffset.animatableData += edge.opposite.unitOffset.animatableData
        }
        effect.opacity *= 0
    }
}

/// Blurs, scales and fades (SwiftUI's `BlurReplaceTransition`, `.blurReplace`, `.blurReplace(_:)`).
///
/// SwiftUI documents what the configurations do — ``Configuration/downUp`` scales down on removal and up on
/// insertion, ``Configuration/upUp`` up on both — but not by how much, or the blur's radius. Kinetic's numbers:
/// outside ``TransitionPhase/identity`` a blur of ``blurRadius`` (20) points and opacity 0; before appearing
/// scale ``smallScale`` (0.8), so the element grows into place; after disappearing ``smallScale`` with `.downUp`
/// (it shrinks away) and ``largeScale`` (1.2) with `.upUp` (it grows away).
public struct BlurReplaceTransition: Transition {
    /// Which way the element scales.
    public enum Configuration: Hashable, Sendable {
        /// Scales up while inserted (from ``smallScale``), down while removed (to ``smallScale``).
        case downUp
        /// Scales up while inserted (from ``smallScale``) and while removed (to ``largeScale``).
        case upUp
    }

    /// The blur radius outside ``TransitionPhase/identity``, in points (Kinetic's choice).
    public static let blurRadius = 20.0
    /// The scale an element grows from, or shrinks to (Kinetic's choice).
    public static let smallScale = 0.8
    /// The scale an element grows to when it leaves with ``Configuration/upUp`` (Kinetic's choice).
    public static let largeScale = 1.2

    /// Which way the blurred content moves as it is replaced (`.downUp` or `.upUp`).
    public var configuration: Configuration

    /// A blur replace with `configuration`.
    public init(_ configuration: Configuration = .downUp) { self.configuration = configuration }

    /// Blur, opacity 0 and the configuration's scale outside ``TransitionPhase/identity``.
    public func apply(to effect: inout TransitionEffect, phase: TransitionPhase) {
        let factor: Double
        switch phase {
        case .identity: return
        case .willAppear: factor = Self.smallScale
        case .didDisappear: factor = configuration == .downUp ? Self.smallScale : Self.largeScale
        }
        effect.blurRadius += Self.blurRadius
        effect.opacity *= 0
        effect.scale.width *= CGFloat(factor)
        effect.scale.height *= CGFloat(factor)
    }
}

// SwiftUI's static members, so that `.opacity`, `.move(edge: .bottom)` … name the built-ins where a transition is
// expected.
extension Transition where Self == IdentityTransition {
    /// ``IdentityTransition``.
    public static var identity: IdentityTransition { IdentityTransition() }
}

extension Transition where Self == OpacityTransition {
    /// ``OpacityTransition``.
    public static var opacity: OpacityTransition { OpacityTransition() }
}

extension Transition where Self == ScaleTransition {
    /// ``ScaleTransition`` from and to 0 (Kinetic's choice of factor, after seed 003; see the type).
    public static var scale: ScaleTransition { ScaleTransition(0) }
    /// ``ScaleTransition`` by `scale` about `anchor`.
    public static func scale(_ scale: Double, anchor: UnitPoint = .center) -> ScaleTransition {
        ScaleTransition(scale, anchor: anchor)
    }
}

extension Transition where Self == MoveTransition {
    /// ``MoveTransition`` through `edge`.
    public static func move(edge: Edge) -> MoveTransition { MoveTransition(edge: edge) }
}

extension Transition where Self == OffsetTransition {
    /// ``OffsetTransition`` by `offset` points.
    public static func offset(_ offset: CGSize) -> OffsetTransition { OffsetTransition(offset) }
    /// ``OffsetTransition`` by (`x`, `y`) points.
    public static func offset(x: CGFloat = 0, y: CGFloat = 0) -> OffsetTransition {
        OffsetTransition(CGSize(width: x, height: y))
    }
}

extension Transition where Self == SlideTransition {
    /// ``SlideTransition``.
    public static var slide: SlideTransition { SlideTransition() }
}

extension Transition where Self == PushTransition {
    /// ``PushTransition`` in from `edge`.
    public static func push(from edge: Edge) -> PushTransition { PushTransition(edge: edge) }
}

extension Transition where Self == BlurReplaceTransition {
    /// ``BlurReplaceTransition`` with ``BlurReplaceTransition/Configuration/downUp``.
    public static var blurReplace: BlurReplaceTransition { BlurReplaceTransition() }
    /// ``BlurReplaceTransition`` with `configuration`.
    public static func blurReplace(_ configuration: BlurReplaceTransition.Configuration = .downUp) -> BlurReplaceTransition {
        BlurReplaceTransition(configuration)
    }
}

extension Transition {
    /// ``AsymmetricTransition``: `insertion` in, `removal` out.
    public static func asymmetric<Insertion: Transition, Removal: Transition>(
        insertion: Insertion, removal: Removal
    ) -> Self where Self == AsymmetricTransition<Insertion, Removal> {
        AsymmetricTransition(insertion: insertion, removal: removal)
    }
}
