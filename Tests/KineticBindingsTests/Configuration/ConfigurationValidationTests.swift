import Testing
@testable import KineticBindings
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
}
