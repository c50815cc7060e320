import FoundationEssentials
import Testing
@testable import KineticInput

/// The traces in Recordings/, made by scripts/make-recordings.py. Every expectation below is computed from the
/// generator's PARAMETERS (positions in mm, times in ms, device resolutions of 40 units/mm for the touch devices and
/// 1000 DPI for the mouse), never read back from the processor: quantisation to device units allows ±1/80 mm.
@Suite struct RecordingsDirectoryTests {
    static let names = ["swipe-fling", "drag-hold", "pinch", "tap", "mouse-drag", "touchpad-scroll", "touchpad-swipe3", "rotate"]
    static let quantum = 1.0 / 80 + 1e-9

    static func load(_ name: String) throws -> Recording {
        try EvemuFormat.read(contentsOf: Fixtures.recording("\(name).evemu"))
    }

    static func near(_ a: CGPoint, _ b: (Double, Double), _ tolerance: Double = quantum) -> Bool {
        abs(a.x - b.0) <= tolerance && abs(a.y - b.1) <= tolerance
    }

    static func ms(_ milliseconds: Int) -> UInt64 {
        let us = milliseconds * 1000 + 1   // evemu-record's time base: the first event is at 0.000001 s
        return UInt64(us) * 1_000
    }

    /// Minimum-jerk profile 10s³ − 15s⁴ + 6s⁵ and its derivative 30s²(1 − s)², as the generator documents.
    static func minJerk(_ s: Double) -> Double { s * s * s * (10 - 15 * s + 6 * s * s) }
    static func minJerkSlope(_ s: Double) -> Double { 30 * s * s * (1 - s) * (1 - s) }

    /// A release estimate from a window that spans the profile's peak speed (mj′(0.5) = 1.875) while the finger
    /// decelerates: it must lie between the final speed and the peak speed (2 % slack for quantisation).
    static func isBetweenFinalAndPeak(_ estimate: Double, distance: Double, portion: Double, span: Double) -> Bool {
        let final = abs(distance) * minJerkSlope(portion) / minJerk(portion) / span
        let peak = abs(distance) * 1.875 / minJerk(portion) / span
        return estimate.sign == distance.sign && abs(estimate) >= 0.98 * final && abs(estimate) <= 1.02 * peak
    }

    @Test func everyFileInRecordingsParsesAndSaysHowItWasMade() throws {
        let directory = Fixtures.repositoryRoot.appendingPathComponent("Recordings").path
        let files = try FileManager.default.contentsOfDirectory(atPath: directory).sorted()
        #expect(Set(files.filter { $0.hasSuffix(".evemu") }) == Set(Self.names.map { "\($0).evemu" }))
        #expect(files.filter { $0.hasSuffix(".yml") } == ["pinch.libinput.yml", "swipe-fling.libinput.yml"])
        for file in files where file.hasSuffix(".evemu") || file.hasSuffix(".yml") {
            let recordings = try RecordingFormat.read(contentsOf: "\(directory)/\(file)")
            for recording in recordings {
                #expect(recording.comments.contains { $0.contains("scripts/make-recordings.py") }, "\(file)")
                #expect(recording.trailingEventCount == 0, "\(file)")
                #expect(!recording.events.isEmpty, "\(file)")
            }
        }
    }

    /// Writing a parsed file back gives the same bytes: the Swift writer and the generator agree on evemu 1.3.
    @Test(arguments: names) func writerReproducesTheFile(name: String) throws {
        let text = try String(contentsOfFile: Fixtures.recording("\(name).evemu"), encoding: .utf8)
        let recording = try EvemuFormat.read(text)
        #expect(EvemuFormat.write(recording) == text)
    }

    /// Device classes from the headers (docs/INPUT.md §1.7).
    @Test func deviceClasses() throws {
        #expect(try Self.load("swipe-fling").device.deviceClass == .touchscreen)
        #expect(try Self.load("touchpad-scroll").device.deviceClass == .touchpad)
        #expect(try Self.load("mouse-drag").device.deviceClass == .mouse)
    }

