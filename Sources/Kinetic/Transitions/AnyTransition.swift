// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// Any transition, type-erased (SwiftUI's `AnyTransition`), with the same built-ins as static members: what
/// ``TransitionPresence`` holds and what kineticd parses from a client's `insert`.
///
/// ```swift
/// let transition: AnyTransition = .asymmetric(insertion: .push(from: .bottom), removal: .opacity)
/// ```
public struct AnyTransition: Transition {
    private let applyChange: (inout TransitionEffect, TransitionPhase) -> Void
    private let phaseAnimation: (TransitionPhase) -> Animation??

    /// `transition`, erased.
    public init<T: Transition>(_ transition: T) {
        applyChange = { transition.apply(to: &$0, phase: $1) }
        phaseAnimation = { transition.animation(for: $0) }
    }

    /// The erased transition's change.
    public func apply(to effect: inout TransitionEffect, phase: TransitionPhase) { applyChange(&effect, phase) }

    /// The erased transition's animation.
    public func animation(for phase: TransitionPhase) -> Animation?? { phaseAnimation(phase) }

    /// This transition and `other` together.
    public func combined(with other: AnyTransition) -> AnyTransition {
        AnyTransition(CombinedTransition(self, other))
    }

    /// This transition animated with `animation`.
    public func animation(_ animation: Animation?) -> AnyTransition {
        AnyTransition(AnimatedTransition(self, animation: animation))
    }

    /// ``IdentityTransition``.
    public static var identity: AnyTransition { AnyTransition(IdentityTransition()) }
    /// ``OpacityTransition``.
    public static var opacity: AnyTransition { AnyTransition(OpacityTransition()) }
    /// ``ScaleTransition`` from and to 0.
    public static var scale: AnyTransition { AnyTransition(ScaleTransition(0)) }
    /// ``SlideTransition``.
    public static var slide: AnyTransition { AnyTransition(SlideTransition()) }
    /// ``BlurReplaceTransition`` with ``BlurReplaceTransition/Configuration/downUp``.
    public static var blurReplace: AnyTransition { AnyTransition(BlurReplaceTransition()) }

    /// ``ScaleTransition`` by `scale` about `anchor` (SwiftUI's `AnyTransition.scale(scale:anchor:)`).
    public static func scale(scale: Double, anchor: UnitPoint = .center) -> AnyTransition {
        AnyTransition(ScaleTransition(scale, anchor: anchor))
    }
    /// ``MoveTransition`` through `edge`.
    public static func move(edge: Edge) -> AnyTransition { AnyTransition(MoveTransition(edge: edge)) }
    /// ``OffsetTransition`` by `offset` points.
    public static func offset(_ offset: CGSize) -> AnyTransition { AnyTransition(OffsetTransition(offset)) }
    /// ``OffsetTransition`` by (`x`, `y`) points.
    public static func offset(x: CGFloat = 0, y: CGFloat = 0) -> AnyTransition {
        AnyTransition(OffsetTransition(CGSize(width: x, height: y)))
    }
    /// ``PushTransition`` in from `edge`.
    public static func push(from edge: Edge) -> AnyTransition { AnyTransition(PushTransition(edge: edge)) }
    /// ``BlurReplaceTransition`` with `configuration`.
    public static func blurReplace(_ configuration: BlurReplaceTransition.Configuration = .downUp) -> AnyTransition {
        AnyTransition(BlurReplaceTransition(configuration))
    }
    /// ``AsymmetricTransition``: `insertion` in, `removal` out.
    public static func asymmetric(insertion: AnyTransition, removal: AnyTransition) -> AnyTransition {
        AnyTransition(AsymmetricTransition(insertion: insertion, removal: removal))
    }
}
