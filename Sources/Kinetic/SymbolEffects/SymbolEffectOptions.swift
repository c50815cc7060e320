// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// How a symbol effect repeats and how fast it runs (the Symbols framework's `SymbolEffectOptions`).
///
/// ```swift
/// SymbolEffectPlayer(.bounce, options: .repeat(3))
/// SymbolEffectPlayer(.pulse, options: .speed(2).repeat(.periodic(delay: 0.5)))
/// ```
public struct SymbolEffectOptions: Hashable, Sendable {
    /// How often an effect repeats.
    public struct RepeatBehavior: Hashable, Sendable {
        /// Cycles to run; `nil` for as long as the effect runs (indefinite effects: while active).
        public var count: Int?
        /// Seconds between two cycles (not scaled by the speed).
        public var delay: Double

        /// Cycles one after another without a pause, for as long as the effect runs.
        public static var continuous: RepeatBehavior { RepeatBehavior(count: nil, delay: 0) }

        /// `count` cycles (`nil`: for as long as the effect runs) with `delay` seconds between them (`nil`: 0).
        public static func periodic(_ count: Int? = nil, delay: Double? = nil) -> RepeatBehavior {
            RepeatBehavior(count: count, delay: delay ?? 0)
        }
    }

    /// The repetition, when set; `nil`: the effect's kind decides (a discrete trigger runs one cycle, an active
    /// indefinite effect repeats until deactivated).
    public var repetition: RepeatBehavior?
    /// The speed factor (1 by default; 2 runs twice as fast).
    public var speed: Double = 1

    /// Options with the default repetition and speed 1.
    public init() {}

    /// The defaults.
    public static var `default`: SymbolEffectOptions { SymbolEffectOptions() }
    /// Repeats for as long as the effect runs.
    public static var repeating: SymbolEffectOptions { SymbolEffectOptions().repeating }
    /// Runs one cycle.
    public static var nonRepeating: SymbolEffectOptions { SymbolEffectOptions().nonRepeating }
    /// Runs `count` cycles (`nil`: for as long as the effect runs).
    public static func `repeat`(_ count: Int?) -> SymbolEffectOptions { SymbolEffectOptions().repeat(count) }
    /// Repeats as `behavior` says.
    public static func `repeat`(_ behavior: RepeatBehavior) -> SymbolEffectOptions { SymbolEffectOptions().repeat(behavior) }
    /// Runs `speed` times as fast.
    public static func speed(_ speed: Double) -> SymbolEffectOptions { SymbolEffectOptions().speed(speed) }

    /// These options, repeating for as long as the effect runs.
    public var repeating: SymbolEffectOptions { `repeat`(.continuous) }
    /// These options, running one cycle.
    public var nonRepeating: SymbolEffectOptions { `repeat`(1) }
    /// These options with `count` cycles (`nil`: for as long as the effect runs).
    public func `repeat`(_ count: Int?) -> SymbolEffectOptions { `repeat`(.periodic(count)) }
    /// These options repeating as `behavior` says.
    public func `repeat`(_ behavior: RepeatBehavior) -> SymbolEffectOptions {
        var copy = self
        copy.repetition = behavior
        return copy
    }
    /// These options at `speed` times the speed.
    public func speed(_ speed: Double) -> SymbolEffectOptions {
        var copy = self
        copy.speed = speed
        return copy
    }
}
