// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// How a relative pointer's counts become pointer motion: libinput's pointer acceleration, which moves the cursor on
/// every Linux desktop (docs/INPUT.md §5.2.1). A mouse drag bound with the desktop's setting stays under the cursor.
public struct PointerAcceleration: Hashable, Sendable {
    /// libinput's acceleration profiles, and none.
    public enum Profile: String, Hashable, Sendable, CaseIterable {
        /// libinput's default: slow motion is slowed down, fast motion sped up (its "adaptive" profile for mice).
        case adaptive
        /// A constant factor, 1 + speed (libinput's "flat" profile).
        case flat
        /// The counts as they come, converted with the device's resolution: no libinput involved.
        case none
    }

    /// The profile.
    public var profile: Profile
    /// libinput's speed setting, −1 (slowest) to 1 (fastest), 0 being the default; ignored by ``Profile/none``.
    public var speed: Double

    /// The accepted speeds: libinput's.
    public static let speedRange: ClosedRange<Double> = -1...1

    /// A setting; `speed` outside ``speedRange`` (or NaN) is clamped into it (0 for NaN). The configuration refuses such
    /// a speed before it gets here, naming it.
    public init(profile: Profile, speed: Double = 0) {
        self.profile = profile
        self.speed = speed.isNaN ? 0 : min(max(speed, Self.speedRange.lowerBound), Self.speedRange.upperBound)
    }

    /// What a desktop does without settings: adaptive, speed 0.
    public static let desktopDefault = PointerAcceleration(profile: .adaptive)
    /// No acceleration.
    public static let none = PointerAcceleration(profile: .none)

    /// The setting in the configuration's words: `adaptive`, `flat, speed 0.5`.
    public var summary: String {
        profile == .none || speed == 0 ? profile.rawValue : "\(profile.rawValue), speed \(speed)"
    }
}

/// libinput's pointer acceleration of one mouse, reproduced from its documented behaviour and its parameters
/// (libinput 1.22, the version Debian 12's desktops run; docs/INPUT.md §5.2.1): feed every input frame's motion, in
/// order, and read where the pointer is.
///
/// Units: libinput's "pixels", the device's counts normalised to 1000 dpi where the profile normalises (the adaptive
/// profile of a mouse of 1000 dpi or more), else the device's counts. Times are the frames' kernel timestamps, which
/// libinput reads in microseconds.
///
/// - Velocity: libinput keeps two motion trackers per mouse unless a quirk asks for velocity averaging (not
///   reproduced), so the velocity of a frame is the length of its own motion over the time since the previous
///   motion frame, plus 1 µs; after a pause of more than 1 s, over 1 s + 1 µs instead; 0 when time ran backwards.
/// - Adaptive factor: Simpson's rule over the profile at this frame's velocity, the previous frame's and their mean,
///   (f(v) + f(v₀) + 4·f((v + v₀)/2)) / 6. The profile, in units per ms: 10·v + 0.3 below 0.07; 1 up to the threshold
///   T = max(0.2, 0.4 − 0.25·speed); above it, incline·(v − T) + 1 with incline = 1.1 + 0.75·speed; never more than
///   2 + 1.5·speed. A mouse of 1000 dpi or more has its motion normalised to 1000 dpi before the velocity, and the
///   profile normalises the velocity by 1000/dpi once more (libinput does both; the second changes nothing at 1000
///   dpi). A mouse below 1000 dpi works in counts, with the threshold multiplied and the maximum divided by dpi/1000.
/// - Flat: counts × max(0.005, 1 + speed), not normalised.
public struct PointerAccelerator: Sendable {
    /// The setting.
    public let acceleration: PointerAcceleration
    /// The mouse's resolution, in counts per inch (libinput's default 1000 when udev knows none).
    public let dpi: Double
    /// The pointer's position: the accelerated motion summed since the accelerator was made.
    public private(set) var position = (x: 0.0, y: 0.0)

    /// The previous motion frame's time, µs; `nil` before the first. libinput's first tracker is zeroed (time 0), so
    /// on a clock that has run for over a second — CLOCK_MONOTONIC after boot — the first motion comes after a pause;
    /// so it does here on any clock, recordings that start at 0.000001 s included.
    private var previousMotionMicroseconds: UInt64?
    private var lastVelocity = 0.0

    /// libinput's pause after which motion is taken as starting afresh, µs.
    static let motionTimeoutMicroseconds: UInt64 = 1_000_000
    /// libinput's default resolution of a mouse, and its normalisation.
    public static let defaultDPI = 1000.0

    /// An accelerator for a mouse of `dpi` counts per inch (non-positive or NaN: 1000).
    public init(_ acceleration: PointerAcceleration, dpi: Double = PointerAccelerator.defaultDPI) {
        self.acceleration = acceleration
        self.dpi = dpi > 0 && dpi.isFinite ? dpi : Self.defaultDPI
    }

    /// Whether libinput's low-resolution profile applies (adaptive, below 1000 dpi).
    private var isLowResolution: Bool { dpi < Self.defaultDPI }

    /// Applies one frame's motion of `dx`, `dy` counts at `time` (ns, the frame's kernel timestamp) and returns the
    /// accelerated motion. A frame without motion changes nothing: libinput does not filter it.
    @discardableResult
    public mutating func accelerate(dx: Double, dy: Double, at time: UInt64) -> (x: Double, y: Double) {
        guard dx != 0 || dy != 0 else { return (0, 0) }
        let factor: Double
        var (x, y) = (dx, dy)
        switch acceleration.profile {
        case .none:
            factor = 1
            (x, y) = (dx * Self.defaultDPI / dpi, dy * Self.defaultDPI / dpi)
        case .flat:
            factor = max(0.005, 1 + acceleration.speed)
        case .adaptive:
            if !isLowResolution { (x, y) = (dx * Self.defaultDPI / dpi, dy * Self.defaultDPI / dpi) }
            let now = time / 1000
            let velocity = Self.velocity(length: (x * x + y * y).squareRoot(), now: now, previous: previousMotionMicroseconds)
            previousMotionMicroseconds = now
            factor = (profile(velocity) + profile(lastVelocity) + 4 * profile((lastVelocity + velocity) / 2)) / 6
            lastVelocity = velocity
        }
        let moved = (x: x * factor, y: y * factor)
        position.x += moved.x
        position.y += moved.y
        return moved
    }

    /// libinput's velocity with two trackers, units/µs (`previous` `nil`: the first motion, after a pause).
    static func velocity(length: Double, now: UInt64, previous: UInt64?) -> Double {
        guard let previous else { return length / Double(motionTimeoutMicroseconds + 1) }
        guard previous <= now else { return 0 }
        let elapsed = now - previous > motionTimeoutMicroseconds ? motionTimeoutMicroseconds : now - previous
        return length / Double(elapsed + 1)
    }

    /// The adaptive profile's factor at `velocity` (units/µs).
    func profile(_ velocity: Double) -> Double {
        let speed = acceleration.speed
        var threshold = max(0.2, 0.4 - 0.25 * speed) / 1000  // units/µs
        var maximum = 2 + 1.5 * speed
        let incline = 1.1 + 0.75 * speed
        var v = velocity
        if isLowResolution {
            threshold *= dpi / Self.defaultDPI
            maximum /= dpi / Self.defaultDPI
        } else {
            v *= Self.defaultDPI / dpi
        }
        let factor: Double
        if v * 1000 < 0.07 {
            factor = 10 * (v * 1000) + 0.3
        } else if v < threshold {
            factor = 1
        } else {
            factor = incline * ((v - threshold) * 1000) + 1
        }
        return min(maximum, factor)
    }
}
