// SPDX-License-Identifier: Apache-2.0
import Kinetic
import KineticBindings
import KineticProtocol

// Motion descriptors: a channel's animation as data a client evaluates itself (docs/PROTOCOL.md, "Motion descriptors").
extension GraphChannelEngine {
    /// Bumped by every change of the channel (``set(_:to:at:)``, the animate calls, its element's commands), by a step of the graph long enough
    /// for its springs to catch up (``advanceGraph(to:)``), and, when read, if the channel's animation has ended since
    /// the last read or a response blend that kept it from a closed form (``blendingReason``) has ended.
    public func motionVersion(at index: Int) -> UInt64 {
        if hasClosedForm(entries[index].source) {
            if entries[index].source.isAnimating != entries[index].wasAnimating {
                entries[index].wasAnimating.toggle()
                entries[index].motionVersion += 1
            } else if entries[index].describedBlending, motion(at: index) != .frames(reason: Self.blendingReason) {
                entries[index].motionVersion += 1
            }
        }
        return entries[index].motionVersion
    }

    /// The channel's motion from the graph's time on: `rest`, its animation in closed form (Kinetic's
    /// ``Kinetic/AnimatableAttribute/motion`` mapped to the wire form, momentum recognised), or `frames` and why.
    public func motion(at index: Int) -> MotionDescriptor {
        let described = describe(at: index)
        entries[index].describedBlending = described == .frames(reason: Self.blendingReason)
        return described
    }

    /// ``motion(at:)``'s descriptor.
    func describe(at index: Int) -> MotionDescriptor {
        let motion: AttributeMotion<AnimatableVector>
        switch entries[index].source {
        case .attribute(let attribute): motion = attribute.motion
        case .element(_, _, let elementMotion?): motion = elementMotion().motion
        case .element(_, _, nil):
            return .frames(reason: "a zoom's or a symbol effect's channels follow it frame by frame, which has no closed form here")
        }
        let dimension = entries[index].descriptor.dimension
        let model = padded(motion.model.components, dimension)
        guard let term = motion.term else { return .rest(model: model) }
        let interval = padded(motion.interval.components, dimension)
        switch describe(term, delta: interval, dimension: dimension) {
        case .success(let described):
            return .animation(model: model, interval: interval, begin: motion.beginTime, term: described)
        case .failure(let reason):
            return .frames(reason: reason.text)
        }
    }

    /// Whether `source` can be described in closed form: an attribute, or a transition's channel.
    private func hasClosedForm(_ source: Source) -> Bool {
        switch source {
        case .attribute, .element(_, _, _?): true
        case .element(_, _, nil): false
        }
    }

    /// The reason of a `frames` descriptor of a spring blending from another spring's response: the one reason that
    /// passes with time alone (the motion version moves when the blend is over, ``motionVersion(at:)``).
    static let blendingReason = "a spring blends from the previous spring's response, so its values depend on when they are evaluated"

    struct NoClosedForm: Error {
        var text: String
    }

    /// The wire form of `term` animating `delta` (known when it stays the same at every evaluation: the whole
    /// interval, or a combination's first entry's target; `nil` for a later entry).
    func describe(_ term: MotionTerm<AnimatableVector>, delta: [Double]?,
                  dimension: Int) -> Result<MotionDescriptorTerm, NoClosedForm> {
        switch term {
        case .fluidSpring(let spring):
            if spring.isBlending { return .failure(NoClosedForm(text: Self.blendingReason)) }
            // A later entry of a combination animates towards the live output of the entries before it.
            guard delta != nil else {
                return .failure(NoClosedForm(text: "a spring follows the live output of the animations combined before it"))
            }
            return .success(.spring(stiffness: spring.stiffness, damping: spring.damping,
                                    offset: padded(spring.offset.components, dimension),
                                    velocity: padded(spring.velocity.components, dimension),
                                    force: padded(spring.force.components, dimension), clock: spring.clock))
        case .timingCurve(let curve):
            return .success(.curve(p1x: Double(curve.startControlPoint.x), p1y: Double(curve.startControlPoint.y),
                                   p2x: Double(curve.endControlPoint.x), p2y: Double(curve.endControlPoint.y),
                                   duration: curve.duration))
        case .combined(let entries):
            var described: [MotionSumEntry] = []
            for (i, entry) in entries.enumerated() {
                let target = padded(entry.target.components, dimension)
                guard let term = entry.term else {
                    described.append(MotionSumEntry(start: entry.startTime, target: target, term: nil))
                    continue
                }
                // The first entry's delta is its target; every later one's is its target minus the live output before it.
                switch describe(term, delta: i == 0 ? target : nil, dimension: dimension) {
                case .success(let term): described.append(MotionSumEntry(start: entry.startTime, target: target, term: term))
                case .failure(let reason): return .failure(reason)
                }
            }
            return .success(.sum(described))
        case .other(let animation, let reason):
            guard let momentum = animation.base as? MomentumAnimation else { return .failure(NoClosedForm(text: reason)) }
            guard momentum.naturalTravel.count == dimension, delta.map({ $0.count == dimension }) ?? true else {
                return .failure(NoClosedForm(text: "a momentum animation of \(momentum.naturalTravel.count) components on a channel of \(dimension)"))
            }
            return .success(.momentum(decay: momentum.decayConstant, travel: momentum.naturalTravel,
                                      restDistance: momentum.restDistance, bounce: SpringCoefficients(momentum.bounce)))
        }
    }
}

extension SpringCoefficients {
    /// The regime and rates of `spring`, as ``Kinetic/Spring``'s closed form uses them.
    init(_ spring: Spring) {
        let omega0 = spring.naturalFrequency
        let settling = spring.settlingDuration
        switch spring.regime {
        case .free: self.init(regime: "free", naturalFrequency: omega0, omega: 0, lambda: 0, settlingDuration: settling)
        case .rigid: self.init(regime: "rigid", naturalFrequency: omega0, omega: 0, lambda: 0, settlingDuration: settling)
        case .frozen: self.init(regime: "frozen", naturalFrequency: omega0, omega: 0, lambda: 0, settlingDuration: settling)
        case .underDamped(let omega, let lambda):
            self.init(regime: "under", naturalFrequency: omega0, omega: omega, lambda: lambda, settlingDuration: settling)
        case .critical(let lambda):
            self.init(regime: "critical", naturalFrequency: omega0, omega: 0, lambda: lambda, settlingDuration: settling)
        case .overDamped(let omega, let lambda):
            self.init(regime: "over", naturalFrequency: omega0, omega: omega, lambda: lambda, settlingDuration: settling)
        }
    }
}
