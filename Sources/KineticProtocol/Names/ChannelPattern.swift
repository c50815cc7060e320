/// A channel-name pattern of a subscription: `*` matches any run of characters (dots included),
/// `?` exactly one; everything else matches itself. `touch.*` matches `touch.position`.
///
/// Matching is iterative with single-star backtracking: O(n·m) for a name of n and a pattern of m
/// characters in the worst case (`*a*a*a…` against `aaaa…`), no recursion and no allocation for ASCII text.
/// A subscription's patterns are bounded (``Subscription/maximumPatternLength`` each,
/// ``Subscription/maximumPatternBytes`` in all), so the work one layout costs is bounded too.
public struct ChannelPattern: Equatable, Sendable {
    /// The pattern as written.
    public let text: String
    private let characters: [Character]
    private let bytes: [UInt8]
    private let isASCII: Bool

    /// A pattern from its text.
    public init(_ text: String) {
        self.text = text
        self.characters = Array(text)
        self.bytes = Array(text.utf8)
        self.isASCII = bytes.allSatisfy { $0 < 0x80 }
    }

    /// Whether `name` matches the whole pattern.
    public func matches(_ name: String) -> Bool {
        var name = name
        if isASCII, let result = name.withUTF8({ utf8 -> Bool? in
            guard utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
            return bytes.withUnsafeBufferPointer { Self.match(pattern: $0, name: utf8, star: 0x2a, one: 0x3f) }
        }) {
            return result
        }
        // Outside ASCII, `?` is one Character, as it is written.
        return Array(name).withUnsafeBufferPointer { name in
            characters.withUnsafeBufferPointer { Self.match(pattern: $0, name: name, star: "*", one: "?") }
        }
    }

    private static func match<C: Equatable>(pattern: UnsafeBufferPointer<C>, name: UnsafeBufferPointer<C>,
                                            star: C, one: C) -> Bool {
        var p = 0, n = 0
        var starP = -1, starN = 0
        while n < name.count {
            if p < pattern.count, pattern[p] == one || pattern[p] == name[n] {
                p += 1
                n += 1
            } else if p < pattern.count, pattern[p] == star {
                starP = p
                starN = n
                p += 1
            } else if starP >= 0 {
                p = starP + 1
                starN += 1
                n = starN
            } else {
                return false
            }
        }
        while p < pattern.count, pattern[p] == star { p += 1 }
        return p == pattern.count
    }
}
