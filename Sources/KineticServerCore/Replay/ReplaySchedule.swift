// SPDX-License-Identifier: Apache-2.0
import KineticInput

/// The input events of one or more recordings in time order, each tagged with its recording.
public struct ReplaySchedule: Sendable {
    /// One input event of one recording.
    public struct Item: Sendable {
        /// Index into ``recordings``.
        public var recording: Int
        /// The event, with the recording's timestamp.
        public var event: InputEvent
    }

    /// The recordings, in the order given.
    public let recordings: [Recording]
    /// Every event, sorted by timestamp (stable: a recording's own order is kept).
    public let items: [Item]

    /// The merged schedule of `recordings`.
    public init(recordings: [Recording]) {
        self.recordings = recordings
        var items: [Item] = []
        for (index, recording) in recordings.enumerated() {
            items += recording.events.map { Item(recording: index, event: $0) }
        }
        // Already in time order (one well-formed recording): the stable sort would return it unchanged.
        if zip(items, items.dropFirst()).allSatisfy({ $0.event.time <= $1.event.time }) {
            self.items = items
            return
        }
        self.items = items.enumerated().sorted { a, b in
            a.element.event.time != b.element.event.time ? a.element.event.time < b.element.event.time : a.offset < b.offset
        }.map(\.element)
    }

    /// The first event's time in nanoseconds (0 without events).
    public var startNanoseconds: Int64 { items.first.map { Int64($0.event.time) } ?? 0 }
    /// The last event's time in nanoseconds.
    public var endNanoseconds: Int64 { items.last.map { Int64($0.event.time) } ?? 0 }

    /// Reads a recording file (evemu or libinput record).
    public static func load(path: String) throws -> ReplaySchedule {
        ReplaySchedule(recordings: try RecordingFormat.read(contentsOf: path))
    }
}
