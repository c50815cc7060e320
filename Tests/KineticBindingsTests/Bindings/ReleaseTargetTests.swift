import KineticInput
import Testing
@testable import KineticBindings
@testable import KineticTestSupport

/// Release targets: stay, return, and the fling projection x + (v/1000)·d/(1 − d) to the nearest snap point.
struct ReleaseTargetTests {
    @Test func stayKeepsTheValueClampedIntoTheBounds() {
        let bounds = ChannelBounds(lower: [0], upper: [100])
        #expect(ReleaseTarget.stay.resolve(current: [40], origin: [0], velocity: [900], bounds: bounds,
                                           decelerationRate: .normal) == [40])
        #expect(ReleaseTarget.stay.resolve(current: [130], origin: [0], velocity: [0], bounds: bounds,
                                           decelerationRate: .normal) == [100])
    }

    @Test func returnGoesToTheOrigin() {
        #expect(ReleaseTarget.origin.resolve(current: [40, 2], origin: [7, 8], velocity: [900, 0], bounds: nil,
                                             decelerationRate: .normal) == [7, 8])
    }

    /// v = −1000 units/s with d = 0.998 travels −1000/1000·0.998/0.002 = −499 units.
    @Test func projectionWithoutSnapPointsEndsAtTheProjectedPointClamped() {
        let end = ReleaseTarget.project(snapPoints: []).resolve(current: [-50], origin: [0], velocity: [-1000], bounds: nil,
                                                                decelerationRate: .normal)
        #expect(abs(end[0] - (-549)) < 1e-9)
        let clamped = ReleaseTarget.project(snapPoints: []).resolve(
            current: [-50], origin: [0], velocity: [-1000], bounds: ChannelBounds(lower: [-300], upper: [0]),
            decelerationRate: .normal)
        #expect(clamped == [-300])
        // fast: d = 0.99 ⇒ −1000/1000·0.99/0.01 = −99.
        let fast = ReleaseTarget.project(snapPoints: []).resolve(current: [0], origin: [0], velocity: [-1000], bounds: nil,
                                                                 decelerationRate: .fast)
        #expect(abs(fast[0] - (-99)) < 1e-9)
    }

    /// From −50 at −1000 units/s the fling would stop at −549: the nearest snap point is −500, not 0
    /// (nearest to the release point) — unless −500 lies outside the bounds.
    @Test func projectionPicksTheSnapPointNearestToTheProjectedEndInsideTheBounds() {
        let snaps: [[Double]] = [[0], [-100], [-200], [-300], [-400], [-500], [-600], [-700]]
        let target = ReleaseTarget.project(snapPoints: snaps)
        #expect(target.resolve(current: [-50], origin: [0], velocity: [-1000], bounds: nil, decelerationRate: .normal) == [-500])
        #expect(target.resolve(current: [-50], origin: [0], velocity: [-1000],
                               bounds: ChannelBounds(lower: [-300], upper: [0]), decelerationRate: .normal) == [-300])
        #expect(target.resolve(current: [-50], origin: [0], velocity: [0], bounds: nil, decelerationRate: .normal) == [0])
        // Planar: the Euclidean nearest.
        let planar = ReleaseTarget.project(snapPoints: [[0, 0], [100, 0], [0, 100]])
        #expect(planar.resolve(current: [10, 40], origin: [0, 0], velocity: [0, 100], bounds: nil,
                               decelerationRate: .normal) == [0, 100])  // ends at (10, 89.9)
    }

    @Test func aNonFiniteVelocityRestsWhereTheGestureEnded() {
        let end = ReleaseTarget.project(snapPoints: []).resolve(current: [12], origin: [0], velocity: [.nan], bounds: nil,
                                                                decelerationRate: .normal)
        #expect(end == [12])
    }
}
