import Kinetic
import Testing
@testable import KineticServer

/// The SwiftUI-syntax strings of the configuration become the same `Animation` values SwiftUI's
/// static members build (spec §2.1, §2.7), with SwiftUI's defaults for omitted arguments.
struct AnimationExpressionKineticTests {
    static let vectors: [(String, Animation)] = [
        (".spring", .spring),
        (".spring()", .spring(duration: 0.5, bounce: 0)),
        (".spring(duration: 0.4, bounce: 0.2)", .spring(duration: 0.4, bounce: 0.2)),
        (".spring(response: 0.3, dampingFraction: 0.6)", .spring(response: 0.3, dampingFraction: 0.6, blendDuration: 0)),
        (".spring(response: 0.3)", .spring(response: 0.3, dampingFraction: 0.825, blendDuration: 0)),
        (".spring(blendDuration: 1)", .spring(duration: 0.5, bounce: 0, blendDuration: 1)),
        ("Animation.interactiveSpring", .interactiveSpring),
        (".interactiveSpring(response: 0.2, dampingFraction: 0.7)",
         .interactiveSpring(response: 0.2, dampingFraction: 0.7, blendDuration: 0.25)),
        (".interactiveSpring(duration: 0.2, extraBounce: 0.1)", .interactiveSpring(duration: 0.2, extraBounce: 0.1)),
        (".interpolatingSpring(stiffness: 170, damping: 15)", .interpolatingSpring(mass: 1, stiffness: 170, damping: 15)),
        (".interpolatingSpring(duration: 0.3, bounce: 0.1)", .interpolatingSpring(duration: 0.3, bounce: 0.1)),
        (".smooth", .smooth), (".snappy(duration: 0.3)", .snappy(duration: 0.3)),
        (".bouncy(extraBounce: 0.1)", .bouncy(duration: 0.5, extraBounce: 0.1)),
        (".default", .default), (".linear", .linear), (".easeIn(duration: 0.2)", .easeIn(duration: 0.2)),
        (".easeOut", .easeOut), (".easeInOut(duration: 1)", .easeInOut(duration: 1)),
        (".timingCurve(0.1, 0.2, 0.3, 0.4, duration: 2)", .timingCurve(0.1, 0.2, 0.3, 0.4, duration: 2)),
        (".spring(duration: 0.4, bounce: 0.2).delay(0.05)", .spring(duration: 0.4, bounce: 0.2).delay(0.05)),
        (".easeIn.speed(2).repeatCount(3, autoreverses: false)", .easeIn.speed(2).repeatCount(3, autoreverses: false)),
        (".linear.repeatForever()", .linear.repeatForever(autoreverses: true)),
        (".spring.logicallyComplete(after: 0.2)", .spring.logicallyComplete(after: 0.2)),
    ]

    @Test(arguments: vectors)
    func mapsToTheSwiftUIAnimation(text: String, expected: Animation) throws {
        #expect(try AnimationExpression.parse(text).animation() == expected)
    }

    /// The seed documents' reduce-motion patterns: springs become `.easeInOut(duration: 0.2)`
    /// (Pattern 2), repeats play once (Pattern 3), curves and delays stay.
    static let reducedVectors: [(String, Animation)] = [
        (".spring(duration: 0.4, bounce: 0.3)", .easeInOut(duration: 0.2)),
        (".bouncy", .easeInOut(duration: 0.2)),
        (".interactiveSpring", .easeInOut(duration: 0.2)),
        (".interpolatingSpring(stiffness: 170, damping: 5)", .easeInOut(duration: 0.2)),
        (".default", .easeInOut(duration: 0.2)),
        (".snappy.delay(0.1)", .easeInOut(duration: 0.2).delay(0.1)),
        (".easeOut(duration: 0.5)", .easeOut(duration: 0.5)),
        (".linear.repeatForever()", .linear),
        (".easeIn.repeatCount(4).speed(2)", .easeIn.speed(2)),
    ]

    @Test(arguments: reducedVectors)
    func reduceMotionFollowsTheSeedPatterns(text: String, expected: Animation) throws {
        let expression = try AnimationExpression.parse(text)
        #expect(try expression.animation(reduceMotion: true) == expected)
        #expect(try expression.animation(reduceMotion: false) == expression.animation())
    }

    @Test func aFractionalRepeatCountPointsAtItsColumn() throws {
        let text = ".easeIn.repeatCount(2.5)"
        let expression = try AnimationExpression.parse(text)
        #expect(throws: AnimationExpressionError.self) { try expression.animation(source: text) }
        do {
            _ = try expression.animation(source: text)
        } catch {
            #expect(error.column == 21)  // the argument `2.5`
            #expect(error.text == text)
            #expect(error.reason.contains("whole number"))
        }
    }
}
