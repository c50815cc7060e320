import KineticInput

/// A coding key for any string, so that decoders can name unknown keys.
struct ConfigurationKey: CodingKey, Hashable {
    var stringValue: String
    var intValue: Int? { nil }
    init(_ string: String) { stringValue = string }
    init?(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

extension KeyedDecodingContainer where Key == ConfigurationKey {
    /// Fails on any key outside `known`, naming the closest known key.
    func rejectUnknownKeys(_ known: [String]) throws {
        for key in allKeys where !known.contains(key.stringValue) {
            throw DecodingError.dataCorruptedError(
                forKey: key, in: self, debugDescription: "unknown key '\(key.stringValue)'; known keys: \(known.joined(separator: ", "))")
        }
    }

    func decode<T: Decodable>(_ key: String, as type: T.Type = T.self) throws -> T? {
        try decodeIfPresent(T.self, forKey: ConfigurationKey(key))
    }

    func fail(_ key: String, _ message: String) -> DecodingError {
        DecodingError.dataCorruptedError(forKey: ConfigurationKey(key), in: self, debugDescription: message)
    }

    /// An animation string in SwiftUI syntax; parse errors keep their column.
    func animation(_ key: String) throws -> BindingAnimation? {
        guard let text: String = try decode(key) else { return nil }
        do {
            return try BindingAnimation(text)
        } catch {
            throw fail(key, error.description)
        }
    }
}

extension GestureBinding: Decodable {
    static let keys = ["channel", "device", "gesture", "button", "touches", "follow", "axes", "scale", "initial",
                       "bounds", "rubber_band", "animation", "release"]

    /// Decodes one binding of the configuration's `bindings:` list (see ``BindingConfiguration``).
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: ConfigurationKey.self)
        try c.rejectUnknownKeys(Self.keys)
        guard let channel: String = try c.decode("channel"), !channel.isEmpty else {
            throw c.fail("channel", "every binding needs a non-empty 'channel' name")
        }
        let device = try c.decode("device", as: DeviceMatch.self) ?? DeviceMatch()

        let gestureName: String = try c.decode("gesture") ?? "drag"
        let gesture: BindingGesture
        switch gestureName {
        case "drag":
            gesture = .drag(button: try c.decode("button", as: ButtonName.self)?.code)
        case "touches":
            let count: Int = try c.decode("touches") ?? 5
            guard (1...32).contains(count) else { throw c.fail("touches", "the number of touches must be 1…32, not \(count)") }
            gesture = .touches(count: count)
        case "pinch": gesture = .pinch
        case "scroll": gesture = .scroll
        default:
            throw c.fail("gesture", "unknown gesture '\(gestureName)'; use drag, touches, pinch or scroll")
        }
        if gestureName != "drag", try c.decode("button", as: ButtonName.self) != nil {
            throw c.fail("button", "'button' applies to the drag gesture only")
        }
        if gestureName != "touches", try c.decode("touches", as: Int.self) != nil {
            throw c.fail("touches", "'touches' applies to the touches gesture only")
        }

        let followName: String = try c.decode("follow") ?? FollowMode.relative.rawValue
        guard let follow = FollowMode(rawValue: followName) else {
            throw c.fail("follow", "unknown follow mode '\(followName)'; use absolute or relative")
        }
        let axesName: String = try c.decode("axes") ?? BindingAxes.both.rawValue
        guard let axes = BindingAxes(rawValue: axesName) else {
            throw c.fail("axes", "unknown axes '\(axesName)'; use both, x or y")
        }
        let scale: Double = try c.decode("scale") ?? 1
        guard scale.isFinite else { throw c.fail("scale", "the scale must be a finite number of channel units per mm") }
        let rubberBand: Double = try c.decode("rubber_band") ?? 0.55
        guard rubberBand.isFinite, rubberBand >= 0 else {
            throw c.fail("rubber_band", "the rubber-band constant must be ≥ 0 (0.55 as UIScrollView; 0 pins at the bounds)")
        }

        self.init(channel: channel, device: device, gesture: gesture, follow: follow, axes: axes, scale: scale,
                  rubberBand: RubberBand(constant: rubberBand),
                  animation: try c.animation("animation") ?? .interactiveSpring,
                  release: try c.decode("release", as: Release.self) ?? Release())
        if let initial: [Double] = try c.decode("initial") {
            guard initial.count == dimension, initial.allSatisfy(\.isFinite) else {
                throw c.fail("initial", "'initial' needs \(dimension) finite numbers for a \(gestureName) binding on \(axesName) axes")
            }
            self.initial = initial
        }
        if let bounds = try c.decode("bounds", as: DecodedBounds.self) {
            guard bounds.lower.count == dimension, bounds.upper.count == dimension else {
                throw c.fail("bounds", "'bounds' needs lower and upper lists of \(dimension) numbers")
            }
            self.bounds = ChannelBounds(lower: bounds.lower, upper: bounds.upper)
        }
        if case .project(let points) = release.target, let bad = points.first(where: { $0.count != dimension }) {
            throw c.fail("release", "snap point \(bad) has \(bad.count) components; the channel has \(dimension)")
        }
    }

