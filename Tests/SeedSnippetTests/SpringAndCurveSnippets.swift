import FoundationEssentials
import Kinetic
import Testing

// The seed documents' non-UI Spring, UnitCurve and `animatableData` snippets, copied verbatim
// (seed 003 "Spring Type -- All Initializer Variants", "Presets",
// "Querying State", "Parameter Conversion", "UnitCurve Types"; 000_fc13a80a51f455ca.txt
// "Animated number view", "scaleEffect implementation", "Circular layout animation",
// "Before @Animatable macro"). Only the wrapping is ours: a test function, a `@SnippetBuilder`
// property that collects bare expression lines, and, for view types, the struct reduced to its
// non-UI members (the View/Layout/Shape conformance and body removed). Each test then checks
// what the snippet computes.

/// Types declared by the snippets, namespaced so other snippet files cannot collide with them.
enum SpringAndCurveSnippets {
    // 003 "Spring Type -- All Initializer Variants".
    @SnippetBuilder static var perceptual: [Any] {
        Spring(duration: 0.5, bounce: 0.0)
    }

    @SnippetBuilder static var physical: [Any] {
        Spring(mass: 1.0, stiffness: 100.0, damping: 10.0, allowOverDamping: false)
    }

    @SnippetBuilder static var responseBased: [Any] {
        Spring(response: 0.5, dampingRatio: 0.7)
    }

    @SnippetBuilder static var settlingBased: [Any] {
        Spring(settlingDuration: 1.0, dampingRatio: 0.8, epsilon: 0.001)
    }

    // 003 "Presets".
    @SnippetBuilder static var presets: [Any] {
        Spring.smooth                                  // no bounce
        Spring.smooth(duration: 0.5, extraBounce: 0.0)
        Spring.snappy                                  // small bounce
        Spring.snappy(duration: 0.4, extraBounce: 0.1)
        Spring.bouncy                                  // visible bounce
        Spring.bouncy(duration: 0.5, extraBounce: 0.2)
    }

    // 003 "Parameter Conversion".
    @SnippetBuilder static var parameterConversion: [Any] {
        let spring = Spring(duration: 0.5, bounce: 0.3)
        // Access physical equivalents:
        spring.mass       // 1.0
        spring.stiffness  // 157.9
        spring.damping    // 17.6
        spring.response
        spring.dampingRatio
        spring.settlingDuration
    }

    // 003 "UnitCurve Types": built-in curves.
    @SnippetBuilder static var builtInCurves: [Any] {
        UnitCurve.linear
        UnitCurve.easeIn
        UnitCurve.easeOut
        UnitCurve.easeInOut
        UnitCurve.circularEaseIn
        UnitCurve.circularEaseOut
        UnitCurve.circularEaseInOut
    }

    // 003 "Custom Bezier Curve".
    @SnippetBuilder static var customBezier: [Any] {
        UnitCurve.bezier(
            startControlPoint: UnitPoint(x: 0.42, y: 0.0),
            endControlPoint: UnitPoint(x: 0.58, y: 1.0)
        )
    }

    // 003 "Instance Members".
    @SnippetBuilder static var instanceMembers: [Any] {
        let curve = UnitCurve.easeInOut
        curve.value(at: 0.5)    // output progress at midpoint
        curve.velocity(at: 0.5) // rate of change at midpoint
        curve.inverse            // swaps x and y components
    }

    // 000 "Example: Animated number view", reduced to a plain struct (View, body removed).
    struct AnimatableNumberView: Animatable {
        var number: Double
        var animatableData: Double {
            get { number }
            set { number = newValue }
        }
    }

    // 000 "Example: scaleEffect implementation", reduced (ViewModifier, body removed).
    struct ScaleEffectModifier: Animatable {
        var scale: CGSize
        var anchor: UnitPoint
        // Combine two 2D vectors into one 4D vector
        var animatableData: AnimatablePair<CGSize.AnimatableData, UnitPoint.AnimatableData> {
            get {
                AnimatablePair(scale.animatableData, anchor.animatableData)
            }
            set {
                scale.animatableData = newValue.first
                anchor.animatableData = newValue.second
            }
        }
    }

