// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials
import Glibc
import KineticInput
import KineticYAML
import KineticProtocol

extension DaemonConfiguration {
    /// Parses a YAML configuration. Errors name `source`, the line and column, and what to write instead.
    public static func parse(_ text: String, source: String) throws(ConfigurationError) -> DaemonConfiguration {
        // Text whose comparisons would cost the square of its length is refused before anything compares it.
        if let run = text.overlongCombiningRun {
            let line = text.unicodeScalars.prefix(run).reduce(1) { $1 == "\n" ? $0 + 1 : $0 }
            throw ConfigurationError(source: "\(source):\(line)", reason: "more than \(String.maximumCombiningRun) combining marks in a row; Unicode's stream-safe text allows at most \(String.maximumCombiningRun)")
        }
        let root: Node?
        do {
            root = try KineticYAML.compose(yaml: text)
        } catch {
            throw yamlError(error, text: text, source: source)
        }
        var configuration = DaemonConfiguration()
        guard let root else { return .withDefaultBindings(configuration) }
        let reader = YAMLReader(source: source)
        let top = try reader.mapping(root, keys: ["rate_hz", "phase", "socket", "socket_group", "control_group", "preference_group", "max_clients",
                                                  "max_channels_per_client", "reduce_motion", "bindings", "mappings"])
        if let node = top["rate_hz"] {
            if case .scalar(let scalar) = node, scalar.string == "auto" {
                configuration.rateIsAuto = true
            } else {
                do {
                    configuration.rateHz = try TickRate.validate(try reader.number(node), field: "rate_hz")
                } catch {
                    throw reader.error(node, error.reason + " (or auto: the display's rate)")
                }
            }
        }
        if let node = top["phase"] {
            switch try reader.string(node) {
            case "auto": configuration.phaseIsAuto = true
            case "free": configuration.phaseIsAuto = false
            case let other:
                let reason = "phase must be auto (follow the display's vblanks) or free (the ticks' own phase), got \"\(other)\""
                throw reader.error(node, reason)
            }
        }
        if let node = top["socket"] { configuration.socket = try reader.string(node) }
        if let node = top["socket_group"] { configuration.socketGroup = try reader.optionalString(node) }
        if let node = top["control_group"] { configuration.controlGroup = try reader.optionalString(node) }
        if let node = top["preference_group"] { configuration.preferenceGroup = try reader.optionalString(node) }
        if let node = top["max_clients"] { configuration.maximumClients = try reader.integer(node, in: 1...100_000) }
        if let node = top["max_channels_per_client"] { configuration.maximumChannelsPerClient = try reader.integer(node, in: 1...ProtocolLimits.maximumChannels) }
        if let node = top["reduce_motion"] { configuration.reduceMotion = try reader.bool(node) }
        if let node = top["bindings"] {
            guard case .sequence(let list) = node else { throw reader.error(node, "bindings must be a list") }
            configuration.bindings = try list.map { node throws(ConfigurationError) in try reader.binding(node) }
            // The checks the daemon would otherwise meet only when it defines the channels, with the binding's place.
            if case .failure(let conflict) = GestureBinding.channels(of: configuration.bindings) {
                throw reader.error(list[list.index(list.startIndex, offsetBy: conflict.binding)], conflict.reason)
            }
        }
        if let node = top["mappings"] {
            guard case .sequence(let list) = node else { throw reader.error(node, "mappings must be a list") }
            configuration.mappings = try list.map { node throws(ConfigurationError) in try reader.deviceMapping(node) }
        }
        return top["bindings"] == nil ? .withDefaultBindings(configuration) : configuration
    }

    /// `configuration` with the embedded default's bindings, for a file without a `bindings:` key.
    static func withDefaultBindings(_ configuration: DaemonConfiguration) -> DaemonConfiguration {
        var configuration = configuration
        configuration.bindings = embeddedDefault.bindings
        configuration.bindingsAreDefault = true
        return configuration
    }

