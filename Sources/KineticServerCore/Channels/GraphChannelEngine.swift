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

    private struct Entry {
        var descriptor: ChannelDescriptor
        let attribute: AnimatableAttribute<AnimatableVector>
        /// The previous sample, for velocities the animation cannot report (timing curves).
        var lastPresentation: [Double]
        var lastTime: Double
    }

    private var entries: [Entry] = []
    public private(set) var tableVersion: UInt64 = 0
    private var pending: [EngineEvent] = []

    /// An engine whose graph time 0 is CLOCK_MONOTONIC `epoch`.
    public init(epoch: UInt64) {
        self.epoch = epoch
        self.graph = AnimationGraph(time: 0)
    }

    /// The channels in definition order.
    public var channels: [ChannelDescriptor] { entries.map(\.descriptor) }

    /// Whether the graph has nothing animating (including pending logical-completion forks).
    public var isSettled: Bool { !graph.isAnimating }

    /// The graph environment's `accessibilityReduceMotion`; animations of later changes follow the reduce-motion patterns.
    public var reduceMotion: Bool {
        get { graph.environment.accessibilityReduceMotion }
        set { graph.environment.accessibilityReduceMotion = newValue }
    }

    /// Graph seconds for a CLOCK_MONOTONIC time; times before the epoch map to 0.
    public func seconds(_ time: UInt64) -> Double { time > epoch ? Double(time - epoch) / 1e9 : 0 }

    private func index(of name: String) throws(ChannelEngineError) -> Int {
        guard let i = entries.firstIndex(where: { $0.descriptor.name == name }) else {
            throw ChannelEngineError(.unknownChannel, "no channel named \"\(name)\"; `list` shows the channels")
        }
        return i
    }

    private func check(_ value: [Double], for i: Int) throws(ChannelEngineError) {
        let dimension = entries[i].descriptor.dimension
        guard value.count == dimension else {
            throw ChannelEngineError(.dimensionMismatch, "\"\(entries[i].descriptor.name)\" has \(dimension) components, got \(value.count)")
        }
        guard value.allSatisfy(\.isFinite) else {
            throw ChannelEngineError(.badValue, "values must be finite numbers")
        }
    }

    private func takeEvents() -> [EngineEvent] {
        defer { pending = [] }
        return pending
    }

    /// Creates an attribute holding `initial`, after advancing the graph to `time`.
    public func define(_ name: String, dimension: Int, initial: [Double], owner: ChannelOwner, at time: UInt64) throws(ChannelEngineError) {
        guard !entries.contains(where: { $0.descriptor.name == name }) else {
            throw ChannelEngineError(.channelExists, "a channel named \"\(name)\" exists already")
        }
        guard initial.count == dimension, initial.allSatisfy(\.isFinite) else {
            throw ChannelEngineError(.dimensionMismatch, "\"initial\" needs \(dimension) finite numbers")
        }
        graph.advance(to: seconds(time))
        let attribute = graph.attribute(AnimatableVector(initial))
        entries.append(Entry(descriptor: ChannelDescriptor(name: name, dimension: dimension, owner: owner),
                             attribute: attribute, lastPresentation: initial, lastTime: graph.time))
        tableVersion += 1
    }

    /// Jumps to `value`: the running animation is removed (its `removed` completions fire) and the
    /// presentation equals the model at once.
    public func set(_ name: String, to value: [Double], at time: UInt64) throws(ChannelEngineError) -> [EngineEvent] {
        let i = try index(of: name)
        try check(value, for: i)
        graph.advance(to: seconds(time))
        entries[i].attribute.removeAnimations()
        withTransaction(\.disablesAnimations, true) { entries[i].attribute.value = AnimatableVector(value) }
        entries[i].lastPresentation = value
        return takeEvents()
    }

    /// Sets the attribute to `value` inside `withAnimation` (the expression mapped under reduce motion; `.default` when `nil`), at `time`; a completion token becomes a completion handler whose event is returned once it fires.
    public func animate(_ name: String, to value: [Double], with expression: AnimationExpression?,
                        completion: CompletionToken?, at time: UInt64) throws(ChannelEngineError) -> [EngineEvent] {
        let i = try index(of: name)
        try check(value, for: i)
        let animation = try resolve(expression)
        graph.advance(to: seconds(time))
        let attribute = entries[i].attribute
        let target = AnimatableVector(value)
        if let completion {
            let criteria: AnimationCompletionCriteria = completion.criterion == .logicallyComplete ? .logicallyComplete : .removed
            withAnimation(animation, completionCriteria: criteria, { attribute.value = target }) { [weak self] in
                self?.pending.append(.completed(completion, channel: name))
            }
        } else {
            withAnimation(animation) { attribute.value = target }
        }
        return takeEvents()
    }

    /// The animation `expression` stands for under the current reduce-motion setting (`.default`
    /// when `nil`). A binding sends the same expression with every input frame, so the last few
    /// resolutions are kept (`Animation` is a value: a cached one behaves exactly as a fresh one).
    /// Measured on the 100-pass drag-hold replay: 75–77 ms of CPU without the cache, 71.5–73.5 ms
    /// with it (interleaved `perf stat -r 15` runs), the expression's text already built lazily.
    private func resolve(_ expression: AnimationExpression?) throws(ChannelEngineError) -> Animation {
        let reduceMotion = self.reduceMotion
        if let hit = resolved.first(where: { $0.reduceMotion == reduceMotion && $0.expression == expression }) {
            return hit.animation
        }
        let animation: Animation
        do {
            animation = try expression?.animation(reduceMotion: reduceMotion)
                ?? (reduceMotion ? AnimationExpression.reducedMotionAnimation : .default)
        } catch {
            throw ChannelEngineError(.badAnimation, "animation \"\(error.text)\": column \(error.column): \(error.reason)")
        }
        if resolved.count == Self.resolvedCapacity { resolved.removeFirst() }
        resolved.append((expression, reduceMotion, animation))
        return animation
    }

    private static let resolvedCapacity = 8
    private var resolved: [(expression: AnimationExpression?, reduceMotion: Bool, animation: Animation)] = []

    /// Stops the channel's animation (its listeners fire) and removes it.
    public func remove(_ name: String, at time: UInt64) throws(ChannelEngineError) -> [EngineEvent] {
        let i = try index(of: name)
        graph.advance(to: seconds(time))
        entries[i].attribute.removeAnimations()
        entries.remove(at: i)
        tableVersion += 1
        return takeEvents()
    }

    /// Advances the graph to `time` (seconds since ``epoch``) and returns the completions that fired.
    public func advance(to time: UInt64) -> [EngineEvent] {
        graph.advance(to: seconds(time))
        return takeEvents()
    }

    /// Presentation values and velocities (units, units/s); velocities the animation cannot report are backward differences since the previous call.
    public func samples() -> [ChannelSample] {
        let now = graph.time
        return entries.indices.map { i in
            let attribute = entries[i].attribute
            let dimension = entries[i].descriptor.dimension
            let value = padded(attribute.presentationData.components, dimension)
            var velocity: [Double]
            if let reported = attribute.velocity {
                velocity = padded(reported.components, dimension)
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
        return padded(entry.attribute.presentationData.components, entry.descriptor.dimension)
    }

    private func padded(_ components: [Double], _ dimension: Int) -> [Double] {
        components.count == dimension ? components
            : Array(components.prefix(dimension)) + Array(repeating: 0, count: max(0, dimension - components.count))
    }
}
