// SPDX-License-Identifier: Apache-2.0
import Kinetic
import KineticProtocol

/// The SwiftUI animations and modifiers an animation expression may use, in one table: each member's overloads
/// (SwiftUI's argument labels in order), every parameter's default and accepted range, and what it builds — a
/// `Kinetic.Animation`, or a modified one (docs/ANIMATION.md §4).
///
/// Parsing checks a call against the labels (``check(_:isBase:text:)``), resolving builds the animation
/// (``AnimationExpression/animation(reduceMotion:)``): both read the same entries, so a name, a label, a default
/// and a range are each written once. The ranges, and why, are listed in
/// ``AnimationExpression/animation(reduceMotion:)``.
enum AnimationTable {
    /// One parameter of an overload.
    struct Parameter: Sendable {
        /// SwiftUI's argument label; `_` for an unlabelled parameter.
        var label: String
        /// Whether the call may leave it out (it takes ``defaultValue``).
        var isOptional = true
        /// The value taken when it is left out: a number, or `true`/`false` for a Boolean parameter.
        var defaultValue: AnimationExpression.Value
        /// The numbers accepted (ignored for Booleans).
        var range: ClosedRange<Double>
        /// Whether only whole numbers are accepted (`repeatCount`).
        var isWhole = false

        var isBool: Bool { if case .bool = defaultValue { true } else { false } }
        /// How an overload list spells it in errors: `duration:`, `_`, in brackets when optional.
        var spelling: String {
            let shown = label == "_" ? "_" : label + ":"
            return isOptional ? "[" + shown + "]" : shown
        }
    }

    /// One overload of an animation: its parameters and the animation it builds from their values (in order,
    /// defaults filled in, ranges checked).
    struct Overload: Sendable {
        var parameters: [Parameter]
        var make: @Sendable ([AnimationExpression.Value]) -> Animation
    }

    /// An animation: `Animation.NAME`, written bare (``bare``, SwiftUI's static member, whose values may differ
    /// from the function's defaults) or called with one of its overloads.
    struct Member: Sendable {
        var bare: Animation?
        /// Spring-family animations become ``AnimationExpression/reducedMotionAnimation`` under reduce motion.
        var isSpring: Bool
        var overloads: [Overload]
    }

    /// One overload of a modifier: its parameters and how it changes an animation (`reduceMotion` given).
    struct ModifierOverload: Sendable {
        var parameters: [Parameter]
        var apply: @Sendable (Animation, [AnimationExpression.Value], Bool) -> Animation
    }

    /// A modifier (`.delay(_:)`, …): whether it may be written bare (`.repeatForever`) and its overloads.
    struct Modifier: Sendable {
        var bareAllowed: Bool
        var overloads: [ModifierOverload]
    }

    // MARK: Ranges

    static let seconds: ClosedRange<Double> = 0...3600
    static let bounce: ClosedRange<Double> = -1...1
    static let number: ClosedRange<Double> = -1e9...1e9
    static let anyFinite: ClosedRange<Double> = -Double.greatestFiniteMagnitude...Double.greatestFiniteMagnitude

    static func p(_ label: String, _ value: Double, _ range: ClosedRange<Double> = number, optional: Bool = true) -> Parameter {
        Parameter(label: label, isOptional: optional, defaultValue: .number(value), range: range)
    }

    static func n(_ values: [AnimationExpression.Value], _ i: Int) -> Double {
        if case .number(let x) = values[i] { return x }
        return 0
    }

    static func flag(_ values: [AnimationExpression.Value], _ i: Int) -> Bool { values[i] != .bool(false) }

    // MARK: The table

