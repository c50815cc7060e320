// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// Owns animatable attributes and moves their animations through time. (docs/ANIMATION.md §5.)
///
/// Time only moves through ``advance(to:)``: the graph never reads a clock, so a test or a replay
/// drives it exactly. Changes made to attributes begin their animations at the graph's current
/// ``time``.
///
/// ```swift
/// let graph = AnimationGraph()
/// let scale = graph.attribute(1.0)
/// withAnimation(.bouncy) { scale.value = 1.5 }
/// var t = 0.0
/// while graph.isAnimating {
///     t += 1.0 / 120
///     graph.advance(to: t)
///     render(scale.presentationValue)
/// }
/// ```
///
/// **Threading.** A graph and its attributes are single-threaded by contract: create, change and
/// advance them from one thread (or one actor) only. They are not `Sendable`, so Swift 6's strict
/// concurrency checking enforces the contract at compile time. The current ``Transaction`` is a
/// task-local, so `withTransaction` on another thread never reaches this graph's changes. The fields a
/// re-target touches (the clock, the spring groups, the due completions) opt out of dynamic exclusivity
/// checks for the same reason: no access to them overlaps another.
public final class AnimationGraph {
    /// The graph's current time, seconds. Animations begun now have elapsed time 0.
    @exclusivity(unchecked) public private(set) var time: TimeInterval

    /// The environment animations see in their ``AnimationContext`` (e.g. reduce motion).
    @exclusivity(unchecked) public var environment: EnvironmentValues

    /// Attributes with a running animation or a pending logical-completion fork.
    var active: [any AttributeNode] = []
    /// Completion callbacks that became due, run after the current update.
    @exclusivity(unchecked) var dueCompletions: [() -> Void] = []
    @exclusivity(unchecked) private var isRunningCompletions = false
    private var isUpdating = false
    /// Fluid springs stepped in groups (see ``SpringLaneGroup``), and the groups by current key.
    @exclusivity(unchecked) var springGroups: [SpringLaneGroup] = []
    var springGroupIndex: [SpringLaneKey: SpringLaneGroup] = [:]
    /// Whether ``springGroupIndex`` reflects the groups' current keys (a step moves every clock, so
    /// it goes stale and is rebuilt at the next lookup that needs it, not at every step).
    @exclusivity(unchecked) var springGroupIndexIsCurrent = true
    @exclusivity(unchecked) var lastSpringGroup: SpringLaneGroup?
    /// Changes whenever a spring group's key may have changed (every step, every re-keyed group), so that what
    /// was found for a key (``SpringLaneGroup/retargetDestination``) is known to be still valid when it has not.
    @exclusivity(unchecked) var springGroupGeneration = 0
    /// Emptied groups kept for reuse by a new group with the same spring and dimension (their arrays keep
    /// their capacity), at most ``spareSpringGroupLimit``.
    var spareSpringGroups: [SpringLaneGroup] = []
    static let spareSpringGroupLimit = 4

    /// What the graph's attributes keep of it (``GraphLink``).
    private(set) lazy var link = GraphLink(self)

    /// Whether any spring group still holds a lane.
    private var hasGroupedSprings: Bool { springGroups.contains { $0.count > 0 } }

    /// A graph whose clock starts at `time` seconds.
    public init(time: TimeInterval = 0, environment: EnvironmentValues = EnvironmentValues()) {
        self.time = time.isFinite ? time : 0
        self.environment = environment
    }

    /// A group and the attributes stepped in it refer to each other (each lane's owner, each owner's
    /// group); the graph owns the groups. When the graph goes, every lane is handed back to its attribute
    /// (which keeps the spring's last state), so neither outlives what still refers to it.
    deinit {
        link.isAlive = false
        for group in springGroups {
            group.detachAll()
        }
    }

    /// A new attribute holding `initial` (model and presentation value).
    public func attribute<Value: Animatable>(_ initial: Value) -> AnimatableAttribute<Value> {
        AnimatableAttribute(initial, graph: self)
    }

    /// Whether any attribute is animating (or a completion is still following a merged animation),
    /// i.e. whether the graph needs further frames.
    public var isAnimating: Bool { !active.isEmpty || hasGroupedSprings }

    /// When the graph next needs a frame if frames come every `frameInterval` seconds, or `nil` when
    /// idle (nothing changes until an attribute is set).
    ///
    /// `time + frameInterval` while anything visibly animates. When the only running animations are
    /// velocity tracking (``Transaction/tracksVelocity`` without an animation: the presentation *is*
    /// the model), nothing moves until the tracking expires, 2 s after its newest sample, so the
    /// answer is the first frame after that — a daemon can sleep until the next input instead.
    public func nextFrameTime(frameInterval: TimeInterval) -> TimeInterval? {
        guard isAnimating else { return nil }
        let interval = max(0, frameInterval)
        if hasGroupedSprings { return time + interval }
        var earliest = TimeInterval.infinity
        for node in active {
            guard let expiry = node.trackingExpiry else { return time + interval }
            earliest = min(earliest, expiry)
        }
        return max(time, earliest) + interval
    }

    /// Moves the graph to `newTime` (seconds) and evaluates every running animation there, then runs
    /// the completion callbacks that became due. Time never moves backwards: an earlier or
    /// non-finite `newTime` re-evaluates at the current time.
    public func advance(to newTime: TimeInterval) {
        if newTime.isFinite, newTime > time { time = newTime }
        stepSpringGroups()
        // Updates may run client code (keyframe and phase content) that changes attributes: nodes
        // activated meanwhile are appended and updated in this pass; removals wait for the node's
        // own update to report it is done, so that no index moves under the loop.
        isUpdating = true
        var index = 0
        while index < active.count {
            if active[index].update(at: time) {
                index += 1
            } else {
                deactivate(at: index)
            }
        }
        isUpdating = false
        runDueCompletions()
    }

    func activate(_ node: any AttributeNode) {
        guard node.activeIndex < 0 else { return }
        node.activeIndex = active.count
        active.append(node)
    }

    func deactivate(_ node: any AttributeNode) {
        if node.activeIndex >= 0, !isUpdating { deactivate(at: node.activeIndex) }
    }

    private func deactivate(at index: Int) {
        active[index].activeIndex = -1
        let last = active.removeLast()
        if index < active.count {
            last.activeIndex = index
            active[index] = last
        }
    }

    /// Tells `listeners` that one of their animations is done; queues those now due.
    func animationsRemoved(_ listeners: [AnimationCompletion]) {
        for listener in listeners {
            if let callback = listener.animationWasRemoved() { dueCompletions.append(callback) }
        }
    }

    /// Runs the queued completion callbacks, in the order they became due. Callbacks may change
    /// attributes; anything they make due runs in the same pass.
    @usableFromInline
    func runDueCompletions() {
        guard !isRunningCompletions, !dueCompletions.isEmpty else { return }
        isRunningCompletions = true
        defer { isRunningCompletions = false }
        var index = 0
        while index < dueCompletions.count {
            dueCompletions[index]()
            index += 1
        }
        dueCompletions.removeAll()
    }
}
