import FoundationEssentials
import Testing
@testable import KineticBindings
@testable import KineticTestSupport

@Suite("Daemon configuration")
struct DaemonConfigurationTests {
    @Test("the embedded default binds touchscreen, touchpad and mouse drags to touch.position")
    func embeddedDefault() {
        let configuration = DaemonConfiguration.embeddedDefault
        #expect(configuration.rateHz == 120)
        #expect(configuration.bindings.count == 1)
        let binding = configuration.bindings[0]
        #expect(binding.device.classes == ["touchscreen", "touchpad", "mouse"])
        #expect(binding.gesture == .drag(button: 0x110) && binding.channel == "touch.position" && binding.follow == .absolute)
        #expect(binding.animation?.description == ".interactiveSpring")
        #expect(binding.release.animation.description == ".spring")
        #expect(binding.release.target == .momentum)
    }

    @Test("the example configuration in systemd/ parses")
    func example() throws {
        let path = ReplayFixtures.repositoryRoot.appendingPathComponent("systemd/kineticd.yaml").path
        let configuration = try DaemonConfiguration.load(path: path)
        #expect(configuration.bindings.map(\.channel) == ["touch.position", "card.offset", "pinch.scale"])
        #expect(configuration.bindings[1].release.target == .project(snapPoints: [[0, 0], [0, 300], [0, 600]]))
        #expect(configuration.bindings[1].bounds?.upper == [0, 600])
        #expect(configuration.bindings[2].gesture == .pinch && configuration.bindings[2].release.target == .origin)
    }

    @Test("errors name the file, line and column", arguments: [
        ("rate_hz: 1000\n", "f.yaml:1:10", "rate_hz must be a tick rate of 30 to 480 Hz, got 1000"),
        ("rate_hz: 120\nrate: 60\n", "f.yaml:2:1", "unknown key 'rate'"),
        ("phase: vblank\n", "f.yaml:1:8", #"phase must be auto (follow the display's vblanks) or free (the ticks' own phase), got "vblank""#),
        ("bindings:\n  - channel: a\n    animation: .sprung\n", "f.yaml:3:17", "did you mean .spring?"),
        ("bindings:\n  - channel: a\n    animation: \".spring(duration: x)\"\n", "f.yaml:3:35", "expected a number"),
        ("bindings:\n  - channel: a\n    gesture: fling\n", "f.yaml:3:14", "unknown gesture"),
        ("bindings:\n  - channel: a\n    release: {target: snap}\n", "f.yaml:3:23", "needs snap_points"),
        ("bindings:\n  - match: {class: phone}\n    channel: a\n", "f.yaml:2:20", "unknown device class"),
        ("bindings:\n  - gesture: drag\n", "f.yaml:2:5", "needs a channel"),
        ("max_clients: -3\n", "f.yaml:1:14", "whole number"),
        ("bindings: [\n", "f.yaml:2:1", "not valid YAML: did not find expected node content"),
    ])
    func errors(text: String, place: String, fragment: String) {
        expectRefusal(text, place: place, fragment: fragment)
    }

    @Test("phase: auto follows the display's vblanks; free, and no key, keep the ticks' own phase")
    func phase() throws {
        #expect(try DaemonConfiguration.parse("phase: auto\n", source: "f.yaml").phaseIsAuto)
        #expect(try !DaemonConfiguration.parse("phase: free\n", source: "f.yaml").phaseIsAuto)
        #expect(try !DaemonConfiguration.parse("rate_hz: 60\n", source: "f.yaml").phaseIsAuto)
    }

    @Test("animation: none follows the input without animation")
    func noAnimation() throws {
        let configuration = try DaemonConfiguration.parse("bindings:\n  - channel: finger\n    animation: none\n", source: "f.yaml")
        #expect(configuration.bindings.first?.animation == nil)
        #expect(configuration.bindings.first?.release.animation.description == ".spring")
    }

    @Test("device matching: class, name glob and path must all hold")
    func deviceMatch() {
        let match = DeviceMatch(classes: ["touchscreen"], name: "*Touch*", path: nil)
        #expect(match.matches(className: "touchscreen", name: "ELAN Touchscreen", path: "/dev/input/event3"))
        #expect(!match.matches(className: "mouse", name: "ELAN Touchscreen", path: "/dev/input/event3"))
        #expect(!match.matches(className: "touchscreen", name: "Pen", path: "/dev/input/event3"))
        #expect(DeviceMatch(path: "/dev/input/event3").matches(className: "mouse", name: "x", path: "/dev/input/event3"))
    }
}

/// `gesture: touches`: per-touch channels from the configuration file.
@Suite("Daemon configuration: touches")
struct DaemonConfigurationTouchesTests {
    static let text = """
        bindings:
          - match: {class: touchscreen}
            gesture: touches
            count: 2
            value: location
            channel: fingers
            animation: none
        """

