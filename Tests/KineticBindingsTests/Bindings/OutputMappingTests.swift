import FoundationEssentials
@testable import KineticInput
import Testing
@testable import KineticBindings
@testable import KineticServerCore
@testable import KineticTestSupport
import KineticTime

/// Mapping devices into pixels, against values worked out by hand on a 0…11 999 axis (40 units/mm),
/// and against the mapping's own positions (velocity = their rate of change).
struct OutputMappingTests {
    let axis = AxisScale(AbsInfo(value: 0, minimum: 0, maximum: 11999, fuzz: 0, flat: 0, resolution: 40))

    /// An event at normalised (u, v) moving at `velocity` mm/s.
    func event(u: Double, v: Double, velocity: CGSize = .zero) -> GestureEvent {
        GestureEvent(time: Nanoseconds.of(seconds: 0, microseconds: 0), phase: .changed, source: .touch(id: 1),
                     location: CGPoint(x: u * 11999 / 40, y: v * 11999 / 40), normalizedLocation: CGPoint(x: u, y: v),
                     velocity: velocity, activeCount: 1)
    }

    @Test(arguments: [(0, 580.0, 590.0), (90, 1060, 320), (180, 1540, 590), (270, 1060, 860)])
    func rotationsPlaceThePointByHand(rotation: Int, x: Double, y: Double) {
        let mapping = OutputMapping(size: CGSize(width: 1920, height: 1080), position: CGPoint(x: 100, y: 50), rotation: rotation)
        let mapped = mapping.apply(to: event(u: 0.25, v: 0.5), xScale: axis, yScale: axis)
        #expect(abs(Double(mapped.location.x) - x) < 1e-9 && abs(Double(mapped.location.y) - y) < 1e-9)
    }

    /// Each rotation is the matrix libinput's documentation gives for it ("0 -1 1 1 0 0 # 90 degree clockwise", …).
    @Test(arguments: [(90, [0.0, -1, 1, 1, 0, 0]), (180, [-1, 0, 1, 0, -1, 1]), (270, [0, 1, 0, -1, 0, 1])])
    func rotationsAreLibinputsMatrices(rotation: Int, matrix: [Double]) {
        let size = CGSize(width: 1920, height: 1080)
        let rotated = OutputMapping(size: size, rotation: rotation).apply(to: event(u: 0.2, v: 0.7, velocity: CGSize(width: 5, height: 9)),
                                                                         xScale: axis, yScale: axis)
        let calibrated = OutputMapping(size: size, calibration: matrix).apply(to: event(u: 0.2, v: 0.7, velocity: CGSize(width: 5, height: 9)),
                                                                             xScale: axis, yScale: axis)
        #expect(abs(Double(rotated.location.x - calibrated.location.x)) < 1e-9 && abs(Double(rotated.location.y - calibrated.location.y)) < 1e-9)
        #expect(abs(Double(rotated.velocity.width - calibrated.velocity.width)) < 1e-9)
        #expect(abs(Double(rotated.velocity.height - calibrated.velocity.height)) < 1e-9)
    }

    @Test func calibrationComesFirst() {
        // u₁ = u + 0.1, v₁ = 0.5·v: (0.35, 0.25) → (672, 270) on 1920 × 1080.
        let mapping = OutputMapping(size: CGSize(width: 1920, height: 1080), calibration: [1, 0, 0.1, 0, 0.5, 0])
        let mapped = mapping.apply(to: event(u: 0.25, v: 0.5), xScale: axis, yScale: axis)
        #expect(abs(Double(mapped.location.x) - 672) < 1e-9 && abs(Double(mapped.location.y) - 270) < 1e-9)
    }

    /// The mapped velocity is the rate of change of the mapped position, for every rotation and a skewing matrix.
    @Test(arguments: [0, 90, 180, 270])
    func velocityIsTheRateOfChangeOfThePosition(rotation: Int) {
        let mapping = OutputMapping(size: CGSize(width: 1920, height: 1080), position: CGPoint(x: 7, y: -3), rotation: rotation,
                                    calibration: [0.9, 0.2, 0.01, -0.1, 1.1, 0.02])
        let velocity = CGSize(width: 30, height: -12)  // mm/s
        let dt = 0.01
        let start = event(u: 0.3, v: 0.6, velocity: velocity)
        var later = start
        later.location.x += velocity.width * dt
        later.location.y += velocity.height * dt
        later.normalizedLocation = CGPoint(x: 0.3 + Double(velocity.width) * dt * 40 / 11999,
                                           y: 0.6 + Double(velocity.height) * dt * 40 / 11999)
        let a = mapping.apply(to: start, xScale: axis, yScale: axis), b = mapping.apply(to: later, xScale: axis, yScale: axis)
        #expect(abs(Double(b.location.x - a.location.x) / dt - Double(a.velocity.width)) < 1e-6)
        #expect(abs(Double(b.location.y - a.location.y) / dt - Double(a.velocity.height)) < 1e-6)
    }

    @Test func scaleAppliesWherePositionsStayInMillimetres() {
        let mouse = OutputMapping(scale: 3.5)
        var e = event(u: 0, v: 0, velocity: CGSize(width: 10, height: 20))
        e.normalizedLocation = nil
        e.location = CGPoint(x: 2, y: 4)
        let mapped = mouse.apply(to: e, xScale: AxisScale(nil), yScale: AxisScale(nil))
        #expect(mapped.location == CGPoint(x: 7, y: 14) && mapped.velocity == CGSize(width: 35, height: 70))
        #expect(OutputMapping().apply(to: e, xScale: axis, yScale: axis) == e)
    }