    /// libyaml's error in one line at `file:line:column`, with a hint for the two mistakes people make most: a tab
    /// in the indentation, and an animation whose `:` YAML takes for a mapping (it needs quotes).
    static func yamlError(_ error: YAMLError, text: String, source: String) -> ConfigurationError {
        let (problem, mark) = (error.problem, error.mark)
        switch error.stage {
        case .scanner, .parser: break
        case .composer: return ConfigurationError(source: mark.place(in: source), reason: problem)
        case .reader: return ConfigurationError(source: source, reason: "not valid YAML: \(error)")
        }
        let line = text.split(separator: "\n", omittingEmptySubsequences: false).dropFirst(mark.line - 1).first ?? ""
        let place = mark.place(in: source)
        if line.contains("\t") {
            return ConfigurationError(source: place, reason: "a tab; YAML indents with spaces only (libyaml: \(problem))")
        }
        if problem.hasPrefix("mapping values are not allowed"), line.contains("(") {
            let value = line.drop { $0 != ":" }.dropFirst().trimmingPrefix(" ")
            return ConfigurationError(source: place, reason: "the value holds ':', which YAML reads as a mapping; quote it: '\(value)' (libyaml: \(problem))")
        }
        return ConfigurationError(source: place, reason: "not valid YAML: \(problem)")
    }

    /// Reads and parses a configuration file.
    public static func load(path: String) throws(ConfigurationError) -> DaemonConfiguration {
        let bytes: [UInt8]
        do {
            bytes = try FileBytes.read(path, limit: 1 << 20)
        } catch {
            switch error {
            case .unreadable(let reason):
                throw ConfigurationError(source: path, reason: "cannot read the configuration file: \(reason)")
            case .tooLarge:
                throw ConfigurationError(source: path, reason: "the configuration file is larger than 1 MiB")
            }
        }
        return try parse(String(decoding: bytes, as: UTF8.self), source: path)
    }

    /// Where kineticd takes its configuration from: `--config FILE`, else ``systemPath`` when it exists,
    /// else ``embeddedDefault``. Start-up, `--check-config` and every reload ask the same question, so a
    /// file created at the system path after start-up is picked up by the next reload.
    ///
    /// - Returns: the configuration and the file it came from (`nil`: the embedded default).
    public static func load(explicitPath: String?) throws(ConfigurationError) -> (DaemonConfiguration, path: String?) {
        if let explicitPath { return (try load(path: explicitPath), explicitPath) }
        if access(systemPath, F_OK) == 0 { return (try load(path: systemPath), systemPath) }
        return (embeddedDefault, nil)
    }
}

/// Converts YAML nodes with errors that carry `source:line:column`.
struct YAMLReader {
    let source: String

    func error(_ node: Node, _ reason: String) -> ConfigurationError {
        let place = node.mark?.place(in: source) ?? source
        return ConfigurationError(source: place, reason: reason)
    }

    func mapping(_ node: Node, keys: Set<String>) throws(ConfigurationError) -> [String: Node] {
        guard case .mapping(let mapping) = node else { throw error(node, "expected a mapping of key: value") }
        var result: [String: Node] = [:]
        for (key, value) in mapping {
            guard let name = key.string else { throw error(key, "keys must be strings") }
            guard keys.contains(name) else {
                throw error(key, "unknown key '\(name)'; expected one of: " + keys.sorted().joined(separator: ", "))
            }
            result[name] = value
        }
        return result
    }

    func string(_ node: Node) throws(ConfigurationError) -> String {
        guard case .scalar(let scalar) = node else { throw error(node, "expected a string") }
        return scalar.string
    }

    func optionalString(_ node: Node) throws(ConfigurationError) -> String? {
        if node.null != nil { return nil }
        return try string(node)
    }

    func number(_ node: Node) throws(ConfigurationError) -> Double {
        try quotedNumberCheck(node)
        guard let value = node.float ?? node.int.map(Double.init), value.isFinite else {
            throw error(node, "expected a finite number, got \(node.excerpt)")
        }
        return value
    }

    func integer(_ node: Node, in range: ClosedRange<Int>) throws(ConfigurationError) -> Int {
        try quotedNumberCheck(node)
        guard let value = node.int, range.contains(value) else {
            throw error(node, "expected a whole number from \(range.lowerBound) to \(range.upperBound), got \(node.excerpt)")
        }
        return value
    }

