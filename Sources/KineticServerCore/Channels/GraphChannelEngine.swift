// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials
import Kinetic
import KineticProtocol
import KineticBindings

/// The production ``ChannelEngine``: each channel is an `AnimatableAttribute<AnimatableVector>` of
/// one `Kinetic.AnimationGraph`, changed inside `withAnimation` exactly as a SwiftUI view changes
/// its state (docs/ANIMATION.md §5, §6).
///
/// Times are CLOCK_MONOTONIC nanoseconds, converted to graph seconds relative to ``epoch``. Every
/// change first advances the graph to the change's own time, so an input event or a command
/// retargets the animation at the moment it happened, not at the next tick.
public final class GraphChannelEngine: ChannelEngine {
    /// The graph the channels live in.
    public let graph: AnimationGraph
    /// The CLOCK_MONOTONIC time (ns) that is graph time 0.
    public let epoch: UInt64

    struct Entry {
        var descriptor: ChannelDescriptor
        let source: Source
        /// The previous sample, for velocities the animation cannot report (timing curves).
        var lastPresentation: [Double]
        var lastTime: Double
        /// ``motionVersion(at:)``: bumped by every change of the channel and when its animation ends.
        var motionVersion: UInt64 = 0
        /// Whether the channel was animating when its motion version was last read.
        var wasAnimating = false
        /// Whether its last descriptor was `frames` for a response blend, which ends with time alone.
        var describedBlending = false
    }

    /// Where a channel's numbers come from.
    enum Source {
        /// A client's or a binding's channel: one attribute.
        case attribute(AnimatableAttribute<AnimatableVector>)
        /// An element's channel: its presentation value, its velocity when the animation reports one, and, for a
        /// transition's channels, the motion of the attribute behind it (`nil`: the channel has no closed form).
        case element(read: () -> [Double], velocity: () -> [Double]?, motion: (() -> ElementMotion)?)

        var value: [Double] {
            switch self {
            case .attribute(let attribute): attribute.presentationData.components
            case .element(let read, _, _): read()
            }
        }

        /// Whether a described motion runs (an attribute's or a transition's animation).
        var isAnimating: Bool {
            switch self {
            case .attribute(let attribute): attribute.isAnimating
            case .element(_, _, let motion): motion?().isAnimating ?? false
            }
        }

        var velocity: [Double]? {
            switch self {
            case .attribute(let attribute): attribute.velocity?.components
            case .element(_, let velocity, _): velocity()
            }
        }
    }

    /// An element channel's attribute as a motion descriptor sees it: its motion in the channel's units, and whether
    /// it animates.
    struct ElementMotion {
        var motion: AttributeMotion<AnimatableVector>
        var isAnimating: Bool

        init<Value: Animatable>(_ attribute: AnimatableAttribute<Value>, _ numbers: (Value.AnimatableData) -> [Double]) {
            motion = attribute.motion.mapped { AnimatableVector(numbers($0)) }
            isAnimating = attribute.isAnimating
        }
    }

    /// An element: a group of channels one of the engine's headless systems drives.
    enum Element {
        case presence(TransitionPresence)
        case zoom(ZoomTransition)
        case effect(EffectState)
    }

    /// A symbol effect's player (a value) behind its channels' closures, and the effect and options it plays. The
    /// element's five channels read one sample per graph time: the player is evaluated once a frame, not per channel.
    final class EffectState {
        private(set) var player: SymbolEffectPlayer
        private(set) var expressionText: String
        private var sampled: (time: Double, values: [Double], velocities: [Double])?

        init(_ player: SymbolEffectPlayer, expressionText: String) {
            self.player = player
            self.expressionText = expressionText
        }

        /// Plays `expression` from now on: a new effect or new options replace the player, the same one keeps its state.
        func play(_ expression: SymbolEffectExpression) {
            guard expression.description != expressionText else { return }
            player = expression.player
            expressionText = expression.description
            sampled = nil
        }

        /// Changes the player (a trigger or an activation).
        func update(_ change: (inout SymbolEffectPlayer) -> Void) {
            change(&player)
            sampled = nil
        }

        /// The components of the values and of their velocities at `time`.
        func sample(at time: Double) -> (values: [Double], velocities: [Double]) {
            if let sampled, sampled.time == time { return (sampled.values, sampled.velocities) }
            let values = player.values(at: time).components, velocities = player.velocities(at: time).components
            sampled = (time, values, velocities)
            return (values, velocities)
        }
    }

