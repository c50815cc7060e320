import FoundationEssentials
@testable import Kinetic

/// value·t/duration, finished (nil) once t > duration; logically complete from `logicalTime` on
/// (never before removal when nil). Reports its exact velocity. Never merges.
struct LinearTestAnimation: CustomAnimation {
    var duration: TimeInterval
    var logicalTime: TimeInterval?

    init(duration: TimeInterval, logicalTime: TimeInterval? = nil) {
        self.duration = duration
        self.logicalTime = logicalTime
    }

    func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        if time > duration { return nil }
        if let logicalTime, time >= logicalTime { context.isLogicallyComplete = true }
        return value.scaled(by: time / duration)
    }

    func velocity<V: VectorArithmetic>(value: V, time: TimeInterval, context: AnimationContext<V>) -> V? {
        value.scaled(by: 1 / duration)
    }
}

/// A linear animation that always merges: it restarts from the previous animation's position,
/// covering the rest of the interval in `duration` seconds from the merge.
struct MergingTestAnimation: CustomAnimation {
    var duration: TimeInterval
    var logicalTime: TimeInterval?

    init(duration: TimeInterval, logicalTime: TimeInterval? = nil) {
        self.duration = duration
        self.logicalTime = logicalTime
    }

    struct Start<V: VectorArithmetic>: AnimationStateKey {
        var offset: V = .zero
        var time: TimeInterval = 0
        static var defaultValue: Start<V> { Start() }
    }

    func animate<V: VectorArithmetic>(value: V, time: TimeInterval, context: inout AnimationContext<V>) -> V? {
        let start = context.state[Start<V>.self]
        let local = time - start.time
        if local > duration { return nil }
        if let logicalTime, local >= logicalTime { context.isLogicallyComplete = true }
        return start.offset + (value - start.offset).scaled(by: local / duration)
    }

    func shouldMerge<V: VectorArithmetic>(
        previous: Animation, value: V, time: TimeInterval, context: inout AnimationContext<V>
    ) -> Bool {
        let offset = previous.animate(value: value, time: time, context: &context) ?? value
        context.state[Start<V>.self] = Start(offset: offset, time: time)
        return true
    }
}

extension Animation {
    static func testLinear(_ duration: TimeInterval, logicalTime: TimeInterval? = nil) -> Animation {
        Animation(LinearTestAnimation(duration: duration, logicalTime: logicalTime))
    }

    static func testMerging(_ duration: TimeInterval, logicalTime: TimeInterval? = nil) -> Animation {
        Animation(MergingTestAnimation(duration: duration, logicalTime: logicalTime))
    }
}

/// Counts completion callbacks.
final class CompletionCounter {
    var count = 0
    var times: [TimeInterval] = []

    func callback(_ graph: AnimationGraph) -> () -> Void {
        { [unowned self, unowned graph] in
            self.count += 1
            self.times.append(graph.time)
        }
    }
}

extension AnimationGraph {
    /// Advances frame by frame (`frames` frames of `interval` seconds from the current time).
    func advance(frames: Int, interval: TimeInterval) {
        let start = time
        for frame in 1...max(1, frames) { advance(to: start + Double(frame) * interval) }
    }
}

/// A two-dimensional Animatable value (the shape of CGPoint) for runtime tests.
struct TestPoint: Animatable, Equatable {
    var x: Double
    var y: Double

    var animatableData: AnimatablePair<Double, Double> {
        get { AnimatablePair(x, y) }
        set { (x, y) = (newValue.first, newValue.second) }
    }
}
