// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// The iOS 18 zoom transition, headless: an element's frame (and corner radius) animated between the rect of the
/// source it zooms out of and the rect it is presented in, with SwiftUI's interactive dismissal — the presented
/// element follows a drag, shrinking as it goes, and on release either completes the dismissal (back into the
/// source) or cancels it (back to full size). (Seed 000, part 7.)
///
/// ```swift
/// let zoom = ZoomTransition(graph: graph, source: cellFrame, destination: screenFrame, sourceCornerRadius: 12)
/// withAnimation(.smooth) { zoom.present() }
/// zoom.updateDismissal(translation: drag)                       // each drag frame (.interactiveSpring)
/// let dismissed = zoom.endDismissal(translation: drag, velocity: dragVelocity)   // .spring, the drag's velocity
/// draw(zoom.frame.presentationValue, zoom.cornerRadius.presentationValue)
/// ```
///
/// Every change goes through the current transaction (``present()``, ``dismiss()``) or a fluid spring
/// (the drag and its release), so a presentation interrupted by a dismissal turns round without a jump, and the
/// release spring starts with the drag's velocity (fluid springs merge, docs/ANIMATION.md §5.4) — the seed's
/// "push transitions cannot be cancelled; they convert to pop". Apple publishes none of the dismissal's numbers;
/// Kinetic's (``minimumDragScale``, ``dismissalDistance``) are documented where they are used.
public final class ZoomTransition {
    /// Where the element is, or is going.
    public enum State: Hashable, Sendable {
        /// In the source (not presented).
        case dismissed
        /// Presented, or being presented.
        case presented
        /// Following a dismissal drag.
        case dragging
    }

    /// The element's frame.
    public let frame: AnimatableAttribute<CGRect>
    /// The element's corner radius, in points.
    public let cornerRadius: AnimatableAttribute<Double>
    /// The rect of the source the element zooms out of and back into.
    public var source: CGRect
    /// The rect the element is presented in.
    public var destination: CGRect
    /// The corner radii at the source and when presented.
    public var sourceCornerRadius: Double, destinationCornerRadius: Double
    /// Where the element is, or is going.
    public private(set) var state: State = .dismissed

    /// The scale a drag shrinks the element to at ``dismissalDistance`` or more (Kinetic's choice: 0.6).
    public static let minimumDragScale = 0.6
    /// The drag distance, as a fraction of the destination's height, that shrinks the element to
    /// ``minimumDragScale`` (Kinetic's choice: 1, the height itself).
    public static let shrinkDistance = 1.0
    /// How far, as a fraction of the destination's height, the release must project the element for the
    /// dismissal to complete (Kinetic's choice: 0.25). The projection is where a fling that loses 0.2 % of its
    /// speed each millisecond would stop (UIScrollView's normal deceleration rate, 0.998).
    public static let dismissalDistance = 0.25
    /// UIScrollView's normal deceleration rate, per millisecond. The projection (v/1000)·d/(1 − d) is the one
    /// KineticInput's `DecelerationRate` makes for the bindings' release targets; the engine does not depend on the
    /// input layer, so the one line is written here too (docs/INPUT.md §5.5).
    public static let decelerationRate = 0.998

    /// An element of `graph` zooming between `source` and `destination`, dismissed (in the source).
    public init(graph: AnimationGraph, source: CGRect, destination: CGRect, sourceCornerRadius: Double = 0,
                destinationCornerRadius: Double = 0) {
        self.source = source
        self.destination = destination
        self.sourceCornerRadius = sourceCornerRadius
        self.destinationCornerRadius = destinationCornerRadius
        frame = graph.attribute(source)
        cornerRadius = graph.attribute(sourceCornerRadius)
    }

    /// Zooms the element from the source to the destination under the current transaction.
    public func present() {
        state = .presented
        frame.value = destination
        cornerRadius.value = destinationCornerRadius
    }

    /// Zooms the element back into the source under the current transaction (from wherever it is).
    public func dismiss() {
        state = .dismissed
        frame.value = source
        cornerRadius.value = sourceCornerRadius
    }

    /// The frame while a dismissal drag has moved the element by `translation`: the destination, shrunk about its
    /// centre by ``dragScale(for:)`` and moved by `translation`.
    public func dragFrame(for translation: CGSize) -> CGRect {
        let scale = CGFloat(dragScale(for: translation))
        let size = CGSize(width: destination.width * scale, height: destination.height * scale)
        return CGRect(x: destination.midX + translation.width - size.width / 2,
                      y: destination.midY + translation.height - size.height / 2,
                      width: size.width, height: size.height)
    }

    /// 1 − (1 − ``minimumDragScale``) · min(1, distance / (``shrinkDistance`` × the destination's height)).
    public func dragScale(for translation: CGSize) -> Double {
        let distance = translation.animatableData.magnitudeSquared.squareRoot()
        let full = Self.shrinkDistance * Double(destination.height)
        let progress = full > 0 && distance.isFinite ? min(1, distance / full) : 1
        return 1 - (1 - Self.minimumDragScale) * progress
    }

    /// A dismissal drag's update: the element follows the finger (moved by `translation` since the drag began)
    /// with `.interactiveSpring`, shrinking with the distance.
    public func updateDismissal(translation: CGSize) {
        state = .dragging
        withAnimation(.interactiveSpring) { frame.value = dragFrame(for: translation) }
    }

    /// The end of a dismissal drag moved by `translation` and released at `velocity` (points per second): when the
    /// projected translation (``decelerationRate``) is at least ``dismissalDistance`` of the destination's height
    /// the element springs back into the source, else back to full size; either way with `.spring`, which starts
    /// with the drag's velocity. Returns whether it dismissed.
    @discardableResult
    public func endDismissal(translation: CGSize, velocity: CGSize) -> Bool {
        var projected = velocity.animatableData
        projected.scale(by: Self.decelerationRate / (1 - Self.decelerationRate) / 1000)
        projected += translation.animatableData
        let distance = projected.magnitudeSquared.squareRoot()
        let dismisses = distance.isFinite && distance >= Self.dismissalDistance * Double(destination.height)
        withAnimation(.spring) {
            if dismisses { dismiss() } else { present() }
        }
        return dismisses
    }
}
