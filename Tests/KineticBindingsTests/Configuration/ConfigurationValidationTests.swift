import Testing
@testable import KineticBindings
import KineticServerCore
@testable import KineticTestSupport

/// The configuration is refused where start-up would refuse it, with the place: `--check-config`, start-up, reload
/// and `kineticctl replay --config` all parse it with ``DaemonConfiguration/parse(_:source:)``.
@Suite("Configuration validation")
struct ConfigurationValidationTests {
    static func refusal(_ yaml: String) -> String? {
        do {
            let configuration = try DaemonConfiguration.parse(yaml, source: "f.yaml")
            // What start-up does next: a configuration that parsed must define its channels.
            try GesturePipeline(bindings: configuration.bindings).defineChannels(in: LinearChannelEngine(), at: 0)
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test("bindings that disagree on a channel are refused at the later binding's line", arguments: [
        ("bindings:\n  - {gesture: rotate, channel: knob}\n  - {gesture: drag, channel: knob}\n",
         "f.yaml:3:5: channel \"knob\" is bound here with 2 components (drag) and by an earlier binding with 1"),
        ("bindings:\n  - {gesture: swipe, channel: s}\n  - {gesture: pinch, channel: s}\n",
         "f.yaml:3:5: channel \"s\" is bound here with 1 components (pinch) and by an earlier binding with 2"),
        ("bindings:\n  - {gesture: touches, count: 64, channel: t}\n  - {gesture: pinch, channel: t.63}\n",
         "f.yaml:3:5: channel \"t.63\" is bound here with 1 components (pinch) and by an earlier binding with 2"),
    ])
    func conflicts(yaml: String, message: String) throws {
        let refusal = try #require(Self.refusal(yaml))
        #expect(refusal.hasPrefix(message), "\(refusal)")
    }

    @Test("names follow the protocol's rules; degenerate pages and overlong mark runs are refused", arguments: [
        ("bindings:\n  - {channel: \"a\\nb\"}\n", "f.yaml:2:15: channel \"a\nb\" contains the control character U+000A"),
        ("bindings:\n  - {channel: " + String(repeating: "n", count: 300) + "}\n", "f.yaml:2:15: channel \"nnnn"),
        ("bindings:\n  - {gesture: touches, count: 10, channel: " + String(repeating: "n", count: 255) + "}\n",
         "f.yaml:2:44: the binding's channel \"nnnn"),
        ("bindings:\n  - channel: p\n    release: {target: snap, page: [5e-324, 5e-324]}\n",
         "f.yaml:3:35: page is a size per component in channel units, 0 (no paging on that component) or 0.001 to 1000000000000.0"),
        ("# a\u{301}" + String(repeating: "\u{316}\u{301}", count: 20) + "\nrate_hz: 120\n",
         "f.yaml:1: more than 30 combining marks in a row"),
    ])
    func refusals(yaml: String, message: String) throws {
        let refusal = try #require(Self.refusal(yaml))
        #expect(refusal.hasPrefix(message), "\(refusal)")
    }

    @Test("an expression is at most 1024 bytes, whatever its characters; errors quote an excerpt")
    func expressionBytes() throws {
        var marks = ".a"
        for _ in 0..<8000 { marks.unicodeScalars.append("\u{0301}"); marks.unicodeScalars.append("\u{0316}") }
        #expect(throws: AnimationExpressionError(text: marks, column: 1, reason: "the expression is 32002 bytes long; at most 1024 are accepted")) {
            try AnimationExpression.parse(marks)
        }
        // 1024 bytes of two-byte letters parse as far as the name, which is unknown.
        let long = "." + String(repeating: "é", count: 511)
        do {
            _ = try AnimationExpression.parse(long)
            Issue.record("accepted")
        } catch {
            #expect(error.message(field: "animation").hasPrefix("animation \".ééé"))
            #expect(error.excerpt.quote.unicodeScalars.count == AnimationExpressionError.quotedScalars + 1, "the quote ends in …")
        }
    }

    static let mapping = "mappings:\n  - match: {class: touchscreen}\n    "

    @Test("messages say what is accepted, in the user's terms", arguments: [
        (mapping + "size: [1920, 1080]\n    rotation: \"90\"\n",
         "f.yaml:4:15: 90 is written in quotes, which makes it text; write the number without quotes"),
        (mapping + "size: [1920, 1080]\n    rotation: 360\n", "f.yaml:4:15: rotation is 0, 90, 180 or 270 (degrees clockwise), got 360"),
        (mapping + "size: [1920, 1080]\n    rotation: 45\n", "f.yaml:4:15: rotation is 0, 90, 180 or 270 (degrees clockwise), got 45"),
        (mapping + "size: [-1920, 1080]\n",
         "f.yaml:3:11: size is the output's width and height in pixels, each above 0 and at most 1000000, such as [1920, 1080]; got [-1920, 1080]"),
        (mapping + "size: [1920, 1080]\n    calibration: \"1 0 0 0 1\"\n",
         "f.yaml:4:18: calibration is six numbers a b c d e f within ±1e6 (libinput's LIBINPUT_CALIBRATION_MATRIX), as [1, 0, 0, 0, 1, 0] or udev's \"1 0 0 0 1 0\"; got 5 numbers"),
        ("bindings:\n  - channel: p\n    release: {target: snap, page: \"300\"}\n",
         "f.yaml:3:35: 300 is written in quotes, which makes it text; write the number without quotes"),
        ("bindings:\n  - channel: p\n    release: {target: momentum, deceleration: slow}\n",
         "f.yaml:3:47: deceleration is normal (0.998), fast (0.99) or the velocity kept per millisecond, 0.9 to 0.9999; got slow"),
    ])
    func messages(yaml: String, message: String) throws {
        #expect(Self.refusal(yaml) == message)
    }

    @Test("udev's spelling of a calibration matrix is accepted")
    func udevCalibration() throws {
        let configuration = try DaemonConfiguration.parse(Self.mapping + "size: [1920, 1080]\n    calibration: \"1 0 0 0 1 0\"\n", source: "f.yaml")
        #expect(configuration.mappings.first?.mapping.calibration == [1, 0, 0, 0, 1, 0])
    }

    @Test("a reload refused because a client holds a bound name says where the binding is")
    func nameClashPlace() throws {
        let configuration = try DaemonConfiguration.parse("bindings:\n  - {channel: a}\n  - {channel: taken}\n", source: "f.yaml")
        let engine = LinearChannelEngine()
        try engine.define("taken", dimension: 2, initial: [0, 0], owner: .client(7), at: 0)
        #expect(throws: ConfigurationError(source: "f.yaml:3:5", reason: "channel \"taken\" is bound here, but a client has defined a channel of that name; rename the binding's channel, or reload once that client has gone (its channels go with it)")) {
            try GesturePipeline(bindings: configuration.bindings).defineChannels(in: engine, at: 0)
        }
    }

    @Test("a transition's error quotes the transition, where its column counts")
    func transitionQuote() throws {
        let text = ".opacity.animation(.spring(duration: 9999))"
        #expect {
            _ = try TransitionExpression.parse(text).transition(reduceMotion: false)
        } throws: { error in
            // Column 28 of the transition is where `duration: 9999` starts.
            guard let error = error as? AnimationExpressionError else { return false }
            return error.text == text && error.excerpt.quote == text && error.column == 28
                && error.reason == "duration: expected a number from 0 to 3600, got 9999"
        }
    }

    @Test("a file without bindings: keeps the default binding; bindings: [] has none", arguments: [
        ("rate_hz: 240\n", 1, true), ("", 1, true), ("bindings: []\n", 0, false),
        ("bindings:\n  - {channel: a}\n", 1, false),
    ])
    func defaultBindings(text: String, count: Int, isDefault: Bool) throws {
        let configuration = try DaemonConfiguration.parse(text, source: "f.yaml")
        #expect(configuration.bindings.count == count)
        #expect(configuration.bindingsAreDefault == isDefault)
        if isDefault { #expect(configuration.bindings == DaemonConfiguration.embeddedDefault.bindings) }
    }
}
