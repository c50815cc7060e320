// SPDX-License-Identifier: Apache-2.0
extension String {
    /// The text cut to at most `scalars` Unicode scalars and `bytes` bytes of UTF-8, ending in `…` when cut (the
    /// mark counts in both). Linear in what it reads, at most the limits: quoting a value from outside in a message
    /// never costs more than the quote. Scalars, not characters: a grapheme cluster can be any number of combining
    /// marks long.
    public func boundedPrefix(scalars: Int = .max, bytes: Int = .max) -> String {
        let mark: Unicode.Scalar = "…"
        var kept = String.UnicodeScalarView()
        var keptBytes = 0
        var keptCount = 0
        var iterator = unicodeScalars.makeIterator()
        // Take what fits with room left for the mark.
        while let scalar = iterator.next() {
            let size = UTF8.width(scalar)
            if keptCount + 1 < scalars, keptBytes + size + UTF8.width(mark) <= bytes {
                kept.append(scalar)
                keptBytes += size
                keptCount += 1
                continue
            }
            // The rest may still fit whole without the mark.
            var rest = [scalar]
            var restBytes = size
            while keptCount + rest.count <= scalars, keptBytes + restBytes <= bytes, let next = iterator.next() {
                rest.append(next)
                restBytes += UTF8.width(next)
            }
            if keptCount + rest.count <= scalars, keptBytes + restBytes <= bytes {
                kept.append(contentsOf: rest)
            } else {
                kept.append(mark)
            }
            break
        }
        return String(kept)
    }
}

extension String {
    /// The most combining marks (scalars of a canonical combining class other than 0) that may follow each other in
    /// text from outside: 30, as in Unicode's Stream-Safe Text Format (UAX #15, section 13).
    public static let maximumCombiningRun = 30

    /// Where the text holds more than ``maximumCombiningRun`` combining marks in a row, if it does: the 0-based index
    /// of the scalar that makes the run too long. Linear in the text.
    ///
    /// Swift compares and hashes strings by canonical equivalence, which sorts each run of combining marks: a run of
    /// thousands makes one comparison take seconds. Refusing such runs where text enters (protocol JSON, the
    /// configuration file) keeps every later comparison linear; no real text needs more than a handful.
    public var overlongCombiningRun: Int? {
        var run = 0
        for (index, scalar) in unicodeScalars.enumerated() {
            // Below U+0300 no scalar combines: ASCII and Latin-1 text never reads the property table.
            if scalar.value < 0x300 || scalar.properties.canonicalCombiningClass == .notReordered {
                run = 0
            } else {
                run += 1
                if run > Self.maximumCombiningRun { return index }
            }
        }
        return nil
    }
}
