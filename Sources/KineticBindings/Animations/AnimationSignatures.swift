import KineticProtocol
/// The SwiftUI animations and modifiers an expression may use, with their argument labels
/// (SwiftUI's `Animation` static members and instance modifiers; docs/ANIMATION.md §4).
///
/// Each entry lists the overloads as label sequences; a parameter whose label ends in `?` may be
/// omitted, `_` is an unlabelled parameter. An entry whose overloads include `nil` may also be
/// written without parentheses (`.spring`, `.easeIn`).
public enum AnimationSignatures {
    typealias Overloads = [[String]?]

    /// Animations (the first member of an expression).
    static let animations: [String: Overloads] = [
        "default": [nil],
        "linear": [nil, ["duration"]],
        "easeIn": [nil, ["duration"]],
        "easeOut": [nil, ["duration"]],
        "easeInOut": [nil, ["duration"]],
        "timingCurve": [["_", "_", "_", "_", "duration?"]],
        "spring": [nil, ["duration?", "bounce?", "blendDuration?"], ["response?", "dampingFraction?", "blendDuration?"]],
        "interactiveSpring": [nil, ["response?", "dampingFraction?", "blendDuration?"],
                              ["duration?", "extraBounce?", "blendDuration?"]],
        "interpolatingSpring": [nil, ["mass?", "stiffness", "damping", "initialVelocity?"],
                                ["duration?", "bounce?", "initialVelocity?"]],
        "smooth": [nil, ["duration?", "extraBounce?"]],
        "snappy": [nil, ["duration?", "extraBounce?"]],
        "bouncy": [nil, ["duration?", "extraBounce?"]],
    ]

    /// Modifiers (every later member).
    static let modifiers: [String: Overloads] = [
        "delay": [["_"]],
        "speed": [["_"]],
        "repeatCount": [["_", "autoreverses?"]],
        "repeatForever": [nil, ["autoreverses?"]],
        "logicallyComplete": [["after"]],
    ]

    /// The names an expression may start with.
    public static var animationNames: [String] { animations.keys.sorted() }
    /// The modifier names.
    public static var modifierNames: [String] { modifiers.keys.sorted() }

    static func check(_ call: AnimationExpression.Call, isBase: Bool, text: String) throws(AnimationExpressionError) {
        let table = isBase ? animations : modifiers
        func fail(_ column: Int, _ reason: String) -> AnimationExpressionError {
            AnimationExpressionError(text: text, column: column, reason: reason)
        }
        guard let overloads = table[call.name] else {
            let kind = isBase ? "animation" : "modifier"
            let known = isBase ? animationNames : modifierNames
            let other = isBase ? modifiers[call.name] != nil : animations[call.name] != nil
            var reason = "unknown \(kind) .\(call.name)"
            if other {
                reason += isBase ? "; a modifier needs an animation before it, like .spring.\(call.name)(…)"
                                 : "; only one animation per expression, modifiers follow it"
            } else if let suggestion = closest(to: call.name, in: known) {
                reason += "; did you mean .\(suggestion)?"
            } else {
                reason += "; known: " + known.map { "." + $0 }.joined(separator: ", ")
            }
            throw fail(call.column, reason)
        }
        guard let arguments = call.arguments else {
            guard overloads.contains(where: { $0 == nil }) else {
                throw fail(call.column, ".\(call.name) needs arguments: " + spellings(call.name, overloads))
            }
            return
        }
        for case let overload? in overloads where matches(arguments, overload) { return }
        let column = firstMismatch(arguments, overloads) ?? call.column
        throw fail(column, "no .\(call.name) takes these arguments; use " + spellings(call.name, overloads))
    }

    private static func matches(_ arguments: [AnimationExpression.Argument], _ parameters: [String]) -> Bool {
        var p = 0
        for argument in arguments {
            var matched = false
            while p < parameters.count {
                let parameter = parameters[p]
                let optional = parameter.hasSuffix("?")
                let label = optional ? String(parameter.dropLast()) : parameter
                p += 1
                if (label == "_" && argument.label == nil) || label == argument.label {
                    matched = true
                    break
                }
                if !optional { return false }
            }
            if !matched { return false }
            if label(of: parameters[p - 1]) == "autoreverses" {
                guard case .bool = argument.value else { return false }
            } else {
                guard case .number = argument.value else { return false }
            }
        }
        return parameters[p...].allSatisfy { $0.hasSuffix("?") }
    }

    private static func label(of parameter: String) -> String {
        parameter.hasSuffix("?") ? String(parameter.dropLast()) : parameter
    }

    /// The column of the first argument no overload accepts at its position.
    private static func firstMismatch(_ arguments: [AnimationExpression.Argument], _ overloads: Overloads) -> Int? {
        var best = -1
        for case let overload? in overloads {
            for n in stride(from: arguments.count, through: 0, by: -1) where n > best {
                // The longest prefix this overload accepts, ignoring that later required parameters are missing.
                let relaxed = overload.map { $0.hasSuffix("?") ? $0 : $0 + "?" }
                if matches(Array(arguments.prefix(n)), relaxed) {
                    best = n
                    break
                }
            }
        }
        guard best < arguments.count else { return nil }
        return arguments[max(0, best)].column
    }

    private static func spellings(_ name: String, _ overloads: Overloads) -> String {
        overloads.map { overload in
            guard let overload else { return "." + name }
            let parameters = overload.map { parameter -> String in
                let optional = parameter.hasSuffix("?")
                let label = optional ? String(parameter.dropLast()) : parameter
                let shown = label == "_" ? "_" : label + ":"
                return optional ? "[" + shown + "]" : shown
            }
            return "." + name + "(" + parameters.joined(separator: " ") + ")"
        }.joined(separator: " or ")
    }

    /// The known name closest to `name` by edit distance, when it is close enough to be a typo.
    private static func closest(to name: String, in candidates: [String]) -> String? {
        func distance(_ a: [Character], _ b: [Character]) -> Int {
            var previous = Array(0...b.count)
            for i in 1...max(1, a.count) where !a.isEmpty {
                var current = [i] + Array(repeating: 0, count: b.count)
                for j in 1...max(1, b.count) where !b.isEmpty {
                    current[j] = min(previous[j] + 1, current[j - 1] + 1,
                                     previous[j - 1] + (a[i - 1].lowercased() == b[j - 1].lowercased() ? 0 : 1))
                }
                previous = current
            }
            return a.isEmpty ? b.count : previous[b.count]
        }
        let scored = candidates.map { ($0, distance(Array(name), Array($0))) }.min { $0.1 < $1.1 }
        guard let (candidate, score) = scored, score <= max(2, name.count / 3) else { return nil }
        return candidate
    }
}