    var entries: [Entry] = []
    /// The names of ``entries``, kept beside them: defining a thousand channels (a reload) checks each name in
    /// constant time.
    var names: Set<String> = []
    /// The serial of the next channel created (``ChannelDescriptor/serial``).
    var nextSerial: UInt64 = 1
    var elements: [String: Element] = [:]
    /// Elements whose removal ended during the current operation; their channels go when it returns, so that no
    /// index an operation holds moves under it.
    var endedRemovals: [String] = []
    public internal(set) var tableVersion: UInt64 = 0
    var pending: [EngineEvent] = []

    /// An engine whose graph time 0 is CLOCK_MONOTONIC `epoch`.
    public init(epoch: UInt64) {
        self.epoch = epoch
        self.graph = AnimationGraph(time: 0)
    }

    /// The channels in definition order.
    public var channels: [ChannelDescriptor] { entries.map(\.descriptor) }

    /// Whether the graph has nothing animating (including pending logical-completion forks) and no symbol effect runs.
    public var isSettled: Bool {
        !graph.isAnimating && !elements.values.contains { element in
            if case .effect(let state) = element { return state.player.isRunning(at: graph.time) }
            return false
        }
    }

    /// The graph environment's `accessibilityReduceMotion`; animations of later changes follow the reduce-motion patterns.
    public var reduceMotion: Bool {
        get { graph.environment.accessibilityReduceMotion }
        set { graph.environment.accessibilityReduceMotion = newValue }
    }

    /// Advances the graph to CLOCK_MONOTONIC `time`: every operation's first step. A step longer than
    /// ``Kinetic/AttributeMotion/catchUpLimit`` makes the running springs catch up instead of running it, so the motion
    /// of every animating channel is no longer what was described: their motion versions move.
    func advanceGraph(to time: UInt64) {
        let now = seconds(time)
        if now - graph.time > AttributeMotion<Double>.catchUpLimit {
            for i in entries.indices {
                if entries[i].source.isAnimating { entries[i].motionVersion += 1 }
            }
        }
        graph.advance(to: now)
    }

    /// Graph seconds for a CLOCK_MONOTONIC time; times before the epoch map to 0.
    public func seconds(_ time: UInt64) -> Double { time > epoch ? Double(time - epoch) / 1e9 : 0 }

    func index(of name: String) throws(ChannelEngineError) -> Int {
        guard let i = entries.firstIndex(where: { $0.descriptor.name == name }) else {
            throw ChannelEngineError(.unknownChannel, "no channel named \"\(name)\"" + NearestName.suggestion(for: name, in: entries.map(\.descriptor.name))
                                     + "; `list` shows the channels")
        }
        return i
    }

    /// The attribute of a channel that is not an element's (only the element's commands change those).
    func attribute(at i: Int) throws(ChannelEngineError) -> AnimatableAttribute<AnimatableVector> {
        guard case .attribute(let attribute) = entries[i].source else {
            let descriptor = entries[i].descriptor
            throw ChannelEngineError(.wrongKind, "\"\(descriptor.name)\" belongs to element \"\(descriptor.element ?? "")\"; use insert, remove, zoom or effect on the element")
        }
        return attribute
    }

    func check(_ value: [Double], for i: Int) throws(ChannelEngineError) {
        let dimension = entries[i].descriptor.dimension
        guard value.count == dimension else {
            throw ChannelEngineError(.dimensionMismatch, "\"\(entries[i].descriptor.name)\" has \(dimension) components, got \(value.count)")
        }
        guard value.allSatisfy(\.isFinite) else {
            throw ChannelEngineError(.badValue, "values must be finite numbers")
        }
    }

    func takeEvents() -> [EngineEvent] {
        for element in endedRemovals { drop(element) }
        endedRemovals = []
        defer { pending = [] }
        return pending
    }

    /// Forgets an element and its channels, stopping its animations (a removal it was in does not report).
    func drop(_ element: String) {
        guard let removed = elements.removeValue(forKey: element) else { return }
        switch removed {
        case .presence(let p):
            for stop in [p.opacity.removeAnimations, p.scale.removeAnimations, p.offset.removeAnimations,
                         p.relativeOffset.removeAnimations, p.rotation.removeAnimations, p.blurRadius.removeAnimations] {
                stop()
            }
        case .zoom(let zoom):
            zoom.frame.removeAnimations()
            zoom.cornerRadius.removeAnimations()
        case .effect:
            break
        }
        for entry in entries where entry.descriptor.element == element { names.remove(entry.descriptor.name) }
        entries.removeAll { $0.descriptor.element == element }
        tableVersion += 1
    }

