import Kinetic

/// A channel driven by bindings: an `AnimatableAttribute<AnimatableVector>` in the pipeline's
/// ``AnimationGraph``, with its name and dimension.
public final class BindingChannel {
    /// The channel's name, as subscribers see it.
    public let name: String
    /// Components of the value.
    public let dimension: Int
    /// The attribute: its model value is the binding's target, its presentation value what frames carry.
    public let attribute: AnimatableAttribute<AnimatableVector>
    private var previous: (time: Double, value: [Double])?

    init(name: String, dimension: Int, attribute: AnimatableAttribute<AnimatableVector>) {
        self.name = name
        self.dimension = dimension
        self.attribute = attribute
    }

    /// The presentation value and velocity at the graph's current time, `time` seconds, padded or
    /// cut to ``dimension`` components.
    ///
    /// The velocity is the running animation's own (value units per second) when it reports one —
    /// springs do. Timing curves and combined animations do not (as in SwiftUI), so then the
    /// velocity is the backward difference (x(t) − x(t′))/(t − t′) from the previous sample at t′,
    /// or zero for the first.
    public func sample(at time: Double) -> ChannelSample {
        let value = Self.fitted(attribute.presentationData.components, dimension)
        let velocity: [Double]
        if let reported = attribute.velocity {
            velocity = Self.fitted(reported.components, dimension)
        } else if let previous, time > previous.time {
            velocity = (0..<dimension).map { (value[$0] - previous.value[$0]) / (time - previous.time) }
        } else {
            velocity = Array(repeating: 0, count: dimension)
        }
        previous = (time, value)
        return ChannelSample(name: name, value: value, velocity: velocity)
    }

    private static func fitted(_ components: [Double], _ dimension: Int) -> [Double] {
        if components.count == dimension { return components }
        return (0..<dimension).map { $0 < components.count ? components[$0] : 0 }
    }
}
