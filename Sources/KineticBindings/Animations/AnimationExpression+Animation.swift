// SPDX-License-Identifier: Apache-2.0
import Kinetic

extension AnimationExpression {
    /// The `Kinetic.Animation` the expression names, with SwiftUI's defaults for omitted arguments.
    ///
    /// With `reduceMotion`, the seed documents' reduce-motion patterns apply (seed 003, "Reduce
    /// Motion Implementation Patterns"): spring-family animations become `.easeInOut(duration: 0.2)`
    /// (pattern 2, "replace bouncy/spring with crossfade": no bounce, a short ease), repeats are
    /// dropped (pattern 3), timing curves and delays stay.
    /// Names, labels, defaults, ranges and constructors come from one table (``AnimationTable``), the one parsing
    /// checks against. The expression's text goes into errors only: it is built lazily, so a binding that resolves
    /// its expression at every input frame does not format it every time.
    ///
    /// Every number is checked here, where it enters from a client or a configuration file, against a range
    /// chosen so that each frame's work stays bounded and every value stays finite; SwiftUI
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
    ///
    /// - Parameter quoted: the text errors quote and count columns in, when the expression is part of a longer one
    ///   (a transition's `.animation(_:)`); by default the expression itself.
    public func animation(reduceMotion: Bool = false, quoted: String? = nil) throws(AnimationExpressionError) -> Animation {
        let text = { quoted ?? self.description }
        guard let member = AnimationTable.animations[base.name] else {
            throw AnimationExpressionError(text: text(), column: base.column, reason: "unknown animation .\(base.name)")
        }
        var animation: Animation
        if let arguments = base.arguments {
            guard let (overload, bound) = member.overloads.lazy.compactMap({ overload in
                AnimationTable.bind(arguments, to: overload.parameters).map { (overload, $0) }
            }).first else {
                throw AnimationExpressionError(text: text(), column: base.column, reason: "no .\(base.name) takes these arguments")
            }
            // The arguments are checked whether or not reduce motion replaces the animation, so a typo is reported
            // either way.
            animation = overload.make(try AnimationTable.values(base, overload.parameters, bound: bound, text: text))
        } else if let bare = member.bare {
            // Written without parentheses: SwiftUI's static member, whose values may differ from the function's
            // defaults (`.interactiveSpring` vs `.interactiveSpring()`).
            animation = bare
        } else {
            throw AnimationExpressionError(text: text(), column: base.column, reason: ".\(base.name) needs arguments")
        }
        if reduceMotion, member.isSpring { animation = Self.reducedMotionAnimation }
        for call in modifiers {
            guard let modifier = AnimationTable.modifiers[call.name] else {
                throw AnimationExpressionError(text: text(), column: call.column, reason: "unknown modifier .\(call.name)")
            }
            guard let (overload, bound) = modifier.overloads.lazy.compactMap({ overload in
                AnimationTable.bind(call.arguments ?? [], to: overload.parameters).map { (overload, $0) }
            }).first, call.arguments != nil || modifier.bareAllowed else {
                throw AnimationExpressionError(text: text(), column: call.column, reason: "no .\(call.name) takes these arguments")
            }
            animation = overload.apply(animation, try AnimationTable.values(call, overload.parameters, bound: bound, text: text),
                                       reduceMotion)
        }
        return animation
    }

    /// The reduce-motion replacement for spring-family animations (seed 003, pattern 2).
    public static let reducedMotionAnimation = Animation.easeInOut(duration: 0.2)
}