    /// Numbers as a message lists them: `[-1920, 1080]`.
    func list(_ values: [Double]) -> String { "[" + values.map(\.formattedForMessage).joined(separator: ", ") + "]" }

    /// A number written in quotes is a string in YAML: say so rather than that it is not a number.
    func quotedNumberCheck(_ node: Node) throws(ConfigurationError) {
        guard case .scalar(let scalar) = node, scalar.style == .singleQuoted || scalar.style == .doubleQuoted,
            Double(scalar.string) != nil
        else { return }
        throw error(node, "\(scalar.string) is written in quotes, which makes it text; write the number without quotes")
    }

    func bool(_ node: Node) throws(ConfigurationError) -> Bool {
        guard let value = node.bool else { throw error(node, "expected true or false") }
        return value
    }

    /// A channel value (a snap point, a bound): a number or a list of numbers, each accepted by ``ChannelValue``.
    func vector(_ node: Node) throws(ConfigurationError) -> [Double] {
        let nodes: [Node]
        if case .scalar = node {
            nodes = [node]
        } else {
            guard case .sequence(let list) = node, !list.isEmpty, list.count <= Command.maximumDimension else {
                throw error(node, "expected a number or a list of 1 to \(Command.maximumDimension) numbers")
            }
            nodes = Array(list)
        }
        return try nodes.map { node throws(ConfigurationError) in
            let value = try number(node)
            guard ChannelValue.accepts(value) else {
                throw error(node, "\(value) is out of range; channel values are \(ChannelValue.acceptedRange)")
            }
            return value
        }
    }

    func stringList(_ node: Node) throws(ConfigurationError) -> [String] {
        if case .scalar = node { return [try string(node)] }
        guard case .sequence(let list) = node else { throw error(node, "expected a string or a list of strings") }
        return try list.map { node throws(ConfigurationError) in try string(node) }
    }

    func animation(_ node: Node) throws(ConfigurationError) -> AnimationExpression {
        let text = try string(node)
        do {
            let expression = try AnimationExpression.parse(text)
            _ = try expression.animation()
            return expression
        } catch {
            // The YAML column of the scalar (of its opening quote, when quoted) plus the expression's
            // own column points at the character.
            var quote = 0
            if case .scalar(let scalar) = node, scalar.style == .singleQuoted || scalar.style == .doubleQuoted { quote = 1 }
            let place = node.mark?.place(in: source, columns: quote + error.column - 1) ?? source
            throw ConfigurationError(source: place, reason: "\(error.reason) in animation \(error.excerpt.quote)")
        }
    }

    static let deviceClasses: Set<String> = ["touchscreen", "touchpad", "mouse", "pointer", "tablet", "keyboard", "joystick"]

    /// evdev codes of the configuration's button names (`BTN_LEFT` 0x110, `BTN_RIGHT`, `BTN_MIDDLE`).
    static let buttonCodes: [String: UInt16] = ["left": 0x110, "right": 0x111, "middle": 0x112]

    /// A `{min, max}` box (a binding's `bounds`, a snap's `within`), called `name` in errors.
    func box(_ node: Node, _ name: String) throws(ConfigurationError) -> ChannelBounds {
        let box = try mapping(node, keys: ["min", "max"])
        guard let minNode = box["min"], let maxNode = box["max"] else {
            throw error(node, name == "bounds" ? "bounds need min and max" : "\(name) needs min and max")
        }
        let lower = try vector(minNode), upper = try vector(maxNode)
        guard lower.count == upper.count, zip(lower, upper).allSatisfy({ $0 <= $1 }) else {
            throw error(node, "min and max need the same number of components, with min ≤ max")
        }
        return ChannelBounds(lower: lower, upper: upper)
    }

    /// A `match:` (of a binding or a mapping): `class` (one or a list of ``deviceClasses``), `name` and `path` globs.
    func deviceMatch(_ node: Node) throws(ConfigurationError) -> DeviceMatch {
        let match = try mapping(node, keys: ["class", "name", "path"])
        var device = DeviceMatch()
        if let classes = match["class"] {
            device.classes = try stringList(classes)
            for name in device.classes where !Self.deviceClasses.contains(name) {
                throw error(classes, "unknown device class '\(name)'; use " + Self.deviceClasses.sorted().joined(separator: ", "))
            }
        }
        if let name = match["name"] { device.name = try string(name) }
        if let path = match["path"] { device.path = try string(path) }
        return device
    }

