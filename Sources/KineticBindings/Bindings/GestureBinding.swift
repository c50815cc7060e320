// SPDX-License-Identifier: Apache-2.0
import KineticInput
import KineticProtocol

/// One binding from a gesture on matching devices to a channel: what an entry of the configuration's
/// `bindings:` decodes to (``DaemonConfiguration/parse(_:source:)``), and what embedders and tests build directly
/// with every option.
///
/// While the gesture runs, every input frame retargets the channel with ``animation`` (default
/// `.interactiveSpring`) at the frame's own timestamp; the target is rubber-banded past
/// ``bounds`` (``RubberBand``). When the gesture ends, the channel is animated with
/// ``Release/animation`` to its release target; a cancel (unplug, palm) releases the same way with
/// zero velocity, so a channel is never left frozen mid-gesture. With reduce motion on, input frames
/// set the channel without animation (it follows the finger exactly) and the release animation is
/// the engine's reduce-motion form — no bounce, a short ease (the seed documents' Patterns 1 and 2).
public struct GestureBinding: Equatable, Sendable {
    /// Where the configuration wrote the binding (`file:line:column`), for messages about it after loading (a
    /// reload refused because a client holds a bound name). Not part of what the binding does, so not of equality.
    public var place = Place()

    /// A place in the configuration file; every place equals every other.
    public struct Place: Equatable, Sendable {
        /// `file:line:column`, or `nil` for a binding made in code.
        public var text: String?
        public init(_ text: String? = nil) { self.text = text }
        public static func == (lhs: Place, rhs: Place) -> Bool { true }
    }

    /// Which devices drive the channel.
    public var device: DeviceMatch
    /// Which gesture drives it.
    public var gesture: BindingGesture
    /// The channel's name (``BindingGesture/touches(count:)``: the prefix of the per-touch channels).
    public var channel: String
    /// Whether the channel takes the gesture's value or moves from its own.
    public var follow: FollowMode
    /// Which axes of a planar gesture the channel carries (ignored by pinch).
    public var axes: BindingAxes
    /// Channel units per millimetre of gesture motion (ignored by pinch).
    public var scale: Double
    /// The channel's value before any gesture; `nil`: zeros (pinch: 1).
    public var initial: [Double]?
    /// Where the channel may rest; past them the drag is rubber-banded.
    public var bounds: ChannelBounds?
    /// The resistance past the bounds.
    public var rubberBand: RubberBand
    /// How a mouse's counts become the drag's motion: libinput's pointer acceleration, so that what the binding
    /// drives stays under the cursor (default ``PointerAcceleration/desktopDefault``, adaptive at speed 0, what a
    /// desktop does). Only relative pointers (mice) are accelerated; other devices ignore it.
    public var acceleration: PointerAcceleration = .desktopDefault
    /// The animation of every input frame; `nil` (`animation: none`) sets the channel to the input
    /// without animation, like SwiftUI's `withAnimation(nil)`.
    public var animation: AnimationExpression?
    /// What happens on release.
    public var release: Release
    /// Whether ``channel`` names a zoom element (a client's `zoom` command made it) whose interactive dismissal the
    /// drag drives instead of a channel: each frame moves it by the translation × ``scale``, and the release
    /// completes or cancels the dismissal from the translation and velocity (`Kinetic.ZoomTransition`). Only a
    /// drag of both axes; the animations and release target do not apply.
    public var zoomDismissal = false

    /// The release behaviour of a binding.
    public struct Release: Equatable, Sendable {
        /// The animation to the release target (default `.spring`).
        public var animation: AnimationExpression
        /// The release target.
        public var target: ReleaseTarget
        /// The fling decay for ``ReleaseTarget/project(snapPoints:)``.
        public var decelerationRate: DecelerationRate

        public init(animation: AnimationExpression = GestureBinding.defaultReleaseAnimation,
                    target: ReleaseTarget = .stay, decelerationRate: DecelerationRate = .normal) {
            self.animation = animation
            self.target = target
            self.decelerationRate = decelerationRate
        }
    }

