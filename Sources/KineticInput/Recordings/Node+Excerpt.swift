import Yams

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
    /// At most 40 characters of the text, then `…`: a value from outside quoted in an error message.
    public var excerpt: String {
        count > 40 ? prefix(40) + "…" : self
    }
}