    func takeSerial() -> UInt64 {
        defer { nextSerial += 1 }
        return nextSerial
    }

    /// Creates an attribute holding `initial`, after advancing the graph to `time`.
    public func define(_ name: String, dimension: Int, initial: [Double], owner: ChannelOwner, at time: UInt64) throws(ChannelEngineError) {
        guard !names.contains(name) else {
            throw ChannelEngineError(.channelExists, "a channel named \"\(name)\" exists already")
        }
        guard initial.count == dimension, initial.allSatisfy(\.isFinite) else {
            throw ChannelEngineError(.dimensionMismatch, "\"initial\" needs \(dimension) finite numbers")
        }
        advanceGraph(to: time)
        let attribute = graph.attribute(AnimatableVector(initial))
        names.insert(name)
        entries.append(Entry(descriptor: ChannelDescriptor(name: name, dimension: dimension, owner: owner, serial: takeSerial()),
                             source: .attribute(attribute), lastPresentation: initial, lastTime: graph.time))
        tableVersion += 1
    }

    /// Jumps to `value`: the running animation is removed (its `removed` completions fire) and the
    /// presentation equals the model at once.
    public func set(_ name: String, to value: [Double], at time: UInt64) throws(ChannelEngineError) -> [EngineEvent] {
        let i = try index(of: name)
        let attribute = try attribute(at: i)
        try check(value, for: i)
        advanceGraph(to: time)
        attribute.removeAnimations()
        withTransaction(\.disablesAnimations, true) { attribute.value = AnimatableVector(value) }
        entries[i].motionVersion += 1
        entries[i].lastPresentation = value
        entries[i].lastTime = graph.time
        return takeEvents()
    }

    /// Sets the attribute to `value` inside `withAnimation` (the expression mapped under reduce motion; `.default` when `nil`), at `time`; a completion token becomes a completion handler whose event is returned once it fires.
    public func animate(_ name: String, to value: [Double], with expression: AnimationExpression?,
                        completion: CompletionToken?, at time: UInt64) throws(ChannelEngineError) -> [EngineEvent] {
        try animate([(name, value)], with: expression, completion: completion, at: time)
    }

    /// Sets every channel of `changes` to its value in one `withAnimation` — Kinetic's
    /// `animate(_:changes:completion:)` over channels (docs/ANIMATION.md §11) — at `time`; the completion fires once,
    /// when every animation the changes started meets the criterion. Every change is checked before any is made.
    public func animate(_ changes: [(name: String, value: [Double])], with expression: AnimationExpression?,
                        completion: CompletionToken?, at time: UInt64) throws(ChannelEngineError) -> [EngineEvent] {
        var targets: [(AnimatableAttribute<AnimatableVector>, AnimatableVector)] = []
        targets.reserveCapacity(changes.count)
        var indices: [Int] = []
        for change in changes {
            let i = try index(of: change.name)
            let attribute = try attribute(at: i)
            try check(change.value, for: i)
            targets.append((attribute, AnimatableVector(change.value)))
            indices.append(i)
        }
        for i in indices { entries[i].motionVersion += 1 }
        return apply(targets, animation: try resolve(expression), completion: completion, names: changes.map(\.name), at: time)
    }

    /// Animates `name` with `animation` as given (a binding's momentum), at `time`.
    public func animate(_ name: String, to value: [Double], using animation: Animation,
                        at time: UInt64) throws(ChannelEngineError) -> [EngineEvent] {
        let i = try index(of: name)
        let attribute = try attribute(at: i)
        try check(value, for: i)
        entries[i].motionVersion += 1
        return apply([(attribute, AnimatableVector(value))], animation: animation, completion: nil, names: [name], at: time)
    }

