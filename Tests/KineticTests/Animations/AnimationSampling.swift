import FoundationEssentials
@testable import Kinetic

/// Evaluates animations the way the runtime does: one context, successive calls at frame times.
struct AnimationRun<V: VectorArithmetic> {
    let animation: Animation
    let value: V
    var context = AnimationContext<V>()

    init(_ animation: Animation, value: V) {
        self.animation = animation
        self.value = value
    }

    /// The animation's offset at `time`, or nil once finished.
    mutating func step(_ time: TimeInterval) -> V? {
        animation.animate(value: value, time: time, context: &context)
    }

    /// The velocity the animation reports at `time` (after the last `step`).
    func velocity(_ time: TimeInterval) -> V? {
        animation.velocity(value: value, time: time, context: context)
    }
}

/// One sample of a frame-by-frame run.
struct FrameSample {
    let frame: Int
    let time: Double
    let offset: Double?
    let velocity: Double?
    let logicallyComplete: Bool
}

/// Frame times n/60 s computed as `Double(n) / 60`.
func frameTime(_ n: Int) -> Double { Double(n) / 60 }

/// Runs a scalar animation at frames 0…`frames` (times `Double(n) / 60`) and records every sample.
func sampleFrames(_ animation: Animation, value: Double, frames: Int) -> [FrameSample] {
    var run = AnimationRun(animation, value: value)
    return (0...frames).map { n in
        let t = frameTime(n)
        let offset = run.step(t)
        return FrameSample(frame: n, time: t, offset: offset, velocity: run.velocity(t),
                           logicallyComplete: run.context.isLogicallyComplete)
    }
}

/// The first frame at which the animation returns nil, or nil if it never does within `frames`.
func finishingFrame(_ animation: Animation, value: Double, frames: Int = 600) -> Int? {
    sampleFrames(animation, value: value, frames: frames).first { $0.offset == nil }?.frame
}
