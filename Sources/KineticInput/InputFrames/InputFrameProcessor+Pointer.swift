// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// Pointer position and button drags (docs/INPUT.md §1.5).
extension InputFrameProcessor {
    /// The pointer position in mm: accumulated `REL_X/Y` counts over counts-per-mm, or the absolute axes.
    var pointerLocation: (location: CGPoint, normalized: CGPoint?) {
        if mode == .absolutePointer {
            let x = absValues[EventCodes.absX] ?? 0, y = absValues[EventCodes.absY] ?? 0
            return Contact.scaled(x: x, y: y, xScale: xScale, yScale: yScale)
        }
        let scale = configuration.pointerCountsPerMillimetre > 0 ? configuration.pointerCountsPerMillimetre : 1
        return (CGPoint(x: pointerCounts.x / scale, y: pointerCounts.y / scale), nil)
    }

    /// A drag begins when a mouse button is down and none is dragging (the lowest button code wins), moves with
    /// the pointer, and ends when its own button is released.
    mutating func endPointerFrame(at time: UInt64) -> [GestureEvent] {
        let (location, normalized) = pointerLocation
        if var current = drag {
            if !keysDown.contains(dragButton) {
                drag = nil
                _ = current.move(to: location, normalized: normalized, at: time)
                return current.isSuppressed ? [] : [event(.ended, .pointer(button: dragButton), current, time)]
            }
            guard !current.isSuppressed, current.move(to: location, normalized: normalized, at: time) else {
                drag = current
                return []
            }
            drag = current
            return [event(.changed, .pointer(button: dragButton), current, time)]
        }
        guard let button = keysDown.filter({ (EventCodes.btnLeft...EventCodes.btnTask).contains($0) }).min() else { return [] }
        let contact = newContact(id: 0, location: location, normalized: normalized, at: time)
        drag = contact
        dragButton = button
        return [event(.began, .pointer(button: button), contact, time)]
    }
}