    /// Sets the checked `targets` in one `withAnimation(animation)` at `time`.
    func apply(_ targets: [(AnimatableAttribute<AnimatableVector>, AnimatableVector)], animation: Animation,
                       completion: CompletionToken?, names: [String], at time: UInt64) -> [EngineEvent] {
        advanceGraph(to: time)
        // A channel at rest starts moving at `time`: the backward difference a timing curve's velocity is
        // (``samples()``) starts there, so the first frame reports the curve's own slope, not one diluted by the rest
        // before the change. A retarget of a running animation keeps differencing frame to frame, as before.
        for (name, (attribute, _)) in zip(names, targets) where !attribute.isAnimating {
            guard let i = try? index(of: name) else { continue }
            entries[i].lastPresentation = padded(entries[i].source.value, entries[i].descriptor.dimension)
            entries[i].lastTime = graph.time
        }
        let apply = { for (attribute, target) in targets { attribute.value = target } }
        if let completion {
            let criteria: AnimationCompletionCriteria = completion.criterion == .logicallyComplete ? .logicallyComplete : .removed
            withAnimation(animation, completionCriteria: criteria, apply) { [weak self] in
                self?.pending.append(.completed(completion, channels: names))
            }
        } else {
            withAnimation(animation, apply)
        }
        return takeEvents()
    }

    /// The animation `expression` stands for under the current reduce-motion setting (`.default`
    /// when `nil`). A binding sends the same expression with every input frame, so the last few
    /// resolutions are kept (`Animation` is a value: a cached one behaves exactly as a fresh one).
    /// Measured on the 100-pass drag-hold replay: 75–77 ms of CPU without the cache, 71.5–73.5 ms
    /// with it (interleaved `perf stat -r 15` runs), the expression's text already built lazily.
    func resolve(_ expression: AnimationExpression?) throws(ChannelEngineError) -> Animation {
        let reduceMotion = self.reduceMotion
        if let hit = resolved.first(where: { $0.reduceMotion == reduceMotion && $0.expression == expression }) {
            return hit.animation
        }
        let animation: Animation
        do {
            animation = try expression?.animation(reduceMotion: reduceMotion)
                ?? (reduceMotion ? AnimationExpression.reducedMotionAnimation : .default)
        } catch {
            throw ChannelEngineError(.badAnimation, error.message(field: "animation"))
        }
        if resolved.count == Self.resolvedCapacity { resolved.removeFirst() }
        resolved.append((expression, reduceMotion, animation))
        return animation
    }

    private static let resolvedCapacity = 8
    var resolved: [(expression: AnimationExpression?, reduceMotion: Bool, animation: Animation)] = []

    /// Stops the channel's animation (its listeners fire) and removes it; an element's channel removes the whole
    /// element at once, without a removal transition.
    public func remove(_ name: String, at time: UInt64) throws(ChannelEngineError) -> [EngineEvent] {
        let i = try index(of: name)
        advanceGraph(to: time)
        if let element = entries[i].descriptor.element {
            drop(element)
            return takeEvents()
        }
        if case .attribute(let attribute) = entries[i].source { attribute.removeAnimations() }
        names.remove(entries[i].descriptor.name)
        entries.remove(at: i)
        tableVersion += 1
        return takeEvents()
    }

    /// Advances the graph to `time` (seconds since ``epoch``) and returns the completions that fired.
    public func advance(to time: UInt64) -> [EngineEvent] {
        advanceGraph(to: time)
        return takeEvents()
    }

    /// Presentation values and velocities (units, units/s); velocities the animation cannot report are backward differences since the previous call.
    public func samples() -> [ChannelSample] {
        let now = graph.time
        return entries.indices.map { i in
            let source = entries[i].source
            let dimension = entries[i].descriptor.dimension
            let value = padded(source.value, dimension)
            var velocity: [Double]
            if let reported = source.velocity {
                velocity = padded(reported, dimension)
            } else {
                // Timing curves report no velocity: the backward difference since the last sample.
                let dt = now - entries[i].lastTime
                velocity = dt > 0 ? zip(value, entries[i].lastPresentation).map { ($0 - $1) / dt } : Array(repeating: 0, count: dimension)
            }
            entries[i].lastPresentation = value
            entries[i].lastTime = now
            return ChannelSample(name: entries[i].descriptor.name, value: value, velocity: velocity)
        }
    }

    /// The channel's presentation value at the graph's time, without touching the velocity bookkeeping of ``samples()``.
    public func presentationValue(of name: String) -> [Double]? {
        guard let entry = entries.first(where: { $0.descriptor.name == name }) else { return nil }
        return padded(entry.source.value, entry.descriptor.dimension)
    }

    func padded(_ components: [Double], _ dimension: Int) -> [Double] {
        components.count == dimension ? components
            : Array(components.prefix(dimension)) + Array(repeating: 0, count: max(0, dimension - components.count))
    }
}
