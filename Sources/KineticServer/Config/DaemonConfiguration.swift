/// The daemon's configuration: `/etc/kinetic/kineticd.yaml`, `--config FILE`, or ``embeddedDefault``.
///
/// Command-line options (`--socket`, `--rate`) override the file. `systemd/kineticd.yaml` is the
/// annotated example.
public struct DaemonConfiguration: Equatable, Sendable {
    /// The display-rate clock's frequency, 30–480 Hz.
    public var rateHz: Double = TickRate.default
    /// The socket path, when the file sets one (otherwise ``SocketLocation`` decides).
    public var socket: String?
    /// The group given to the socket the daemon binds itself (socket activation sets it in the unit).
    public var socketGroup: String? = "kinetic"
    /// Members of this group may change state (define, set, animate, remove, reduce_motion).
    public var controlGroup: String? = "kinetic"
    /// The most clients served at once.
    public var maximumClients = 256
    /// The most channels one client may define.
    public var maximumChannelsPerClient = 64
    /// Start with reduce motion on.
    public var reduceMotion = false
    /// Gesture → channel bindings.
    public var bindings: [BindingConfiguration] = []

    /// The defaults: 120 Hz, group `kinetic`, 256 clients, 64 channels per client, no bindings.
    public init() {}

    /// The path read when no `--config` is given.
    public static let systemPath = "/etc/kinetic/kineticd.yaml"

    /// The configuration used when no file exists: binds any touchscreen, touchpad or mouse drag to
    /// `touch.position` (the finger's position in mm), following the finger with `.interactiveSpring` and settling with `.spring`.
    public static let embeddedDefaultText = """
        rate_hz: 120
        bindings:
          - match:
              class: [touchscreen, touchpad, mouse]
            gesture: drag
            value: location
            channel: touch.position
            animation: .interactiveSpring
            release:
              animation: .spring
              target: stay

        """

    /// ``embeddedDefaultText``, parsed.
    public static var embeddedDefault: DaemonConfiguration {
        // The embedded text is a constant checked by the tests; failing to parse it is a programmer error.
        guard let configuration = try? parse(embeddedDefaultText, source: "embedded default") else {
            preconditionFailure("the embedded default configuration does not parse")
        }
        return configuration
    }
}

/// Which input devices a binding listens to (all given criteria must hold).
public struct DeviceMatch: Equatable, Sendable {
    /// Device classes (`touchscreen`, `touchpad`, `mouse`, …); empty: any class.
    public var classes: [String] = []
    /// A glob on the device name (`*` and `?`).
    public var name: String?
    /// An exact device node path.
    public var path: String?

    /// A match on any of `classes` (empty: any), a name glob and a path.
    public init(classes: [String] = [], name: String? = nil, path: String? = nil) {
        self.classes = classes
        self.name = name
        self.path = path
    }

    /// Whether a device with this class, name and path matches.
    public func matches(className: String, name deviceName: String, path devicePath: String) -> Bool {
        (classes.isEmpty || classes.contains(className))
            && (name.map { ChannelPattern($0).matches(deviceName) } ?? true)
            && (path.map { $0 == devicePath } ?? true)
    }
}

/// A gesture → channel binding (issue 6, scope 3).
public struct BindingConfiguration: Equatable, Sendable {
    /// What drives the channel.
    public enum Gesture: String, Equatable, Sendable, CaseIterable {
        /// The primary touch or the pointer with its button held: a 2-D position.
        case drag
        /// Two-finger pinch: the 1-D magnification (1 at the start).
        case pinch
        /// Two-finger scroll on a touchpad: the 2-D accumulated translation.
        case scroll
        /// Every touch in its own 2-D channel `CHANNEL.0` … `CHANNEL.(touchCount − 1)`: a touch takes
        /// the lowest free index when it lands and frees it when it lifts (``BindingGesture/touches(count:)``).
        case touches
    }

    /// Where the channel goes when the gesture ends.
    public enum ReleaseTarget: Equatable, Sendable {
        /// Where the finger left it (continuing with the release velocity into the spring).
        case stay
        /// Back to where the gesture started.
        case origin
        /// The snap point nearest to the projected end position (`predictedEndLocation`), inside bounds.
        case snap([[Double]])
    }

    /// What a drag (or each touch of a `touches` binding) puts in the channel.
    public enum ValueMode: String, Equatable, Sendable {
        /// The channel's value when the gesture began plus the translation (SwiftUI's `.offset(drag)`).
        case translation
        /// The finger's absolute position in millimetres from the device's origin (drag, touches).
        case location
    }

    /// Which devices drive the binding.
    public var match = DeviceMatch()
    /// What drives the channel.
    public var gesture = Gesture.drag
    /// What a drag or each touch of a `touches` binding puts in the channel.
    public var value = ValueMode.translation
    /// The mouse button that makes a pointer drag (`left`, `right`, `middle`).
    public var button = "left"
    /// How many per-touch channels a `touches` binding defines (`count:`, 1…64; default 10).
    public var touchCount = GestureBinding.touchChannelCount
    /// The channel the binding animates (defined by the configuration at start-up).
    public var channel: String
    /// The animation applied to each input frame (default `.interactiveSpring`); `nil` (`animation: none`)
    /// follows the input exactly, like SwiftUI's `withAnimation(nil)`.
    public var animation: AnimationExpression?
    /// The animation applied at release (default `.spring`).
    public var releaseAnimation: AnimationExpression
    /// Where the channel goes at release.
    public var release = ReleaseTarget.stay
    /// Bounds of the channel's value (componentwise); past them a drag rubber-bands.
    public var bounds: (min: [Double], max: [Double])?
    /// The rubber-band constant c in x' = (1 − 1/(x·c/d + 1))·d (UIScrollView's 0.55).
    public var rubberBand = 0.55

    /// A binding of a drag to `channel` with the default animations.
    public init(channel: String, animation: AnimationExpression? = BindingConfiguration.defaultAnimation,
                releaseAnimation: AnimationExpression = BindingConfiguration.defaultReleaseAnimation) {
        self.channel = channel
        self.animation = animation
        self.releaseAnimation = releaseAnimation
    }

    /// `.interactiveSpring`, applied to each input frame.
    public static let defaultAnimation = AnimationExpression(base: .init(name: "interactiveSpring"))
    /// `.spring`, applied at release.
    public static let defaultReleaseAnimation = AnimationExpression(base: .init(name: "spring"))

    public static func == (lhs: BindingConfiguration, rhs: BindingConfiguration) -> Bool {
        lhs.match == rhs.match && lhs.gesture == rhs.gesture && lhs.value == rhs.value && lhs.button == rhs.button && lhs.channel == rhs.channel
            && lhs.touchCount == rhs.touchCount
            && lhs.animation == rhs.animation && lhs.releaseAnimation == rhs.releaseAnimation && lhs.release == rhs.release
            && lhs.bounds?.min == rhs.bounds?.min && lhs.bounds?.max == rhs.bounds?.max && lhs.rubberBand == rhs.rubberBand
    }
}
