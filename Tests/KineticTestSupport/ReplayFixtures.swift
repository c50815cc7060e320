import FoundationEssentials
import Kinetic
import KineticInput
import KineticProtocol
import KineticBindings
import KineticServerCore

/// Recordings for the pipeline and replay tests: this repository's `Recordings/` and the shared fixture.
package enum ReplayFixtures {
    package static let repositoryRoot: URL = {
        var url = URL(fileURLWithPath: #filePath)
        while url.pathComponents.count > 1 {
            url.deleteLastPathComponent()
            if FileManager.default.fileExists(atPath: url.appendingPathComponent("Package.swift").path) { return url }
        }
        return URL(fileURLWithPath: FileManager.default.currentDirectoryPath)
    }()

    /// The repository's `Recordings/` folder.
    package static var recordingsDirectory: String { repositoryRoot.appendingPathComponent("Recordings").path }

    /// `Recordings/<name>`.
    package static func recording(_ name: String) throws -> Recording {
        try read(repositoryRoot.appendingPathComponent("Recordings/\(name)").path)
    }

    /// `Tests/Fixtures/<name>`.
    package static func fixture(_ name: String) throws -> Recording {
        try read(repositoryRoot.appendingPathComponent("Tests/Fixtures/\(name)").path)
    }

    package static func read(_ path: String) throws -> Recording {
        guard let recording = try RecordingFormat.read(contentsOf: path).first else {
            throw ReplayError("no device in \(path)")
        }
        return recording
    }

    /// Replays `recording` offline (``OfflineReplay``, the daemon's composition on a virtual clock) through
    /// `bindings` and returns what a subscriber of every channel received, on the recording's clock (the engine's
    /// epoch is the first event), each frame with the binding events applied since the previous one.
    package static func frames(_ recording: Recording, _ bindings: [GestureBinding], rateHz: Double = 120,
                               reduceMotion: Bool = false) throws -> [ReplayFrame] {
        var configuration = DaemonConfiguration()
        configuration.rateHz = rateHz
        configuration.bindings = bindings
        configuration.reduceMotion = reduceMotion
        let schedule = ReplaySchedule(recordings: [recording])
        let output = try OfflineReplay.replay(schedule: schedule, configuration: configuration,
                                              epoch: UInt64(max(0, schedule.startNanoseconds)), settleLimit: 60,
                                              bindingEvents: true)
        let (received, layout) = output.received()
        let channels = layout?.channels ?? []
        var frames: [ReplayFrame] = []
        var pending = output.bindingEvents[...]
        for frame in received {
            var events: [BindingEvent] = []
            while let event = pending.first, UInt64(max(0, Int64(event.time) &+ output.offset)) <= frame.timeNanoseconds {
                events.append(event)
                pending = pending.dropFirst()
            }
            frames.append(ReplayFrame(seq: frame.seq, timeNanoseconds: frame.timeNanoseconds,
                                      samples: channels.map { frame.sample(of: $0.name, layout: layout)! },
                                      bindingEvents: events))
        }
        return frames
    }

    /// The gesture events of a recording, straight from KineticInput (independent of the pipeline).
    package static func gestures(_ recording: Recording) -> [GestureEvent] { recording.gestureEvents() }

    /// The recording cut after its `n`-th SYN_REPORT: a gesture the cut leaves open stays open.
    package static func truncated(_ recording: Recording, afterFrames n: Int) -> Recording {
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

/// One frame of a replay as a subscriber of every channel received it, with what the bindings did since the previous
/// frame.
package struct ReplayFrame {
    /// The core's tick number.
    package var seq: UInt64
    /// The tick's time on the recording's clock, nanoseconds.
    package var timeNanoseconds: UInt64
    /// Every channel's value and velocity, in layout order.
    package var samples: [ChannelSample]
    /// The binding events of the input applied after the previous frame, up to this one.
    package var bindingEvents: [BindingEvent]
}

extension ReplayFixtures {
    /// The recording with every event `offset` µs later, behind an `EV_MSC` event at the original first
    /// time: the ticks (which start at the first event) move against the input by `offset`.
    package static func offsettingTickGrid(_ recording: Recording, byMicroseconds offset: Int64) -> Recording {
        guard let first = recording.events.first else { return recording }
        var shifted = recording
        shifted.events = [InputEvent(time: first.time, type: EventCodes.evMsc, code: 5, value: 0)] + recording.events.map { event in
            var event = event
            event.time = UInt64(Int64(event.time) + offset * 1_000)
            return event
        }
        return shifted
    }
}

/// The sample of channel `name` in `engine` at its current time.
package func sample(_ engine: GraphChannelEngine, _ name: String) -> ChannelSample? {
    engine.samples().first { $0.name == name }
}

/// Seconds of an event time relative to a frame's clock (both in ns on the recording's timeline).
package func seconds(_ nanoseconds: UInt64) -> Double { Double(nanoseconds) / 1e9 }

/// The interactive spring's parameters, from docs/ANIMATION.md §2.1: `.interactiveSpring` = response 0.15 s,
/// damping fraction 0.85, so ω = 2π/0.15 rad/s.
package enum InteractiveSpring {
    package static let response = 0.15
    package static let dampingFraction = 0.85
    package static let omega = 2 * Double.pi / response
}