    /// swipe-fling: down at (250, 120) mm at 0 ms, 12 moving frames every 8 ms to (130, 112) mm at 96 ms, lift at
    /// 104 ms. The finger then moves at Δ·mj′(0.6)/(mj(0.6)·0.16 s) per axis, (−1898.7, −126.6) mm/s, after a peak
    /// of Δ·1.875/(mj(0.6)·0.16 s) = (−2060.3, −137.4) mm/s; the release estimate lies between the two.
    @Test func swipeFling() throws {
        let events = try Self.load("swipe-fling").gestureEvents()
        #expect(events.map(\.phase) == [.began] + Array(repeating: .changed, count: 12) + [.ended])
        #expect(Set(events.map(\.source)) == [.touch(id: 100)])
        #expect(events.first?.time == Self.ms(0) && events.last?.time == Self.ms(104))
        #expect(Self.near(events[0].location, (250, 120)))
        #expect(Self.near(events[13].location, (130, 112)))
        let v = events[13].velocity
        #expect(Self.isBetweenFinalAndPeak(v.width, distance: -120, portion: 0.6, span: 0.16))
        #expect(Self.isBetweenFinalAndPeak(v.height, distance: -8, portion: 0.6, span: 0.16))

        var tracker = GestureTracker(deviceClass: .touchscreen)
        tracker.update(with: events)
        let drag = try #require(tracker.drag)
        #expect(drag.phase == .ended)
        #expect(abs(drag.translation.width - -120) <= 2 * Self.quantum && abs(drag.translation.height - -8) <= 2 * Self.quantum)
        // Projection with d = 0.998: x_end = x + v·0.499.
        #expect(abs(drag.predictedEndLocation.x - (drag.location.x + v.width * 0.499)) < 1e-9)
        #expect(drag.predictedEndLocation.x < 0)   // the fling would leave the 300 mm screen on the left
    }

    /// drag-hold: (80, 60) → (140, 90) mm over 600 ms, still until the lift at 960 ms: no fling.
    @Test func dragHold() throws {
        let events = try Self.load("drag-hold").gestureEvents()
        #expect(events.first?.phase == .began && events.last?.phase == .ended)
        #expect(events.first?.time == Self.ms(0) && events.last?.time == Self.ms(960))
        #expect(Self.near(events[0].location, (80, 60)))
        #expect(Self.near(try #require(events.last).location, (140, 90)))
        #expect(events.last?.velocity == .zero)
        #expect(events.dropLast().last?.time ?? Self.ms(0) <= Self.ms(600))
        var tracker = GestureTracker(deviceClass: .touchscreen)
        tracker.update(with: events)
        #expect(tracker.drag?.predictedEndLocation == tracker.drag?.location)
    }