    /// `bounds: {lower: [...], upper: [...]}`.
    private struct DecodedBounds: Decodable {
        var lower: [Double]
        var upper: [Double]

        init(from decoder: any Decoder) throws {
            let c = try decoder.container(keyedBy: ConfigurationKey.self)
            try c.rejectUnknownKeys(["lower", "upper"])
            guard let lower: [Double] = try c.decode("lower"), let upper: [Double] = try c.decode("upper"),
                lower.allSatisfy(\.isFinite), upper.allSatisfy(\.isFinite)
            else { throw c.fail("lower", "bounds need finite 'lower' and 'upper' lists") }
            self.lower = lower
            self.upper = upper
        }
    }

    /// A mouse button by name (`left`, `right`, `middle`, `side`, `extra`) or evdev code.
    private struct ButtonName: Decodable {
        var code: UInt16
        static let names: [(String, UInt16)] = [("left", 0x110), ("right", 0x111), ("middle", 0x112),
                                                ("side", 0x113), ("extra", 0x114)]

        init(from decoder: any Decoder) throws {
            let c = try decoder.singleValueContainer()
            if let number = try? c.decode(UInt16.self) {
                code = number
            } else if let name = try? c.decode(String.self), let entry = Self.names.first(where: { $0.0 == name }) {
                code = entry.1
            } else {
                throw DecodingError.dataCorruptedError(
                    in: c, debugDescription: "unknown button; use left, right, middle, side, extra or an evdev code such as 272")
            }
        }
    }
}

extension GestureBinding.Release: Decodable {
    /// `release: {animation: .spring, target: stay|return|project, snap_points: [[…]], deceleration_rate: normal|fast|0.998}`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: ConfigurationKey.self)
        try c.rejectUnknownKeys(["animation", "target", "snap_points", "deceleration_rate"])
        let targetName: String = try c.decode("target") ?? "stay"
        let snapPoints: [[Double]]? = try c.decode("snap_points")
        let target: ReleaseTarget
        switch targetName {
        case "stay": target = .stay
        case "return": target = .origin
        case "project":
            guard (snapPoints ?? []).allSatisfy({ $0.allSatisfy(\.isFinite) }) else {
                throw c.fail("snap_points", "snap points must be lists of finite numbers")
            }
            target = .project(snapPoints: snapPoints ?? [])
        default:
            throw c.fail("target", "unknown release target '\(targetName)'; use stay, return or project")
        }
        if snapPoints != nil, targetName != "project" {
            throw c.fail("snap_points", "'snap_points' applies to 'target: project' only")
        }
        var rate = DecelerationRate.normal
        // Numbers first: YAML scalars also decode as strings.
        if let value = try? c.decode("deceleration_rate", as: Double.self) {
            guard value > 0, value < 1 else {
                throw c.fail("deceleration_rate", "the deceleration rate is the velocity kept per millisecond, in (0, 1), not \(value)")
            }
            rate = DecelerationRate(rawValue: value)
        } else if let name: String = try c.decode("deceleration_rate") {
            switch name {
            case "normal": rate = .normal
            case "fast": rate = .fast
            default: throw c.fail("deceleration_rate", "unknown deceleration rate '\(name)'; use normal, fast or a number in (0, 1)")
            }
        }
        self.init(animation: try c.animation("animation") ?? .spring, target: target, decelerationRate: rate)
    }
}

extension DeviceMatch: Decodable {
    /// `device: {class: touchscreen | [touchscreen, touchpad], name: "GLOB", path: "GLOB"}`.
    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: ConfigurationKey.self)
        try c.rejectUnknownKeys(["class", "name", "path"])
        var names: [String]?
        if let one = try? c.decode("class", as: String.self) {
            names = [one]
        } else {
            names = try c.decode("class")
        }
        let classes = try names.map { list in
            try list.map { name in
                guard let deviceClass = DeviceClass(rawValue: name), deviceClass != .other else {
                    throw c.fail("class", "unknown device class '\(name)'; use touchscreen, touchpad or mouse")
                }
                return deviceClass
            }
        }
        self.init(classes: classes, name: try c.decode("name"), path: try c.decode("path"))
    }
}
