// SPDX-License-Identifier: Apache-2.0
import KineticYAML

extension Node {
    /// The node as an error message quotes it: a scalar's text (at most 40 characters, then `…`), else its kind
    /// ("a mapping", "a sequence"). The libinput-record reader and the daemon's configuration loader both use it.
    public var excerpt: String {
        switch self {
        case .scalar(let scalar): return scalar.string.excerpt
        case .mapping: return "a mapping"
        case .sequence: return "a sequence"
        }
    }
}

extension String {
    /// At most 40 Unicode scalars of the text (160 bytes), then `…`: a value from outside quoted in an error
    /// message. Scalars, not characters: one character can be a cluster of any number of combining marks.
    public var excerpt: String {
        var result = ""
        for (count, scalar) in unicodeScalars.enumerated() {
            if count == 40 { return result + "…" }
            result.unicodeScalars.append(scalar)
        }
        return result
    }
}
