// SPDX-License-Identifier: Apache-2.0
/// The known name nearest a mistyped one, for "did you mean …?": animations, transitions, symbol effects,
/// kineticctl's commands and options all suggest through it.
public enum NearestName {
    /// The candidate closest to `name` by edit distance (letters compared without case), when it is close enough
    /// to be a typo: at most a third of the name's letters away, and never fewer than 2; or a candidate the name
    /// begins (`--anim` → `--animation`).
    public static func closest(to name: String, in candidates: [String]) -> String? {
        let scored = candidates.map { ($0, distance(name, $0)) }.min { $0.1 < $1.1 }
        if let (candidate, score) = scored, score <= max(2, name.unicodeScalars.count / 3) { return candidate }
        let prefixed = candidates.filter { $0.hasPrefix(name) && name.unicodeScalars.count >= 3 }
        return prefixed.count == 1 ? prefixed[0] : nil
    }

    /// `; did you mean "NAME"?` for the candidate nearest a mistyped `name`, else "": the daemon's refusals of an
    /// unknown channel or element carry it, so every client shows it.
    public static func suggestion(for name: String, in candidates: [String]) -> String {
        closest(to: name, in: candidates).map { "; did you mean \"\($0)\"?" } ?? ""
    }

    /// The Levenshtein distance of two names, each read as at most 64 lower-cased Unicode scalars.
    public static func distance(_ a: String, _ b: String) -> Int {
        let a = Array(a.lowercased().unicodeScalars.prefix(64)), b = Array(b.lowercased().unicodeScalars.prefix(64))
        guard !a.isEmpty else { return b.count }
        guard !b.isEmpty else { return a.count }
        var previous = Array(0...b.count)
        for i in 1...a.count {
            var current = [i] + Array(repeating: 0, count: b.count)
            for j in 1...b.count {
                current[j] = min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] == b[j - 1] ? 0 : 1))
            }
            previous = current
        }
        return previous[b.count]
    }
}
