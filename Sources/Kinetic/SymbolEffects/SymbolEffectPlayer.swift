// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// Plays a symbol effect, headless: what SwiftUI's `.symbolEffect(_:options:value:)` and
/// `.symbolEffect(_:options:isActive:)` do to an image, as ``SymbolEffectValues`` at any time you ask for.
/// Times are seconds on any clock the caller keeps (a graph's time, a display clock); the player reads none.
///
/// ```swift
/// var bell = SymbolEffectPlayer(.bounce.byLayer, options: .repeat(2))
/// bell.trigger(at: now)                    // the trigger value changed
/// draw(bell.values(at: now + 0.25))
///
/// var gear = SymbolEffectPlayer(.rotate.clockwise)
/// gear.setActive(true, at: now)            // turns until deactivated …
/// gear.setActive(false, at: later)         // … then finishes the turn it is in
/// ```
///
/// - A cyclic effect (``SymbolEffectCurve/isCyclic``) runs cycles of its curve at the options' speed, with the
///   repeat behaviour's delay between them. ``trigger(at:)`` starts a run from the beginning (a trigger during a run
///   restarts it): one cycle, or the options' count (`.repeating`: until ``setActive(_:at:)`` turns it off).
///   ``setActive(_:at:)`` with `true` starts a run that repeats until deactivated, or for the options' count
///   (`.nonRepeating`: one cycle); with `false` the cycle in progress finishes and the effect rests.
/// - A held effect (`.scale`, `.appear`, `.disappear`) springs to its active state when activated and back when
///   deactivated, from wherever it is and with the velocity it has (the spring's duration divided by the speed); a
///   trigger springs it to the active state and back, as one cycle.
public struct SymbolEffectPlayer: Sendable {
    /// The effect's curve.
    public let curve: SymbolEffectCurve
    /// Repetition and speed.
    public let options: SymbolEffectOptions
    /// Whether the effect is active (``setActive(_:at:)``).
    public private(set) var isActive = false

    /// A cyclic run: when it started and how many cycles it has (`nil`: until deactivated).
    private var run: (start: TimeInterval, cycles: Int?)?
    /// A held effect's motion: a spring from `from` (moving at `velocity`) to `to`, starting at `start`.
    private var hold: (start: TimeInterval, from: [Double], velocity: [Double], to: [Double])?
    /// A held effect's trigger: the time the spring back to rest starts.
    private var holdRelease: TimeInterval?

    /// The speed factor, clamped to 10⁻³…10³ (a non-finite speed counts as 1) so that the timing stays finite.
    private var speed: Double {
        options.speed.isFinite ? min(max(options.speed, 1e-3), 1e3) : 1
    }

    /// A player of `effect` with `options`, inactive and at rest.
    public init(_ effect: some SymbolEffect, options: SymbolEffectOptions = .default) {
        self.curve = effect.curve
        self.options = options
    }

    /// Seconds from one cycle's start to the next's: the cycle at the options' speed plus the repeat delay.
    public var period: TimeInterval { curve.duration / speed + max(0, options.repetition?.delay ?? 0) }

    /// The trigger value changed at `time`: run the effect (see the type).
    public mutating func trigger(at time: TimeInterval) {
        switch curve.motion {
        case .cycle:
            run = (time, options.repetition.map { $0.count.map { max(0, $0) } } ?? 1)
        case .hold(let active, _, _):
            springTo(active.components, at: time)
            holdRelease = time + curve.duration / speed
        }
    }

    /// The effect turned active or inactive at `time` (see the type).
    public mutating func setActive(_ active: Bool, at time: TimeInterval) {
        guard active != isActive else { return }
        isActive = active
        switch curve.motion {
        case .cycle:
            if active {
                run = (time, options.repetition.map { $0.count.map { max(0, $0) } } ?? nil)
            } else if let current = run {
                // Finish the cycle in progress; a run already over (or in a delay) stops here.
                let elapsed = max(0, time - current.start)
                let index = Int(min(elapsed / period, 1e9).rounded(.down))
                let finishing = elapsed - Double(index) * period < curve.duration / speed ? index + 1 : index
                run = (current.start, min(current.cycles ?? .max, finishing))
            }
        case .hold(let activeValues, let inactive, _):
            holdRelease = nil
            springTo((active ? activeValues : inactive).components, at: time)
        }
    }

    private mutating func springTo(_ target: [Double], at time: TimeInterval) {
        let from = components(at: time, velocity: false)
        let velocity = components(at: time, velocity: true)
        hold = (time, from, velocity, target)
    }

    /// The effect's values at `time`.
    public func values(at time: TimeInterval) -> SymbolEffectValues {
        SymbolEffectValues(components: components(at: time, velocity: false))
    }

    /// The rates of change of ``values(at:)`` at `time`, per second, component by component.
    public func velocities(at time: TimeInterval) -> SymbolEffectValues {
        SymbolEffectValues(components: components(at: time, velocity: true))
    }

    /// Whether anything moves at or after `time` (false once the effect rests or holds still).
    public func isRunning(at time: TimeInterval) -> Bool {
        switch curve.motion {
        case .cycle:
            guard let run else { return false }
            guard let cycles = run.cycles else { return true }
            return time < run.start + Double(cycles - 1) * period + curve.duration / speed
        case .hold:
            if let holdRelease { return time < holdRelease + curve.duration / speed }
            guard let hold else { return false }
            return time < hold.start + curve.duration / speed
        }
    }

    func components(at time: TimeInterval, velocity: Bool) -> [Double] {
        let rest = velocity ? Array(repeating: 0.0, count: 6) : SymbolEffectValues.rest.components
        switch curve.motion {
        case .cycle:
            guard let run, time >= run.start else { return rest }
            let elapsed = time - run.start
            let index = min(elapsed / period, 1e9).rounded(.down)
            if let cycles = run.cycles, index >= Double(cycles) { return rest }
            let within = (elapsed - index * period) * speed
            guard within < curve.duration else { return rest }
            let result = curve.components(at: within, velocity: velocity)
            return velocity ? result.map { $0 * speed } : result
        case .hold(_, let inactive, let spring):
            if let holdRelease, time >= holdRelease {
                // A trigger's way back: the spring to the inactive state from where the first spring is then.
                var back = self
                back.holdRelease = nil
                back.springTo(inactive.components, at: holdRelease)
                return back.components(at: time, velocity: velocity)
            }
            guard let hold else { return velocity ? rest : inactive.components }
            let t = max(0, time - hold.start) * speed
            // Once the motion's time is over (``isRunning(at:)`` is false) the effect is exactly at its state, still:
            // the spring's duration is perceptual, and its tail would otherwise leave 1e-4 of the way to go forever.
            if t >= curve.duration { return velocity ? rest : hold.to }
            return (0..<6).map { i in
                let delta = hold.to[i] - hold.from[i]
                let v0 = hold.velocity[i] / speed
                return velocity ? spring.velocity(target: delta, initialVelocity: v0, time: t) * speed
                    : hold.from[i] + spring.value(target: delta, initialVelocity: v0, time: t)
            }
        }
    }
}