    /// The animations, by name.
    static let animations: [String: Member] = {
        func curve(_ bare: Animation, _ make: @escaping @Sendable (Double) -> Animation) -> Member {
            Member(bare: bare, isSpring: false,
                   overloads: [Overload(parameters: [p("duration", 0.35, seconds, optional: false)]) { make(n($0, 0)) }])
        }
        func preset(_ bare: Animation, _ make: @escaping @Sendable (Double, Double) -> Animation) -> Member {
            Member(bare: bare, isSpring: true, overloads: [
                Overload(parameters: [p("duration", 0.5, seconds), p("extraBounce", 0, bounce)]) { make(n($0, 0), n($0, 1)) },
            ])
        }
        return [
            "default": Member(bare: .default, isSpring: true, overloads: []),
            "linear": curve(.linear) { .linear(duration: $0) },
            "easeIn": curve(.easeIn) { .easeIn(duration: $0) },
            "easeOut": curve(.easeOut) { .easeOut(duration: $0) },
            "easeInOut": curve(.easeInOut) { .easeInOut(duration: $0) },
            "timingCurve": Member(bare: nil, isSpring: false, overloads: [
                Overload(parameters: [p("_", 0, anyFinite, optional: false), p("_", 0, anyFinite, optional: false),
                                      p("_", 0, anyFinite, optional: false), p("_", 0, anyFinite, optional: false),
                                      p("duration", 0.35, seconds)]) { v in
                    .timingCurve(n(v, 0), n(v, 1), n(v, 2), n(v, 3), duration: n(v, 4))
                },
            ]),
            "spring": Member(bare: .spring, isSpring: true, overloads: [
                Overload(parameters: [p("duration", 0.5, seconds), p("bounce", 0, bounce), p("blendDuration", 0, seconds)]) { v in
                    .spring(duration: n(v, 0), bounce: n(v, 1), blendDuration: n(v, 2))
                },
                Overload(parameters: [p("response", 0.5, seconds), p("dampingFraction", 0.825, 0...1000),
                                      p("blendDuration", 0, seconds)]) { v in
                    .spring(response: n(v, 0), dampingFraction: n(v, 1), blendDuration: n(v, 2))
                },
            ]),
            "interactiveSpring": Member(bare: .interactiveSpring, isSpring: true, overloads: [
                Overload(parameters: [p("response", 0.15, seconds), p("dampingFraction", 0.86, 0...1000),
                                      p("blendDuration", 0.25, seconds)]) { v in
                    .interactiveSpring(response: n(v, 0), dampingFraction: n(v, 1), blendDuration: n(v, 2))
                },
                Overload(parameters: [p("duration", 0.15, seconds), p("extraBounce", 0, bounce),
                                      p("blendDuration", 0.25, seconds)]) { v in
                    .interactiveSpring(duration: n(v, 0), extraBounce: n(v, 1), blendDuration: n(v, 2))
                },
            ]),
            "interpolatingSpring": Member(bare: .interpolatingSpring, isSpring: true, overloads: [
                Overload(parameters: [p("mass", 1, 1e-9...1e9), p("stiffness", 1, 0...1e9, optional: false),
                                      p("damping", 0, 0...1e9, optional: false), p("initialVelocity", 0)]) { v in
                    .interpolatingSpring(mass: n(v, 0), stiffness: n(v, 1), damping: n(v, 2), initialVelocity: n(v, 3))
                },
                Overload(parameters: [p("duration", 0.5, seconds), p("bounce", 0, bounce), p("initialVelocity", 0)]) { v in
                    .interpolatingSpring(duration: n(v, 0), bounce: n(v, 1), initialVelocity: n(v, 2))
                },
            ]),
            "smooth": preset(.smooth) { .smooth(duration: $0, extraBounce: $1) },
            "snappy": preset(.snappy) { .snappy(duration: $0, extraBounce: $1) },
            "bouncy": preset(.bouncy) { .bouncy(duration: $0, extraBounce: $1) },
        ]
    }()

    /// The modifiers, by name. Under reduce motion repeats are dropped (seed 003, pattern 3); delays, speeds and
    /// logical completion stay.
    static let modifiers: [String: Modifier] = {
        let autoreverses = Parameter(label: "autoreverses", defaultValue: .bool(true), range: number)
        return [
            "delay": Modifier(bareAllowed: false, overloads: [
                ModifierOverload(parameters: [p("_", 0, seconds, optional: false)]) { a, v, _ in a.delay(n(v, 0)) },
            ]),
            "speed": Modifier(bareAllowed: false, overloads: [
                ModifierOverload(parameters: [p("_", 1, 1e-6...1e6, optional: false)]) { a, v, _ in a.speed(n(v, 0)) },
            ]),
            "repeatCount": Modifier(bareAllowed: false, overloads: [
                ModifierOverload(parameters: [Parameter(label: "_", isOptional: false, defaultValue: .number(1),
                                                        range: 0...1_000_000, isWhole: true), autoreverses]) { a, v, reduce in
                    reduce ? a : a.repeatCount(Int(n(v, 0)), autoreverses: flag(v, 1))
                },
            ]),
            "repeatForever": Modifier(bareAllowed: true, overloads: [
                ModifierOverload(parameters: [autoreverses]) { a, v, reduce in
                    reduce ? a : a.repeatForever(autoreverses: flag(v, 0))
                },
            ]),
            "logicallyComplete": Modifier(bareAllowed: false, overloads: [
                ModifierOverload(parameters: [p("after", 0, seconds, optional: false)]) { a, v, _ in
                    a.logicallyComplete(after: n(v, 0))
                },
            ]),
        ]
    }()

    /// The names an expression may start with.
    static var animationNames: [String] { animations.keys.sorted() }
    /// The names of the modifiers an animation expression may chain (`.delay`, `.speed`, …), sorted: what a "did you mean" suggestion picks from.
    static var modifierNames: [String] { modifiers.keys.sorted() }

    // MARK: Checking and resolving

