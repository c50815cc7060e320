import Foundation
import Kinetic
import KineticInput
import Testing
@testable import KineticServer

/// Recordings for the pipeline and replay tests: this repository's `Recordings/` and the shared fixture.
enum ReplayFixtures {
    static let repositoryRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.pathComponents.count > 1 {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    }()

    /// `Recordings/<name>`.
    static func recording(_ name: String) throws -> Recording {
        try read(repositoryRoot.appendingPathComponent("Recordings/\(name)").path)
    }

    /// `Tests/Fixtures/<name>`.
    static func fixture(_ name: String) throws -> Recording {
        try read(repositoryRoot.appendingPathComponent("Tests/Fixtures/\(name)").path)
    }

    static func read(_ path: String) throws -> Recording {
        let recordings = try RecordingFormat.read(contentsOf: path)
        return try #require(recordings.first, "no device in \(path)")
    }

    /// Runs a replay and returns its frames.
    static func frames(_ recording: Recording, _ bindings: [GestureBinding], rateHz: Double = 120,
                       reduceMotion: Bool = false) throws -> [ReplayFrame] {
        let replay = try GestureReplay(recording: recording, options: ReplayOptions(
            rateHz: rateHz, bindings: bindings, reduceMotion: reduceMotion))
        var frames: [ReplayFrame] = []
        replay.run { frames.append($0) }
        return frames
    }

    /// The gesture events of a recording, straight from KineticInput (independent of the pipeline).
    static func gestures(_ recording: Recording) -> [GestureEvent] { recording.gestureEvents() }

    /// The recording cut after its `n`-th SYN_REPORT: a gesture the cut leaves open stays open.
    static func truncated(_ recording: Recording, afterFrames n: Int) -> Recording {
        var reports = 0
        var cut = recording
        cut.events = Array(recording.events.prefix { event in
            guard reports < n else { return false }
            if event.type == EventCodes.evSyn, event.code == EventCodes.synReport { reports += 1 }
            return true
        })
        return cut
    }
}

extension ReplayFixtures {
    /// The recording with every event `offset` µs later, behind an `EV_MSC` event at the original first
    /// time: the ticks (which start at the first event) move against the input by `offset`.
    static func offsettingTickGrid(_ recording: Recording, byMicroseconds offset: Int64) -> Recording {
        guard let first = recording.events.first else { return recording }
        var shifted = recording
        shifted.events = [InputEvent(time: first.time, type: EventCodes.evMsc, code: 5, value: 0)] + recording.events.map { event in
            var event = event
            let microseconds = event.time.seconds * 1_000_000 + Int64(event.time.microseconds) + offset
            event.time = EventTime(seconds: microseconds / 1_000_000, microseconds: Int32(microseconds % 1_000_000))
            return event
        }
        return shifted
    }
}

/// The sample of channel `name` in `engine` at its current time.
func sample(_ engine: GraphChannelEngine, _ name: String) -> ChannelSample? {
    engine.samples().first { $0.name == name }
}

/// Seconds of an event time relative to a frame's clock (both in ns on the recording's timeline).
func seconds(_ nanoseconds: UInt64) -> Double { Double(nanoseconds) / 1e9 }

/// The interactive spring's parameters, from docs/ANIMATION.md §2.1: `.interactiveSpring` = response 0.15 s,
/// damping fraction 0.85, so ω = 2π/0.15 rad/s.
enum InteractiveSpring {
    static let response = 0.15
    static let dampingFraction = 0.85
    static let omega = 2 * Double.pi / response
}
