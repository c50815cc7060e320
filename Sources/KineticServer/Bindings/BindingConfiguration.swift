import Yams

/// The `bindings:` section of the daemon's configuration file (issue 6 §3): which gestures drive
/// which channels, and how.
///
/// ```yaml
/// bindings:
///   - channel: card.offset
///     device: {class: [touchscreen, touchpad]}   # and/or name: "GLOB", path: "GLOB"
///     gesture: drag                               # drag | touches | pinch | scroll
///     follow: relative                            # absolute (location) | relative (translation)
///     axes: x                                     # both | x | y
///     scale: 1.0                                  # channel units per mm
///     bounds: {lower: [-600], upper: [0]}
///     rubber_band: 0.55
///     animation: .interactiveSpring               # every input frame
///     release:
///       animation: ".spring(duration: 0.4, bounce: 0.2)"   # quoted: YAML reads `a: b` as a mapping
///       target: project                           # stay | return | project
///       snap_points: [[0], [-300], [-600]]
///       deceleration_rate: normal                 # normal | fast | 0 < d < 1
/// ```
///
/// Without a `bindings:` key the ``embeddedDefault`` applies; an empty list binds nothing. Other
/// top-level keys belong to the daemon's own configuration and are ignored here.
public struct BindingConfiguration: Equatable, Sendable {
    /// The bindings, in file order.
    public var bindings: [GestureBinding]

    /// A configuration of `bindings`.
    public init(bindings: [GestureBinding]) {
        self.bindings = bindings
    }

    /// The default when the configuration names no bindings: any touchscreen, touchpad or mouse
    /// drives the 2-component channel `touch.position` (mm; mice at 1000 DPI) with the primary
    /// touch or a drag with any button, `.interactiveSpring` per frame, then `.spring` to where a
    /// fling from the release would come to rest.
    public static let defaultYAML = """
        bindings:
          - channel: touch.position
            device: {class: [touchscreen, touchpad, mouse]}
            gesture: drag
            follow: absolute
            animation: .interactiveSpring
            release:
              animation: .spring
              target: project

        """

    /// ``defaultYAML``, decoded.
    public static var embeddedDefault: BindingConfiguration {
        // The embedded text is a constant the tests decode; a failure here is a programmer error.
        do {
            return try decode(yaml: defaultYAML, source: "embedded default")
        } catch {
            preconditionFailure("the embedded default bindings do not decode: \(error)")
        }
    }

    /// Decodes the `bindings:` section of YAML `text`; `source` names the text in errors.
    public static func decode(yaml text: String, source: String) throws(BindingConfigurationError) -> BindingConfiguration {
        let decoded: DecodedFile
        do {
            decoded = try YAMLDecoder().decode(DecodedFile.self, from: text)
        } catch let error as DecodingError {
            throw BindingConfigurationError(source: source, decodingError: error)
        } catch {
            throw BindingConfigurationError(source: source, path: "", reason: "\(error)")
        }
        let configuration = decoded.bindings.map(BindingConfiguration.init(bindings:)) ?? embeddedDefault
        try configuration.validate(source: source)
        return configuration
    }

    /// Checks what no single binding can: bindings that share a channel must agree on its
    /// dimension.
    public func validate(source: String) throws(BindingConfigurationError) {
        var dimensions: [String: (Int, Int)] = [:]
        for (index, binding) in bindings.enumerated() {
            for name in binding.channelNames {
                if let (dimension, first) = dimensions[name], dimension != binding.dimension {
                    throw BindingConfigurationError(
                        source: source, path: "bindings[\(index)].channel",
                        reason: "channel '\(name)' has \(binding.dimension) components here but \(dimension) in bindings[\(first)]")
                }
                dimensions[name] = dimensions[name] ?? (binding.dimension, index)
            }
        }
    }

    private struct DecodedFile: Decodable {
        var bindings: [GestureBinding]?
    }
}

/// A configuration that cannot be used, with the file and the key path of the problem
/// (`bindings[0].release.animation`).
public struct BindingConfigurationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The file (or other source) of the configuration.
    public var source: String
    /// The key path of the bad value, e.g. `bindings[1].gesture`; empty when the file itself is bad.
    public var path: String
    /// What is wrong and how to fix it.
    public var reason: String

    public init(source: String, path: String, reason: String) {
        self.source = source
        self.path = path
        self.reason = reason
    }

    init(source: String, decodingError: DecodingError) {
        self.source = source
        func render(_ codingPath: [any CodingKey]) -> String {
            var text = ""
            for key in codingPath {
                if let index = key.intValue {
                    text += "[\(index)]"
                } else {
                    text += (text.isEmpty ? "" : ".") + key.stringValue
                }
            }
            return text
        }
        switch decodingError {
        case .dataCorrupted(let context):
            path = render(context.codingPath)
            if let underlying = context.underlyingError {
                // YAML syntax: the usual cause is an unquoted animation, whose `label: value` arguments
                // YAML reads as a mapping.
                reason = "\(context.debugDescription) \(underlying) (quote animations with arguments: "
                    + "animation: \".spring(duration: 0.4, bounce: 0.2)\")"
            } else {
                reason = context.debugDescription
            }
        case .keyNotFound(let key, let context):
            path = render(context.codingPath + [key])
            reason = "missing key '\(key.stringValue)'"
        case .typeMismatch(let type, let context):
            path = render(context.codingPath)
            reason = "expected \(Self.name(of: type)); \(context.debugDescription)"
        case .valueNotFound(let type, let context):
            path = render(context.codingPath)
            reason = "expected \(Self.name(of: type)), found nothing"
        @unknown default:
            path = ""
            reason = "\(decodingError)"
        }
    }

    private static func name(of type: Any.Type) -> String {
        switch type {
        case is Double.Type, is Int.Type, is UInt16.Type: "a number"
        case is String.Type: "a string"
        case is [Double].Type: "a list of numbers"
        default: "\(type)"
        }
    }

    public var description: String { path.isEmpty ? "\(source): \(reason)" : "\(source): \(path): \(reason)" }
}
