#if AnimatableMacro
import Testing

/// The macros' diagnostics and fix-its as the compiler reports them. Each `expected-…` comment names the diagnostic
/// expected on a line below it (`@+N`) and the fix-it's edit: `{{column-column=replacement}}` on that line.
@Suite("@Animatable diagnostics")
struct AnimatableMacroDiagnosticsTests {
    /// An enum is the case that needs the error in the extension role: nothing looks up its members.
    @Test(arguments: [("enum", "case idle\n    var x: Double { 0 }"), ("class", "var x: Double = 0"), ("actor", "var x: Double = 0")])
    func rejectsNonStructs(kind: String, body: String) {
        assertTypeChecks(
            """
            import Kinetic

            // expected-error@+1 {{'@Animatable' can only be applied to a struct, not to this \(kind); its 'animatableData' setter writes the animated values back into stored properties, which needs a value type}}
            @Animatable
            \(kind) Thing {
                \(body)
            }
            """,
            expansions: []
        )
    }

    /// The fix-it empties the attribute's line: columns 1 to 12 are `@Animatable`.
    @Test func rejectsStructWithNothingToAnimate() {
        assertTypeChecks(
            """
            import Kinetic

            // expected-error@+2 {{'@Animatable' found no animatable stored property in 'Label' (skipped: 'count' (Int), 'scale' (a 'let' constant), 'weight' (@AnimatableIgnored)); add a stored 'var' whose type is VectorArithmetic or Animatable (Double, CGFloat, CGPoint, …), or remove '@Animatable'}}
            // expected-note@+1 {{Remove '@Animatable'}} {{1-12=}}
            @Animatable
            struct Label {
                var count: Int
                let scale: Double
                @AnimatableIgnored var weight: Double
            }
            """,
            expansions: []
        )
    }

    /// The error is on the property's name (column 9); the fix-it rewrites the declaration (columns 5 to 19) with
    /// the attribute in front. The rest of the struct still animates.
    @Test func requiresTypeAnnotations() {
        assertTypeChecks(
            """
            import Kinetic

            @Animatable
            struct Meter {
                var value: Double
                // expected-error@+2 {{'@Animatable' needs an explicit type on stored property 'peak' to decide whether it animates; write its type (for example ': Double'), or mark it '@AnimatableIgnored'}}
                // expected-note@+1 {{Mark 'peak' '@AnimatableIgnored'}} {{5-19=@AnimatableIgnored var peak = 1.0}}
                var peak = 1.0
            }
            """,
            expansions: [
                Expansion(role: .member, text: """
                    nonisolated var animatableData: Double {
                        get {
                            self.value
                        }
                        set {
                            self.value = newValue
                        }
                    }
                    """),
                Expansion(role: .extension, text: """
                    extension Meter: Kinetic.Animatable {
                    }
                    """),
            ]
        )
    }

    @Test func ignoredOnAFunctionIsAnError() {
        assertTypeChecks(
            """
            import Kinetic

            struct S {
                // expected-error@+1 {{'@AnimatableIgnored' can only be applied to a stored property of an '@Animatable' struct}}
                @AnimatableIgnored func f() {}
            }
            """,
            expansions: []
        )
    }

    /// The fix-it removes the attribute and the space after it (columns 5 to 24), and keeps the line.
    @Test func ignoredOnAConstantIsAWarning() {
        assertTypeChecks(
            """
            import Kinetic

            struct S {
                // expected-warning@+2 {{'@AnimatableIgnored' has no effect here: a 'let' constant never animates; remove the attribute}}
                // expected-note@+1 {{Remove '@AnimatableIgnored'}} {{5-24=}}
                @AnimatableIgnored let id: Int
            }
            """,
            expansions: []
        )
    }
}
#endif
