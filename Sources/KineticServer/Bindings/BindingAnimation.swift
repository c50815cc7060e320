import Kinetic

/// An animation written in SwiftUI syntax in the configuration, parsed and mapped once, with its
/// reduce-motion replacement (``AnimationExpression/animation(reduceMotion:source:)``).
public struct BindingAnimation: Equatable, Sendable, CustomStringConvertible {
    /// The text as written, e.g. `.spring(duration: 0.4, bounce: 0.2)`.
    public let text: String
    /// The parsed expression.
    public let expression: AnimationExpression
    /// The animation with reduce motion off.
    public let animation: Animation
    /// The animation with reduce motion on (no bounce, no repeats).
    public let reducedMotionAnimation: Animation

    /// Parses `text`; errors carry the column they point at.
    public init(_ text: String) throws(AnimationExpressionError) {
        self.text = text
        expression = try AnimationExpression.parse(text)
        animation = try expression.animation(source: text)
        reducedMotionAnimation = try expression.animation(reduceMotion: true, source: text)
    }

    /// The animation to use with reduce motion `on` or off.
    public func animation(reduceMotion on: Bool) -> Animation { on ? reducedMotionAnimation : animation }

    public var description: String { text }

    public static func == (lhs: BindingAnimation, rhs: BindingAnimation) -> Bool { lhs.text == rhs.text }

    // Both defaults are valid by construction; `try!` cannot fail on them.
    /// `.interactiveSpring`: the default per-input-frame animation.
    public static let interactiveSpring = try! BindingAnimation(".interactiveSpring")
    /// `.spring`: the default release animation.
    public static let spring = try! BindingAnimation(".spring")
}
