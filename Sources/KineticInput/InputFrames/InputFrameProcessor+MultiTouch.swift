// SPDX-License-Identifier: Apache-2.0
/// Multitouch protocol B and single-touch contacts (docs/INPUT.md §1.3).
extension InputFrameProcessor {
    mutating func applyAbs(code: UInt16, value: Int32) {
        absValues[code] = value
        guard mode == .multitouch else { return }
        switch code {
        case EventCodes.absMTSlot:
            currentSlot = Int(value)
        case EventCodes.absMTTrackingID, EventCodes.absMTPositionX, EventCodes.absMTPositionY, EventCodes.absMTToolType:
            // A slot outside the device's range cannot be stored; libevdev ignores it the same way.
            guard slots.indices.contains(currentSlot) else { return }
            switch code {
            case EventCodes.absMTTrackingID: slots[currentSlot].trackingID = value < 0 ? -1 : value
            case EventCodes.absMTPositionX: slots[currentSlot].x = value
            case EventCodes.absMTPositionY: slots[currentSlot].y = value
            default: slots[currentSlot].toolType = value
            }
        default:
            break
        }
    }

    /// Compares every slot with its contact: ended or replaced ids end, same ids move, new ids begin.
    mutating func endMultitouchFrame(at time: UInt64) -> [GestureEvent] {
        var output: [GestureEvent] = []
        for index in slots.indices {
            let slot = slots[index]
            if let contact = contacts[index], contact.id != slot.trackingID {
                contacts[index] = nil
                if !contact.isSuppressed { output.append(event(.ended, .touch(id: contact.id), contact, time)) }
            }
            guard slot.trackingID >= 0 else { continue }
            if var contact = contacts[index] {
                guard !contact.isSuppressed else { continue }
                if slot.toolType == EventCodes.mtToolPalm {
                    contact.isSuppressed = true
                    contacts[index] = contact
                    output.append(event(.cancelled, .touch(id: contact.id), contact, time))
                } else if contact.move(x: slot.x, y: slot.y, xScale: xScale, yScale: yScale, at: time) {
                    contacts[index] = contact
                    output.append(event(.changed, .touch(id: contact.id), contact, time))
                }
            } else {
                var contact = newContact(id: slot.trackingID, x: slot.x, y: slot.y, at: time)
                contact.isSuppressed = slot.toolType == EventCodes.mtToolPalm
                contacts[index] = contact
                if !contact.isSuppressed { output.append(event(.began, .touch(id: contact.id), contact, time)) }
            }
        }
        return output
    }

    /// One contact while `BTN_TOUCH` is down, positioned by `ABS_X/Y`; ids count up from 0.
    mutating func endSingleTouchFrame(at time: UInt64) -> [GestureEvent] {
        let x = absValues[EventCodes.absX] ?? 0, y = absValues[EventCodes.absY] ?? 0
        let touching = keysDown.contains(EventCodes.btnTouch)
        if var contact = contacts[0] {
            if !touching {
                contacts[0] = nil
                return contact.isSuppressed ? [] : [event(.ended, .touch(id: contact.id), contact, time)]
            }
            guard !contact.isSuppressed, contact.move(x: x, y: y, xScale: xScale, yScale: yScale, at: time) else { return [] }
            contacts[0] = contact
            return [event(.changed, .touch(id: contact.id), contact, time)]
        }
        guard touching else { return [] }
        let contact = newContact(id: nextSingleTouchID, x: x, y: y, at: time)
        nextSingleTouchID &+= 1
        contacts[0] = contact
        return [event(.began, .touch(id: contact.id), contact, time)]
    }
}