    // 000 "Example: Circular layout animation", reduced (Layout and its two methods removed). `@Animatable` on a
    // struct that writes its own `animatableData` adds only the conformance.
    @Animatable
    struct RadialLayout {
        var offsetAngle: Angle
        var animatableData: Angle.AnimatableData {
            get { offsetAngle.animatableData }
            set { offsetAngle.animatableData = newValue }
        }
    }

    // 000 "Before @Animatable macro", reduced (Shape and path(in:) removed).
    struct HikingRouteShape {
        var startPoint: CGPoint
        var endPoint: CGPoint
        var elevation: Double
        var drawingDirection: Bool // Don't want to animate this
        // Tedious manual animatableData declaration
        var animatableData: AnimatablePair<AnimatablePair<CGFloat, CGFloat>,
        AnimatablePair<Double, AnimatablePair<CGFloat, CGFloat>>> {
            get {
                AnimatablePair(
                    AnimatablePair(startPoint.x, startPoint.y),
                    AnimatablePair(elevation, AnimatablePair(endPoint.x, endPoint.y))
                )
            }
            set {
                startPoint = CGPoint(x: newValue.first.first, y: newValue.first.second)
                elevation = newValue.second.first
                endPoint = CGPoint(x: newValue.second.second.first, y: newValue.second.second.second)
            }
        }
    }

    // 003 "KeyframeAnimator Multi-Track Examples": the animated value type (plain struct).
    struct BounceValues {
        var yOffset: Double = 0
        var scale: Double = 1.0
        var opacity: Double = 1.0
        var rotation: Angle = .zero
    }

    // 003 "Multi-Phase with Complex State": the phase type (plain enum).
    enum LoadPhase: CaseIterable {
        case ready, loading, spinning, complete

        var scale: Double {
            switch self {
            case .ready: 1.0
            case .loading: 0.9
            case .spinning: 1.0
            case .complete: 1.1
            }
        }

        var rotation: Angle {
            switch self {
            case .spinning: .degrees(360)
            default: .zero
            }
        }

        var opacity: Double {
            self == .loading ? 0.7 : 1.0
        }
    }
}

@Suite struct SpringAndCurveSnippetTests {
    typealias S = SpringAndCurveSnippets

    @Test func initializerVariants() {
        let springs = [S.perceptual, S.physical, S.responseBased, S.settlingBased].flatMap { $0 }.compactMap { $0 as? Spring }
        #expect(springs.count == 4)
        #expect(springs[0] == Spring())
        #expect(abs(springs[1].duration - 0.628319) < 5e-7)
        #expect(abs(springs[2].dampingRatio - 0.7) < 1e-12)
        #expect(springs[3].dampingRatio == 0.8)
    }

    @Test func presets() {
        let springs = S.presets.compactMap { $0 as? Spring }
        #expect(springs.count == 6)
        #expect(springs[0] == springs[1])
        #expect(abs(springs[3].bounce - 0.25) < 1e-12)
        #expect(abs(springs[3].duration - 0.4) < 1e-12)
        #expect(abs(springs[5].bounce - 0.5) < 1e-12)
    }

    // 003 "Querying State", verbatim in a test function.
    @Test func queryingState() {
        let spring = Spring(duration: 0.5, bounce: 0.3)
        let v = spring.value(target: 1.0, initialVelocity: 0.0, time: 0.25)
        let vel = spring.velocity(target: 1.0, initialVelocity: 0.0, time: 0.25)
        let settle = spring.settlingDuration(target: 1.0, initialVelocity: 0.0, epsilon: 0.001)

        // docs/ANIMATION.md §1.7 and §1.6.
        #expect(abs(v - 0.984087) <= 5e-7)
        #expect(abs(vel - 1.526265) <= 5e-7)
        #expect(abs(settle - 1.044713) <= 5e-7)
    }

