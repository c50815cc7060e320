// SPDX-License-Identifier: Apache-2.0
import Kinetic

/// The gesture a binding follows, with the values it gives its channel.
///
/// Positions come from KineticInput in millimetres from the device's axis minimum (mice: counts
/// converted at 1000 DPI), velocities in mm/s; ``GestureBinding/scale`` turns them into channel
/// units.
public enum BindingGesture: Equatable, Sendable {
    /// The primary touch (the one that went down first) or the pointer dragged with a button held:
    /// its location, or its translation from where it began. `button` restricts pointer drags to
    /// one button (`BTN_LEFT` 0x110, …); touches always qualify.
    case drag(button: UInt16?)
    /// Every touch at once, each in its own channel `CHANNEL.0`, `CHANNEL.1`, …: a touch takes the
    /// lowest free index when it lands and frees it when it lifts; touches beyond `count` are not
    /// followed.
    case touches(count: Int)
    /// Two-finger pinch: the magnification, the fingers' distance over their distance when the
    /// second landed (a 1-component channel).
    case pinch
    /// Two-finger scroll on a touchpad: the midpoint of the two fingers.
    case scroll
    /// A swipe of exactly `fingers` fingers (touchpad or touchscreen): the translation of their centroid since the
    /// last of them landed; a further finger landing cancels it (``KineticInput/SwipeValue``).
    case swipe(fingers: Int)
    /// Two-finger rotation, unwrapped across ±180° (a 1-component channel), clockwise positive, in `unit`.
    case rotate(unit: AngleUnit)
    /// A mouse's (or other pointer's) position wherever it moves, button or not: what the cursor follows. It has no
    /// beginning or end: each move retargets the channel, and nothing is released.
    case pointer

    /// The configuration name: `drag`, `touches`, `pinch`, `scroll`, `swipe`, `rotate`, `pointer`.
    public var name: String {
        switch self {
        case .drag: "drag"
        case .touches: "touches"
        case .pinch: "pinch"
        case .scroll: "scroll"
        case .swipe: "swipe"
        case .rotate: "rotate"
        case .pointer: "pointer"
        }
    }
}

/// The unit of a rotate binding's channel.
public enum AngleUnit: String, Equatable, Sendable, CaseIterable {
    /// Degrees (the default).
    case degrees
    /// Radians, as the rotation gesture measures its angle.
    case radians

    /// Radians in this unit.
    package func fromRadians(_ radians: Double) -> Double { self == .degrees ? Angle(radians: radians).degrees : radians }
}

/// How a gesture's value becomes the channel's value.
public enum FollowMode: String, Equatable, Sendable, CaseIterable {
    /// The channel takes the gesture's own value: the location × scale, or the magnification.
    case absolute
    /// The channel moves from its value when the gesture began: origin + translation × scale, or
    /// origin × magnification — a card dragged from wherever it rests.
    case relative
}

/// Which axes of a planar gesture the channel carries.
public enum BindingAxes: String, Equatable, Sendable, CaseIterable {
    /// x and y (a 2-component channel).
    case both
    /// x only (1 component): a horizontal pager.
    case x
    /// y only (1 component): a vertical list.
    case y

    /// The components of a planar (x, y) quantity this selection keeps.
    package func select(x: Double, y: Double) -> [Double] {
        switch self {
        case .both: [x, y]
        case .x: [x]
        case .y: [y]
        }
    }
}
