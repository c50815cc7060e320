import FoundationEssentials
import Kinetic
import Testing

/// A two-dimensional point, itself made animatable by the macro (its data: `AnimatablePair<CGFloat, CGFloat>`).
@Animatable
struct PlanePoint: Equatable {
    var x: CGFloat
    var y: CGFloat
}

/// The seeds' `HikingRouteShape` shape, with `PlanePoint` standing in for `CGPoint`.
@Animatable
struct PlaneRoute: Equatable {
    var startPoint: PlanePoint
    var endPoint: PlanePoint
    var elevation: Double
    @AnimatableIgnored
    var drawingDirection: Bool
}

/// Seed document 000, part 3: `HikingRouteShape` after `@Animatable`, without `Shape` and its `path(in:)`.
@Animatable
struct HikingRouteShape: Equatable {
    var startPoint: CGPoint
    var endPoint: CGPoint
    var elevation: Double
    @AnimatableIgnored
    var drawingDirection: Bool  // Excluded from animation
}

/// The seeds' `ScoreView` and `ProgressView` data: Float fields animate, an Int count and a String do not.
@MainActor
@Animatable
struct Score {
    var score: Float
    var multiplier: Float
    var totalItems: Int
    @AnimatableIgnored
    var title: String
}

/// A generic struct whose parameter is declared VectorArithmetic.
@Animatable
struct Band<V: VectorArithmetic>: Equatable where V: Equatable {
    var low: V
    var high: V
    var label: String
}

@Suite("@Animatable on real types")
struct AnimatableMacroCompiledTests {
    @Test func dataTypeIsTheRightNestedPair() {
        #expect(PlanePoint.AnimatableData.self == AnimatablePair<CGFloat, CGFloat>.self)
        #expect(
            PlaneRoute.AnimatableData.self
                == AnimatablePair<
                    AnimatablePair<CGFloat, CGFloat>, AnimatablePair<AnimatablePair<CGFloat, CGFloat>, Double>
                >.self)
    }

    /// The seeds' hand-written "before" order was (start, (elevation, end)); the macro nests in declaration
    /// order, (start, (end, elevation)), which carries the same five numbers.
    @Test func hikingRouteRoundTripsEveryAnimatedField() {
        #expect(
            HikingRouteShape.AnimatableData.self
                == AnimatablePair<
                    AnimatablePair<CGFloat, CGFloat>, AnimatablePair<AnimatablePair<CGFloat, CGFloat>, Double>
                >.self)
        let route = checkRoundTrip { HikingRouteShape(startPoint: CGPoint(x: $0, y: $1), endPoint: CGPoint(x: $2, y: $3),
                                                     elevation: $4, drawingDirection: true) }
        let data = HikingRouteShape(startPoint: CGPoint(x: 1, y: 2), endPoint: CGPoint(x: 3, y: 4), elevation: 5,
                                    drawingDirection: true).animatableData
        var mid = route
        mid.animatableData = route.animatableData.interpolated(towards: data, amount: 0.5)
        #expect(
            mid
                == HikingRouteShape(
                    startPoint: CGPoint(x: 0, y: 0), endPoint: CGPoint(x: 0, y: 0), elevation: 0,
                    drawingDirection: true))
    }

    @Test func routeRoundTripsEveryAnimatedField() {
        checkRoundTrip { PlaneRoute(startPoint: PlanePoint(x: $0, y: $1), endPoint: PlanePoint(x: $2, y: $3), elevation: $4,
                                    drawingDirection: true) }
    }

    /// A route type (start and end points, elevation, an ignored flag) built by `make(x₁, y₁, x₂, y₂, elevation)`: its
    /// animatable data holds the five numbers in declaration order, and setting the data sets those fields (the
    /// ignored one keeps its value). Returns the route with the data (−1, −2, −3, −4, −5).
    @discardableResult
    func checkRoundTrip<Route: Animatable & Equatable>(
        _ make: (CGFloat, CGFloat, CGFloat, CGFloat, Double) -> Route
    ) -> Route where Route.AnimatableData == AnimatablePair<AnimatablePair<CGFloat, CGFloat>,
                                                             AnimatablePair<AnimatablePair<CGFloat, CGFloat>, Double>> {
        var route = make(1, 2, 3, 4, 5)
        let data = route.animatableData
        #expect(data.first.first == 1)
        #expect(data.first.second == 2)
        #expect(data.second.first.first == 3)
        #expect(data.second.first.second == 4)
        #expect(data.second.second == 5)
        route.animatableData = AnimatablePair(AnimatablePair(-1, -2), AnimatablePair(AnimatablePair(-3, -4), -5))
        #expect(route == make(-1, -2, -3, -4, -5))
        return route
    }

    /// Interpolating the data half way moves every animated field half way and leaves the ignored one.
    @Test func interpolationMovesAnimatedFieldsOnly() {
        let from = PlaneRoute(
            startPoint: PlanePoint(x: 0, y: 10), endPoint: PlanePoint(x: 100, y: -20), elevation: 1000,
            drawingDirection: false)
        let to = PlaneRoute(
            startPoint: PlanePoint(x: 50, y: 30), endPoint: PlanePoint(x: 0, y: 0), elevation: 2000,
            drawingDirection: true)
        var mid = from
        mid.animatableData = from.animatableData.interpolated(towards: to.animatableData, amount: 0.5)
        #expect(
            mid
                == PlaneRoute(
                    startPoint: PlanePoint(x: 25, y: 20), endPoint: PlanePoint(x: 50, y: -10), elevation: 1500,
                    drawingDirection: false))
    }

    @Test func genericVectorArithmeticParametersAnimate() {
        #expect(Band<Float>.AnimatableData.self == AnimatablePair<Float, Float>.self)
        var band = Band(low: AnimatablePair(1.0, 2.0), high: AnimatablePair(3.0, 4.0), label: "b")
        band.animatableData = AnimatablePair(AnimatablePair(5, 6), AnimatablePair(7, 8))
        #expect(band == Band(low: AnimatablePair(5, 6), high: AnimatablePair(7, 8), label: "b"))
    }

    @MainActor
    @Test func floatsAnimateIntsAndIgnoredDoNot() {
        #expect(Score.AnimatableData.self == AnimatablePair<Float, Float>.self)
        var score = Score(score: 10, multiplier: 1.5, totalItems: 3, title: "level")
        score.animatableData = AnimatablePair(20, 2.5)
        #expect(score.score == 20)
        #expect(score.multiplier == 2.5)
        #expect(score.totalItems == 3)
        #expect(score.title == "level")
    }
}
