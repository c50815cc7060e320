import KineticInput
import Testing
@testable import KineticBindings
@testable import KineticTestSupport

/// The configuration file's bindings (parsed by DaemonConfiguration) become pipeline bindings with
/// the values each gesture's description promises.
struct GestureBindingConfigurationTests {
    @Test func theEmbeddedDefaultFollowsThePrimaryTouchOrLeftDragOfAnyPointingDevice() throws {
        let bindings = DaemonConfiguration.embeddedDefault.bindings
        let binding = try #require(bindings.first)
        #expect(bindings.count == 1)
        #expect(binding.channel == "touch.position" && binding.dimension == 2)
        #expect(binding.gesture == .drag(button: 0x110) && binding.follow == .absolute)
        #expect(binding.animation == AnimationExpression(base: .init(name: "interactiveSpring")))
        #expect(binding.release.animation == AnimationExpression(base: .init(name: "spring")))
        for deviceClass in [DeviceClass.touchscreen, .touchpad, .mouse] {
            var device = DeviceDescription(name: "any")
            device.codes = Self.codes(for: deviceClass)
            device.properties = deviceClass == .touchscreen ? [1] : deviceClass == .touchpad ? [0] : []
            #expect(device.deviceClass == deviceClass)
            #expect(binding.matches(device, path: "/dev/input/event3"))
        }
        #expect(!binding.matches(DeviceDescription(name: "keyboard", codes: [1: [30]]), path: nil))
    }

    /// Capabilities that KineticInput classifies as each class (docs/INPUT.md §1.1).
    static func codes(for deviceClass: DeviceClass) -> [UInt16: Set<UInt16>] {
        switch deviceClass {
        case .touchscreen, .touchpad: [1: [0x14a, 0x145], 3: [0x00, 0x01, 0x2f, 0x35, 0x36, 0x39]]
        case .mouse: [1: [0x110, 0x111], 2: [0, 1]]
        case .other: [1: [30]]
        }
    }

    @Test func everyConfigurationKeyCarriesOver() throws {
        let yaml = """
            bindings:
              - channel: card.offset
                match: {class: [touchscreen, touchpad], name: "Wacom*", path: /dev/input/event7}
                gesture: drag
                button: right
                animation: ".interactiveSpring(response: 0.2, dampingFraction: 0.9)"
                release:
                  animation: ".spring(duration: 0.4, bounce: 0.2).delay(0.05)"
                  target: snap
                  snap_points: [[0, 0], [-300, 0]]
                bounds: {min: [-600, 0], max: [0, 0]}
                rubber_band: 0.4
              - channel: zoom
                gesture: pinch
                release: {target: origin}
              - channel: list
                match: {class: touchpad}
                gesture: scroll
              - channel: pointer
                value: location
            """
        let configuration = try DaemonConfiguration.parse(yaml, source: "test.yaml")
        let bindings = configuration.bindings
        let card = bindings[0]
        #expect(card.gesture == .drag(button: 0x111) && card.follow == .relative)
        #expect(card.device == DeviceMatch(classes: ["touchscreen", "touchpad"], name: "Wacom*", path: "/dev/input/event7"))
        #expect(card.animation == (try AnimationExpression.parse(".interactiveSpring(response: 0.2, dampingFraction: 0.9)")))
        #expect(card.release.animation == (try AnimationExpression.parse(".spring(duration: 0.4, bounce: 0.2).delay(0.05)")))
        #expect(card.release.target == .project(snapPoints: [[0, 0], [-300, 0]]))
        #expect(card.release.decelerationRate == .normal)
        #expect(card.bounds == ChannelBounds(lower: [-600, 0], upper: [0, 0]))
        #expect(card.rubberBand == RubberBand(constant: 0.4))
        #expect(bindings[1].gesture == .pinch && bindings[1].follow == .relative && bindings[1].initialValue == [1])
        #expect(bindings[1].release.target == .origin)
        #expect(bindings[2].gesture == .scroll && bindings[2].follow == .relative && bindings[2].initialValue == [0, 0])
        #expect(bindings[3].gesture == .drag(button: 0x110) && bindings[3].follow == .absolute)
    }