    /// One entry of `mappings:`: `match` (as a binding's), and `size` `[w, h]` (pixels, above 0, at most 10⁶),
    /// `position` `[x, y]` (±10⁶), `rotation` (0, 90, 180 or 270), `calibration` (six numbers within ±10⁶), `scale`
    /// (pixels per millimetre, 10⁻⁶…10⁶). One of `size` and `scale` is required.
    func deviceMapping(_ node: Node) throws(ConfigurationError) -> DeviceMapping {
        let keys = try mapping(node, keys: ["match", "size", "position", "rotation", "calibration", "scale"])
        var entry = DeviceMapping(mapping: OutputMapping())
        if let matchNode = keys["match"] { entry.device = try deviceMatch(matchNode) }
        func pair(_ key: String, _ range: ClosedRange<Double>) throws(ConfigurationError) -> (Double, Double)? {
            guard let node = keys[key] else { return nil }
            let values = try vector(node)
            guard values.count == 2, values.allSatisfy({ range.contains($0) }) else {
                throw error(node, "\(key) is two numbers from \(range.lowerBound.formattedForMessage) to \(range.upperBound.formattedForMessage), got \(list(values))")
            }
            return (values[0], values[1])
        }
        if let node = keys["size"] {
            let values = try vector(node)
            guard values.count == 2, values.allSatisfy({ $0 > 0 && $0 <= 1e6 }) else {
                throw error(node, "size is the output's width and height in pixels, each above 0 and at most 1000000, such as [1920, 1080]; got \(list(values))")
            }
            let (w, h) = (values[0], values[1])
            entry.mapping.size = CGSize(width: w, height: h)
        }
        if let (x, y) = try pair("position", -1e6...1e6) { entry.mapping.position = CGPoint(x: x, y: y) }
        if let node = keys["rotation"] {
            try quotedNumberCheck(node)
            guard let rotation = node.int, OutputMapping.rotations.contains(rotation) else {
                throw error(node, "rotation is 0, 90, 180 or 270 (degrees clockwise), got \(node.excerpt)")
            }
            entry.mapping.rotation = rotation
        }
        if let node = keys["calibration"] {
            // udev's LIBINPUT_CALIBRATION_MATRIX spelling, one string of six numbers, is accepted too.
            var matrix: [Double]
            if case .scalar(let scalar) = node, scalar.style == .singleQuoted || scalar.style == .doubleQuoted {
                let words = scalar.string.split(separator: " ", omittingEmptySubsequences: true)
                let numbers = words.compactMap { Double($0) }
                guard numbers.count == words.count else {
                    throw error(node, "calibration is six numbers a b c d e f within ±1e6, as [1, 0, 0, 0, 1, 0] or udev's \"1 0 0 0 1 0\"; got \(node.excerpt)")
                }
                matrix = numbers
            } else {
                matrix = try vector(node)
            }
            guard OutputMapping.isValidCalibration(matrix) else {
                throw error(node, "calibration is six numbers a b c d e f within ±1e6 (libinput's LIBINPUT_CALIBRATION_MATRIX), as [1, 0, 0, 0, 1, 0] or udev's \"1 0 0 0 1 0\"; got \(matrix.count) numbers")
            }
            entry.mapping.calibration = matrix
        }
        if let node = keys["scale"] {
            let scale = try number(node)
            guard scale.isFinite, scale >= 1e-6, scale <= 1e6 else { throw error(node, "scale (pixels per millimetre) is 1e-6...1e6, got \(scale)") }
            entry.mapping.scale = scale
        }
        guard entry.mapping.size != nil || entry.mapping.scale != nil else {
            throw error(node, "a mapping needs size (an output, for absolute devices) or scale (pixels per millimetre)")
        }
        return entry
    }

