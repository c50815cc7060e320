// SPDX-License-Identifier: Apache-2.0
import Kinetic

/// A symbol effect and its options written in SwiftUI syntax, parsed: `.variableColor.iterative.nonReversing` with
/// `.repeat(.periodic(3, delay: 0.5)).speed(2)`.
///
/// Read by the same parser as animations (``AnimationExpression/parseChain(_:typeName:expecting:)``), then checked:
///
/// | effect | modifiers |
/// |---|---|
/// | `.bounce` | `.up`, `.down` |
/// | `.wiggle` | `.up`, `.down`, `.left`, `.right`, `.forward`, `.backward`, `.clockwise`, `.counterClockwise`, `.custom(angle: .degrees(N))` or `.radians(N)` |
/// | `.pulse`, `.breathe` | — |
/// | `.variableColor` | `.cumulative`, `.iterative`, `.reversing`, `.nonReversing`, `.dimInactiveLayers`, `.hideInactiveLayers` |
/// | `.scale` | `.up`, `.down` |
/// | `.rotate` | `.clockwise`, `.counterClockwise` |
/// | `.appear`, `.disappear` | `.up`, `.down` |
///
/// Every effect also takes `.byLayer` and `.wholeSymbol`. Options: `.default`, `.repeating`, `.nonRepeating`,
/// `.repeat(N)` (N whole, 0…10⁶), `.repeat(.continuous)`, `.repeat(.periodic(N, delay: D))` (both optional; D in
/// 0…3600 s), `.speed(S)` (S in 10⁻³…10³), chained in any order.
public struct SymbolEffectExpression: Sendable, CustomStringConvertible {
    /// The symbol effect the expression names (`.bounce.up.byLayer` is the bounce effect, upwards, by layer).
    public let effect: any SymbolEffect
    /// The options expression's repeat and speed (`.repeat(3)`, `.speed(2)`); the default options without one.
    public let options: SymbolEffectOptions
    /// Whether the effect runs on a trigger (SwiftUI's `DiscreteSymbolEffect`): all but `.scale`, `.appear` and
    /// `.disappear`, which only run while active.
    public let isDiscrete: Bool
    /// The effect and options as written.
    public let description: String

    /// A player of the effect with the options.
    public var player: SymbolEffectPlayer { SymbolEffectPlayer(effect, options: options) }

    static let effectNames = ["bounce", "wiggle", "pulse", "breathe", "variableColor", "scale", "rotate", "appear", "disappear"]

    /// Parses `effect` and, when given, `options`.
    public static func parse(effect text: String, options optionsText: String? = nil) throws(AnimationExpressionError) -> SymbolEffectExpression {
        let chain = try AnimationExpression.parseChain(text, typeName: "SymbolEffect", expecting: "a symbol effect such as .bounce or .pulse")
        let (effect, discrete) = try build(chain, text: text)
        var options = SymbolEffectOptions.default
        if let optionsText {
            options = try parseOptions(try AnimationExpression.parseChain(
                optionsText, typeName: "SymbolEffectOptions", expecting: "options such as .repeat(3) or .speed(2)"), text: optionsText)
        }
        return SymbolEffectExpression(effect: effect, options: options, isDiscrete: discrete,
                                      description: chain.description + (optionsText.map { " options: " + $0 } ?? ""))
    }

