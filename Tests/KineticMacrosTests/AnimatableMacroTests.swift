#if AnimatableMacro
import Testing

/// What `@Animatable` adds, as the compiler expands it; every source must also type-check with the added code. The
/// sources take CGPoint and CGSize from Kinetic: `make test` builds it without the FoundationGeometry trait, where
/// Kinetic's own geometry types and Foundation's would both be in scope.
@Suite("@Animatable expansion")
struct AnimatableMacroTests {
    /// Seed document 000, part 3: the "after" form of `HikingRouteShape`, without `Shape`.
    @Test func hikingRouteNestsPairsInDeclarationOrderAndSkipsIgnored() {
        assertTypeChecks(
            """
            import Kinetic

            @Animatable
            struct HikingRouteShape {
                var startPoint: CGPoint
                var endPoint: CGPoint
                var elevation: Double
                @AnimatableIgnored
                var drawingDirection: Bool
            }
            """,
            expansions: [
                Expansion(role: .member, text: """
                    nonisolated var animatableData: Kinetic.AnimatablePair<CGPoint.AnimatableData, Kinetic.AnimatablePair<CGPoint.AnimatableData, Double>> {
                        get {
                            Kinetic.AnimatablePair(self.startPoint.animatableData, Kinetic.AnimatablePair(self.endPoint.animatableData, self.elevation))
                        }
                        set {
                            self.startPoint.animatableData = newValue.first
                            self.endPoint.animatableData = newValue.second.first
                            self.elevation = newValue.second.second
                        }
                    }
                    """),
                Expansion(role: .extension, text: """
                    extension HikingRouteShape: Kinetic.Animatable {
                    }
                    """),
            ]
        )
    }

    @Test func singlePropertyIsItsOwnData() {
        assertTypeChecks(
            """
            import Kinetic

            @Animatable
            public struct Fade {
                public var opacity: Double
            }
            """,
            expansions: [
                Expansion(role: .member, text: """
                    public nonisolated var animatableData: Double {
                        get {
                            self.opacity
                        }
                        set {
                            self.opacity = newValue
                        }
                    }
                    """),
                Expansion(role: .extension, text: """
                    extension Fade: Kinetic.Animatable {
                    }
                    """),
            ]
        )
    }

    /// `let`, `static`, `lazy`, computed, inert standard types and optionals are skipped; observers keep a
    /// property stored; `var a, b: CGFloat` types both; qualified scalar names are used as is.
    @Test func skipsWhatCannotAnimate() {
        assertTypeChecks(
            """
            import Kinetic

            @Animatable
            struct Gauge {
                let id: Int
                nonisolated(unsafe) static var shared: Double = 0
                lazy var cache: Double = 0
                var total: Int
                var title: String
                var limit: Double?
                var a, b: CGFloat
                var level: Swift.Double {
                    didSet { }
                }
                var doubled: Double { level * 2 }
                var angle: Angle
            }
            """,
            expansions: [
                Expansion(role: .member, text: """
                    nonisolated var animatableData: Kinetic.AnimatablePair<CGFloat, Kinetic.AnimatablePair<CGFloat, Kinetic.AnimatablePair<Swift.Double, Angle.AnimatableData>>> {
                        get {
                            Kinetic.AnimatablePair(self.a, Kinetic.AnimatablePair(self.b, Kinetic.AnimatablePair(self.level, self.angle.animatableData)))
                        }
                        set {
                            self.a = newValue.first
                            self.b = newValue.second.first
                            self.level = newValue.second.second.first
                            self.angle.animatableData = newValue.second.second.second
                        }
                    }
                    """),
                Expansion(role: .extension, text: """
                    extension Gauge: Kinetic.Animatable {
                    }
                    """),
            ]
        )
    }

    /// Like the seeds' `RadialLayout`: a hand-written `animatableData` is kept and only the conformance added.
    @Test func keepsHandWrittenAnimatableData() {
        assertTypeChecks(
            """
            import Kinetic

            @Animatable
            struct Radial {
                var offsetAngle: Angle
                var animatableData: Angle.AnimatableData {
                    get { offsetAngle.animatableData }
                    set { offsetAngle.animatableData = newValue }
                }
            }
            """,
            expansions: [
                Expansion(role: .extension, text: """
                    extension Radial: Kinetic.Animatable {
                    }
                    """),
            ]
        )
    }

    /// A property named like the setter's parameter still reads and writes the property.
    @Test func selfQualifiesEveryAccess() {
        assertTypeChecks(
            """
            import Kinetic

            @Animatable
            struct Odd {
                var newValue: Float
                var first: Float
            }
            """,
            expansions: [
                Expansion(role: .member, text: """
                    nonisolated var animatableData: Kinetic.AnimatablePair<Float, Float> {
                        get {
                            Kinetic.AnimatablePair(self.newValue, self.first)
                        }
                        set {
                            self.newValue = newValue.first
                            self.first = newValue.second
                        }
                    }
                    """),
                Expansion(role: .extension, text: """
                    extension Odd: Kinetic.Animatable {
                    }
                    """),
            ]
        )
    }

    /// Generic parameters declared VectorArithmetic (in the clause or a `where`) are their own data;
    /// other generic parameters must be Animatable.
    @Test func genericParametersDeclaredVectorArithmeticAreUsedAsIs() {
        assertTypeChecks(
            """
            import Kinetic

            @Animatable
            struct Segment<V: VectorArithmetic & Sendable, W, A: Animatable> where W: Kinetic.VectorArithmetic {
                var start: V
                var width: W
                var tip: A
            }
            """,
            expansions: [
                Expansion(role: .member, text: """
                    nonisolated var animatableData: Kinetic.AnimatablePair<V, Kinetic.AnimatablePair<W, A.AnimatableData>> {
                        get {
                            Kinetic.AnimatablePair(self.start, Kinetic.AnimatablePair(self.width, self.tip.animatableData))
                        }
                        set {
                            self.start = newValue.first
                            self.width = newValue.second.first
                            self.tip.animatableData = newValue.second.second
                        }
                    }
                    """),
                Expansion(role: .extension, text: """
                    extension Segment: Kinetic.Animatable {
                    }
                    """),
            ]
        )
    }
}
#endif
