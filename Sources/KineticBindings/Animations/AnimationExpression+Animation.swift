import Kinetic
import KineticProtocol

extension AnimationExpression {
    /// The `Kinetic.Animation` the expression names, with SwiftUI's defaults for omitted arguments.
    ///
    /// With `reduceMotion`, the seed documents' reduce-motion patterns apply (seed 003, "Reduce
    /// Motion Implementation Patterns"): spring-family animations become `.easeInOut(duration: 0.2)`
    /// (pattern 2, "replace bouncy/spring with crossfade": no bounce, a short ease), repeats are
    /// dropped (pattern 3), timing curves and delays stay.
    /// The expression's text goes into errors only: it is an autoclosure below, so a binding that
    /// resolves its expression at every input frame does not format it every time.
    ///
    /// Every number is checked here, where it enters from a client or a configuration file, against a range
    /// chosen so that each frame's work stays bounded and every value stays finite (issue 10); SwiftUI
    /// accepts more through its Swift API, and so does `Kinetic.Animation`:
    ///
    /// | parameter | accepted | why |
    /// |---|---|---|
    /// | `duration`, `response`, `blendDuration`, `delay`, `logicallyComplete(after:)` | 0…3600 s | 0 is a jump (the engine's rigid spring or curve); an hour bounds how long a channel can be kept animating by one command |
    /// | `bounce`, `extraBounce` | −1…1 | SwiftUI's range; −1 is the frozen limit, which the engine keeps finite |
    /// | `dampingFraction` | 0…1000 | 0 oscillates forever (bounded work per frame, never settles); beyond critical damping the spring only slows |
    /// | `mass` | 10⁻⁹…10⁹ | zero mass divides by zero |
    /// | `stiffness`, `damping` | 0…10⁹ | the closed form stays finite; the fluid spring caps stiffness itself |
    /// | `initialVelocity`, other numbers | ±10⁹ | |
    /// | `speed` | 10⁻⁶…10⁶ | 0 would freeze time (an animation that never ends); the fluid spring's catch-up rule bounds the sub-steps one frame can take however fast time runs |
    /// | `repeatCount` | 0…10⁶, whole | one iteration ends per frame at most, so a huge count costs time, not work per frame |
    public func animation(reduceMotion: Bool = false) throws(AnimationExpressionError) -> Animation {
        var animation = try Self.baseAnimation(base, text: description, reduceMotion: reduceMotion)
        for modifier in modifiers {
            animation = try Self.apply(modifier, to: animation, text: description, reduceMotion: reduceMotion)
        }
        return animation
    }

    /// The reduce-motion replacement for spring-family animations (seed 003, pattern 2).
    public static let reducedMotionAnimation = Animation.easeInOut(duration: 0.2)

    private static let springFamily: Set<String> = [
        "default", "spring", "interactiveSpring", "interpolatingSpring", "smooth", "snappy", "bouncy",
    ]

    private static func number(_ call: Call, _ label: String?, default value: Double, text: @autoclosure () -> String,
                               range: ClosedRange<Double> = -1e9...1e9) throws(AnimationExpressionError) -> Double {
        guard let argument = call.arguments?.first(where: { $0.label == label }) else { return value }
        guard case .number(let n) = argument.value, range.contains(n) else {
            let name = label.map { "\($0):" } ?? "the value"
            throw AnimationExpressionError(text: text(), column: argument.column,
                                           reason: "\(name) must be a number in \(range.lowerBound)...\(range.upperBound)")
        }
        return n
    }

    private static func has(_ call: Call, _ label: String) -> Bool {
        call.arguments?.contains { $0.label == label } ?? false
    }

