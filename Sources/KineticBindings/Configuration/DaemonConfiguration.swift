// SPDX-License-Identifier: Apache-2.0
import KineticProtocol
/// The daemon's configuration: `/etc/kinetic/kineticd.yaml`, `--config FILE`, or ``embeddedDefault``.
///
/// Command-line options (`--socket`, `--rate`) override the file. `systemd/kineticd.yaml` is the
/// annotated example.
public struct DaemonConfiguration: Equatable, Sendable {
    /// The display-rate clock's frequency (``TickRate/range``); with ``rateIsAuto``, the fallback.
    public var rateHz: Double = TickRate.default
    /// `rate_hz: auto`: tick at the connected display's refresh rate (DRM), or at ``rateHz`` when none is found.
    public var rateIsAuto = false
    /// `phase: auto`: lock the ticks to the connected display's vblanks, read from DRM, while no client's `frame_clock`
    /// holds them (docs/DAEMON.md §3.3); `phase: free` (the default): the ticks keep their own phase.
    public var phaseIsAuto = false
    /// The socket path, when the file sets one (otherwise ``SocketLocation`` decides).
    public var socket: String?
    /// The group given to the socket the daemon binds itself (socket activation sets it in the unit).
    public var socketGroup: String? = "kinetic"
    /// Members of this group may change state (define, set, animate, remove, reduce_motion).
    public var controlGroup: String? = "kinetic"
    /// Members of this group may hold their own reduce-motion preference while connected (a session agent's
    /// `reduce_motion` with `"scope": "connection"`), and change nothing else.
    public var preferenceGroup: String? = "kinetic"
    /// The most clients served at once.
    public var maximumClients = 256
    /// The most channels one client may define.
    public var maximumChannelsPerClient = 64
    /// Start with reduce motion on.
    public var reduceMotion = false
    /// Gesture → channel bindings.
    public var bindings: [GestureBinding] = []
    /// Whether ``bindings`` are the default binding because the file has no `bindings:` key (every key is optional,
    /// so a file that leaves it out keeps what the daemon does without a file; `bindings: []` has none).
    public var bindingsAreDefault = false
    /// How devices map into output pixels (`mappings:`); devices no entry matches keep millimetres.
    public var mappings: [DeviceMapping] = []

    /// The defaults: 120 Hz, group `kinetic`, 256 clients, 64 channels per client, no bindings.
    public init() {}

    /// The path read when no `--config` is given.
    public static let systemPath = "/etc/kinetic/kineticd.yaml"

    /// The configuration used when no file exists: binds any touchscreen, touchpad or mouse drag to
    /// `touch.position` (the finger's position in mm), following the finger with `.interactiveSpring`; on release it
    /// coasts with momentum from the release velocity, as a scroll view does, or settles with `.spring` when it was
    /// not flung. `kineticctl replay`, `plot` and `demo` use it too, so what the demo shows is what they compute.
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
              target: momentum

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
