import Kinetic
import Testing
@testable import KineticBindings
@testable import KineticTestSupport

@Suite("Animation expressions")
struct AnimationExpressionTests {
    @Test("SwiftUI spellings map to the same Kinetic.Animation as the Swift API", arguments: [
        (".spring(duration: 0.4, bounce: 0.2)", Animation.spring(duration: 0.4, bounce: 0.2)),
        (".spring", .spring),
        (".spring()", .spring()),
        ("Animation.spring(response: 0.3, dampingFraction: 0.7)", .spring(response: 0.3, dampingFraction: 0.7)),
        (".interactiveSpring", .interactiveSpring),
        (".interactiveSpring(response: 0.2, dampingFraction: 0.9, blendDuration: 0.1)",
         .interactiveSpring(response: 0.2, dampingFraction: 0.9, blendDuration: 0.1)),
        (".interactiveSpring(duration: 0.2, extraBounce: 0.1)", .interactiveSpring(duration: 0.2, extraBounce: 0.1)),
        (".easeInOut(duration: 0.3)", .easeInOut(duration: 0.3)),
        (".easeIn", .easeIn),
        (".linear(duration: 1)", .linear(duration: 1)),
        (".timingCurve(0.2, 0.8, 0.2, 1, duration: 0.3)", .timingCurve(0.2, 0.8, 0.2, 1, duration: 0.3)),
        (".timingCurve(0.2, 0.8, 0.2, 1)", .timingCurve(0.2, 0.8, 0.2, 1, duration: 0.35)),
        (".interpolatingSpring(stiffness: 170, damping: 15)", .interpolatingSpring(stiffness: 170, damping: 15)),
        (".interpolatingSpring(duration: 0.5, bounce: 0.3)", .interpolatingSpring(duration: 0.5, bounce: 0.3)),
        (".bouncy(duration: 0.6, extraBounce: 0.1)", .bouncy(duration: 0.6, extraBounce: 0.1)),
        (".smooth", .smooth), (".snappy", .snappy), (".default", .default),
        (".spring(duration: 0.4, bounce: 0.2).delay(0.05)", .spring(duration: 0.4, bounce: 0.2).delay(0.05)),
        (" .easeOut(duration: 0.2) .speed(2) .repeatCount(3, autoreverses: false) ",
         .easeOut(duration: 0.2).speed(2).repeatCount(3, autoreverses: false)),
        (".linear.repeatForever()", .linear.repeatForever()),
        (".spring.logicallyComplete(after: 0.1)", .spring.logicallyComplete(after: 0.1)),
        (".easeIn(duration: 1e-1)", .easeIn(duration: 0.1)),
    ])
    func mapping(text: String, expected: Animation) throws {
        #expect(try AnimationExpression.parse(text).animation() == expected)
    }

    @Test("errors point at the column of the problem", arguments: [
        ("spring", 1, "expected '.'"),
        (".sprung(duration: 1)", 2, "did you mean .spring?"),
        (".spring(duraton: 0.4)", 9, "no .spring takes these arguments"),
        (".spring(duration: 0.4, bounce: 0.2).dealy(0.05)", 37, "did you mean .delay?"),
        (".spring(duration: 0.4, bounce: x)", 32, "expected a number"),
        (".spring(duration: 0.4", 22, "missing ')'"),
        (".easeInOut(0.3)", 12, "no .easeInOut takes these arguments"),
        (".delay(0.1)", 2, "a modifier needs an animation before it"),
        (".spring.easeIn", 9, "only one animation per expression"),
        (".timingCurve", 2, "needs arguments"),
        (".spring(bounce: 0.2, duration: 0.4)", 22, "no .spring takes these arguments"),
        (".repeatForever", 2, "a modifier needs an animation"),
        ("", 1, "expected an animation"),
        (".spring(duration: 0.4) junk", 24, "expected '.'"),
    ])
    func parseErrors(text: String, column: Int, fragment: String) {
        do {
            _ = try AnimationExpression.parse(text)
            Issue.record("\(text) parsed")
        } catch {
            #expect(error.column == column, "\(error)")
            #expect(error.reason.contains(fragment), "\(error.reason)")
            #expect(error.description.hasSuffix(String(repeating: " ", count: column - 1) + "^"))
        }
    }

