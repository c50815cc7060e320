// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// Plays keyframes on runtime values: a headless `KeyframeAnimator` driven by an ``AnimationGraph``
/// (docs/ANIMATION.md §7.4).
///
/// Each time ``trigger`` changes, the animator builds a ``KeyframeTimeline`` from its `keyframes`
/// closure and plays it on the graph's clock, handing every frame's value to `content` (or to a bound
/// attribute). It starts at the graph's time of the change (Kinetic has no frame pipeline to wait for)
/// and runs as part of ``AnimationGraph/advance(to:)``; the graph reports it in
/// ``AnimationGraph/isAnimating`` while it plays.
///
/// * **Creation**: `content` gets `initialValue`; the keyframes closure is not called (K10).
/// * **Trigger change at rest**: the timeline starts again from `initialValue`, even when the previous
///   run ended elsewhere (K11/K12). The closure's argument is the previous run's end value
///   (`initialValue` the first time), as SwiftUI documents.
/// * **Trigger change mid-run**: a new timeline starts from the current value (K13), with the current
///   value as the closure's argument. Velocity is not carried (docs/ANIMATION.md §7.4 leaves it open; each track
///   starts at rest).
/// * **End**: `content` holds the timeline's end value; the animator stops asking for frames.
///
/// The repeating form (`Trigger == Bool`, ``init(graph:initialValue:repeating:content:keyframes:)``)
/// loops `value(time: elapsed mod duration)` of a timeline built once from `initialValue` (K14) while
/// `repeating` is true, and shows the timeline's start value while it is false.
///
/// A timeline without tracks (or of zero duration) delivers its value once and never loops, so
/// no NaN reaches `content`. Single-threaded like its graph; the graph keeps it alive while it plays.
public final class KeyframeAnimator<Value, Trigger: Equatable> {
    private struct Run {
        var timeline: KeyframeTimeline<Value>
        /// Graph time (seconds) of the run's time 0.
        var start: TimeInterval
        var loops: Bool
    }

    enum Mode {
        case triggered
        case repeating
    }

    /// The graph whose clock plays the keyframes, while it exists.
    public var graph: AnimationGraph? { graphLink?.current }
    /// What it keeps of the graph (``GraphLink``): a weak reference would make every retain of the graph slower.
    private let graphLink: GraphLink?
    /// The value shown before the first run and where runs from rest start.
    public let initialValue: Value
    /// The value most recently handed to `content`.
    public private(set) var value: Value
    private let makeKeyframes: (Value) -> _KeyframeTracks<Value>
    private let content: (Value) -> Void
    private let mode: Mode
    private var run: Run?
    /// The argument of the next run from rest: the previous run's end value.
    private var lastEndValue: Value
    var activeIndex = -1

    /// Starts a run when it changes to a different value (see the type's documentation).
    public var trigger: Trigger {
        didSet {
            guard trigger != oldValue else { return }
            switch mode {
            case .triggered: startRun()
            case .repeating: updateRepeating()
            }
        }
    }

    /// Whether a run is playing (the graph advances it).
    public var isRunning: Bool { run != nil }

    /// A trigger-driven animator: `content` receives `initialValue` now and every frame's value
    /// while a run plays; `keyframes` builds each run's tracks from the closure argument described above.
    public convenience init<K: Keyframes<Value>>(
        graph: AnimationGraph,
        initialValue: Value,
        trigger: Trigger,
        content: @escaping (Value) -> Void,
        @KeyframesBuilder<Value> keyframes: @escaping (Value) -> K
    ) {
        self.init(
            graph: graph, initialValue: initialValue, trigger: trigger, mode: .triggered, content: content,
            makeKeyframes: { keyframes($0)._tracks })
        content(initialValue)
    }

    /// The shared initializer: stores everything, delivers nothing.
    init(
        graph: AnimationGraph?, initialValue: Value, trigger: Trigger, mode: Mode,
        content: @escaping (Value) -> Void, makeKeyframes: @escaping (Value) -> _KeyframeTracks<Value>
    ) {
        self.graphLink = graph?.link
        self.initialValue = initialValue
        self.value = initialValue
        self.lastEndValue = initialValue
        self.trigger = trigger
        self.makeKeyframes = makeKeyframes
        self.content = content
        self.mode = mode
    }

    /// Starts a run at the graph's current time (see the type's documentation for its start value).
    private func startRun() {
        guard let graph else { return }
        let from = run == nil ? initialValue : value
        let argument = run == nil ? lastEndValue : value
        let timeline = KeyframeTimeline(initialValue: from, tracks: makeKeyframes(argument))
        run = Run(timeline: timeline, start: graph.time, loops: false)
        if update(at: graph.time) { graph.activate(self) }
    }

    func updateRepeating() {
        guard let graph, let repeating = trigger as? Bool else { return }
        let timeline = KeyframeTimeline(initialValue: initialValue, tracks: makeKeyframes(initialValue))
        if repeating {
            run = Run(timeline: timeline, start: graph.time, loops: true)
            if update(at: graph.time) { graph.activate(self) }
        } else {
            run = nil
            deliver(timeline.value(time: 0))
        }
    }

    private func deliver(_ newValue: Value) {
        value = newValue
        content(newValue)
    }
}

extension KeyframeAnimator: AttributeNode {
    /// Shows the run's value at graph time `time`; `false` once it has ended.
    func update(at time: TimeInterval) -> Bool {
        guard let current = run else { return false }
        let elapsed = max(0, time - current.start)
        let duration = current.timeline.duration
        if current.loops {
            guard duration > 0 else {
                run = nil
                deliver(current.timeline.value(time: 0))
                return false
            }
            deliver(current.timeline.value(time: elapsed.truncatingRemainder(dividingBy: duration)))
            return true
        }
        guard elapsed < duration else {
            run = nil
            let end = current.timeline.value(time: duration)
            lastEndValue = end
            deliver(end)
            return false
        }
        deliver(current.timeline.value(time: elapsed))
        return true
    }
}