    /// pinch: fingers 300 and 301 on a 45° line around (150, 100) mm, 40 mm apart when the second lands at 16 ms,
    /// 120 mm apart at the end: magnification 3. Lifts at 464 ms and 480 ms.
    @Test func pinch() throws {
        let events = try Self.load("pinch").gestureEvents()
        let began = events.filter { $0.phase == .began }, ended = events.filter { $0.phase == .ended }
        #expect(began.map(\.source) == [.touch(id: 300), .touch(id: 301)])
        #expect(began.map(\.time) == [Self.ms(0), Self.ms(16)])
        #expect(ended.map(\.source) == [.touch(id: 300), .touch(id: 301)])
        #expect(ended.map(\.time) == [Self.ms(464), Self.ms(480)])
        #expect(events.map(\.activeCount).max() == 2)
        let h = 20 / 2.0.squareRoot(), H = 60 / 2.0.squareRoot()
        #expect(Self.near(began[0].location, (150 - h, 100 - h)) && Self.near(began[1].location, (150 + h, 100 + h)))
        #expect(Self.near(ended[0].location, (150 - H, 100 - H)) && Self.near(ended[1].location, (150 + H, 100 + H)))

        var tracker = GestureTracker(deviceClass: .touchscreen)
        var peak = 0.0
        for event in events {
            tracker.update(with: event)
            if let m = tracker.magnify, m.phase == .began { #expect(abs(m.magnification - 1) < 1e-12) }
            peak = max(peak, tracker.magnify?.magnification ?? 0)
        }
        let magnify = try #require(tracker.magnify)
        #expect(magnify.phase == .ended)
        #expect(abs(magnify.startDistance - 40) < 2 * Self.quantum)
        #expect(abs(magnify.magnification - 3) < 0.002)
        #expect(abs(peak - 3) < 0.002)
        #expect(Self.near(magnify.location, (150, 100)))
        #expect(tracker.scroll == nil)    // scroll is a touchpad gesture
    }

    /// tap: down at (100, 80) mm, up 72 ms later in place: two events, no velocity.
    @Test func tap() throws {
        let events = try Self.load("tap").gestureEvents()
        #expect(events.map(\.phase) == [.began, .ended])
        #expect(events.map(\.time) == [Self.ms(0), Self.ms(72)])
        #expect(events.allSatisfy { Self.near($0.location, (100, 80)) && $0.velocity == .zero })
        #expect(events.map(\.activeCount) == [1, 0])
    }

    /// mouse-drag: pre-move (24, 8) counts, press at 32 ms, (1600, −600) counts more by 272 ms, release at 280 ms
    /// (8 ms after the last motion, so it flings). 1 count = 0.0254 mm at 1000 DPI. The release estimate lies
    /// between the final and the peak speed of the profile (80 % of 300 ms).
    @Test func mouseDrag() throws {
        let events = try Self.load("mouse-drag").gestureEvents()
        #expect(events.first?.phase == .began && events.last?.phase == .ended)
        #expect(Set(events.map(\.source)) == [.pointer(button: 0x110)])
        #expect(events.first?.time == Self.ms(32) && events.last?.time == Self.ms(280))
        #expect(Self.near(try #require(events.first).location, (24 * 0.0254, 8 * 0.0254), 1e-9))
        #expect(Self.near(try #require(events.last).location, (1624 * 0.0254, -592 * 0.0254), 1e-9))
        let v = try #require(events.last).velocity
        #expect(Self.isBetweenFinalAndPeak(v.width, distance: 1600 * 0.0254, portion: 0.8, span: 0.3))
        #expect(Self.isBetweenFinalAndPeak(v.height, distance: -600 * 0.0254, portion: 0.8, span: 0.3))
    }

    /// touchpad-scroll: fingers 500/501 at (40, 20) and (60, 20) mm, the second at 10 ms; both move 30 mm down
    /// by 200 ms (75 % of a 240 ms profile) and lift at 210 ms, still moving (≈ 147 mm/s after a 209 mm/s peak).
    @Test func touchpadScroll() throws {
        let recording = try Self.load("touchpad-scroll")
        let events = recording.gestureEvents()
        var tracker = GestureTracker(deviceClass: recording.device.deviceClass)
        tracker.update(with: events)
        let scroll = try #require(tracker.scroll)
        #expect(scroll.phase == .ended)
        #expect(scroll.time == Self.ms(210))
        #expect(Self.near(scroll.startLocation, (50, 20)))
        #expect(abs(scroll.translation.width) <= Self.quantum && abs(scroll.translation.height - 30) <= Self.quantum)
        #expect(Self.isBetweenFinalAndPeak(scroll.velocity.height, distance: 30, portion: 0.75, span: 0.24))
        #expect(abs(scroll.velocity.width) < 1)
        #expect(scroll.predictedEndTranslation.height > scroll.translation.height)
        #expect(abs((tracker.magnify?.magnification ?? 0) - 1) < 0.002)   // the fingers kept their spacing
        #expect(events.filter { $0.phase == .began }.map(\.time) == [Self.ms(0), Self.ms(10)])
        #expect(events.filter { $0.phase == .ended }.count == 2)
    }

    /// The libinput-record copies give the same gesture streams as the evemu files (times relative to each file's
    /// first event: evemu starts at 0.000001 s, libinput record at 0).
    /// swipe-fling has 14 gesture events (began, 12 changed, ended); pinch's count depends on quantisation.
    @Test(arguments: [("swipe-fling", 14 as Int?), ("pinch", nil)])
    func libinputCopyMatchesEvemu(name: String, expectedCount: Int?) throws {
        let evemu = try Self.load(name)
        let yaml = try #require(try LibinputRecordFormat.read(contentsOf: Fixtures.recording("\(name).libinput.yml")).first)
        #expect(yaml.device.absInfo == evemu.device.absInfo && yaml.device.name == evemu.device.name)
        #expect(yaml.device.properties == evemu.device.properties)
        #expect(yaml.events.count == evemu.events.count)
        let a = GestureStreams.relative(evemu.gestureEvents(), to: evemu.events[0].time)
        let b = GestureStreams.relative(yaml.gestureEvents(), to: yaml.events[0].time)
        if let expectedCount { #expect(a.count == expectedCount) }
        #expect(a.count > 2)
        #expect(a == b)
    }
}
