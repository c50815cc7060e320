// SPDX-License-Identifier: Apache-2.0
/// A recorded device: its description and its events, as read from an evemu or libinput-record file.
public struct Recording: Hashable, Sendable {
    /// The device the events came from.
    public var device: DeviceDescription
    /// Every event in file order, timestamps as written (evemu starts at 0.000001 s, libinput record at 0).
    public var events: [InputEvent]
    /// The header comment lines (without `#`), e.g. how the recording was made.
    public var comments: [String]

    public init(device: DeviceDescription, events: [InputEvent], comments: [String] = []) {
        self.device = device
        self.events = events
        self.comments = comments
    }

    /// Events after the last `SYN_REPORT`: a frame the recorder did not finish. They are kept, never dropped, but
    /// the frame processor emits nothing for them.
    public var trailingEventCount: Int {
        let lastReport = events.lastIndex { $0.type == EventCodes.evSyn && $0.code == EventCodes.synReport }
        return events.count - (lastReport.map { $0 + 1 } ?? 0)
    }

    /// The events split into frames, each ending with its `SYN_REPORT` (for replay pacing: a player sleeps until
    /// each frame's time). Events after the last `SYN_REPORT` form no frame; ``trailingEventCount`` counts them.
    public var frames: [ArraySlice<InputEvent>] {
        var result: [ArraySlice<InputEvent>] = []
        var start = events.startIndex
        for (index, event) in events.enumerated() where event.type == EventCodes.evSyn && event.code == EventCodes.synReport {
            result.append(events[start...index])
            start = index + 1
        }
        return result
    }

    /// Runs every event through a fresh ``InputFrameProcessor`` and returns its gesture events.
    public func gestureEvents(configuration: InputFrameProcessor.Configuration = .init()) -> [GestureEvent] {
        var processor = InputFrameProcessor(device: device, configuration: configuration)
        return processor.process(events)
    }
}