    @Test func udevRecordsAndTheirPrecedence() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("udev-\(getpid())-\(UInt64.random(in: 0...UInt64.max))")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let record = directory.appendingPathComponent("c13:69").path
        try "S:input/by-path/x\nE:ID_INPUT=1\nE:LIBINPUT_CALIBRATION_MATRIX=0 1 0 -1 0 1\nG:seat\n".write(toFile: record, atomically: true, encoding: .utf8)
        let properties = UdevProperties.parse(record: record)
        #expect(properties["ID_INPUT"] == "1" && properties["LIBINPUT_CALIBRATION_MATRIX"] == "0 1 0 -1 0 1")
        let udev = UdevProperties.calibrationMatrix(properties["LIBINPUT_CALIBRATION_MATRIX"])
        #expect(udev == [0, 1, 0, -1, 0, 1])
        for bad in ["1 0 0 0 1", "1 0 0 0 1 nan", "1 0 0 0 1 x", "1 0 0 0 1 0 0", "1e300 0 0 0 1 0"] {
            #expect(UdevProperties.calibrationMatrix(bad) == nil, "\(bad)")
        }
        // makedev(13, 69) = 13 << 8 | 69; and a large one: makedev(259, 300).
        #expect(UdevProperties.deviceNumbers(13 << 8 | 69) == (13, 69))
        let large: UInt64 = ((259 & 0xfff) << 8) | (300 & 0xff) | ((300 & ~0xff) << 12) | ((259 & ~0xfff) << 32)
        #expect(UdevProperties.deviceNumbers(large) == (259, 300))
        #expect(UdevProperties.properties(ofDevice: record, database: directory.path).isEmpty, "not a character device")

        let touchscreen = try ReplayFixtures.recording("swipe-fling.evemu").device
        let configured = DeviceMapping(mapping: OutputMapping(size: CGSize(width: 10, height: 10), calibration: [2, 0, 0, 0, 2, 0]))
        let plain = DeviceMapping(mapping: OutputMapping(size: CGSize(width: 10, height: 10)))
        #expect(DeviceMapping.resolve([configured], for: touchscreen, path: nil, udevCalibration: udev)?.calibration == [2, 0, 0, 0, 2, 0])
        #expect(DeviceMapping.resolve([plain], for: touchscreen, path: nil, udevCalibration: udev)?.calibration == udev)
        let mice = DeviceMapping(device: DeviceMatch(classes: ["mouse"]), mapping: OutputMapping(scale: 2))
        #expect(DeviceMapping.resolve([mice], for: touchscreen, path: nil, udevCalibration: udev) == nil)
    }

    /// The bundled swipe through a 1920 × 1280 mapping: every input the binding sees is its millimetres times
    /// 1920·40/11 999 (x) and 1280·40/7 999 (y) — normalised over the axis range, then scaled to the output.
    @Test func aReplayedSwipeArrivesInPixels() throws {
        let recording = try ReplayFixtures.recording("swipe-fling.evemu")
        let binding = GestureBinding(channel: "p", follow: .absolute, animation: nil)
        var configuration = DaemonConfiguration()
        configuration.bindings = [binding]
        func inputs(_ configuration: DaemonConfiguration) throws -> [BindingEvent] {
            try OfflineReplay.replay(schedule: ReplaySchedule(recordings: [recording]), configuration: configuration,
                                     epoch: UInt64(max(0, ReplaySchedule(recordings: [recording]).startNanoseconds)),
                                     settleLimit: 60, bindingEvents: true).bindingEvents
        }
        let millimetres = try inputs(configuration)
        configuration.mappings = [DeviceMapping(mapping: OutputMapping(size: CGSize(width: 1920, height: 1280)))]
        let pixels = try inputs(configuration)
        #expect(pixels.count == millimetres.count && !pixels.isEmpty)
        for (px, mm) in zip(pixels, millimetres) {
            #expect(abs(px.input[0] - mm.input[0] * 1920 * 40 / 11999) < 1e-6)
            #expect(abs(px.input[1] - mm.input[1] * 1280 * 40 / 7999) < 1e-6)
            #expect(abs(px.inputVelocity[0] - mm.inputVelocity[0] * 1920 * 40 / 11999) < 1e-6)
        }
    }

    @Test func theConfigurationSpellsIt() throws {
        let yaml = """
            mappings:
              - match: { class: touchscreen }
                size: [1920, 1080]
                position: [0, 0]
                rotation: 90
                calibration: [0, 1, 0, -1, 0, 1]
              - match: { class: mouse }
                scale: 3.78
            """
        let mappings = try DaemonConfiguration.parse(yaml, source: "t").mappings
        #expect(mappings.count == 2)
        #expect(mappings[0].mapping == OutputMapping(size: CGSize(width: 1920, height: 1080), rotation: 90, calibration: [0, 1, 0, -1, 0, 1]))
        #expect(mappings[1].mapping.scale == 3.78 && mappings[1].device.classes == ["mouse"])
        for bad in ["- { size: [0, 10] }", "- { size: [10, 10], rotation: 45 }", "- { size: [10, 10], calibration: [1, 0, 0] }",
                    "- { match: { class: touchscreen } }", "- { scale: -1 }", "- { size: [10, 10], position: [1e9, 0] }"] {
            #expect(throws: ConfigurationError.self, "\(bad)") { try DaemonConfiguration.parse("mappings:\n  \(bad)\n", source: "t") }
        }
    }
}
