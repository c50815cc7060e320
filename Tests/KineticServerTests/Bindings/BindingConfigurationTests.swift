import KineticInput
import Testing
@testable import KineticServer

struct BindingConfigurationTests {
    @Test func theEmbeddedDefaultBindsEveryPointingDeviceToTouchPosition() throws {
        let configuration = BindingConfiguration.embeddedDefault
        let binding = try #require(configuration.bindings.first)
        #expect(configuration.bindings.count == 1)
        #expect(binding.channel == "touch.position" && binding.dimension == 2)
        #expect(binding.gesture == .drag(button: nil) && binding.follow == .absolute)
        #expect(binding.animation.text == ".interactiveSpring" && binding.release.animation.text == ".spring")
        #expect(binding.release.target == .project(snapPoints: []))
        for deviceClass in [DeviceClass.touchscreen, .touchpad, .mouse] {
            var device = DeviceDescription(name: "any")
            device.codes = Self.codes(for: deviceClass)
            device.properties = deviceClass == .touchscreen ? [1] : deviceClass == .touchpad ? [0] : []
            #expect(device.deviceClass == deviceClass)
            #expect(binding.device.matches(device, path: nil))
        }
        #expect(!binding.device.matches(DeviceDescription(name: "keyboard", codes: [1: [30]]), path: nil))
    }

    /// Capabilities that KineticInput classifies as each class (linux-input.md §1.1).
    static func codes(for deviceClass: DeviceClass) -> [UInt16: Set<UInt16>] {
        switch deviceClass {
        case .touchscreen, .touchpad: [1: [0x14a, 0x145], 3: [0x00, 0x01, 0x2f, 0x35, 0x36, 0x39]]
        case .mouse: [1: [0x110, 0x111], 2: [0, 1]]
        case .other: [1: [30]]
        }
    }

    @Test func noBindingsKeyMeansTheDefaultAndAnEmptyListMeansNone() throws {
        #expect(try BindingConfiguration.decode(yaml: "socket: /tmp/x.sock\n", source: "t") == .embeddedDefault)
        #expect(try BindingConfiguration.decode(yaml: "bindings: []\n", source: "t").bindings.isEmpty)
    }

    @Test func everyKeyDecodes() throws {
        let yaml = """
            bindings:
              - channel: card.offset
                device: {class: [touchscreen, touchpad], name: "Wacom*", path: /dev/input/event*}
                gesture: drag
                button: right
                follow: relative
                axes: x
                scale: 2.5
                initial: [-300]
                bounds: {lower: [-600], upper: [0]}
                rubber_band: 0.4
                animation: ".interactiveSpring(response: 0.2, dampingFraction: 0.9)"
                release:
                  animation: ".spring(duration: 0.4, bounce: 0.2).delay(0.05)"
                  target: project
                  snap_points: [[0], [-300], [-600]]
                  deceleration_rate: 0.99
              - channel: zoom
                gesture: pinch
                release: {target: return, deceleration_rate: fast}
              - channel: finger
                gesture: touches
                touches: 3
                follow: absolute
              - channel: list
                device: {class: touchpad}
                gesture: scroll
                axes: y
            """
        let bindings = try BindingConfiguration.decode(yaml: yaml, source: "test.yaml").bindings
        #expect(bindings.count == 4)
        let card = bindings[0]
        #expect(card.device == DeviceMatch(classes: [.touchscreen, .touchpad], name: "Wacom*", path: "/dev/input/event*"))
        #expect(card.gesture == .drag(button: 0x111))
        #expect(card.follow == .relative && card.axes == .x && card.scale == 2.5 && card.dimension == 1)
        #expect(card.initialValue == [-300])
        #expect(card.bounds == ChannelBounds(lower: [-600], upper: [0]))
        #expect(card.rubberBand == RubberBand(constant: 0.4))
        #expect(card.animation.animation == .interactiveSpring(response: 0.2, dampingFraction: 0.9, blendDuration: 0.25))
        #expect(card.release.animation.animation == .spring(duration: 0.4, bounce: 0.2).delay(0.05))
        #expect(card.release.target == .project(snapPoints: [[0], [-300], [-600]]))
        #expect(card.release.decelerationRate == DecelerationRate(rawValue: 0.99))
        #expect(bindings[1].gesture == .pinch && bindings[1].dimension == 1 && bindings[1].initialValue == [1])
        #expect(bindings[1].release.target == .origin && bindings[1].release.decelerationRate == .fast)
        #expect(bindings[1].release.animation.text == ".spring" && bindings[1].animation.text == ".interactiveSpring")
        #expect(bindings[2].channelNames == ["finger.0", "finger.1", "finger.2"] && bindings[2].follow == .absolute)
        #expect(bindings[3].gesture == .scroll && bindings[3].axes == .y && bindings[3].device.classes == [.touchpad])
    }