    /// Which parameter each argument fills, when `arguments` fit `parameters` (labels in order, optional ones
    /// skippable, Booleans for Boolean parameters and numbers for the others); `nil` otherwise.
    static func bind(_ arguments: [AnimationExpression.Argument], to parameters: [Parameter]) -> [Int]? {
        guard let bound = bindLabels(arguments, to: parameters.map { ($0.label, $0.isOptional) }) else { return nil }
        for (argument, index) in zip(arguments, bound) {
            switch argument.value {
            case .bool: guard parameters[index].isBool else { return nil }
            case .number: guard !parameters[index].isBool else { return nil }
            case .member: return nil
            }
        }
        return bound
    }

    /// Which parameter each argument fills by its label alone (`_` for an unlabelled one): labels in order, optional
    /// parameters skippable, every required one filled; `nil` otherwise. Shared with the transition and
    /// symbol-effect expressions (``ExpressionArguments``), whose values are checked by their members.
    static func bindLabels(_ arguments: [AnimationExpression.Argument],
                           to parameters: [(label: String, isOptional: Bool)]) -> [Int]? {
        var p = 0
        var bound: [Int] = []
        for argument in arguments {
            var matched = false
            while p < parameters.count {
                let parameter = parameters[p]
                p += 1
                if (parameter.label == "_" && argument.label == nil) || parameter.label == argument.label {
                    matched = true
                    break
                }
                if !parameter.isOptional { return nil }
            }
            if !matched { return nil }
            bound.append(p - 1)
        }
        return parameters[p...].allSatisfy(\.isOptional) ? bound : nil
    }

    /// The overloads of `call` (`nil` for the bare form, when allowed), for checking and for errors.
    static func overloads(of name: String, isBase: Bool) -> [[Parameter]?]? {
        if isBase {
            guard let member = animations[name] else { return nil }
            return (member.bare == nil ? [] : [nil]) + member.overloads.map(\.parameters)
        }
        guard let modifier = modifiers[name] else { return nil }
        return (modifier.bareAllowed ? [nil] : []) + modifier.overloads.map(\.parameters)
    }

    /// Checks a parsed call against the table: a known name in the right place, and an overload its labels fit.
    static func check(_ call: AnimationExpression.Call, isBase: Bool, text: String) throws(AnimationExpressionError) {
        func fail(_ column: Int, _ reason: String) -> AnimationExpressionError {
            AnimationExpressionError(text: text, column: column, reason: reason)
        }
        guard let overloads = overloads(of: call.name, isBase: isBase) else {
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
        for case let overload? in overloads where bind(arguments, to: overload) != nil { return }
        let column = firstMismatch(arguments, overloads) ?? call.column
        throw fail(column, "no .\(call.name) takes these arguments; use " + spellings(call.name, overloads))
    }

    /// The values of `call`'s arguments for `parameters` (bound by ``bind(_:to:)``), defaults filled in, each
    /// number checked against its range.
    static func values(_ call: AnimationExpression.Call, _ parameters: [Parameter], bound: [Int],
                       text: () -> String) throws(AnimationExpressionError) -> [AnimationExpression.Value] {
        var values = parameters.map(\.defaultValue)
        for (argument, index) in zip(call.arguments ?? [], bound) {
            let parameter = parameters[index]
            if case .number(let x) = argument.value {
                guard parameter.range.contains(x), !parameter.isWhole || x == x.rounded() else {
                    let name = parameter.label == "_" ? "" : parameter.label + ": "
                    let kind = parameter.isWhole ? "a whole number" : "a number"
                    throw AnimationExpressionError(text: text(), column: argument.column, reason: "\(name)expected \(kind) from "
                        + "\(parameter.range.lowerBound.formattedForMessage) to \(parameter.range.upperBound.formattedForMessage), got \(argument.value)")
                }
            }
            values[index] = argument.value
        }
        return values
    }

    /// The column of the first argument no overload accepts at its position.
    private static func firstMismatch(_ arguments: [AnimationExpression.Argument], _ overloads: [[Parameter]?]) -> Int? {
        var best = -1
        for case let overload? in overloads {
            // The longest prefix this overload accepts, ignoring that later required parameters are missing.
            let relaxed = overload.map { parameter in
                var relaxed = parameter
                relaxed.isOptional = true
                return relaxed
            }
            for count in stride(from: arguments.count, through: 0, by: -1) where count > best {
                if bind(Array(arguments.prefix(count)), to: relaxed) != nil {
                    best = count
                    break
                }
            }
        }
        guard best < arguments.count else { return nil }
        return arguments[max(0, best)].column
    }

    private static func spellings(_ name: String, _ overloads: [[Parameter]?]) -> String {
        overloads.map { overload in
            guard let overload else { return "." + name }
            return "." + name + "(" + overload.map(\.spelling).joined(separator: " ") + ")"
        }.joined(separator: " or ")
    }

    /// The known name closest to `name`, when it is close enough to be a typo (``NearestName``).
    static func closest(to name: String, in candidates: [String]) -> String? {
        NearestName.closest(to: name, in: candidates)
    }
}
