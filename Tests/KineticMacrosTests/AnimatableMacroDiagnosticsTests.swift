import SwiftSyntaxMacrosGenericTestSupport
import Testing

@Suite("@Animatable diagnostics")
struct AnimatableMacroDiagnosticsTests {
    @Test(arguments: ["enum", "class", "actor"])
    func rejectsNonStructs(kind: String) {
        assertExpansion(
            """
            @Animatable
            \(kind) Thing {
                var x: Double
            }
            """,
            expandedSource: """
                \(kind) Thing {
                    var x: Double
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "'@Animatable' can only be applied to a struct, not to this \(kind); "
                        + "its 'animatableData' setter writes the animated values back into stored properties, "
                        + "which needs a value type",
                    line: 1, column: 1)
            ]
        )
    }

    @Test func rejectsStructWithNothingToAnimate() {
        assertExpansion(
            """
            @Animatable
            struct Label {
                var count: Int
                let scale: Double
                @AnimatableIgnored var weight: Double
            }
            """,
            expandedSource: """
                struct Label {
                    var count: Int
                    let scale: Double
                    var weight: Double
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "'@Animatable' found no animatable stored property in 'Label' "
                        + "(skipped: 'count' (Int), 'scale' (a 'let' constant), 'weight' (@AnimatableIgnored)); "
                        + "add a stored 'var' whose type is VectorArithmetic or Animatable "
                        + "(Double, CGFloat, CGPoint, …), or remove '@Animatable'",
                    line: 1, column: 1,
                    fixIts: [FixItSpec(message: "Remove '@Animatable'")])
            ]
        )
    }

    @Test func requiresTypeAnnotations() {
        assertExpansion(
            """
            @Animatable
            struct Meter {
                var value: Double
                var peak = 1.0
            }
            """,
            expandedSource: """
                struct Meter {
                    var value: Double
                    var peak = 1.0

                    nonisolated var animatableData: Double {
                        get {
                            self.value
                        }
                        set {
                            self.value = newValue
                        }
                    }
                }

                extension Meter: Kinetic.Animatable {
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "'@Animatable' needs an explicit type on stored property 'peak' to decide whether "
                        + "it animates; write its type (for example ': Double'), or mark it '@AnimatableIgnored'",
                    line: 4, column: 9,
                    fixIts: [FixItSpec(message: "Mark 'peak' '@AnimatableIgnored'")])
            ],
            applyFixIts: ["Mark 'peak' '@AnimatableIgnored'"],
            fixedSource: """
                @Animatable
                struct Meter {
                    var value: Double
                    @AnimatableIgnored var peak = 1.0
                }
                """
        )
    }

    @Test func ignoredOnAFunctionIsAnError() {
        assertExpansion(
            """
            struct S {
                @AnimatableIgnored func f() {}
            }
            """,
            expandedSource: """
                struct S {
                    func f() {}
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "'@AnimatableIgnored' can only be applied to a stored property of an '@Animatable' struct",
                    line: 2, column: 5)
            ]
        )
    }

    @Test func ignoredOnAConstantIsAWarning() {
        assertExpansion(
            """
            struct S {
                @AnimatableIgnored let id: Int
            }
            """,
            expandedSource: """
                struct S {
                    let id: Int
                }
                """,
            diagnostics: [
                DiagnosticSpec(
                    message: "'@AnimatableIgnored' has no effect here: a 'let' constant never animates; remove the attribute",
                    line: 2, column: 5, severity: .warning,
                    fixIts: [FixItSpec(message: "Remove '@AnimatableIgnored'")])
            ]
        )
    }
}
