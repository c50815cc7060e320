// SPDX-License-Identifier: Apache-2.0
/// A message from a client, decoded from either encoding (docs/PROTOCOL.md, "Messages").
public enum ClientMessage: Equatable, Sendable {
    /// `{"type":"hello","protocol":1,"client":"NAME"}`.
    case hello(Hello)
    /// `{"type":"subscribe","channels":["GLOB", ...],"max_rate_hz":60}`.
    case subscribe(Subscription)
    /// `{"type":"command","id":7,"op":"animate", ...}`.
    case command(Command)
}

/// A client's HELLO.
public struct Hello: Equatable, Sendable {
    /// The protocol major version the client speaks.
    public var major: UInt16
    /// The protocol minor version the client speaks.
    public var minor: UInt16
    /// The client's self-description (`"client"`), for logs; may be empty.
    public var client: String

    /// A hello for protocol `major.minor` from `client`.
    public init(major: UInt16, minor: UInt16 = 0, client: String = "") {
        self.major = major
        self.minor = minor
        self.client = client
    }
}

/// A client's subscription: which channels its frames carry and how often.
public struct Subscription: Equatable, Sendable {
    /// Channel name patterns (`*` matches any run of characters, `?` one character).
    public var patterns: [String]
    /// The decimation: at most this many frames per second (`max_rate_hz`); `nil` (or a rate at or above the tick
    /// rate) means every tick. Not the tick rate, which is the daemon's (`rate_hz` in its configuration).
    public var maxRateHz: Double?
    /// Whether the client wants motion descriptors (`"motion": true`): a `motion` message whenever a channel's motion
    /// changes, and frames only while a channel's motion has no closed form (docs/PROTOCOL.md, "Motion descriptors").
    public var motion: Bool

    /// The accepted `max_rate_hz`: 0.1 to 1000 frames per second. A rate at or above the tick rate (at most 480 Hz)
    /// means every tick; the bounds keep the decimation interval (1/rate, in nanoseconds) a finite integer, so a
    /// client's number never reaches an integer conversion it could trap.
    public static let maxRateRange: ClosedRange<Double> = 0.1...1000

    /// A subscription to `patterns`, decimated to `maxRateHz` when given, with motion descriptors when `motion`.
    public init(patterns: [String], maxRateHz: Double? = nil, motion: Bool = false) {
        self.patterns = patterns
        self.maxRateHz = maxRateHz
        self.motion = motion
    }
}

/// A command: a request id the reply echoes, and the operation.
public struct Command: Equatable, Sendable {
    /// The client's id for this command, echoed in the reply and in completion events (a number or
    /// a string; `null` when the client sent none).
    public var id: JSONValue
    /// What to do.
    public var operation: Operation

    /// A command with the client's `id`.
    public init(id: JSONValue, operation: Operation) {
        self.id = id
        self.operation = operation
    }

    /// The operations (`"op"`).
    public enum Operation: Equatable, Sendable {
        /// Animates `channel` to `to` with `animation` (SwiftUI syntax; `nil` means the default
        /// animation); `completion` asks for an `animation.logicallyComplete` or `animation.removed` event.
        case animate(channel: String, to: [Double], animation: String?, completion: CompletionCriterion?)
        /// Animates every channel of `changes` in one transaction with `animation` — SwiftUI's
        /// `animate(_:changes:completion:)` bridge over channels; `completion` asks for one event when all of them
        /// finish.
        case animateChanges([ChannelChange], animation: String?, completion: CompletionCriterion?)
        /// Sets `channel` to `to` without animation.
        case set(channel: String, to: [Double])
        /// Creates a client-owned channel of `dimension` components starting at `initial` (zeros when `nil`).
        case define(channel: String, dimension: Int, initial: [Double]?)
        /// Removes a channel this client defined.
        case remove(channel: String)
        /// Lists the channels.
        case list
        /// Reports the server's state.
        case status
        /// Turns reduce motion on or off for every binding and client animation: as the daemon's own setting
        /// (`.daemon`, until changed again or reloaded), or held while this connection lasts (`.connection`: a user's
        /// preference, which a session agent forwards; the daemon's own setting returns when the connection closes).
        case reduceMotion(enabled: Bool, scope: ReduceMotionScope = .daemon)
        /// Re-reads the daemon's configuration file and swaps its bindings (as SIGHUP does).
        case reload
        /// A compositor's presentation clock: its refresh interval and a vblank time (CLOCK_MONOTONIC ns), and how
        /// long before each vblank to compute the frame (`nil`: the server's default). `refresh_ns` 0 unlocks.
        case frameClock(refreshNanoseconds: UInt64, lastVblankNanoseconds: UInt64, leadNanoseconds: UInt64?)
        /// Inserts `element` with `transition` (SwiftUI syntax; `nil`: `.opacity`, SwiftUI's default) under
        /// `animation`: its effect channels (`ELEMENT.opacity`, …) animate from the transition's start to identity.
        case insert(element: String, transition: String?, animation: String?)
        /// Removes `element` through `transition` (`nil`: the one it was inserted with) under `animation`; an
        /// `animation.removed` event with the element's name follows when the removal ends, and its channels go.
        case removeElement(element: String, transition: String?, animation: String?)
        /// Drives `element`'s zoom transition (`ELEMENT.frame`, `ELEMENT.corner_radius`).
        case zoom(element: String, ZoomRequest)
        /// Plays a symbol effect on `element`'s effect channels (`ELEMENT.scale`, …).
        case effect(element: String, EffectRequest)