    @Test("touches parses, with count (default 10), into per-touch bindings")
    func parses() throws {
        let binding = try #require(try DaemonConfiguration.parse(Self.text, source: "f.yaml").bindings.first)
        #expect(binding.gesture == .touches(count: 2) && binding.follow == .absolute)
        #expect(binding.channelNames == ["fingers.0", "fingers.1"])
        let byDefault = try DaemonConfiguration.parse("bindings:\n  - {gesture: touches, channel: t}\n", source: "f.yaml")
        #expect(byDefault.bindings.first?.gesture == .touches(count: 10))
        #expect(try #require(byDefault.bindings.first).follow == .relative, "value: translation by default, as drag")
    }

    @Test("count errors name the place", arguments: [
        ("bindings:\n  - channel: a\n    gesture: touches\n    count: 0\n", "f.yaml:4:12", "expected a whole number from 1 to 64, got 0"),
        ("bindings:\n  - channel: a\n    gesture: drag\n    count: 2\n", "f.yaml:4:12", "goes with gesture: touches"),
        ("bindings:\n  - channel: a\n    count: 2\n", "f.yaml:3:12", "goes with gesture: touches"),
    ])
    func errors(text: String, place: String, fragment: String) {
        expectRefusal(text, place: place, fragment: fragment)
    }

    /// The pinch's two fingers (tracking ids 300 and 301, the second landing 16 ms later) replayed
    /// through the parsed configuration: fingers.0 follows the first, fingers.1 the second, while it is
    /// down (animation: none, so each frame holds its latest input exactly).
    @Test("a replay of pinch.evemu: each finger drives its own channel")
    func pinchReplay() throws {
        let configuration = try DaemonConfiguration.parse(Self.text, source: "f.yaml")
        let recording = try ReplayFixtures.recording("pinch.evemu")
        let frames = try ReplayFixtures.frames(recording, configuration.bindings, rateHz: configuration.rateHz)
        #expect(frames.first?.samples.map(\.name) == ["fingers.0", "fingers.1"])
        let inputs = ReplayFixtures.gestures(recording)
        var latest: [Int32: [Double]] = [:], seen: [Int32: [Double]] = [:]
        var next = 0
        var checked = 0
        for frame in frames {
            while next < inputs.count, UInt64(Int64(inputs[next].time)) <= frame.timeNanoseconds {
                // While a finger is down; after it lifts, the release spring takes its channel.
                if case .touch(let id) = inputs[next].source {
                    let down = inputs[next].phase == .began || inputs[next].phase == .changed
                    latest[id] = down ? [Double(inputs[next].location.x), Double(inputs[next].location.y)] : nil
                    if down { seen[id] = latest[id] }
                }
                next += 1
            }
            if let first = latest[300] {
                #expect(frame.samples[0].value == first, "t = \(frame.timeNanoseconds)")
                checked += 1
            }
            if let second = latest[301] { #expect(frame.samples[1].value == second, "t = \(frame.timeNanoseconds)") }
        }
        #expect(checked > 40, "the 480-ms gesture spans many 120-Hz frames")
        #expect(seen.count == 2 && seen[300] != seen[301])
    }

    @Test("the commented touches example in systemd/kineticd.yaml parses when uncommented")
    func example() throws {
        let path = ReplayFixtures.repositoryRoot.appendingPathComponent("systemd/kineticd.yaml").path
        let lines = try String(contentsOfFile: path, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
        let start = try #require(lines.firstIndex { $0.hasPrefix("  # - match:") })
        let block = lines[start...].prefix { $0.hasPrefix("  # ") }.map { "  " + $0.dropFirst(4) }
        let configuration = try DaemonConfiguration.parse("bindings:\n" + block.joined(separator: "\n") + "\n", source: path)
        let binding = try #require(configuration.bindings.first)
        #expect(binding.gesture == .touches(count: 5) && binding.channel == "touches")
    }
}

/// `text` (as `f.yaml`) is refused at `place` with a reason containing `fragment`.
func expectRefusal(_ text: String, place: String, fragment: String, sourceLocation: SourceLocation = #_sourceLocation) {
    do {
        _ = try DaemonConfiguration.parse(text, source: "f.yaml")
        Issue.record("parsed: \(text)", sourceLocation: sourceLocation)
    } catch {
        #expect(error.source == place, "\(error)", sourceLocation: sourceLocation)
        #expect(error.reason.contains(fragment), "\(error)", sourceLocation: sourceLocation)
    }
}
