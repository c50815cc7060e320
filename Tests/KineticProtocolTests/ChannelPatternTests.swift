import Testing
@testable import KineticProtocol

@Suite("Channel patterns")
struct ChannelPatternTests {
    @Test("globs: * any run (dots too), ? one character, in ASCII and beyond", arguments: [
        ("touch.*", "touch.position", true), ("touch.*", "touch", false), ("*", "", true), ("", "", true),
        ("?", "", false), ("card.?", "card.x", true), ("card.?", "card.xy", false), ("*.offset", "a.b.offset", true),
        ("a*b*c", "aXbYc", true), ("a*b*c", "aXcYb", false), ("**", "x", true),
        ("a?c", "abc", true), ("a?c", "ac", false), ("*a*b*", "xxaxxbxx", true), ("*a*b", "ba", false),
        ("card.offset", "card.offset", true), ("card.offset", "card.offsets", false),
        ("ré?lé", "réglé", true), ("?", "é", true), ("??", "é", false), ("*é", "café", true),
    ])
    func globs(pattern: String, name: String, matches: Bool) {
        #expect(ChannelPattern(pattern).matches(name) == matches)
    }

    /// The backtracking worst case (every star retried at every position) still answers correctly.
    @Test("the backtracking worst case: *a*a*…*b against a long run of a")
    func worstCase() {
        let pattern = String(repeating: "*a", count: 128)
        let name = String(repeating: "a", count: 256)
        #expect(ChannelPattern(pattern + "*b").matches(name) == false)
        #expect(ChannelPattern(pattern).matches(name) == true)
    }

    @Test("a subscription's patterns are bounded: 256 bytes each, 4096 in all", arguments: [
        (Array(repeating: String(repeating: "x", count: 256), count: 16), nil),
        ([String(repeating: "x", count: 257)], "is 257 bytes long; at most 256 are accepted"),
        (Array(repeating: String(repeating: "x", count: 256), count: 17), "more than 4096 bytes of patterns in all"),
    ] as [([String], String?)])
    func subscriptionBounds(patterns: [String], error: String?) throws {
        var decoder = MessageDecoder()
        decoder.feed(ClientMessage.subscribe(Subscription(patterns: patterns)).encoded(.jsonLines))
        let next = decoder.next()
        let result = try #require(next)
        switch result {
        case .success(let message):
            #expect(error == nil)
            #expect(message == .subscribe(Subscription(patterns: patterns)))
        case .failure(let failure):
            let error = try #require(error, "refused: \(failure)")
            #expect(failure.code == .badMessage && failure.message.contains(error), "\(failure.message)")
        }
    }
}
