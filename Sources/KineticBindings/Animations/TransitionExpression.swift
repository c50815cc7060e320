// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials
import Kinetic

/// A transition written in SwiftUI syntax, parsed: `.move(edge: .bottom).combined(with: .opacity)`.
///
/// Read by the same parser as animations (``AnimationExpression/parseChain(_:typeName:expecting:)``), then checked
/// against SwiftUI's transitions:
///
/// | member | arguments |
/// |---|---|
/// | `.identity`, `.opacity`, `.scale`, `.slide`, `.blurReplace` | none |
/// | `.scale(_:anchor:)`, `.scale(scale:anchor:)` | a number in ±10⁹; `anchor:` a named `UnitPoint` (`.center`, `.top`, `.bottomLeading`, …) |
/// | `.move(edge:)`, `.push(from:)` | `.top`, `.bottom`, `.leading` or `.trailing` |
/// | `.offset(x:y:)` | numbers in ±10⁹, each optional |
/// | `.blurReplace(_:)` | `.downUp` or `.upUp`, optional |
/// | `.asymmetric(insertion:removal:)` | two transitions |
/// | `.combined(with:)` (modifier) | a transition |
/// | `.animation(_:)` (modifier) | an animation expression (its numbers checked as ``AnimationExpression/animation(reduceMotion:)`` says) |
public struct TransitionExpression: Equatable, Sendable, CustomStringConvertible {
    /// The parsed chain.
    public var chain: AnimationExpression

    /// Parses and checks `text` (building the transition once, so every error is found here).
    public static func parse(_ text: String) throws(AnimationExpressionError) -> TransitionExpression {
        let expression = TransitionExpression(chain: try AnimationExpression.parseChain(
            text, typeName: "AnyTransition", expecting: "a transition such as .opacity or .move(edge: .bottom)"))
        _ = try build(expression.chain, text: text, reduceMotion: false)
        return expression
    }

    public var description: String { chain.description }

    /// The transition; with `reduceMotion`, animations attached by `.animation(_:)` follow the reduce-motion
    /// patterns (``AnimationExpression/animation(reduceMotion:)``).
    public func transition(reduceMotion: Bool = false) throws(AnimationExpressionError) -> AnyTransition {
        try Self.build(chain, text: description, reduceMotion: reduceMotion)
    }

    static let edges = ["top", "bottom", "leading", "trailing"]
    static let unitPoints: [String: UnitPoint] = [
        "zero": .zero, "center": .center, "leading": .leading, "trailing": .trailing, "top": .top, "bottom": .bottom,
        "topLeading": .topLeading, "topTrailing": .topTrailing, "bottomLeading": .bottomLeading,
        "bottomTrailing": .bottomTrailing,
    ]
    static let number: ClosedRange<Double> = -1e9...1e9

    static func edge(_ name: String) -> Edge {
        switch name {
        case "top": .top
        case "bottom": .bottom
        case "leading": .leading
        default: .trailing
        }
    }

    static func build(_ chain: AnimationExpression, text: String, reduceMotion: Bool) throws(AnimationExpressionError) -> AnyTransition {
        func fail(_ column: Int, _ reason: String) -> AnimationExpressionError {
            AnimationExpressionError(text: text, column: column, reason: reason)
        }
        func bind(_ call: AnimationExpression.Call, _ labels: [String], required: Int = 0) throws(AnimationExpressionError) -> ExpressionArguments {
            guard let bound = ExpressionArguments(call, text: text, labels: labels, required: required) else {
                throw fail(call.column, "no .\(call.name) takes these arguments; use .\(call.name)("
                           + labels.enumerated().map { $0.offset < required ? $0.element + ":" : "[" + $0.element + ":]" }
                               .joined(separator: " ") + ")")
            }
            return bound
        }
        func nested(_ value: (chain: AnimationExpression, column: Int)?) throws(AnimationExpressionError) -> AnyTransition {
            guard let value else { return .identity }
            return try build(value.chain, text: text, reduceMotion: reduceMotion)
        }

        let base = chain.base
        var transition: AnyTransition
        switch (base.name, base.arguments == nil) {
        case ("identity", true): transition = .identity
        case ("opacity", true): transition = .opacity
        case ("scale", true): transition = .scale
        case ("slide", true): transition = .slide
        case ("blurReplace", true): transition = .blurReplace
        case ("scale", false):
            let labelled = base.arguments?.first?.label == "scale"
            let a = try bind(base, [labelled ? "scale" : "_", "anchor"], required: 1)
            let anchor = try a.name(1, of: unitPoints.keys.sorted()).flatMap { unitPoints[$0] } ?? .center
            transition = .scale(scale: try a.number(0, default: 0, in: number), anchor: anchor)
        case ("move", false):
            transition = .move(edge: edge(try bind(base, ["edge"], required: 1).name(0, of: edges) ?? "bottom"))
        case ("push", false):
            transition = .push(from: edge(try bind(base, ["from"], required: 1).name(0, of: edges) ?? "trailing"))
        case ("offset", false):
            let a = try bind(base, ["x", "y"])
            transition = .offset(x: CGFloat(try a.number(0, default: 0, in: number)), y: CGFloat(try a.number(1, default: 0, in: number)))
        case ("blurReplace", false):
            let style = try bind(base, ["_"]).name(0, of: ["downUp", "upUp"])
            transition = .blurReplace(style == "upUp" ? .upUp : .downUp)
        case ("asymmetric", false):
            let a = try bind(base, ["insertion", "removal"], required: 2)
            transition = .asymmetric(insertion: try nested(try a.member(0)), removal: try nested(try a.member(1)))
        default:
            let known = ["identity", "opacity", "scale", "slide", "blurReplace", "move", "push", "offset", "asymmetric"]
            throw fail(base.column, known.contains(base.name)
                ? (base.arguments == nil ? ".\(base.name) needs arguments" : ".\(base.name) takes no arguments")
                : "unknown transition .\(base.name)" + (AnimationTable.closest(to: base.name, in: known).map { "; did you mean .\($0)?" }
                    ?? "; known: " + known.map { "." + $0 }.joined(separator: ", ")))
        }
        for call in chain.modifiers {
            switch call.name {
            case "combined":
                transition = transition.combined(with: try nested(try bind(call, ["with"], required: 1).member(0)))
            case "animation":
                guard let (animationChain, _) = try bind(call, ["_"], required: 1).member(0) else { break }
                try AnimationExpression.checkAnimation(animationChain, text: text)
                transition = transition.animation(try animationChain.animation(reduceMotion: reduceMotion, quoted: text))
            default:
                throw fail(call.column, "unknown transition modifier .\(call.name); use .combined(with:) or .animation(_:)")
            }
        }
        return transition
    }
}
