// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// A headless animatable value: the model value you set, and the presentation value an
/// ``AnimationGraph`` animates towards it. (docs/ANIMATION.md §5.)
///
/// ```swift
/// let graph = AnimationGraph()
/// let offset = graph.attribute(0.0)
/// withAnimation(.spring) { offset.value = 100 }   // starts at graph.time
/// graph.advance(to: graph.time + 1.0 / 60)
/// offset.presentationValue                          // on its way to 100
/// ```
///
/// Setting ``value`` reads the current ``Transaction``: with an animation (or with
/// ``Transaction/tracksVelocity``) the change starts an animation at the graph's current time, or
/// merges into / combines with the running one (docs/ANIMATION.md §5.3); without one it snaps, or — while an
/// animation runs — shifts the presentation by exactly the un-animated delta and leaves the running
/// animation alone (docs/ANIMATION.md §5.1). A change whose delta is not finite snaps and stops any animation, so
/// NaN never enters the running state.
///
/// Like its graph, an attribute is single-threaded (not `Sendable`). It keeps a weak reference to
/// the graph; the graph keeps it alive while it animates.
///
/// **Speed.** ``value``, ``presentationValue``, ``presentationData`` and ``velocity`` are inlined into the
/// caller's module, so that they are specialised for `Value` there: for the grouped types (`Double`,
/// `CGFloat`, `AnimatablePair`s of those, `CGPoint`, `CGSize`, `CGRect`, `AnimatableVector`) a read or a
/// re-target of a grouped spring works on the spring's numbers directly instead of through generic
/// code. Everything else takes the generic path, with the same results. The attribute's hot fields opt
/// out of dynamic exclusivity checks: it is single-threaded, and no access to them overlaps another.
public final class AnimatableAttribute<Value: Animatable> {
    @usableFromInline typealias Data = Value.AnimatableData

    // The fields the inlined reads and re-targets touch come first, so that they share the object's first
    // cache line(s): reading 100 000 attributes a frame is bound by memory, not arithmetic.
    /// The group stepping this attribute's fluid spring, when it is on the grouped path; the spring's
    /// numbers then live in the group and `animator`'s spring state (and animation) is stale.
    ///
    /// Unretained (``laneGroupReference``): the graph owns its groups, a group is dropped only once it holds
    /// no lane, and every way out of a lane (finishing, leaving, stopping, the graph's deinit) sets this to
    /// `nil` first — so it is valid whenever it is not `nil`. Re-targets move a lane from group to group at
    /// every input frame: without the retain and release of two groups per move, and with the lane's owner
    /// reference moved rather than copied, the `Double` re-target went from about 185 to about 150 ns (single runs
    /// of `make bench-runtime BENCH_ARGS="--type Double --runs 1 --frames 60"`, before and after, alternated).
    @usableFromInline var laneGroup: SpringLaneGroup? {
        get { laneGroupReference?.takeUnretainedValue() }
        set { laneGroupReference = newValue.map(Unmanaged.passUnretained) }
    }
    /// ``laneGroup`` as stored, which the inlined reads and re-targets use without retaining the group.
    @usableFromInline @exclusivity(unchecked) var laneGroupReference: Unmanaged<SpringLaneGroup>?
    @usableFromInline @exclusivity(unchecked) var laneIndex = -1
    /// How inlined code reads the lane's components (``SpringLaneCodec/layout``).
    @usableFromInline let laneLayout: LaneLayout
    /// Whether a change under a transaction that carries only a fluid spring may re-target the lane
    /// directly (``retargetLane(to:spring:)``) when there is one: the type's lanes are readable inline and
    /// the running animation has no animation override, no transaction transform, no fork, no
    /// logical-completion listener and no frame-interval reason — nothing the generic path of
    /// ``change(to:)`` would act on. It does not follow the lane itself (the inlined path checks
    /// ``laneGroup``), so leaving a lane needs no update. Kept by ``refreshLaneRetargetReady()``.
    @usableFromInline @exclusivity(unchecked) var laneRetargetReady = false
    /// ``activeIndex``, in the bytes beside the flags above.
    private var activeSlot: Int32 = -1
    @usableFromInline @exclusivity(unchecked) var modelData: Data
    @usableFromInline @exclusivity(unchecked) var model: Value
    /// The array an `AnimatableVector` attribute's last inlined read returned, reused by the next read when the
    /// caller has let go of it (the array is then this attribute's alone, so writing it in place changes no value
    /// anyone holds; otherwise the write copies it, as any array does): a read allocates nothing. Always empty
    /// for the other types.
    @usableFromInline @exclusivity(unchecked) var laneReadBuffer: [Double] = []
    /// The graph, while it exists (``GraphLink``).
    @usableFromInline let graphLink: GraphLink
    @usableFromInline var graph: AnimationGraph? {
        @inlinable get { graphLink.current }
    }
    @usableFromInline @exclusivity(unchecked) var animator: AnimatorState<Data>?
    /// ``animation(_:)``'s override, ``transaction(_:)``'s transform and the logical forks, which few attributes
    /// have: kept in a box of their own so that every attribute's object stays small.
    @exclusivity(unchecked) private var customization: Customization?

    /// What ``animation(_:)`` and ``transaction(_:)`` set, and the running forks.
    private final class Customization {
        var animationOverride: Animation??
        var transactionTransform: ((inout Transaction) -> Void)?
        var forks: [LogicalFork<Data>] = []
    }