    /// One entry of `bindings:`, with the value each gesture's description promises:
    ///
    /// | gesture | channel value | follow |
    /// |---|---|---|
    /// | `drag`, `value: translation` (default) | its value when the drag began + the translation (mm) | relative |
    /// | `drag`, `value: location` | the primary touch's or the dragged pointer's position (mm) | absolute |
    /// | `pinch` | the magnification, from 1; a later pinch scales the current value | relative |
    /// | `scroll` | the two fingers' accumulated translation (mm) | relative |
    /// | `touches`, `count: N` (default 10) | per touch, `CHANNEL.0` … `CHANNEL.(N−1)`: as `drag` with `value` | as `drag` |
    /// | `swipe`, `fingers: N` (default 3) | its value when N fingers were down + their centroid's translation (mm) | relative |
    /// | `rotate`, `unit: degrees` (default) or `radians` | its value when the second finger landed + the turn, clockwise, unwrapped; `value: location` the turn alone | relative |
    ///
    /// `button` picks the pointer button of a drag (default `left`; touches always qualify); `release.target: snap`
    /// is ``ReleaseTarget/project(snapPoints:)`` with `UIScrollView.DecelerationRate.normal`; `scale` is channel
    /// units per millimetre (default 1). `acceleration: adaptive | flat | none` and `speed` (−1 to 1) are a mouse's
    /// pointer acceleration (``GestureBinding/acceleration``, default adaptive at speed 0, as on a desktop).
    /// `zoom_dismiss: ELEMENT` instead of `channel:` makes a drag drive a zoom element's interactive dismissal
    /// (``GestureBinding/zoomDismissal``). Options the file does not have (axes, initial, deceleration rate) keep
    /// ``GestureBinding``'s defaults.
    func binding(_ node: Node) throws(ConfigurationError) -> GestureBinding {
        let keys = try mapping(node, keys: ["match", "gesture", "value", "button", "count", "fingers", "unit", "channel",
                                            "zoom_dismiss", "scale", "animation", "release", "bounds", "rubber_band",
                                            "acceleration", "speed"])
        let (channel, channelNode) = try bindingChannel(keys, node)
        var binding = GestureBinding(channel: channel)
        binding.place = GestureBinding.Place(node.mark?.place(in: source))
        binding.zoomDismissal = keys["zoom_dismiss"] != nil
        if let scaleNode = keys["scale"] {
            let scale = try number(scaleNode)
            guard scale.isFinite, abs(scale) >= 1e-6, abs(scale) <= 1e6 else {
                throw error(scaleNode, "scale (channel units per millimetre) is a number of magnitude 1e-6...1e6, got \(scale)")
            }
            binding.scale = scale
        }
        if let matchNode = keys["match"] { binding.device = try deviceMatch(matchNode) }
        let (gesture, follow) = try bindingGesture(keys)
        binding.gesture = gesture
        if let follow { binding.follow = follow }
        if let animation = keys["animation"] {
            binding.animation = try string(animation) == "none" ? nil : try self.animation(animation)
        }
        if let releaseNode = keys["release"] { try release(releaseNode, into: &binding.release) }
        for name in binding.channelNames where name != channel {
            if let problem = NameRules.problem(with: name) {
                throw error(channelNode, NameRules.message(field: "the binding's channel", name: name, problem: problem))
            }
        }
        if let boundsNode = keys["bounds"] {
            binding.bounds = try box(boundsNode, "bounds")
        }
        if let rubber = keys["rubber_band"] {
            let constant = try number(rubber)
            guard constant > 0, constant <= 1 else {
                throw error(rubber, "rubber_band is in (0, 1], got \(constant); UIKit uses 0.55")
            }
            binding.rubberBand = RubberBand(constant: constant)
        }
        binding.acceleration = try acceleration(keys)
        return binding
    }

