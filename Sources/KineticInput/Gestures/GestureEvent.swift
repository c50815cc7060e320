// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// One step of a gesture, as the frame processor emits it at the end of a frame (`SYN_REPORT`).
///
/// Positions are in millimetres from the axis minimum (docs/INPUT.md §1.4: mm = (v − min) / resolution),
/// so a touch at the device origin is at (0, 0); relative pointers report their accumulated position,
/// converted to millimetres with the configured counts per millimetre. Velocities are in mm/s.
public struct GestureEvent: Hashable, Sendable {
    /// Where a gesture is in its life, as in `UIGestureRecognizer.State`.
    public enum Phase: String, Hashable, Sendable {
        /// The touch went down, or the pointer button was pressed.
        case began
        /// The touch or the dragging pointer moved.
        case changed
        /// The touch lifted, or the button was released: a release that may fling.
        case ended
        /// The gesture stopped without a release (unplug, palm, ``InputFrameProcessor/cancelAll(at:)``): never fling.
        case cancelled
    }

    /// What the gesture follows.
    public enum Source: Hashable, Sendable {
        /// A multitouch contact, by its `ABS_MT_TRACKING_ID` (single-touch devices get counted ids from 0).
        case touch(id: Int32)
        /// A relative (or absolute) pointer dragged with `button` held (`BTN_LEFT` 0x110, …).
        case pointer(button: UInt16)
        /// The pointer itself, wherever it moves, button or not (only with
        /// ``InputFrameProcessor/Configuration/reportsPointerMotion``): `.changed` events, no beginning and no end.
        case pointerMotion
    }

    /// The kernel timestamp of the input frame (its `SYN_REPORT`), in nanoseconds (``InputEvent/time``).
    public var time: UInt64
    /// Where in the gesture the event is: began, changed, ended or cancelled.
    public var phase: Phase
    /// The touch or pointer this event belongs to.
    public var source: Source
    /// Position in millimetres from the device's axis minimum (x right, y down).
    public var location: CGPoint
    /// Position as a fraction of the axis range, 0…1 on both axes: (v − min) / (max − min).
    /// `nil` for relative pointers and axes without a range.
    public var normalizedLocation: CGPoint?
    /// Velocity estimate in mm/s at `time` (zero when `phase` is `.began` or `.cancelled`).
    public var velocity: CGSize
    /// How many touches (or pointer drags) are active after this frame.
    public var activeCount: Int

    public init(time: UInt64, phase: Phase, source: Source, location: CGPoint, normalizedLocation: CGPoint?,
                velocity: CGSize, activeCount: Int) {
        self.time = time
        self.phase = phase
        self.source = source
        self.location = location
        self.normalizedLocation = normalizedLocation
        self.velocity = velocity
        self.activeCount = activeCount
    }
}
