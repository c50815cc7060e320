// SPDX-License-Identifier: Apache-2.0
import Kinetic
import KineticBindings
import KineticProtocol

/// Who created a channel: the daemon's configuration (a binding) or a client's `define`.
public enum ChannelOwner: Equatable, Hashable, Sendable {
    /// A channel the configuration declares; clients may animate it but not remove it.
    case configuration
    /// A channel a client defined; it is removed when that client disconnects.
    case client(ClientID)
}

/// Identifies a connected client for the lifetime of the server.
public typealias ClientID = UInt64

/// A channel as the engine describes it.
public struct ChannelDescriptor: Equatable, Sendable {
    /// The channel's name (what subscriptions match).
    public var name: String
    /// Components of the value.
    public var dimension: Int
    /// Who created the channel.
    public var owner: ChannelOwner
    /// The element the channel belongs to (`insert`, `zoom`, `effect`), if any: only the element's commands
    /// change it.
    public var element: String?
    /// The channel's number, unique for the engine's lifetime and increasing in the engine's channel order: a
    /// channel created later has a higher one. Subscriptions match each serial's name once (``ChannelEngine/channels``).
    public var serial: UInt64

    public init(name: String, dimension: Int, owner: ChannelOwner, element: String? = nil, serial: UInt64) {
        self.name = name
        self.dimension = dimension
        self.owner = owner
        self.element = element
        self.serial = serial
    }
}

/// Identifies an animation whose completion a client asked to hear about.
public struct CompletionToken: Hashable, Sendable {
    /// The client to notify.
    public var client: ClientID
    /// The command's id, echoed in the event.
    public var commandID: JSONValue
    /// When to notify it.
    public var criterion: CompletionCriterion

    /// A token for `client`'s command `commandID`.
    public init(client: ClientID, commandID: JSONValue, criterion: CompletionCriterion) {
        self.client = client
        self.commandID = commandID
        self.criterion = criterion
    }
}

/// What the engine reports as time advances.
public enum EngineEvent: Equatable, Sendable {
    /// An animation met its completion criterion (`animation.logicallyComplete` or `animation.removed`): the
    /// channels its command changed (one for `animate` of a `channel`, every one of its `changes` otherwise).
    case completed(CompletionToken, channels: [String])
    /// An element's removal ended (`animation.removed` with the element's name); its channels are gone.
    case elementRemoved(CompletionToken, element: String)
}

/// What to do with an element: a group of channels that one of the engine's headless systems drives (a
/// transition's presence, a zoom transition, a symbol effect), its expressions already parsed.
public enum ElementRequest {
    /// Insert with `transition` (`nil`: `.opacity`) under `animation` (`nil`: `.default`).
    case insert(transition: TransitionExpression?, animation: AnimationExpression?)
    /// Remove through `transition` (`nil`: the insertion's) under `animation`; `completion` when it ends.
    case remove(transition: TransitionExpression?, animation: AnimationExpression?, completion: CompletionToken)
    /// Drive a zoom transition; `animation` for present and dismiss (`nil`: `.default`).
    case zoom(ZoomRequest, animation: AnimationExpression?)
    /// Play a symbol effect.
    case effect(SymbolEffectExpression, EffectRequest.Mode)

    /// The channels the request's kind of element has (``ElementChannel``'s table for it).
    public var channels: [ElementChannel] {
        switch self {
        case .insert, .remove: ElementChannel.presence
        case .zoom: ElementChannel.zoom
        case .effect: ElementChannel.effect
        }
    }
}