    /// Errors name the file and the key path, and animation errors keep the column they point at.
    static let badConfigurations: [(yaml: String, path: String, fragment: String)] = [
        ("bindings:\n  - channel: a\n    release: {animation: .sprung}\n", "bindings[0].release.animation",
         "column 2: unknown animation .sprung; did you mean .spring?"),
        ("bindings:\n  - channel: a\n    gesture: swipe\n", "bindings[0].gesture", "use drag, touches, pinch or scroll"),
        ("bindings:\n  - channel: a\n    chanel: b\n", "bindings[0].chanel", "unknown key 'chanel'"),
        ("bindings:\n  - gesture: drag\n", "bindings[0].channel", "non-empty 'channel'"),
        ("bindings:\n  - channel: a\n    release: {target: fling}\n", "bindings[0].release.target", "stay, return or project"),
        ("bindings:\n  - channel: a\n    device: {class: keyboard}\n", "bindings[0].device.class", "unknown device class"),
        ("bindings:\n  - channel: a\n    initial: [1]\n", "bindings[0].initial", "needs 2 finite numbers"),
        ("bindings:\n  - channel: a\n    axes: x\n    release: {target: project, snap_points: [[1, 2]]}\n",
         "bindings[0].release", "has 2 components; the channel has 1"),
        ("bindings:\n  - channel: a\n    release: {deceleration_rate: 1.5}\n", "bindings[0].release.deceleration_rate", "(0, 1)"),
        ("bindings:\n  - channel: a\n    gesture: pinch\n    button: left\n", "bindings[0].button", "drag gesture only"),
        ("bindings:\n  - channel: a\n  - channel: a\n    gesture: pinch\n", "bindings[1].channel",
         "has 1 components here but 2 in bindings[0]"),
        ("bindings:\n  - channel: a\n    scale: [1]\n", "bindings[0].scale", "Sequence"),
        ("bindings:\n  - channel: a\n    animation: .spring(duration: 0.4)\n", "",
         "quote animations with arguments"),
    ]

    @Test(arguments: badConfigurations)
    func badConfigurationsSayWhereAndWhy(yaml: String, path: String, fragment: String) {
        do {
            _ = try BindingConfiguration.decode(yaml: yaml, source: "kineticd.yaml")
            Issue.record("accepted: \(yaml)")
        } catch {
            #expect(error.source == "kineticd.yaml")
            #expect(error.path == path, "\(error)")
            #expect(error.reason.contains(fragment), "\(error)")
        }
    }

    @Test func deviceMatchUsesClassNameGlobAndPath() {
        var touchscreen = DeviceDescription(name: "Wacom HID 52C2 Finger")
        touchscreen.codes = Self.codes(for: .touchscreen)
        touchscreen.properties = [1]
        #expect(DeviceMatch(name: "Wacom*").matches(touchscreen, path: nil))
        #expect(!DeviceMatch(name: "Elan*").matches(touchscreen, path: nil))
        #expect(!DeviceMatch(classes: [.mouse]).matches(touchscreen, path: nil))
        #expect(DeviceMatch(path: "/dev/input/event?").matches(touchscreen, path: "/dev/input/event7"))
        #expect(!DeviceMatch(path: "/dev/input/event7").matches(touchscreen, path: "/dev/input/event17"))
        #expect(!DeviceMatch(path: "/dev/input/event7").matches(touchscreen, path: nil))
    }
}
