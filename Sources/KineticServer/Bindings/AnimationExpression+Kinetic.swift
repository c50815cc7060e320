import Kinetic

extension AnimationExpression {
    /// The `Kinetic.Animation` this expression names, built with the same static member and
    /// modifiers SwiftUI would call (spec §2.1, §2.7): `.spring(duration: 0.4, bounce: 0.2).delay(0.05)`
    /// is `Animation.spring(duration: 0.4, bounce: 0.2).delay(0.05)`, omitted arguments take
    /// SwiftUI's defaults, and values are used as given (unclamped, like SwiftUI).
    ///
    /// The parser already checked names and labels (``AnimationSignatures``); what remains are
    /// values only a Swift compiler would reject: a repeat count that is not a whole number.
    /// `source` is the text the expression was parsed from, quoted by errors (whose columns point
    /// into it); without it errors quote ``description``.
    public func animation(source: String? = nil) throws(AnimationExpressionError) -> Animation {
        let text = source ?? description
        var result = try Self.animation(for: base, text: text)
        for modifier in modifiers { result = try Self.apply(modifier, to: result, text: text) }
        return result
    }

    /// The animation to run with reduce motion on or off, following the seed documents'
    /// reduce-motion patterns (shared/seeds, "Reduce Motion Implementation Patterns"):
    ///
    /// - Pattern 2, *simplified animation*: every spring (`.spring`, `.interactiveSpring`,
    ///   `.interpolatingSpring`, `.smooth`, `.snappy`, `.bouncy`, `.default`) becomes
    ///   `.easeInOut(duration: 0.2)` — no bounce, a short ease;
    /// - Pattern 3, *disable repeating animations*: `.repeatCount` and `.repeatForever` are dropped,
    ///   so the animation plays once;
    /// - timing curves (which never bounce), `.delay`, `.speed` and `.logicallyComplete` are kept.
    ///
    /// Pattern 1 (no animation at all) is the caller's choice: bindings use it for the per-frame
    /// animation that follows a finger (``GestureBinding``).
    public func animation(reduceMotion: Bool, source: String? = nil) throws(AnimationExpressionError) -> Animation {
        guard reduceMotion else { return try animation(source: source) }
        let text = source ?? description
        var result = Self.springNames.contains(base.name)
            ? Self.reducedMotionEase : try Self.animation(for: base, text: text)
        for modifier in modifiers where !Self.repeatNames.contains(modifier.name) {
            result = try Self.apply(modifier, to: result, text: text)
        }
        return result
    }

    /// The ease that replaces springs under reduce motion: the seed's Pattern 2,
    /// `.easeInOut(duration: 0.2)`.
    public static let reducedMotionEase = Animation.easeInOut(duration: 0.2)

    static let springNames: Set<String> = [
        "default", "spring", "interactiveSpring", "interpolatingSpring", "smooth", "snappy", "bouncy",
    ]
    static let repeatNames: Set<String> = ["repeatCount", "repeatForever"]

    private static func animation(for call: Call, text: String) throws(AnimationExpressionError) -> Animation {
        func number(_ label: String?, _ fallback: Double) -> Double { call.number(label) ?? fallback }
        switch call.name {
        case "default": return .default
        case "linear": return call.arguments == nil ? .linear : .linear(duration: number("duration", 0.35))
        case "easeIn": return call.arguments == nil ? .easeIn : .easeIn(duration: number("duration", 0.35))
        case "easeOut": return call.arguments == nil ? .easeOut : .easeOut(duration: number("duration", 0.35))
        case "easeInOut": return call.arguments == nil ? .easeInOut : .easeInOut(duration: number("duration", 0.35))
        case "timingCurve":
            let p = call.positionalNumbers
            return .timingCurve(p[0], p[1], p[2], p[3], duration: number("duration", 0.35))
        case "spring":
            // SwiftUI: `.spring(response:dampingFraction:)` is the disfavoured overload, so any call the
            // duration/bounce form accepts (including `.spring()`) binds to that one.
            if call.argument("response") != nil || call.argument("dampingFraction") != nil {
                return .spring(response: number("response", 0.5), dampingFraction: number("dampingFraction", 0.825),
                               blendDuration: number("blendDuration", 0))
            }
            return .spring(duration: number("duration", 0.5), bounce: number("bounce", 0),
                           blendDuration: number("blendDuration", 0))
        case "interactiveSpring":
            if call.argument("response") != nil || call.argument("dampingFraction") != nil {
                return .interactiveSpring(response: number("response", 0.15),
                                          dampingFraction: number("dampingFraction", 0.86),
                                          blendDuration: number("blendDuration", 0.25))
            }
            return .interactiveSpring(duration: number("duration", 0.15), extraBounce: number("extraBounce", 0),
                                      blendDuration: number("blendDuration", 0.25))
        case "interpolatingSpring":
            if let stiffness = call.number("stiffness"), let damping = call.number("damping") {
                return .interpolatingSpring(mass: number("mass", 1), stiffness: stiffness, damping: damping,
                                            initialVelocity: number("initialVelocity", 0))
            }
            return .interpolatingSpring(duration: number("duration", 0.5), bounce: number("bounce", 0),
                                        initialVelocity: number("initialVelocity", 0))
        case "smooth": return .smooth(duration: number("duration", 0.5), extraBounce: number("extraBounce", 0))
        case "snappy": return .snappy(duration: number("duration", 0.5), extraBounce: number("extraBounce", 0))
        case "bouncy": return .bouncy(duration: number("duration", 0.5), extraBounce: number("extraBounce", 0))
        default:
            throw AnimationExpressionError(text: text, column: call.column, reason: "unknown animation .\(call.name)")
        }
    }

    private static func apply(_ call: Call, to animation: Animation, text: String) throws(AnimationExpressionError)
        -> Animation
    {
        switch call.name {
        case "delay": return animation.delay(call.positionalNumbers.first ?? 0)
        case "speed": return animation.speed(call.positionalNumbers.first ?? 1)
        case "repeatCount":
            let count = call.positionalNumbers.first ?? 1
            // SwiftUI's parameter is an Int: a fractional or out-of-range count would not compile.
            guard let whole = Int(exactly: count), abs(whole) <= 1_000_000 else {
                let column = call.arguments?.first?.column ?? call.column
                throw AnimationExpressionError(
                    text: text, column: column,
                    reason: "the repeat count must be a whole number of at most 1000000, not \(count)")
            }
            return animation.repeatCount(whole, autoreverses: autoreverses(call))
        case "repeatForever": return animation.repeatForever(autoreverses: autoreverses(call))
        case "logicallyComplete": return animation.logicallyComplete(after: call.number("after") ?? 0)
        default:
            throw AnimationExpressionError(text: text, column: call.column, reason: "unknown modifier .\(call.name)")
        }
    }

    private static func autoreverses(_ call: Call) -> Bool {
        if case .bool(let value)? = call.argument("autoreverses") { return value }
        return true
    }
}
