// SPDX-License-Identifier: Apache-2.0
import KineticInput

/// Where a bound channel goes when its gesture ends.
public enum ReleaseTarget: Equatable, Sendable {
    /// It stays where the gesture left it (clamped into the bounds, if any).
    case stay
    /// It returns to its value when the gesture began (`return` in the configuration).
    case origin
    /// It travels on with the release velocity, as a fling would, and comes to rest at the snap
    /// point nearest to where the fling would stop (`project`). Only snap points inside the
    /// bounds count; without snap points it rests at the projected end clamped into the bounds.
    case project(snapPoints: [[Double]])
    /// It travels on with the release velocity and slows down (``MomentumAnimation``), coming to rest where the
    /// fling ends (the projection, as `project` computes it); a bound stops it with a spring that keeps the
    /// velocity (`momentum`).
    case momentum
    /// As `project`, resting on the nearest multiple of the page size per component (a component of size 0 rests
    /// where the fling ends), clamped into the bounds: a pager (`snap` with `page`).
    case pages(size: [Double])
    /// `target` when the fling would end (unclamped) inside `range`, else ``momentum``: InteractionTracker's
    /// conditional resting point (`snap` with `within`).
    indirect case within(range: ChannelBounds, target: ReleaseTarget)

    /// The page sizes `pages(size:)` accepts for a component that pages (0 turns paging off for it): small enough to
    /// keep a fling to a whole number of pages meaningful, large enough that the page index stays exact.
    public static let pageSizes: ClosedRange<Double> = 1e-3...1e12
}

/// Where a released channel goes and how: to ``target``, coasting with ``MomentumAnimation`` when ``coasts``, else
/// with the binding's release animation.
public struct ReleasePlan: Equatable, Sendable {
    /// The channel's rest.
    public var target: [Double]
    /// Whether it gets there by momentum.
    public var coasts: Bool
    /// Per component, how far the fling would travel without bounds (channel units): the momentum's natural travel.
    public var naturalTravel: [Double]
}

extension ReleaseTarget {
    /// The value the channel is animated to on release.
    ///
    /// - Parameters:
    ///   - current: the channel's target when the gesture ended (channel units, after rubber-banding).
    ///   - origin: the channel's value when the gesture began.
    ///   - velocity: the gesture's release velocity in channel units per second (zero for a cancel).
    ///   - bounds: the binding's bounds, if any.
    ///   - decelerationRate: the per-millisecond decay d of the projection.
    ///
    /// The projected end of each component is x + (v/1000)·d/(1 − d) (``DecelerationRate``,
    /// docs/INPUT.md §5.5: a velocity decaying by d every millisecond travels that far); see
    /// ``resolve(current:origin:projectedEnd:bounds:)`` for the rest.
    public func resolve(current: [Double], origin: [Double], velocity: [Double], bounds: ChannelBounds?,
                        decelerationRate: DecelerationRate) -> [Double] {
        plan(current: current, origin: origin, velocity: velocity, bounds: bounds, decelerationRate: decelerationRate).target
    }

    /// The release's target and whether it coasts there (``momentum``, or ``within(range:target:)`` outside its
    /// range), from the same projection as ``resolve(current:origin:velocity:bounds:decelerationRate:)``. A
    /// non-finite projection counts as no fling.
    public func plan(current: [Double], origin: [Double], velocity: [Double], bounds: ChannelBounds?,
                     decelerationRate: DecelerationRate) -> ReleasePlan {
        var travel = current.indices.map { i in decelerationRate.projectedDistance(velocity: i < velocity.count ? velocity[i] : 0) }
        if !travel.allSatisfy(\.isFinite) { travel = travel.map { _ in 0 } }
        let projected = zip(current, travel).map { $0 + $1 }
        return ReleasePlan(target: resolve(current: current, origin: origin, projectedEnd: projected, bounds: bounds),
                           coasts: settling(at: projected) == .momentum, naturalTravel: travel)
    }

    /// The target a release settles on when its fling would stop at `stop`: ``within(range:target:)``'s own target
    /// inside its range and ``momentum`` outside it; any other target itself.
    func settling(at stop: [Double]) -> ReleaseTarget {
        guard case .within(let range, let inner) = self else { return self }
        return range.contains(stop) ? inner.settling(at: stop) : .momentum
    }

    /// The value the channel is animated to on release, given where a fling would stop.
    ///
    /// Stay: `current` clamped into the bounds. Return: `origin`. Project: the fling stops at the
    /// bounds (`projectedEnd` clamped into them), and the channel rests at the snap point inside the
    /// bounds nearest to that stop (least Euclidean distance, the earliest listed on a tie), or at
    /// the stop itself when there are no such snap points. A non-finite projection counts as no
    /// fling (the stop is `current`).
    public func resolve(current: [Double], origin: [Double], projectedEnd: [Double], bounds: ChannelBounds?) -> [Double] {
        let projected = projectedEnd.count == current.count && projectedEnd.allSatisfy(\.isFinite) ? projectedEnd : current
        switch self {
        case .stay:
            return bounds?.clamped(current) ?? current
        case .origin:
            return origin
        case .momentum:
            return bounds?.clamped(projected) ?? projected
        case .pages(let size):
            let paged = projected.indices.map { i in
                let page = i < size.count ? size[i] : 0
                return page > 0 ? (projected[i] / page).rounded() * page : projected[i]
            }
            return bounds?.clamped(paged) ?? paged
        case .within:
            return settling(at: projected).resolve(current: current, origin: origin, projectedEnd: projected, bounds: bounds)
        case .project(let snapPoints):
            let end = bounds?.clamped(projected) ?? projected
            let candidates = snapPoints.filter { $0.count == end.count && (bounds?.contains($0) ?? true) }
            guard !candidates.isEmpty else { return end }
            var best = candidates[0]
            var bestDistance = Double.infinity
            for point in candidates {
                let distance = zip(point, end).reduce(0) { $0 + ($1.0 - $1.1) * ($1.0 - $1.1) }
                if distance < bestDistance {
                    best = point
                    bestDistance = distance
                }
            }
            return best
        }
    }
}
