import SwiftSyntaxMacrosGenericTestSupport
import Testing

@Suite("@Animatable expansion")
struct AnimatableMacroTests {
    /// Seed document 000, part 3: the "after" form of `HikingRouteShape`, without `Shape`.
    @Test func hikingRouteNestsPairsInDeclarationOrderAndSkipsIgnored() {
        assertExpansion(
            """
            @Animatable
            struct HikingRouteShape {
                var startPoint: CGPoint
                var endPoint: CGPoint
                var elevation: Double
                @AnimatableIgnored
                var drawingDirection: Bool
            }
            """,
            expandedSource: """
                struct HikingRouteShape {
                    var startPoint: CGPoint
                    var endPoint: CGPoint
                    var elevation: Double
                    var drawingDirection: Bool

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
                }

                extension HikingRouteShape: Kinetic.Animatable {
                }
                """
        )
    }

    @Test func singlePropertyIsItsOwnData() {
        assertExpansion(
            """
            @Animatable
            public struct Fade {
                public var opacity: Double
            }
            """,
            expandedSource: """
                public struct Fade {
                    public var opacity: Double

                    public nonisolated var animatableData: Double {
                        get {
                            self.opacity
                        }
                        set {
                            self.opacity = newValue
                        }
                    }
                }

                extension Fade: Kinetic.Animatable {
                }
                """
        )
    }

    /// `let`, `static`, `lazy`, computed, inert standard types and optionals are skipped; observers keep a
    /// property stored; `var a, b: CGFloat` types both; qualified scalar names are used as is.
    @Test func skipsWhatCannotAnimate() {
        assertExpansion(
            """
            @Animatable
            struct Gauge {
                let id: Int
                static var shared: Double = 0
                lazy var cache: Double = 0
                var total: Int
                var title: String
                var limit: Double?
                var a, b: CGFloat
                var level: Foundation.CGFloat {
                    didSet { }
                }
                var doubled: Double { level * 2 }
                var angle: Angle
            }
            """,
            expandedSource: """
                struct Gauge {
                    let id: Int
                    static var shared: Double = 0
                    lazy var cache: Double = 0
                    var total: Int
                    var title: String
                    var limit: Double?
                    var a, b: CGFloat
                    var level: Foundation.CGFloat {
                        didSet { }
                    }
                    var doubled: Double { level * 2 }
                    var angle: Angle

                    nonisolated var animatableData: Kinetic.AnimatablePair<CGFloat, Kinetic.AnimatablePair<CGFloat, Kinetic.AnimatablePair<Foundation.CGFloat, Angle.AnimatableData>>> {
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
                }

                extension Gauge: Kinetic.Animatable {
                }
                """
        )
    }

    /// Like the seeds' `RadialLayout`: a hand-written `animatableData` is kept and only the conformance added.
    @Test func keepsHandWrittenAnimatableData() {
        assertExpansion(
            """
            @Animatable
            struct Radial {
                var offsetAngle: Angle
                var animatableData: Angle.AnimatableData {
                    get { offsetAngle.animatableData }
                    set { offsetAngle.animatableData = newValue }
                }
            }
            """,
            expandedSource: """
                struct Radial {
                    var offsetAngle: Angle
                    var animatableData: Angle.AnimatableData {
                        get { offsetAngle.animatableData }
                        set { offsetAngle.animatableData = newValue }
                    }
                }

                extension Radial: Kinetic.Animatable {
                }
                """
        )
    }

    /// A property named like the setter's parameter still reads and writes the property.
    @Test func selfQualifiesEveryAccess() {
        assertExpansion(
            """
            @Animatable
            struct Odd {
                var newValue: Float
                var first: Float
            }
            """,
            expandedSource: """
                struct Odd {
                    var newValue: Float
                    var first: Float

                    nonisolated var animatableData: Kinetic.AnimatablePair<Float, Float> {
                        get {
                            Kinetic.AnimatablePair(self.newValue, self.first)
                        }
                        set {
                            self.newValue = newValue.first
                            self.first = newValue.second
                        }
                    }
                }

                extension Odd: Kinetic.Animatable {
                }
                """
        )
    }

    /// Generic parameters declared VectorArithmetic (in the clause or a `where`) are their own data;
    /// other generic parameters must be Animatable.
    @Test func genericParametersDeclaredVectorArithmeticAreUsedAsIs() {
        assertExpansion(
            """
            @Animatable
            struct Segment<V: VectorArithmetic & Sendable, W, A: Animatable> where W: Kinetic.VectorArithmetic {
                var start: V
                var width: W
                var tip: A
            }
            """,
            expandedSource: """
                struct Segment<V: VectorArithmetic & Sendable, W, A: Animatable> where W: Kinetic.VectorArithmetic {
                    var start: V
                    var width: W
                    var tip: A

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
                }

                extension Segment: Kinetic.Animatable {
                }
                """
        )
    }
}
