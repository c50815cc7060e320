import FoundationEssentials
import Testing
@testable import KineticInput
import KineticTime

/// The two shared fixtures (docs/INPUT.md §2.3, §3.2): a one-finger right-to-left fling,
/// 4096 × 2560 units at 16 units/mm, 15 frames at 8 ms, x from 3600 to 2028, lift at 0.112 s.
@Suite struct SharedFixtureTests {
    @Test func evemuFixtureParses() throws {
        let recording = try EvemuFormat.read(contentsOf: try Fixtures.fixture("example-swipe.evemu"))
        #expect(recording.device.name == "Example Touchscreen")
        #expect(recording.device.bustype == 3 && recording.device.vendor == 0x1234 && recording.device.product == 0x5678)
        #expect(recording.device.version == 0x111)
        #expect(recording.device.properties == [1])
        #expect(recording.device.codes[3] == [0, 1, 0x2f, 0x35, 0x36, 0x39])
        #expect(recording.device.codes[1] == [0x14a])
        #expect(recording.device.absInfo[0x35] == AbsInfo(minimum: 0, maximum: 4095, resolution: 16))
        #expect(recording.device.deviceClass == .touchscreen)
        #expect(recording.events.count == 73)
        #expect(recording.events.filter { $0.type == 0 && $0.code == 0 }.count == 15)
        #expect(recording.trailingEventCount == 0)
        #expect(recording.comments.first?.hasPrefix("Hand-written example") == true)
        // 15 frames (§2.3): the first has 7 events, the 13 moves 3 or 5, the lift 3.
        let frames = recording.frames
        #expect(frames.count == 15)
        #expect(frames.first?.count == 7 && frames.last?.count == 3)
        #expect(frames.map(\.count).reduce(0, +) == 73)
        #expect(frames.allSatisfy { frame in frame.allSatisfy { $0.time == frame.last?.time } })
    }

    /// Hand-computed from the file: down at 0.000001 s at (3600/16, 1300/16) = (225, 81.25) mm, 13 moves, lift at
    /// 0.112001 s at (2028/16, 1330/16) = (126.75, 83.125) mm; normalised x = 2028/4095.
    @Test func evemuFixtureGestureStream() throws {
        let recording = try EvemuFormat.read(contentsOf: try Fixtures.fixture("example-swipe.evemu"))
        let events = recording.gestureEvents()
        #expect(events.map(\.phase) == [.began] + Array(repeating: .changed, count: 13) + [.ended])
        #expect(Set(events.map(\.source)) == [.touch(id: 31)])
        let began = try #require(events.first), ended = try #require(events.last)
        #expect(began.time == Nanoseconds.of(seconds: 0, microseconds: 1))
        #expect(began.location == CGPoint(x: 225, y: 81.25))
        #expect(began.activeCount == 1)
        #expect(ended.time == Nanoseconds.of(seconds: 0, microseconds: 112_001))
        #expect(ended.location == CGPoint(x: 126.75, y: 83.125))
        #expect(abs((ended.normalizedLocation?.x ?? 0) - 2028.0 / 4095) < 1e-12)
        #expect(abs((ended.normalizedLocation?.y ?? 0) - 1330.0 / 2559) < 1e-12)
        #expect(ended.activeCount == 0)
        // Lift 8 ms after the last move: within the 40 ms stop rule, so the release flings (impulse, §5.6: −1500 mm/s).
        #expect(abs(ended.velocity.width - -1500) < 0.5)
        // The same stream with LSQ2 selected gives §5.6's −1873 mm/s.
        let lsq = recording.gestureEvents(configuration: .init(velocityEstimation: .leastSquares(degree: 2)))
        #expect(abs((lsq.last?.velocity.width ?? 0) - -1873) < 0.5)
    }
}

@Suite struct LibinputFixtureTests {
    @Test func libinputFixtureParses() throws {
        let recordings = try LibinputRecordFormat.read(contentsOf: try Fixtures.fixture("example-swipe.libinput.yml"))
        let recording = try #require(recordings.first)
        #expect(recordings.count == 1)
        #expect(recording.device.name == "Example Touchscreen")
        #expect(recording.device.absInfo[0x36] == AbsInfo(minimum: 0, maximum: 2559, resolution: 16))
        #expect(recording.device.properties == [1])
        #expect(recording.events.count == 73)
        #expect(recording.events.first?.time == Nanoseconds.of(seconds: 0, microseconds: 0))
        #expect(recording.events.last?.time == Nanoseconds.of(seconds: 0, microseconds: 112_000))
        #expect(recording.comments.first == "libinput record")
    }

    /// The two files describe the same gesture; libinput record starts at 0 s and evemu at 0.000001 s (§3.1), so
    /// the streams are compared with times taken relative to each recording's first event.
    @Test func evemuAndLibinputGiveIdenticalGestureStreams() throws {
        let evemu = try EvemuFormat.read(contentsOf: try Fixtures.fixture("example-swipe.evemu"))
        let yaml = try #require(try LibinputRecordFormat.read(contentsOf: try Fixtures.fixture("example-swipe.libinput.yml")).first)
        #expect(evemu.device.codes.filter { $0.key != 0 } == yaml.device.codes.filter { $0.key != 0 })
        #expect(evemu.device.absInfo == yaml.device.absInfo)
        #expect(evemu.device.properties == yaml.device.properties)
        let a = GestureStreams.relative(evemu.gestureEvents(), to: evemu.events[0].time)
        let b = GestureStreams.relative(yaml.gestureEvents(), to: yaml.events[0].time)
        #expect(a.count == 15)
        #expect(a == b)
    }
}

/// Gesture streams with times re-expressed relative to a start time (nanoseconds).
enum GestureStreams {
    struct Entry: Equatable, CustomStringConvertible {
        var nanoseconds: Int64
        var event: GestureEvent
        var description: String { "\(nanoseconds) \(event.phase) \(event.source) \(event.location) v=\(event.velocity)" }
    }

    static func relative(_ events: [GestureEvent], to start: UInt64) -> [Entry] {
        events.map { event in
            var copy = event
            copy.time = Nanoseconds.of(seconds: 0, microseconds: 0)
            return Entry(nanoseconds: Int64(event.time) - Int64(start), event: copy)
        }
    }
}