    /// A binding's `acceleration:` (adaptive, flat or none) and `speed:` (−1 to 1, libinput's), for mice.
    func acceleration(_ keys: [String: Node]) throws(ConfigurationError) -> PointerAcceleration {
        var profile = PointerAcceleration.desktopDefault.profile
        if let node = keys["acceleration"] {
            let name = try string(node)
            guard let named = PointerAcceleration.Profile(rawValue: name) else {
                let names = PointerAcceleration.Profile.allCases.map(\.rawValue).joined(separator: ", ")
                throw error(node, "acceleration is one of \(names) (libinput's profiles, or none), got '\(name)'")
            }
            profile = named
        }
        guard let node = keys["speed"] else { return PointerAcceleration(profile: profile) }
        let speed = try number(node)
        guard PointerAcceleration.speedRange.contains(speed) else {
            throw error(node, "speed (libinput's pointer speed) is a number from -1 to 1, got \(speed)")
        }
        guard profile != .none else {
            throw error(node, "speed sets the pointer acceleration's speed, but this binding has acceleration: none; remove speed, or choose adaptive or flat")
        }
        return PointerAcceleration(profile: profile, speed: speed)
    }

    /// A binding's `channel:` — or `zoom_dismiss:`, the zoom element its drag dismisses, which takes none of a
    /// channel's options — checked as a name of its kind; and the node it came from.
    func bindingChannel(_ keys: [String: Node], _ node: Node) throws(ConfigurationError) -> (String, Node) {
        if let zoom = keys["zoom_dismiss"] {
            for key in ["channel", "value", "count", "animation", "release", "bounds", "rubber_band"] where keys[key] != nil {
                throw error(zoom, "zoom_dismiss drives a zoom element's dismissal; '\(key)' does not apply to it")
            }
            if let gesture = keys["gesture"], try string(gesture) != "drag" {
                throw error(gesture, "zoom_dismiss follows a drag")
            }
        }
        guard let channelNode = keys["channel"] ?? keys["zoom_dismiss"] else {
            throw error(node, "a binding needs a channel name (or zoom_dismiss: the zoom element its drag dismisses)")
        }
        let channel = try string(channelNode)
        let maximumBytes = keys["zoom_dismiss"] != nil ? NameRules.maximumElementBytes : NameRules.maximumChannelBytes
        if let problem = NameRules.problem(with: channel, maximumBytes: maximumBytes) {
            let field = keys["zoom_dismiss"] != nil ? "zoom_dismiss" : "channel"
            throw error(channelNode, NameRules.message(field: field, name: channel, problem: problem, maximumBytes: maximumBytes))
        }
        return (channel, channelNode)
    }

    /// The gestures `gesture:` names, each with the option it alone takes (`nil`: none) as errors name it, in the order
    /// errors list them. (`button` is read for any gesture, and used by a drag.)
    static let gestureOptions: [(name: String, option: String?, said: String)] = [
        ("drag", nil, ""), ("touches", "count", "count (the number of per-touch channels)"), ("pinch", nil, ""),
        ("scroll", nil, ""), ("swipe", "fingers", "fingers"), ("rotate", "unit", "unit"), ("pointer", nil, ""),
    ]

    /// A binding's `gesture:` (default `drag`) with its option, and how its value follows (`value:`; `nil` for the
    /// gestures whose value is always relative).
    func bindingGesture(_ keys: [String: Node]) throws(ConfigurationError) -> (BindingGesture, FollowMode?) {
        var gesture = "drag"
        if let node = keys["gesture"] {
            gesture = try string(node)
            guard Self.gestureOptions.contains(where: { $0.name == gesture }) else {
                let names = Self.gestureOptions.map(\.name)
                throw error(node, "unknown gesture '\(gesture)'; use \(names.dropLast().joined(separator: ", ")) or \(names.last ?? "")")
            }
        }
        for (name, option, said) in Self.gestureOptions where name != gesture {
            if let option, let node = keys[option] { throw error(node, "\(said) goes with gesture: \(name)") }
        }
        var button = "left"
        if let node = keys["button"] {
            button = try string(node)
            guard Self.buttonCodes[button] != nil else { throw error(node, "button is left, right or middle") }
        }
        var follow = FollowMode.relative
        if let valueNode = keys["value"] {
            switch try string(valueNode) {
            case "translation": follow = .relative
            case "location": follow = .absolute
            default: throw error(valueNode, "value is translation or location")
            }
        }
        switch gesture {
        case "pinch": return (.pinch, nil)
        case "scroll": return (.scroll, nil)
        case "swipe": return (.swipe(fingers: try keys["fingers"].map { node throws(ConfigurationError) in try integer(node, in: 2...10) } ?? 3), nil)
        case "rotate":
            guard let node = keys["unit"] else { return (.rotate(unit: .degrees), follow) }
            guard let unit = AngleUnit(rawValue: try string(node)) else { throw error(node, "unit is degrees or radians") }
            return (.rotate(unit: unit), follow)
        case "touches":
            let count = try keys["count"].map { node throws(ConfigurationError) in try integer(node, in: 1...64) }
            return (.touches(count: count ?? GestureBinding.touchChannelCount), follow)
        case "pointer":
            for key in ["value", "button", "release"] where keys[key] != nil {
                throw error(keys[key]!, "gesture: pointer follows where the pointer is, with no button and no release; '\(key)' does not apply to it")
            }
            return (.pointer, .absolute)
        default:
            return (.drag(button: Self.buttonCodes[button]), follow)
        }
    }

