/// A channel-name pattern of a subscription: `*` matches any run of characters (dots included),
/// `?` exactly one; everything else matches itself. `touch.*` matches `touch.position`.
public struct ChannelPattern: Equatable, Sendable {
    /// The pattern as written.
    public let text: String
    private let characters: [Character]

    /// A pattern from its text.
    public init(_ text: String) {
        self.text = text
        self.characters = Array(text)
    }

    /// Whether `name` matches the whole pattern.
    public func matches(_ name: String) -> Bool {
        // Iterative wildcard matching with single-star backtracking: O(n·m) worst case, no recursion.
        let name = Array(name)
        var p = 0, n = 0
        var starP = -1, starN = 0
        while n < name.count {
            if p < characters.count, characters[p] == "?" || characters[p] == name[n] {
                p += 1
                n += 1
            } else if p < characters.count, characters[p] == "*" {
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
        while p < characters.count, characters[p] == "*" { p += 1 }
        return p == characters.count
    }
}