    /// A binding; see the properties for the defaults.
    public init(channel: String, device: DeviceMatch = DeviceMatch(), gesture: BindingGesture = .drag(button: nil),
                follow: FollowMode = .relative, axes: BindingAxes = .both, scale: Double = 1, initial: [Double]? = nil,
                bounds: ChannelBounds? = nil, rubberBand: RubberBand = RubberBand(),
                animation: AnimationExpression? = GestureBinding.defaultAnimation, release: Release = Release()) {
        self.device = device
        self.gesture = gesture
        self.channel = channel
        self.follow = follow
        self.axes = axes
        self.scale = scale
        self.initial = initial
        self.bounds = bounds
        self.rubberBand = rubberBand
        self.animation = animation
        self.release = release
    }

    /// `.interactiveSpring`, applied to each input frame.
    public static let defaultAnimation = AnimationExpression(base: .init(name: "interactiveSpring"))
    /// `.spring`, applied at release.
    public static let defaultReleaseAnimation = AnimationExpression(base: .init(name: "spring"))
    /// Per-touch channels a ``BindingGesture/touches(count:)`` binding defines unless the configuration says
    /// `count:`: ten, the most contacts common touchscreens report.
    public static let touchChannelCount = 10

    /// The number of components of each of the binding's channels: 1 for pinch and rotate, else 2 for both
    /// axes and 1 for one.
    public var dimension: Int {
        switch gesture {
        case .pinch, .rotate: return 1
        default: return axes == .both ? 2 : 1
        }
    }

    /// The names of the channels the binding defines: ``channel``, or `CHANNEL.0`… for touches; none for a zoom
    /// dismissal, whose element a client creates.
    public var channelNames: [String] {
        if zoomDismissal { return [] }
        if case .touches(let count) = gesture { return (0..<max(0, count)).map { "\(channel).\($0)" } }
        return [channel]
    }

    /// The channels `bindings` drive (name, dimension, in the order the bindings name them), or the first binding
    /// that cannot join them, with the reason: a channel another binding gives another dimension, or more channels or
    /// components than a server holds (``ProtocolLimits``). The configuration loader reports it at the binding's
    /// line; ``GesturePipeline`` refuses to define such channels.
    public static func channels(of bindings: [GestureBinding]) -> Result<[(name: String, dimension: Int)], ChannelConflict> {
        var channels: [(name: String, dimension: Int)] = []
        var dimensions: [String: Int] = [:]
        var components = 0
        for (index, binding) in bindings.enumerated() {
            for name in binding.channelNames {
                if let existing = dimensions[name] {
                    guard existing == binding.dimension else {
                        return .failure(ChannelConflict(binding: index, reason: "channel \"\(name)\" is bound here with \(binding.dimension) components (\(binding.gesture.name)) and by an earlier binding with \(existing); a channel has one dimension, so give one of them another channel"))
                    }
                    continue
                }
                dimensions[name] = binding.dimension
                channels.append((name, binding.dimension))
                components += binding.dimension
                guard channels.count <= ProtocolLimits.maximumChannels, components <= ProtocolLimits.maximumComponents else {
                    return .failure(ChannelConflict(binding: index, reason: "the bindings define more than \(ProtocolLimits.maximumChannels) channels or \(ProtocolLimits.maximumComponents) components, the most a server holds"))
                }
            }
        }
        return .success(channels)
    }

    /// Why a binding cannot join the ones before it (``channels(of:)``).
    public struct ChannelConflict: Error, Sendable {
        /// The index of the binding, in configuration order.
        public var binding: Int
        /// What is wrong and what to do.
        public var reason: String
    }

    /// The channel value before any gesture.
    public var initialValue: [Double] {
        if let initial, initial.count == dimension { return initial }
        if case .pinch = gesture { return [1] }
        return Array(repeating: 0, count: dimension)
    }

    /// Whether `device`, opened from `path` (`nil` for a recording), drives this binding.
    public func matches(_ device: DeviceDescription, path: String?) -> Bool {
        self.device.matches(className: device.deviceClass.rawValue, name: device.name, path: path ?? "")
    }
}