    private static func build(_ chain: AnimationExpression, text: String) throws(AnimationExpressionError) -> (any SymbolEffect, Bool) {
        func fail(_ column: Int, _ reason: String) -> AnimationExpressionError {
            AnimationExpressionError(text: text, column: column, reason: reason)
        }
        let base = chain.base
        guard base.arguments == nil, effectNames.contains(base.name) else {
            throw fail(base.column, effectNames.contains(base.name) ? ".\(base.name) takes no arguments"
                       : "unknown symbol effect .\(base.name)" + (AnimationTable.closest(to: base.name, in: effectNames).map { "; did you mean .\($0)?" }
                           ?? "; known: " + effectNames.map { "." + $0 }.joined(separator: ", ")))
        }
        var bounce = BounceSymbolEffect(), wiggle = WiggleSymbolEffect(), pulse = PulseSymbolEffect()
        var breathe = BreatheSymbolEffect(), variable = VariableColorSymbolEffect(), scale = ScaleSymbolEffect()
        var rotate = RotateSymbolEffect(), appear = AppearSymbolEffect(showsWhenActive: base.name == "appear")
        var scope: SymbolEffectScope?
        for call in chain.modifiers {
            let bare = call.arguments == nil
            switch (base.name, call.name, bare) {
            case (_, "byLayer", true): scope = .byLayer
            case (_, "wholeSymbol", true): scope = .wholeSymbol
            case ("bounce", "up", true): bounce = bounce.up
            case ("bounce", "down", true): bounce = bounce.down
            case ("wiggle", "up", true): wiggle = wiggle.up
            case ("wiggle", "down", true): wiggle = wiggle.down
            case ("wiggle", "left", true): wiggle = wiggle.left
            case ("wiggle", "right", true): wiggle = wiggle.right
            case ("wiggle", "forward", true): wiggle = wiggle.forward
            case ("wiggle", "backward", true): wiggle = wiggle.backward
            case ("wiggle", "clockwise", true): wiggle = wiggle.clockwise
            case ("wiggle", "counterClockwise", true): wiggle = wiggle.counterClockwise
            case ("wiggle", "custom", false):
                guard let arguments = ExpressionArguments(call, text: text, labels: ["angle"], required: 1),
                    let (angle, _) = try arguments.member(0),
                    angle.modifiers.isEmpty, ["degrees", "radians"].contains(angle.base.name),
                    let value = ExpressionArguments(angle.base, text: text, labels: ["_"], required: 1)
                else { throw fail(call.column, ".custom needs angle: .degrees(N) or .radians(N)") }
                let n = try value.number(0, default: 0, in: -1e9...1e9)
                wiggle = wiggle.custom(angle: angle.base.name == "degrees" ? .degrees(n) : .radians(n))
            case ("variableColor", "cumulative", true): variable = variable.cumulative
            case ("variableColor", "iterative", true): variable = variable.iterative
            case ("variableColor", "reversing", true): variable = variable.reversing
            case ("variableColor", "nonReversing", true): variable = variable.nonReversing
            case ("variableColor", "dimInactiveLayers", true): variable = variable.dimInactiveLayers
            case ("variableColor", "hideInactiveLayers", true): variable = variable.hideInactiveLayers
            case ("scale", "up", true): scale = scale.up
            case ("scale", "down", true): scale = scale.down
            case ("rotate", "clockwise", true): rotate = rotate.clockwise
            case ("rotate", "counterClockwise", true): rotate = rotate.counterClockwise
            case ("appear", "up", true), ("disappear", "up", true): appear = appear.up
            case ("appear", "down", true), ("disappear", "down", true): appear = appear.down
            default:
                throw fail(call.column, ".\(call.description.dropFirst()) is not an option of .\(base.name)")
            }
        }
        switch base.name {
        case "bounce": bounce.scope = scope; return (bounce, true)
        case "wiggle": wiggle.scope = scope; return (wiggle, true)
        case "pulse": pulse.scope = scope; return (pulse, true)
        case "breathe": breathe.scope = scope; return (breathe, true)
        case "variableColor": variable.scope = scope; return (variable, true)
        case "scale": scale.scope = scope; return (scale, false)
        case "rotate": rotate.scope = scope; return (rotate, true)
        default: appear.scope = scope; return (appear, false)
        }
    }

    private static func parseOptions(_ chain: AnimationExpression, text: String) throws(AnimationExpressionError) -> SymbolEffectOptions {
        func fail(_ column: Int, _ reason: String) -> AnimationExpressionError {
            AnimationExpressionError(text: text, column: column, reason: reason)
        }
        var options = SymbolEffectOptions.default
        for call in [chain.base] + chain.modifiers {
            switch (call.name, call.arguments == nil) {
            case ("default", true): break
            case ("repeating", true): options = options.repeating
            case ("nonRepeating", true): options = options.nonRepeating
            case ("speed", false):
                guard let a = ExpressionArguments(call, text: text, labels: ["_"], required: 1) else {
                    throw fail(call.column, "use .speed(S)")
                }
                options = options.speed(try a.number(0, default: 1, in: 1e-3...1e3))
            case ("repeat", false):
                guard let a = ExpressionArguments(call, text: text, labels: ["_"], required: 1) else {
                    throw fail(call.column, "use .repeat(N), .repeat(.continuous) or .repeat(.periodic(N, delay: D))")
                }
                if let (behavior, column) = try? a.member(0) {
                    options = options.repeat(try repeatBehavior(behavior, column: column, text: text))
                } else {
                    options = options.repeat(Int(try a.number(0, default: 1, in: 0...1e6, whole: true)))
                }
            default:
                throw fail(call.column, "unknown option .\(call.name); use .default, .repeating, .nonRepeating, .repeat(_:) or .speed(_:)")
            }
        }
        return options
    }

    private static func repeatBehavior(_ chain: AnimationExpression, column: Int, text: String) throws(AnimationExpressionError) -> SymbolEffectOptions.RepeatBehavior {
        let call = chain.base
        switch (call.name, call.arguments == nil, chain.modifiers.isEmpty) {
        case ("continuous", true, true):
            return .continuous
        case ("periodic", false, true):
            guard let a = ExpressionArguments(call, text: text, labels: ["_", "delay"]) else {
                throw AnimationExpressionError(text: text, column: call.column, reason: "use .periodic(N, delay: D)")
            }
            let count = a.values[0] == nil ? nil : Int(try a.number(0, default: 1, in: 0...1e6, whole: true))
            return .periodic(count, delay: try a.number(1, default: 0, in: 0...3600))
        default:
            throw AnimationExpressionError(text: text, column: column, reason: "expected .continuous or .periodic(N, delay: D)")
        }
    }
}
