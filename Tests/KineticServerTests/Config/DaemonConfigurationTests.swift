import Foundation
import Testing
@testable import KineticServer

@Suite("Daemon configuration")
struct DaemonConfigurationTests {
    @Test("the embedded default binds touchscreen, touchpad and mouse drags to touch.position")
    func embeddedDefault() {
        let configuration = DaemonConfiguration.embeddedDefault
        #expect(configuration.rateHz == 120)
        #expect(configuration.bindings.count == 1)
        let binding = configuration.bindings[0]
        #expect(binding.match.classes == ["touchscreen", "touchpad", "mouse"])
        #expect(binding.gesture == .drag && binding.channel == "touch.position" && binding.value == .location)
        #expect(binding.animation?.description == ".interactiveSpring")
        #expect(binding.releaseAnimation.description == ".spring")
        #expect(binding.release == .stay)
    }

    @Test("the example configuration in systemd/ parses")
    func example() throws {
        let path = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("systemd/kineticd.yaml").path
        let configuration = try DaemonConfiguration.load(path: path)
        #expect(configuration.bindings.map(\.channel) == ["touch.position", "card.offset", "pinch.scale"])
        #expect(configuration.bindings[1].release == .snap([[0, 0], [0, 300], [0, 600]]))
        #expect(configuration.bindings[1].bounds?.max == [0, 600])
        #expect(configuration.bindings[2].gesture == .pinch && configuration.bindings[2].release == .origin)
    }

    @Test("errors name the file, line and column", arguments: [
        ("rate_hz: 1000\n", "f.yaml:1:10", "between 30 and 480"),
        ("rate_hz: 120\nrate: 60\n", "f.yaml:2:1", "unknown key 'rate'"),
        ("bindings:\n  - channel: a\n    animation: .sprung\n", "f.yaml:3:17", "did you mean .spring?"),
        ("bindings:\n  - channel: a\n    animation: \".spring(duration: x)\"\n", "f.yaml:3:35", "expected a number"),
        ("bindings:\n  - channel: a\n    gesture: swipe\n", "f.yaml:3:14", "unknown gesture"),
        ("bindings:\n  - channel: a\n    release: {target: snap}\n", "f.yaml:3:23", "needs snap_points"),
        ("bindings:\n  - match: {class: phone}\n    channel: a\n", "f.yaml:2:20", "unknown device class"),
        ("bindings:\n  - gesture: drag\n", "f.yaml:2:5", "needs a channel"),
        ("max_clients: -3\n", "f.yaml:1:14", "whole number"),
        ("bindings: [\n", "f.yaml", "not valid YAML"),
    ])
    func errors(text: String, place: String, fragment: String) {
        do {
            _ = try DaemonConfiguration.parse(text, source: "f.yaml")
            Issue.record("parsed: \(text)")
        } catch {
            #expect(error.source == place, "\(error)")
            #expect(error.reason.contains(fragment), "\(error)")
        }
    }

    @Test("animation: none follows the input without animation")
    func noAnimation() throws {
        let configuration = try DaemonConfiguration.parse("bindings:\n  - channel: finger\n    animation: none\n", source: "f.yaml")
        #expect(configuration.bindings.first?.animation == nil)
        #expect(configuration.bindings.first?.releaseAnimation.description == ".spring")
    }

    @Test("device matching: class, name glob and path must all hold")
    func deviceMatch() {
        let match = DeviceMatch(classes: ["touchscreen"], name: "*Touch*", path: nil)
        #expect(match.matches(className: "touchscreen", name: "ELAN Touchscreen", path: "/dev/input/event3"))
        #expect(!match.matches(className: "mouse", name: "ELAN Touchscreen", path: "/dev/input/event3"))
        #expect(!match.matches(className: "touchscreen", name: "Pen", path: "/dev/input/event3"))
        #expect(DeviceMatch(path: "/dev/input/event3").matches(className: "mouse", name: "x", path: "/dev/input/event3"))
    }

    @Test("socket location rules", arguments: [
        (String?("/x.sock"), ["KINETIC_SOCKET": "/y.sock"], UInt32(1000), "/x.sock"),
        (nil, ["KINETIC_SOCKET": "/y.sock", "XDG_RUNTIME_DIR": "/run/user/1000"], 1000, "/y.sock"),
        (nil, ["XDG_RUNTIME_DIR": "/run/user/1000"], 0, "/run/kinetic/kineticd.sock"),
        (nil, ["RUNTIME_DIRECTORY": "/run/kinetic", "XDG_RUNTIME_DIR": "/run/user/61234"], 61234, "/run/kinetic/kineticd.sock"),
        (nil, ["XDG_RUNTIME_DIR": "/run/user/1000"], 1000, "/run/user/1000/kinetic/kineticd.sock"),
    ])
    func socketLocation(explicit: String?, environment: [String: String], uid: UInt32, expected: String) throws {
        #expect(try SocketLocation.resolve(explicit: explicit, environment: environment, uid: uid) == expected)
    }

    @Test("without XDG_RUNTIME_DIR an unprivileged user is told how to choose a socket")
    func socketLocationError() {
        #expect(throws: ConfigurationError.self) { try SocketLocation.resolve(explicit: nil, environment: [:], uid: 1000) }
    }

    @Test("channel patterns", arguments: [
        ("touch.*", "touch.position", true), ("touch.*", "touch", false), ("*", "", true), ("a?c", "abc", true),
        ("a?c", "ac", false), ("*.offset", "card.offset", true), ("*a*b*", "xxaxxbxx", true), ("*a*b", "ba", false),
        ("card.offset", "card.offset", true), ("card.offset", "card.offsets", false),
    ])
    func patterns(pattern: String, name: String, matches: Bool) {
        #expect(ChannelPattern(pattern).matches(name) == matches)
    }
}