    /// `acceleration:` and `speed:`: libinput's profiles and speeds; the default is the desktop's, adaptive at 0.
    @Test func pointerAccelerationKeys() throws {
        let configuration = try DaemonConfiguration.parse("""
            bindings:
              - channel: a
              - channel: b
                acceleration: flat
                speed: -0.5
              - channel: c
                acceleration: none
              - channel: d
                speed: 1
            """, source: "test.yaml")
        #expect(configuration.bindings.map(\.acceleration) == [
            .desktopDefault, PointerAcceleration(profile: .flat, speed: -0.5), .none, PointerAcceleration(profile: .adaptive, speed: 1),
        ])
        let pointer = try DaemonConfiguration.parse("bindings:\n  - { channel: p, gesture: pointer, acceleration: flat }\n",
                                                    source: "test.yaml").bindings[0]
        #expect(pointer.gesture == .pointer && pointer.follow == .absolute && pointer.dimension == 2)
        #expect(pointer.acceleration == PointerAcceleration(profile: .flat))
        for (yaml, message) in [
            ("{gesture: pointer, button: right}", "gesture: pointer follows where the pointer is, with no button and no release; 'button' does not apply to it"),
            ("{gesture: pointer, value: translation}", "'value' does not apply to it"),
            ("acceleration: linear", "acceleration is one of adaptive, flat, none (libinput's profiles, or none), got 'linear'"),
            ("speed: 1.5", "speed (libinput's pointer speed) is a number from -1 to 1, got 1.5"),
            ("{acceleration: none, speed: 0.2}", "speed sets the pointer acceleration's speed, but this binding has acceleration: none"),
        ] {
            let text = yaml.hasPrefix("{") ? "bindings:\n  - \(yaml.dropLast()), channel: x}\n" : "bindings:\n  - channel: x\n    \(yaml)\n"
            #expect {
                _ = try DaemonConfiguration.parse(text, source: "test.yaml")
            } throws: { error in "\(error)".contains(message) }
        }
    }

    @Test func deviceMatchUsesClassNameGlobAndPath() {
        var touchscreen = DeviceDescription(name: "Wacom HID 52C2 Finger")
        touchscreen.codes = Self.codes(for: .touchscreen)
        touchscreen.properties = [1]
        func binding(_ match: DeviceMatch) -> GestureBinding { GestureBinding(channel: "c", device: match) }
        #expect(binding(DeviceMatch(name: "Wacom*")).matches(touchscreen, path: nil))
        #expect(!binding(DeviceMatch(name: "Elan*")).matches(touchscreen, path: nil))
        #expect(!binding(DeviceMatch(classes: ["mouse"])).matches(touchscreen, path: nil))
        #expect(binding(DeviceMatch(path: "/dev/input/event7")).matches(touchscreen, path: "/dev/input/event7"))
        #expect(!binding(DeviceMatch(path: "/dev/input/event7")).matches(touchscreen, path: "/dev/input/event17"))
        #expect(!binding(DeviceMatch(path: "/dev/input/event7")).matches(touchscreen, path: nil))
    }
}

/// `animation: none`: every input frame sets the channel (no per-frame spring), so between input
/// frames the channel sits exactly on the latest (rubber-banded) input.
struct GestureBindingNoAnimationTests {
    @Test func animationNoneFollowsTheInputExactly() throws {
        let configuration = try DaemonConfiguration.parse("""
            bindings:
              - channel: card
                animation: none
            """, source: "test.yaml")
        let binding = try #require(configuration.bindings.first)
        #expect(binding.animation == nil)
        let frames = try ReplayFixtures.frames(try ReplayFixtures.recording("drag-hold.evemu"), [binding])
        let events = frames.flatMap(\.bindingEvents)
        var checked = 0
        for frame in frames {
            guard let latest = events.last(where: { $0.time <= frame.timeNanoseconds }),
                latest.phase == .changed else { continue }
            #expect(frame.samples[0].value == latest.target)
            checked += 1
        }
        #expect(checked > 50)
    }
}