    /// Listeners following animations that a later change merged into or combined with (``LogicalFork``).
    var forks: [LogicalFork<Data>] {
        get { customization?.forks ?? [] }
        _modify {
            if let customization {
                yield &customization.forks
            } else {
                var forks: [LogicalFork<Data>] = []
                yield &forks
                if !forks.isEmpty { customize().forks = forks }
            }
        }
    }

    /// Index in the graph's active list, or −1.
    @usableFromInline var activeIndex: Int {
        get { Int(activeSlot) }
        // A graph lists fewer attributes than Int32 counts: 2³¹ of them would take 200 GB.
        set { activeSlot = Int32(truncatingIfNeeded: newValue) }
    }

    var animationOverride: Animation?? {
        get { customization?.animationOverride ?? nil }
        set {
            if newValue != nil || customization != nil { customize().animationOverride = newValue }
            refreshLaneRetargetReady()
        }
    }

    var transactionTransform: ((inout Transaction) -> Void)? {
        get { customization?.transactionTransform }
        set {
            if newValue != nil || customization != nil { customize().transactionTransform = newValue }
            refreshLaneRetargetReady()
        }
    }

    private func customize() -> Customization {
        if let customization { return customization }
        let made = Customization()
        customization = made
        return made
    }

    init(_ initial: Value, graph: AnimationGraph) {
        self.graphLink = graph.link
        self.model = initial
        self.modelData = initial.animatableData
        self.laneLayout = SpringLaneCodec<Data>.layout
    }

    /// Whether a change under a transaction that carries only a fluid spring may start the spring on a lane
    /// directly (``startLane(to:spring:)``): the type's lanes are readable inline and the attribute is idle (no
    /// running animation) with no animation override, transaction transform or fork.
    @inlinable var laneStartReady: Bool { laneLayout != .none && animator == nil && !isCustomized }

    /// Whether ``animation(_:)`` or ``transaction(_:)`` set something, or a fork runs (the box of those exists).
    @usableFromInline var isCustomized: Bool { customization != nil }

    /// The model value: what the attribute is animating towards. Setting it applies the current
    /// transaction (see the type's documentation).
    public var value: Value {
        @inlinable get { model }
        @inlinable set {
            if laneRetargetReady, let spring = Transaction.laneRetargetSpring(),
               retargetLane(to: newValue, spring: spring) {
                return
            }
            if laneStartReady, let spring = Transaction.laneRetargetSpring(), startLane(to: newValue, spring: spring) {
                return
            }
            change(to: newValue)
        }
    }

    /// The value to display at the graph's current time: the model value with its animatable data
    /// replaced by M + y − I while an animation runs (docs/ANIMATION.md §5.2).
    public var presentationValue: Value {
        @inlinable @inline(__always) get {
            if let reference = laneGroupReference, laneLayout != .none {
                let data = laneData(reference, component: 0, addingModel: true)
                // A value that is its own animatable data (`Double`, `CGFloat`, `AnimatableVector`) is that data:
                // copying the model only to replace all of it would retain and release a vector's array.
                if Value.self == Data.self { return unsafeBitCast(data, to: Value.self) }
                var presented = model
                presented.animatableData = data
                return presented
            }
            return genericPresentationValue
        }
    }

    /// The animatable data of ``presentationValue``.
    public var presentationData: Value.AnimatableData {
        @inlinable @inline(__always) get {
            if let reference = laneGroupReference, laneLayout != .none {
                return laneData(reference, component: 0, addingModel: true)
            }
            return genericPresentationData
        }
    }

    /// The presentation velocity at the graph's current time, in animatable-data units per second:
    /// zero when idle, the running animation's velocity when it reports one, `nil` when it cannot
    /// (timing curves, combined animations).
    public var velocity: Value.AnimatableData? {
        @inlinable @inline(__always) get {
            if let reference = laneGroupReference, laneLayout != .none {
                return laneData(reference, component: 1, addingModel: false)
            }
            return genericVelocity
        }
    }

    @usableFromInline var genericPresentationValue: Value {
        guard let offset = presentationOffset else { return model }
        var presented = model
        presented.animatableData = modelData + offset
        return presented
    }

    @usableFromInline var genericPresentationData: Data {
        guard let offset = presentationOffset else { return modelData }
        return modelData + offset
    }

    @usableFromInline var genericVelocity: Data? {
        if let velocity = laneVelocity { return velocity }
        guard let animator else { return .zero }
        return animator.velocity(at: graph?.time ?? animator.beginTime)
    }

    /// Whether an animation is running on this attribute (velocity tracking included).
    public var isAnimating: Bool { animator != nil }

    /// Drops every animation running on this attribute (merged, combined and forked ones included), so
    /// that the presentation is the model value at once. Their `.removed` completions, and
    /// `.logicallyComplete` ones not yet fired, fire now, once each (docs/ANIMATION.md §6.4).
    ///
    /// SwiftUI has no such call: there an un-animated change leaves a running animation alone and
    /// shifts the presentation by the change (§5.1). A headless client that wants a jump — the daemon's
    /// `set` command — removes the animations first, then changes the value without animation.
    public func removeAnimations() {
        stopAnimating()
        graph?.runDueCompletions()
    }

    /// The presentation minus the model, or `nil` when they are equal by construction (idle).
    var presentationOffset: Data? {
        if let offset = laneOffset { return offset }
        return animator?.presentationOffset
    }
}