        /// Whether the operation changes server state (and so needs authorization).
        public var changesState: Bool {
            switch self {
            case .list, .status: false
            default: true
            }
        }
    }
}

/// How long a `reduce_motion` command's setting lasts: the `"scope"` field.
public enum ReduceMotionScope: String, Equatable, Sendable, CaseIterable {
    /// The daemon's own setting, until another command or a reload changes it.
    case daemon
    /// Held while the connection that sent it stays open; the latest such hold wins over the daemon's own setting.
    case connection
}

/// When a command's completion event fires, after SwiftUI's `AnimationCompletionCriteria`.
public enum CompletionCriterion: String, Equatable, Sendable {
    /// When the animation is logically complete (`animation.logicallyComplete`).
    case logicallyComplete
    /// When the animation is removed from the channel (`animation.removed`).
    case removed
}

/// A `zoom` command's fields (docs/PROTOCOL.md, "Elements").
public struct ZoomRequest: Equatable, Sendable {
    /// What to do.
    public enum Action: String, Equatable, Sendable, CaseIterable {
        /// Zoom from the source into the destination.
        case present
        /// Zoom back into the source.
        case dismiss
        /// A dismissal drag moved by ``ZoomRequest/translation``.
        case drag
        /// The dismissal drag ended, moved by ``ZoomRequest/translation`` at ``ZoomRequest/velocity``.
        case release
    }

    /// What to do.
    public var action: Action
    /// The source rect `[x, y, width, height]` (required the first time).
    public var source: [Double]?
    /// The destination rect (required the first time).
    public var destination: [Double]?
    /// The corner radii `[at the source, presented]`.
    public var cornerRadius: [Double]?
    /// The drag's translation `[dx, dy]` (drag, release).
    public var translation: [Double]?
    /// The drag's velocity at release `[vx, vy]` per second (release).
    public var velocity: [Double]?
    /// The animation of `present` and `dismiss` (SwiftUI syntax; `nil`: `.default`).
    public var animation: String?

    public init(action: Action, source: [Double]? = nil, destination: [Double]? = nil, cornerRadius: [Double]? = nil,
                translation: [Double]? = nil, velocity: [Double]? = nil, animation: String? = nil) {
        self.action = action
        self.source = source
        self.destination = destination
        self.cornerRadius = cornerRadius
        self.translation = translation
        self.velocity = velocity
        self.animation = animation
    }
}

/// An `effect` command's fields (docs/PROTOCOL.md, "Elements").
public struct EffectRequest: Equatable, Sendable {
    /// The effect in SwiftUI syntax: `.bounce.byLayer`.
    public var effect: String
    /// The options in SwiftUI syntax: `.repeat(2).speed(1.5)`.
    public var options: String?
    /// Trigger once (`.trigger`, a discrete effect's value change) or turn on and off (`.active`).
    public var mode: Mode

    /// How the effect is driven.
    public enum Mode: Equatable, Sendable {
        /// The trigger value changed: run the effect.
        case trigger
        /// The effect is active or not.
        case active(Bool)
    }

    public init(effect: String, options: String? = nil, mode: Mode) {
        self.effect = effect
        self.options = options
        self.mode = mode
    }
}

/// One channel's new value in an `animate` command's `changes`.
public struct ChannelChange: Equatable, Sendable {
    /// The name of the channel to change.
    public var channel: String
    /// Its new value.
    public var to: [Double]

    /// A change of `channel` to `to`.
    public init(channel: String, to: [Double]) {
        self.channel = channel
        self.to = to
    }
}