/// One channel of an element: its name's suffix (`ELEMENT.suffix`), its number of components and which of the element's
/// values it carries. The tables below are the one list of each kind's channels: the server's room checks read their
/// names and sizes, and the engine reads each channel's value by its ``Value``, never by its position.
public struct ElementChannel: Equatable, Sendable {
    /// The value a channel carries.
    public enum Value: Equatable, Sendable {
        /// A transition's opacity (0–1), scale (x, y), offset (points), offset in the element's size, rotation
        /// (degrees) and blur radius (points).
        case opacity, scale, offset, relativeOffset, rotation, blur
        /// A zoom transition's frame (x, y, width, height) and corner radius.
        case frame, cornerRadius
        /// A symbol effect's scale, offset (symbol heights), rotation (degrees), opacity and variable colour (0–1):
        /// the components of its values, in this order.
        case effectScale, effectOffset, effectRotation, effectOpacity, variableColor
    }

    /// The name's suffix.
    public let suffix: String
    /// The number of components.
    public let dimension: Int
    /// What it carries.
    public let value: Value

    /// The channels of a transition's element (`insert`, `remove`).
    public static let presence = [
        ElementChannel("opacity", 1, .opacity), ElementChannel("scale", 2, .scale), ElementChannel("offset", 2, .offset),
        ElementChannel("relative_offset", 2, .relativeOffset), ElementChannel("rotation", 1, .rotation),
        ElementChannel("blur", 1, .blur),
    ]
    /// The channels of a zoom transition's element.
    public static let zoom = [ElementChannel("frame", 4, .frame), ElementChannel("corner_radius", 1, .cornerRadius)]
    /// The channels of a symbol effect's element.
    public static let effect = [
        ElementChannel("scale", 1, .effectScale), ElementChannel("offset", 2, .effectOffset),
        ElementChannel("rotation", 1, .effectRotation), ElementChannel("opacity", 1, .effectOpacity),
        ElementChannel("variable_color", 1, .variableColor),
    ]

    private init(_ suffix: String, _ dimension: Int, _ value: Value) {
        self.suffix = suffix
        self.dimension = dimension
        self.value = value
    }
}

/// The channels and their animations: what the server publishes and what commands change.
///
/// The server calls it from one thread only (the event loop). Times are CLOCK_MONOTONIC
/// nanoseconds; an implementation converts them to the engine's seconds. The production
/// implementation wraps `Kinetic.AnimationGraph`; tests use an in-memory one, so that the socket
/// layer is tested without the engine.
public protocol ChannelEngine: AnyObject {
    /// The channels, in the order frames list them (definition order), their ``ChannelDescriptor/serial``s
    /// increasing.
    var channels: [ChannelDescriptor] { get }
    /// Changes whenever a channel is defined or removed, so layouts can be recomputed only then.
    var tableVersion: UInt64 { get }
    /// Whether every channel has settled: the clock may stop ticking until the next change.
    var isSettled: Bool { get }
    /// Reduce motion: animations follow the reduce-motion patterns (no bounce, a short ease or none).
    var reduceMotion: Bool { get set }