    /// A binding's `release:` — its animation, target and deceleration — into `release`.
    func release(_ node: Node, into release: inout GestureBinding.Release) throws(ConfigurationError) {
        let keys = try mapping(node, keys: ["animation", "target", "snap_points", "page", "within", "deceleration"])
        if let animation = keys["animation"] { release.animation = try self.animation(animation) }
        if let target = keys["target"] { release.target = try releaseTarget(target, keys) }
        if let node = keys["deceleration"] { release.decelerationRate = try decelerationRate(node) }
    }

    /// `release.target:` stay, origin, momentum, or snap with its points or page (and `within`).
    func releaseTarget(_ target: Node, _ release: [String: Node]) throws(ConfigurationError) -> ReleaseTarget {
        let name = try string(target)
        for key in ["snap_points", "page", "within"] where name != "snap" && release[key] != nil {
            throw error(target, "\(key) goes with target: snap")
        }
        switch name {
        case "stay": return .stay
        case "origin": return .origin
        case "momentum": return .momentum
        case "snap": break
        default: throw error(target, "target is stay, origin, momentum or snap")
        }
        var snap: ReleaseTarget
        switch (release["snap_points"], release["page"]) {
        case (let pointsNode?, nil):
            guard case .sequence(let list) = pointsNode, !list.isEmpty else {
                throw error(pointsNode, "snap_points is a list of points such as [[0, 0], [300, 0]]")
            }
            snap = .project(snapPoints: try list.map { node throws(ConfigurationError) in try vector(node) })
        case (nil, let pageNode?):
            let size = try vector(pageNode)
            let pageSizes = ReleaseTarget.pageSizes
            guard size.allSatisfy({ $0 == 0 || pageSizes.contains($0) }), size.contains(where: { $0 > 0 }) else {
                throw error(pageNode, "page is a size per component in channel units, 0 (no paging on that component) or \(pageSizes.lowerBound) to \(pageSizes.upperBound), at least one above 0, such as [300, 0]; got \(list(size))")
            }
            snap = .pages(size: size)
        default:
            throw error(target, "target: snap needs snap_points (a list of points such as [[0, 0], [300, 0]]) or page (a size per component such as [300, 0]), one of them")
        }
        if let withinNode = release["within"] {
            snap = .within(range: try box(withinNode, "within"), target: snap)
        }
        return snap
    }

    /// `release.deceleration:` normal, fast, or the velocity kept per millisecond (0.9 to 0.9999).
    func decelerationRate(_ node: Node) throws(ConfigurationError) -> DecelerationRate {
        if case .scalar(let scalar) = node, scalar.string == "normal" || scalar.string == "fast" {
            return scalar.string == "fast" ? .fast : .normal
        }
        guard case .scalar(let scalar) = node, scalar.style == .plain, Double(scalar.string) != nil else {
            throw error(node, "deceleration is normal (0.998), fast (0.99) or the velocity kept per millisecond, 0.9 to 0.9999; got \(node.excerpt)")
        }
        let rate = try number(node)
        guard rate >= 0.9, rate <= 0.9999 else {
            throw error(node, "deceleration is normal (0.998), fast (0.99) or the velocity kept per millisecond, 0.9 to 0.9999; got \(rate)")
        }
        return DecelerationRate(rawValue: rate)
    }
}