    @Test("values out of range are rejected at their argument's column", arguments: [
        (".spring(duration: -1)", 9), (".spring(duration: 0.5, bounce: 2)", 24), (".linear.repeatCount(2.5)", 21),
        (".linear.speed(0)", 15), (".easeIn.delay(-0.1)", 15),
    ])
    func rangeErrors(text: String, column: Int) throws {
        let expression = try AnimationExpression.parse(text)
        #expect(throws: AnimationExpressionError.self) { try expression.animation() }
        do { _ = try expression.animation() } catch { #expect(error.column == column, "\(error)") }
    }

    @Test("reduce motion: springs become a short ease, repeats are dropped, timing curves stay", arguments: [
        (".spring(duration: 0.4, bounce: 0.3)", Animation.easeInOut(duration: 0.2)),
        (".bouncy", .easeInOut(duration: 0.2)),
        (".interactiveSpring", .easeInOut(duration: 0.2)),
        (".bouncy.delay(0.1)", .easeInOut(duration: 0.2).delay(0.1)),
        (".easeIn(duration: 1).repeatForever()", .easeIn(duration: 1)),
        (".linear(duration: 0.5)", .linear(duration: 0.5)),
    ])
    func reduceMotion(text: String, expected: Animation) throws {
        #expect(try AnimationExpression.parse(text).animation(reduceMotion: true) == expected)
    }

    @Test("descriptions print the expression back in SwiftUI syntax")
    func description() throws {
        #expect(try AnimationExpression.parse("Animation.spring( duration:0.4 ,bounce: 0.2 ).delay(0.05)").description
            == ".spring(duration: 0.4, bounce: 0.2).delay(0.05)")
    }
}

/// The ends of every accepted range (AnimationExpression.animation's table) run with finite values and
/// velocities on every frame, retargeted mid-way, with and without reduce motion.
@Suite("Animation expressions at the ends of their ranges")
struct AnimationExpressionExtremeTests {
    @Test("extreme but accepted parameters stay finite frame after frame", arguments: [
        ".linear(duration: 0)", ".easeInOut(duration: 3600)", ".spring(duration: 0, bounce: -1)",
        ".spring(duration: 3600, bounce: 1, blendDuration: 3600)", ".spring(response: 0, dampingFraction: 0)",
        ".spring(response: 3600, dampingFraction: 1000)", ".interactiveSpring(response: 0, dampingFraction: 0, blendDuration: 0)",
        ".interpolatingSpring(mass: 0.000000001, stiffness: 1000000000, damping: 0, initialVelocity: 1000000000)",
        ".interpolatingSpring(mass: 1000000000, stiffness: 0, damping: 1000000000, initialVelocity: -1000000000)",
        ".bouncy(duration: 0, extraBounce: 1).speed(1000000)", ".snappy.speed(0.000001)",
        ".linear(duration: 0).repeatCount(1000000, autoreverses: true)", ".easeIn(duration: 0).repeatForever()",
        ".timingCurve(-1000000000, 1000000000, 1000000000, -1000000000, duration: 0.000001)",
        ".smooth(duration: 3600, extraBounce: -1).delay(3600).logicallyComplete(after: 3600)",
    ])
    func extremes(text: String) throws {
        for reduceMotion in [false, true] {
            let animation = try AnimationExpression.parse(text).animation(reduceMotion: reduceMotion)
            let graph = AnimationGraph()
            let value = graph.attribute(AnimatableVector([0, 0]))
            withAnimation(animation) { value.value = AnimatableVector([1e12, -1e12]) }
            for frame in 1...240 {
                graph.advance(to: Double(frame) / 120)
                if frame == 60 { withAnimation(animation) { value.value = AnimatableVector([-1e12, 3]) } }
                let numbers = value.presentationValue.components + (value.velocity?.components ?? [])
                #expect(numbers.allSatisfy { $0.isFinite }, "\(text) frame \(frame): \(numbers)")
                if numbers.contains(where: { !$0.isFinite }) { return }
            }
        }
    }
}