    /// The snippet's comments give 1.0, 157.9 and 17.6.
    @Test func parameterConversion() {
        let values = S.parameterConversion.compactMap { $0 as? Double }
        #expect(values.count == 6)
        #expect(values[0] == 1.0)
        #expect(abs(values[1] - 157.9) <= 0.05)
        #expect(abs(values[2] - 17.6) <= 0.05)
        #expect(abs(values[3] - 0.5) <= 1e-12)
        #expect(abs(values[4] - 0.7) <= 1e-12)
        #expect(abs(values[5] - 1.044713) <= 5e-7)
    }

    @Test func unitCurves() {
        let curves = S.builtInCurves.compactMap { $0 as? UnitCurve }
        #expect(curves.count == 7)
        #expect(Set(curves).count == 7)
        #expect(S.customBezier.first as? UnitCurve == UnitCurve.easeInOut)

        let members = S.instanceMembers
        #expect(members[0] as? Double == 0.5)
        #expect(abs((members[1] as? Double ?? 0) - 1.724138) <= 5e-7)
        #expect(members[2] as? UnitCurve == .bezier(
            startControlPoint: UnitPoint(x: 0, y: 0.42), endControlPoint: UnitPoint(x: 1, y: 0.58)))
    }

    @Test func animatableDataExamples() {
        var number = S.AnimatableNumberView(number: 3)
        number.animatableData = 42.5
        #expect(number.number == 42.5)
        // A spring animates the number through its animatable data.
        let halfway = Spring.smooth.value(
            fromValue: S.AnimatableNumberView(number: 0), toValue: S.AnimatableNumberView(number: 100),
            initialVelocity: S.AnimatableNumberView(number: 0), time: 0.25)
        #expect(abs(halfway.number - 82.1026) <= 5e-5)

        var scale = S.ScaleEffectModifier(scale: CGSize(width: 1, height: 2), anchor: .center)
        #expect(scale.animatableData == AnimatablePair(AnimatablePair(1, 2), AnimatablePair(64, 64)))
        scale.animatableData = AnimatablePair(AnimatablePair(3, 4), AnimatablePair(0, 128))
        #expect(scale.scale == CGSize(width: 3, height: 4))
        #expect(scale.anchor == .bottomLeading)

        var layout = S.RadialLayout(offsetAngle: .degrees(180))
        #expect(layout.animatableData == 128 * .pi)
        layout.animatableData = 64 * .pi
        #expect(layout.offsetAngle == .degrees(90))
        // `@Animatable` made it Animatable: a spring moves it through its angle (docs/ANIMATION.md §1.7: 0.821026 at 0.25 s).
        let turned = Spring.smooth.value(
            fromValue: S.RadialLayout(offsetAngle: .zero), toValue: S.RadialLayout(offsetAngle: .degrees(100)),
            initialVelocity: S.RadialLayout(offsetAngle: .zero), time: 0.25)
        #expect(abs(turned.offsetAngle.degrees - 82.1026) <= 5e-5)

        var route = S.HikingRouteShape(
            startPoint: CGPoint(x: 1, y: 2), endPoint: CGPoint(x: 3, y: 4), elevation: 5, drawingDirection: true)
        #expect(route.animatableData.magnitudeSquared == 1 + 4 + 25 + 9 + 16)
        route.animatableData.scale(by: 2)
        #expect(route.startPoint == CGPoint(x: 2, y: 4))
        #expect(route.endPoint == CGPoint(x: 6, y: 8))
        #expect(route.elevation == 10)
        #expect(route.drawingDirection)
    }

    @Test func angleValueTypes() {
        #expect(S.BounceValues().rotation == .zero)
        #expect(S.LoadPhase.spinning.rotation.degrees == 360)
        #expect(S.LoadPhase.allCases.map(\.rotation) == [.zero, .zero, .degrees(360), .zero])
    }
}