    /// Creates a channel of `dimension` components with value `initial` and zero velocity.
    func define(_ name: String, dimension: Int, initial: [Double], owner: ChannelOwner, at time: UInt64) throws(ChannelEngineError)
    /// Jumps `name` to `value` at `time`, removing any running animation.
    func set(_ name: String, to value: [Double], at time: UInt64) throws(ChannelEngineError) -> [EngineEvent]
    /// Animates `name` from its presentation value toward `value`, starting at `time`.
    func animate(_ name: String, to value: [Double], with animation: AnimationExpression?, completion: CompletionToken?,
                 at time: UInt64) throws(ChannelEngineError) -> [EngineEvent]
    /// Animates `name` to `value` with `animation` itself — not an expression: a binding's ``MomentumAnimation`` —
    /// starting at `time`. Reduce motion is the caller's to apply.
    func animate(_ name: String, to value: [Double], using animation: Animation, at time: UInt64) throws(ChannelEngineError) -> [EngineEvent]
    /// Animates every channel of `changes` to its value in one transaction, starting at `time`; one completion
    /// for all of them.
    func animate(_ changes: [(name: String, value: [Double])], with animation: AnimationExpression?, completion: CompletionToken?,
                 at time: UInt64) throws(ChannelEngineError) -> [EngineEvent]
    /// Removes a channel.
    func remove(_ name: String, at time: UInt64) throws(ChannelEngineError) -> [EngineEvent]
    /// Advances every animation to `time` and reports the completions that happened on the way.
    func advance(to time: UInt64) -> [EngineEvent]
    /// The presentation value and velocity of every channel at the last advanced time, in ``channels`` order.
    func samples() -> [ChannelSample]
    /// A number that changes whenever the motion of the channel at `index` (of ``channels``) changes: a change, a jump,
    /// the end of its animation, anything after which ``motion(at:)`` would describe it differently.
    func motionVersion(at index: Int) -> UInt64
    /// The motion of the channel at `index` from the engine's time on, in closed form where it has one.
    func motion(at index: Int) -> MotionDescriptor
    /// The CLOCK_MONOTONIC time (ns) of the engine's time 0: motion descriptors' times are seconds since it.
    var epoch: UInt64 { get }
    /// The presentation value of one channel at the last advanced time, without side effects.
    func presentationValue(of name: String) -> [Double]?
    /// Applies `request` to element `name` at `time`, creating its channels (owned by `owner`) when it is new;
    /// returns the reply's fields and the events that came due.
    func element(_ name: String, _ request: ElementRequest, owner: ChannelOwner,
                 at time: UInt64) throws(ChannelEngineError) -> (fields: JSONObject, events: [EngineEvent])
}

extension ChannelEngine {
    /// One change at a time, for engines that animate channels only one by one (test doubles of the socket layer):
    /// a single change is ``animate(_:to:with:completion:at:)``; several are refused.
    public func animate(_ changes: [(name: String, value: [Double])], with animation: AnimationExpression?,
                        completion: CompletionToken?, at time: UInt64) throws(ChannelEngineError) -> [EngineEvent] {
        guard changes.count == 1, let change = changes.first else {
            throw ChannelEngineError(.unsupported, "this engine animates one channel per command")
        }
        return try animate(change.name, to: change.value, with: animation, completion: completion, at: time)
    }

    /// Engines that only take expressions (test doubles of the socket layer) refuse a ready-made animation.
    public func animate(_ name: String, to value: [Double], using animation: Animation,
                        at time: UInt64) throws(ChannelEngineError) -> [EngineEvent] {
        throw ChannelEngineError(.unsupported, "this engine takes animation expressions only")
    }

    /// Engines without Kinetic's headless systems (test doubles of the socket layer) have no elements.
    public func element(_ name: String, _ request: ElementRequest, owner: ChannelOwner,
                        at time: UInt64) throws(ChannelEngineError) -> (fields: JSONObject, events: [EngineEvent]) {
        throw ChannelEngineError(.unsupported, "this engine has no elements")
    }
}

/// Why a ``ChannelEngine`` refused an operation. The interface has its own error so that the bindings and the
/// engine do not speak the wire protocol; the server core maps each kind to the protocol's error code.
public struct ChannelEngineError: Error, Equatable, Sendable, CustomStringConvertible {
    /// What went wrong.
    public enum Kind: Equatable, Sendable {
        /// No channel has the name.
        case unknownChannel
        /// A value has the wrong number of components for the channel.
        case dimensionMismatch
        /// A channel of that name exists already.
        case channelExists
        /// The animation expression cannot be built.
        case badAnimation
        /// A value is not accepted (a component that is not finite).
        case badValue
        /// The channel belongs to an element, or the request does not fit the element's kind.
        case wrongKind
        /// The engine does not do this.
        case unsupported
    }

    /// What went wrong.
    public var kind: Kind
    /// What went wrong and what to do about it, for a person.
    public var message: String

    /// An error of `kind` saying `message`.
    public init(_ kind: Kind, _ message: String) {
        self.kind = kind
        self.message = message
    }

    public var description: String { message }
}
