// SPDX-License-Identifier: Apache-2.0
import FoundationEssentials

/// Pointer position and button drags (docs/INPUT.md §1.5).
extension InputFrameProcessor {
    /// The pointer position in mm: accumulated `REL_X/Y` counts over counts-per-mm, or libinput's accelerated
    /// position at 0.0254 mm per pixel (``Configuration/pointerAcceleration``), or the absolute axes.
    var pointerLocation: (location: CGPoint, normalized: CGPoint?) {
        if mode == .absolutePointer {
            let x = absValues[EventCodes.absX] ?? 0, y = absValues[EventCodes.absY] ?? 0
            return Contact.scaled(x: x, y: y, xScale: xScale, yScale: yScale)
        }
        if configuration.pointerAcceleration.profile != .none {
            let millimetresPerPixel = 25.4 / PointerAccelerator.defaultDPI
            return (CGPoint(x: accelerator.position.x * millimetresPerPixel, y: accelerator.position.y * millimetresPerPixel), nil)
        }
        let scale = configuration.pointerCountsPerMillimetre > 0 ? configuration.pointerCountsPerMillimetre : 1
        return (CGPoint(x: pointerCounts.x / scale, y: pointerCounts.y / scale), nil)
    }

    /// A drag begins when a mouse button is down and none is dragging (the lowest button code wins), moves with
    /// the pointer, and ends when its own button is released.
    mutating func endPointerFrame(at time: UInt64) -> [GestureEvent] {
        let (location, normalized) = pointerLocation
        var moved: [GestureEvent] = []
        if configuration.reportsPointerMotion {
            if var current = pointerMotion {
                if current.move(to: location, normalized: normalized, at: time) {
                    moved = [event(.changed, .pointerMotion, current, time)]
                }
                pointerMotion = current
            } else {
                // The first frame: where the pointer is (accelerated from 0, 0), without a velocity yet.
                let contact = newContact(id: 0, location: location, normalized: normalized, at: time)
                pointerMotion = contact
                moved = [event(.changed, .pointerMotion, contact, time)]
            }
        }
        return moved + endDragFrame(location: location, normalized: normalized, at: time)
    }

    /// The drag's part of a pointer frame.
    private mutating func endDragFrame(location: CGPoint, normalized: CGPoint?, at time: UInt64) -> [GestureEvent] {
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