    private static func baseAnimation(_ call: Call, text: @autoclosure () -> String, reduceMotion: Bool) throws(AnimationExpressionError) -> Animation {
        let duration: ClosedRange<Double> = 0...3600
        if reduceMotion, springFamily.contains(call.name) {
            // The arguments are still checked, so a typo is reported whether or not reduce motion is on.
            _ = try baseAnimation(call, text: text(), reduceMotion: false)
            return reducedMotionAnimation
        }
        if call.arguments == nil {
            // Written without parentheses: SwiftUI's static members, whose values may differ from
            // the functions' defaults (`.interactiveSpring` vs `.interactiveSpring()`).
            switch call.name {
            case "spring": return .spring
            case "interactiveSpring": return .interactiveSpring
            case "interpolatingSpring": return .interpolatingSpring
            case "smooth": return .smooth
            case "snappy": return .snappy
            case "bouncy": return .bouncy
            case "linear": return .linear
            case "easeIn": return .easeIn
            case "easeOut": return .easeOut
            case "easeInOut": return .easeInOut
            default: break
            }
        }
        switch call.name {
        case "default":
            return .default
        case "linear", "easeIn", "easeOut", "easeInOut":
            let d = try number(call, "duration", default: 0.35, text: text(), range: duration)
            switch call.name {
            case "linear": return .linear(duration: d)
            case "easeIn": return .easeIn(duration: d)
            case "easeOut": return .easeOut(duration: d)
            default: return .easeInOut(duration: d)
            }
        case "timingCurve":
            let p = call.positionalNumbers
            let d = try number(call, "duration", default: 0.35, text: text(), range: duration)
            guard p.count == 4 else {
                throw AnimationExpressionError(text: text(), column: call.column, reason: ".timingCurve needs four control-point numbers")
            }
            return .timingCurve(p[0], p[1], p[2], p[3], duration: d)
        case "spring":
            if has(call, "response") || has(call, "dampingFraction") {
                return .spring(response: try number(call, "response", default: 0.5, text: text(), range: duration),
                               dampingFraction: try number(call, "dampingFraction", default: 0.825, text: text(), range: 0...1000),
                               blendDuration: try number(call, "blendDuration", default: 0, text: text(), range: duration))
            }
            return .spring(duration: try number(call, "duration", default: 0.5, text: text(), range: duration),
                           bounce: try number(call, "bounce", default: 0, text: text(), range: -1...1),
                           blendDuration: try number(call, "blendDuration", default: 0, text: text(), range: duration))
        case "interactiveSpring":
            if has(call, "duration") || has(call, "extraBounce") {
                return .interactiveSpring(duration: try number(call, "duration", default: 0.15, text: text(), range: duration),
                                          extraBounce: try number(call, "extraBounce", default: 0, text: text(), range: -1...1),
                                          blendDuration: try number(call, "blendDuration", default: 0.25, text: text(), range: duration))
            }
            return .interactiveSpring(response: try number(call, "response", default: 0.15, text: text(), range: duration),
                                      dampingFraction: try number(call, "dampingFraction", default: 0.86, text: text(), range: 0...1000),
                                      blendDuration: try number(call, "blendDuration", default: 0.25, text: text(), range: duration))
        case "interpolatingSpring":
            if has(call, "stiffness") {
                return .interpolatingSpring(mass: try number(call, "mass", default: 1, text: text(), range: 1e-9...1e9),
                                            stiffness: try number(call, "stiffness", default: 1, text: text(), range: 0...1e9),
                                            damping: try number(call, "damping", default: 0, text: text(), range: 0...1e9),
                                            initialVelocity: try number(call, "initialVelocity", default: 0, text: text()))
            }
            return .interpolatingSpring(duration: try number(call, "duration", default: 0.5, text: text(), range: duration),
                                        bounce: try number(call, "bounce", default: 0, text: text(), range: -1...1),
                                        initialVelocity: try number(call, "initialVelocity", default: 0, text: text()))
        case "smooth", "snappy", "bouncy":
            let d = try number(call, "duration", default: 0.5, text: text(), range: duration)
            let b = try number(call, "extraBounce", default: 0, text: text(), range: -1...1)
            switch call.name {
            case "smooth": return .smooth(duration: d, extraBounce: b)
            case "snappy": return .snappy(duration: d, extraBounce: b)
            default: return .bouncy(duration: d, extraBounce: b)
            }
        default:
            throw AnimationExpressionError(text: text(), column: call.column, reason: "unknown animation .\(call.name)")
        }
    }

    private static func apply(_ call: Call, to animation: Animation, text: @autoclosure () -> String,
                              reduceMotion: Bool) throws(AnimationExpressionError) -> Animation {
        switch call.name {
        case "delay":
            return animation.delay(try number(call, nil, default: 0, text: text(), range: 0...3600))
        case "speed":
            return animation.speed(try number(call, nil, default: 1, text: text(), range: 1e-6...1e6))
        case "repeatCount":
            let count = try number(call, nil, default: 1, text: text(), range: 0...1_000_000)
            guard count == count.rounded() else {
                throw AnimationExpressionError(text: text(), column: call.arguments?.first?.column ?? call.column,
                                               reason: "repeatCount needs a whole number")
            }
            let autoreverses = call.argument("autoreverses") != .bool(false)
            return reduceMotion ? animation : animation.repeatCount(Int(count), autoreverses: autoreverses)
        case "repeatForever":
            let autoreverses = call.argument("autoreverses") != .bool(false)
            return reduceMotion ? animation : animation.repeatForever(autoreverses: autoreverses)
        case "logicallyComplete":
            return animation.logicallyComplete(after: try number(call, "after", default: 0, text: text(), range: 0...3600))
        default:
            throw AnimationExpressionError(text: text(), column: call.column, reason: "unknown modifier .\(call.name)")
        }
    }
}
