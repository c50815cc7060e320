// SPDX-License-Identifier: Apache-2.0
/// A channel-name pattern of a subscription: `*` matches any run of Unicode scalars (dots included), `?` exactly
/// one scalar; everything else matches itself, scalar for scalar (names compare by their bytes, ``NameRules``).
/// `touch.*` matches `touch.position`.
///
/// The pattern is compiled once, when the subscription arrives, into the pieces between its stars. Matching then
/// costs time linear in the name, whatever the pattern, with no backtracking: the piece before the first star must
/// begin the name and the piece after the last star must end it (one comparison each), and every piece between
/// them is found, leftmost first, in what is left, by a bit-parallel scan (Shift-And: one pass over the name with a
/// bit per scalar of the piece). Taking the leftmost occurrence of each piece is always right for `*`, which can
/// absorb whatever a later occurrence would have skipped.
public struct ChannelPattern: Sendable {
    /// The pattern as written.
    public let text: String
    /// The pieces between stars; `nil` scalars are `?`. One piece when the pattern has no star.
    private let pieces: [Piece]
    private let hasStar: Bool

    /// A pattern from its text.
    public init(_ text: String) {
        self.text = text
        var pieces: [[Unicode.Scalar?]] = [[]]
        for scalar in text.unicodeScalars {
            switch scalar {
            case "*": pieces.append([])
            case "?": pieces[pieces.count - 1].append(nil)
            default: pieces[pieces.count - 1].append(scalar)
            }
        }
        self.hasStar = pieces.count > 1
        self.pieces = pieces.map(Piece.init)
    }

    /// Whether `name` matches the whole pattern.
    public func matches(_ name: String) -> Bool {
        matches(scalars: Array(name.unicodeScalars))
    }

    /// Whether the name of these Unicode scalars matches the whole pattern: for a caller that matches one name
    /// against many patterns, and reads its scalars once.
    public func matches(scalars name: [Unicode.Scalar]) -> Bool {
        guard hasStar else { return pieces[0].matches(name, at: 0) && name.count == pieces[0].count }
        let first = pieces[0], last = pieces[pieces.count - 1]
        guard first.count + last.count <= name.count, first.matches(name, at: 0),
            last.matches(name, at: name.count - last.count)
        else { return false }
        var from = first.count
        let end = name.count - last.count
        for piece in pieces.dropFirst().dropLast() where piece.count > 0 {
            guard let found = piece.firstOccurrence(in: name, from: from, end: end) else { return false }
            from = found + piece.count
        }
        return true
    }

    /// A run of literal scalars and `?` between two stars, with its Shift-And masks.
    private struct Piece: Sendable {
        let scalars: [Unicode.Scalar?]
        /// Words of the bit masks (one bit per scalar of the piece).
        let words: Int
        /// The bits of the `?` positions, which match any scalar.
        let anyMask: [UInt64]
        /// For each distinct literal scalar, its positions' bits or'ed with `anyMask`, in an open-addressed table.
        let keys: [UInt32]
        let masks: [UInt64]

        var count: Int { scalars.count }

        init(_ scalars: [Unicode.Scalar?]) {
            self.scalars = scalars
            let words = max(1, (scalars.count + 63) / 64)
            self.words = words
            var anyMask = [UInt64](repeating: 0, count: words)
            for (i, scalar) in scalars.enumerated() where scalar == nil { anyMask[i / 64] |= 1 << UInt64(i % 64) }
            self.anyMask = anyMask
            var size = 4
            while size < 2 * scalars.count { size *= 2 }
            var keys = [UInt32](repeating: .max, count: size)  // .max is no scalar: an empty slot
            var masks = [UInt64](repeating: 0, count: size * words)
            for (i, scalar) in scalars.enumerated() {
                guard let scalar else { continue }
                let slot = Self.slot(of: scalar.value, in: keys)
                if keys[slot] == .max {
                    keys[slot] = scalar.value
                    for w in 0..<words { masks[slot * words + w] = anyMask[w] }
                }
                masks[slot * words + i / 64] |= 1 << UInt64(i % 64)
            }
            self.keys = keys
            self.masks = masks
        }

        private static func slot(of value: UInt32, in keys: [UInt32]) -> Int {
            var slot = Int(value &* 0x9E37_79B1) & (keys.count - 1)
            while keys[slot] != .max, keys[slot] != value { slot = (slot + 1) & (keys.count - 1) }
            return slot
        }

        /// Whether the piece matches `name` starting at `start`.
        func matches(_ name: [Unicode.Scalar], at start: Int) -> Bool {
            guard start >= 0, start + scalars.count <= name.count else { return false }
            for (i, scalar) in scalars.enumerated() where scalar != nil && scalar != name[start + i] { return false }
            return true
        }

        /// The first position in `from..<end` where the whole piece fits before `end` and matches, if any.
        func firstOccurrence(in name: [Unicode.Scalar], from: Int, end: Int) -> Int? {
            guard end - from >= scalars.count else { return nil }
            var state = [UInt64](repeating: 0, count: words)
            let lastWord = (scalars.count - 1) / 64, lastBit: UInt64 = 1 << UInt64((scalars.count - 1) % 64)
            for j in from..<end {
                let slot = Self.slot(of: name[j].value, in: keys)
                let known = keys[slot] != .max
                // state = ((state << 1) | 1) & mask(name[j]), across the words.
                var carry: UInt64 = 1
                for w in 0..<words {
                    let shifted = (state[w] << 1) | carry
                    carry = state[w] >> 63
                    state[w] = shifted & (known ? masks[slot * words + w] : anyMask[w])
                }
                if state[lastWord] & lastBit != 0 { return j + 1 - scalars.count }
            }
            return nil
        }
    }
}

extension ChannelPattern: Equatable {
    public static func == (lhs: ChannelPattern, rhs: ChannelPattern) -> Bool { lhs.text.utf8.elementsEqual(rhs.text.utf8) }
}
